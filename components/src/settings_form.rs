//! Provider settings: protocol, base URL, API key, model.

use leptos::prelude::*;
use skein_engine::{ProviderKind, ProviderSettings};

const KINDS: [(ProviderKind, &str, &str); 3] = [
    (
        ProviderKind::OpenAi,
        "openai",
        "OpenAI-compatible (OpenAI, Ollama, llama.cpp, vLLM, OpenRouter, Groq, Mistral, DeepSeek)",
    ),
    (ProviderKind::Anthropic, "anthropic", "Anthropic"),
    (ProviderKind::Gemini, "gemini", "Google Gemini"),
];

fn kind_from(value: &str) -> ProviderKind {
    KINDS
        .iter()
        .find(|(_, name, _)| *name == value)
        .map_or(ProviderKind::OpenAi, |(kind, _, _)| *kind)
}

#[component]
pub fn SettingsForm(
    #[prop(into)] settings: Signal<ProviderSettings>,
    /// Called with the edited settings; returns an error to show, or `None` when saved.
    #[prop(into)]
    on_save: Callback<ProviderSettings, Option<String>>,
) -> impl IntoView {
    let kind = RwSignal::new(ProviderKind::OpenAi);
    let base_url = RwSignal::new(String::new());
    let api_key = RwSignal::new(String::new());
    let model = RwSignal::new(String::new());
    let feedback = RwSignal::new(None::<Result<String, String>>);
    // Follow the stored settings (they load after the first render).
    Effect::new(move || {
        let s = settings.get();
        kind.set(s.kind);
        base_url.set(s.base_url);
        api_key.set(s.api_key);
        model.set(s.model);
    });
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let edited = ProviderSettings {
            kind: kind.get_untracked(),
            base_url: base_url.get_untracked().trim().to_owned(),
            api_key: api_key.get_untracked().trim().to_owned(),
            model: model.get_untracked().trim().to_owned(),
            // Fields this form does not show yet are kept as stored.
            ..settings.get_untracked()
        };
        feedback.set(Some(match on_save.run(edited) {
            None => Ok("Saved.".to_owned()),
            Some(error) => Err(error),
        }));
    };
    // A new protocol brings its usual URL, unless the user typed their own.
    let choose_kind = move |ev: leptos::ev::Event| {
        let chosen = kind_from(&event_target_value(&ev));
        let url = base_url.get_untracked();
        let was_default = url.trim().is_empty()
            || KINDS
                .iter()
                .any(|(k, _, _)| k.default_base_url() == url.trim());
        if was_default {
            base_url.set(chosen.default_base_url().to_owned());
        }
        kind.set(chosen);
    };
    view! {
        <form class="settings" data-testid="settings" on:submit=submit>
            <h2>"Provider"</h2>
            <label>"Protocol"
                <select data-testid="provider-kind" on:change=choose_kind>
                    {KINDS.iter().map(|(k, name, label)| {
                        let k = *k;
                        view! { <option value=*name selected=move || kind.get() == k>{*label}</option> }
                    }).collect_view()}
                </select>
            </label>
            <label>"Base URL"
                <input type="url" data-testid="provider-base-url" required
                    placeholder="https://api.openai.com/v1"
                    prop:value=move || base_url.get()
                    on:input=move |ev| base_url.set(event_target_value(&ev)) />
            </label>
            <label>"API key (leave empty for local servers)"
                <input type="password" data-testid="provider-api-key" autocomplete="off"
                    prop:value=move || api_key.get()
                    on:input=move |ev| api_key.set(event_target_value(&ev)) />
            </label>
            <label>"Model"
                <input type="text" data-testid="settings-model" required
                    placeholder="gpt-4o-mini, llama3.2, …"
                    prop:value=move || model.get()
                    on:input=move |ev| model.set(event_target_value(&ev)) />
            </label>
            <button type="submit" data-testid="settings-save">"Save"</button>
            {move || feedback.get().map(|f| match f {
                Ok(text) => view! { <p class="ok" data-testid="settings-feedback" role="status">{text}</p> },
                Err(text) => view! { <p class="error" data-testid="settings-feedback" role="alert">{text}</p> },
            })}
        </form>
    }
}
