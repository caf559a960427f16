//! The web search settings: which service answers (SearXNG by address, or a keyed API), how
//! many results and how safe. The `web_search` tool is offered to assistants once a service is
//! set up; each assistant turns it on under its tools.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::tools::search_backends::{SafeSearch, SearchBackend, WebSearchSettings};

#[component]
pub fn WebSearchForm(
    #[prop(into)] settings: Signal<WebSearchSettings>,
    #[prop(into)] feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_save: Callback<WebSearchSettings>,
) -> impl IntoView {
    let backend = RwSignal::new(SearchBackend::default());
    let url = RwSignal::new(String::new());
    let key = RwSignal::new(String::new());
    let count = RwSignal::new(String::new());
    let safe = RwSignal::new(SafeSearch::default());
    // The form shows the stored settings whenever they change (loaded, saved).
    Effect::new(move |_| {
        let stored = settings.get();
        backend.set(stored.backend);
        url.set(stored.url.clone());
        key.set(stored.api_key.clone());
        count.set(stored.count.to_string());
        safe.set(stored.safe_search);
    });
    let current = move || WebSearchSettings {
        backend: backend.get(),
        url: url.get(),
        api_key: key.get(),
        count: count.get().trim().parse().unwrap_or(5),
        safe_search: safe.get(),
    };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        on_save.run(current());
    };
    view! {
        <form class="settings web-search-form" data-testid="web-search-form" aria-labelledby="web-search-heading" on:submit=save>
            <h4 id="web-search-heading">{t("web-search-heading")}</h4>
            <p class="hint">{t("web-search-intro")}</p>
            <div class="row">
                <label class="field"><span>{t("web-search-service")}</span>
                    <select data-testid="web-search-backend"
                        on:change=move |ev| if let Some(b) = SearchBackend::from_id(&event_target_value(&ev)) { backend.set(b) }>
                        {SearchBackend::ALL.into_iter().map(|b| view! {
                            <option value=b.id() selected=move || backend.get() == b>{b.label()}</option>
                        }).collect_view()}
                    </select></label>
                {move || (backend.get() == SearchBackend::Searxng).then(|| view! {
                    <label class="field"><span>{t("web-search-address")}</span>
                        <input type="url" data-testid="web-search-url" placeholder="https://searx.example.org"
                            prop:value=move || url.get() on:input=move |ev| url.set(event_target_value(&ev)) /></label>
                })}
                <label class="field"><span>{move || if backend.get().needs_key() { t("web-search-api-key") } else { t("web-search-token") }}</span>
                    <input type="password" autocomplete="off" data-testid="web-search-key"
                        prop:value=move || key.get() on:input=move |ev| key.set(event_target_value(&ev)) /></label>
            </div>
            <div class="row">
                <label class="field"><span>{t("web-search-results")}</span>
                    <input type="number" min="1" max="10" data-testid="web-search-count"
                        prop:value=move || count.get() on:input=move |ev| count.set(event_target_value(&ev)) /></label>
                <label class="field"><span>{t("web-search-safe")}</span>
                    <select data-testid="web-search-safe"
                        on:change=move |ev| if let Some(s) = SafeSearch::from_id(&event_target_value(&ev)) { safe.set(s) }>
                        <option value="off" selected=move || safe.get() == SafeSearch::Off>{t("web-search-safe-off")}</option>
                        <option value="moderate" selected=move || safe.get() == SafeSearch::Moderate>{t("web-search-safe-moderate")}</option>
                        <option value="strict" selected=move || safe.get() == SafeSearch::Strict>{t("web-search-safe-strict")}</option>
                    </select></label>
            </div>
            {move || current().problem().map(|problem| view! { <p class="hint" data-testid="web-search-problem">{problem}</p> })}
            <div class="form-actions">
                <button type="submit" data-testid="web-search-save">{t("web-search-save")}</button>
            </div>
            <crate::file_pick::Said said=feedback test_id="web-search-feedback" />
        </form>
    }
}
