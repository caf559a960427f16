//! The settings' "Appearance and keys" section, and putting the chosen theme on the page.

use leptos::prelude::*;
use skein_engine::domain::preferences::{Preferences, Theme};

/// Sets the theme: `data-theme` on `root` (the page's root element, or the element an embedding
/// page mounted the chat in); the system theme leaves it to the CSS media query.
pub fn apply_theme(root: &web_sys::Element, theme: Theme) {
    let _ = match theme {
        Theme::System => root.remove_attribute("data-theme"),
        theme => root.set_attribute("data-theme", theme.id()),
    };
}

/// The theme, what Enter does, and the way to the keyboard shortcuts. Each change reports the
/// whole new preferences.
#[component]
pub fn AppearancePanel(
    #[prop(into)] preferences: Signal<Preferences>,
    #[prop(into)] on_change: Callback<Preferences>,
    #[prop(into)] on_shortcuts: Callback<()>,
) -> impl IntoView {
    let change = move |edit: &dyn Fn(&mut Preferences)| {
        let mut next = preferences.get_untracked();
        edit(&mut next);
        on_change.run(next);
    };
    view! {
        <section class="appearance" aria-label="Appearance">
            <h4>"Theme, text and keys"</h4>
            <label>"Theme "
                <select data-testid="theme-select"
                    on:change=move |ev| {
                        let theme = Theme::from_id(&event_target_value(&ev));
                        change(&|p| p.theme = theme);
                    }>
                    {Theme::ALL.into_iter().map(|theme| view! {
                        <option value=theme.id() selected=move || preferences.get().theme == theme>
                            {theme.label()}
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
                "Enter sends (Shift+Enter for a new line); off: Ctrl+Enter sends"
            </label>
            <button type="button" data-testid="show-shortcuts"
                on:click=move |_| on_shortcuts.run(())>"Keyboard shortcuts"</button>
        </section>
    }
}
