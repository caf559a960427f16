//! The settings' "Appearance and keys" section, and putting the chosen theme on the page.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::domain::preferences::{Preferences, Theme};
use skein_engine::i18n::Language;

/// Sets the theme: `data-theme` on `root` (the page's root element, or the element an embedding
/// page mounted the chat in); the system theme leaves it to the CSS media query.
pub fn apply_theme(root: &web_sys::Element, theme: Theme) {
    let _ = match theme {
        Theme::System => root.remove_attribute("data-theme"),
        theme => root.set_attribute("data-theme", theme.id()),
    };
}

/// The language, the theme, what Enter does, and the way to the keyboard shortcuts. Each change
/// reports the whole new preferences. `switches_later`: a new language shows only when the page
/// loads again (an embedded chat does not reload its host page), which the panel says.
#[component]
pub fn AppearancePanel(
    #[prop(into)] preferences: Signal<Preferences>,
    #[prop(into)] on_change: Callback<Preferences>,
    #[prop(into)] on_shortcuts: Callback<()>,
    #[prop(optional)] switches_later: bool,
) -> impl IntoView {
    let change = move |edit: &dyn Fn(&mut Preferences)| {
        let mut next = preferences.get_untracked();
        edit(&mut next);
        on_change.run(next);
    };
    view! {
        <section class="appearance" aria-label=t("appearance-label")>
            <h4>{t("appearance-heading")}</h4>
            <label>{t("language-label")}" "
                <select data-testid="language-select"
                    on:change=move |ev| {
                        let language = Language::from_tag(&event_target_value(&ev));
                        change(&|p| p.language = language);
                    }>
                    <option value="" selected=move || preferences.get().language.is_none()>
                        {t("language-follow-browser")}
                    </option>
                    {Language::ALL.into_iter().map(|language| view! {
                        <option value=language.tag() lang=language.tag()
                            selected=move || preferences.get().language == Some(language)>
                            {language.native_name()}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            {switches_later.then(|| view! {
                <p class="hint">{t("language-switches-later")}</p>
            })}
            <label>{t("appearance-theme")}" "
                <select data-testid="theme-select"
                    on:change=move |ev| {
                        let theme = Theme::from_id(&event_target_value(&ev));
                        change(&|p| p.theme = theme);
                    }>
                    {Theme::ALL.into_iter().map(|theme| view! {
                        <option value=theme.id() selected=move || preferences.get().theme == theme>
                            {t(theme.message_id())}
                        </option>
                    }).collect_view()}
                </select>
            </label>
            <label>
                <input type="checkbox" data-testid="enter-sends"
                    prop:checked=move || preferences.get().enter_sends
                    on:change=move |ev| {
                        let on = event_target_checked(&ev);
                        change(&|p| p.enter_sends = on);
                    } />
                {t("appearance-enter-sends")}
            </label>
            <button type="button" data-testid="show-shortcuts"
                on:click=move |_| on_shortcuts.run(())>{t("appearance-shortcuts")}</button>
        </section>
    }
}
