//! The fields that say which provider to call: its protocol, base URL, API key and model. The
//! provider settings and the fallback form both show them, each with its own words and test ids.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::ProviderKind;

/// Each protocol, with its `<option>` value and the catalogue id of its name.
const KINDS: [(ProviderKind, &str, &str); 3] = [
    (ProviderKind::OpenAi, "openai", "provider-kind-openai"),
    (
        ProviderKind::Anthropic,
        "anthropic",
        "provider-kind-anthropic",
    ),
    (ProviderKind::Gemini, "gemini", "provider-kind-gemini"),
];

fn kind_from(value: &str) -> ProviderKind {
    KINDS
        .iter()
        .find(|(_, name, _)| *name == value)
        .map_or(ProviderKind::OpenAi, |(kind, _, _)| *kind)
}

/// One provider as typed into a form.
#[derive(Debug, Clone, Copy)]
pub(crate) struct ProviderDraft {
    pub kind: RwSignal<ProviderKind>,
    pub base_url: RwSignal<String>,
    pub api_key: RwSignal<String>,
    pub model: RwSignal<String>,
}

impl ProviderDraft {
    /// An OpenAI-compatible provider with nothing typed yet.
    pub fn new() -> Self {
        Self {
            kind: RwSignal::new(ProviderKind::OpenAi),
            base_url: RwSignal::new(String::new()),
            api_key: RwSignal::new(String::new()),
            model: RwSignal::new(String::new()),
        }
    }
}

/// One field's label (a catalogue id) and test id.
pub(crate) struct Named {
    pub label: &'static str,
    pub test_id: &'static str,
}

/// What one form calls the fields, and the examples its empty inputs show.
pub(crate) struct FieldWords {
    pub kind: Named,
    pub base_url: Named,
    pub api_key: Named,
    pub model: Named,
    pub base_url_example: Option<&'static str>,
    pub model_example: Option<&'static str>,
}

/// The protocol select and the base URL, API key and model inputs of `draft`. With
/// `url_follows_kind`, a new protocol brings its usual URL, unless the user typed their own.
#[component]
pub(crate) fn ProviderFields(
    draft: ProviderDraft,
    words: &'static FieldWords,
    #[prop(optional)] url_follows_kind: bool,
) -> impl IntoView {
    let ProviderDraft {
        kind,
        base_url,
        api_key,
        model,
    } = draft;
    let choose_kind = move |ev: leptos::ev::Event| {
        let chosen = kind_from(&event_target_value(&ev));
        let url = base_url.get_untracked();
        let was_default = url.trim().is_empty()
            || KINDS
                .iter()
                .any(|(k, _, _)| k.default_base_url() == url.trim());
        if url_follows_kind && was_default {
            base_url.set(chosen.default_base_url().to_owned());
        }
        kind.set(chosen);
    };
    view! {
        <label>{t(words.kind.label)}
            <select data-testid=words.kind.test_id on:change=choose_kind>
                {KINDS.iter().map(|(k, name, label)| {
                    let k = *k;
                    view! { <option value=*name selected=move || kind.get() == k>{t(label)}</option> }
                }).collect_view()}
            </select>
        </label>
        <label>{t(words.base_url.label)}
            <input type="url" data-testid=words.base_url.test_id required
                placeholder=words.base_url_example
                prop:value=move || base_url.get()
                on:input=move |ev| base_url.set(event_target_value(&ev)) />
        </label>
        <label>{t(words.api_key.label)}
            <input type="password" data-testid=words.api_key.test_id autocomplete="off"
                prop:value=move || api_key.get()
                on:input=move |ev| api_key.set(event_target_value(&ev)) />
        </label>
        <label>{t(words.model.label)}
            <input type="text" data-testid=words.model.test_id required
                placeholder=words.model_example
                prop:value=move || model.get()
                on:input=move |ev| model.set(event_target_value(&ev)) />
        </label>
    }
}
