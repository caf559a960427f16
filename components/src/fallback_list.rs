//! The provider chain in the settings: the provider, then its fallbacks in the order they are
//! tried, each with its circuit breaker's state; fallbacks are added, moved up and removed
//! here, and saved with the provider settings.

use crate::i18n::{t, tf};
use crate::provider_fields::{FieldWords, Named, ProviderDraft, ProviderFields};
use leptos::prelude::*;
use skein_engine::provider::fallback_chain::ChainEntry;
use skein_engine::ProviderSettings;

pub use skein_engine::provider::fallback_chain::FallbackChange;

/// The fallback form's words for the provider fields.
static WORDS: FieldWords = FieldWords {
    kind: Named {
        label: "fallback-protocol",
        test_id: "fallback-kind",
    },
    base_url: Named {
        label: "fallback-base-url",
        test_id: "fallback-base-url",
    },
    api_key: Named {
        label: "fallback-api-key",
        test_id: "fallback-api-key",
    },
    model: Named {
        label: "fallback-model",
        test_id: "fallback-model",
    },
    base_url_example: None,
    model_example: None,
};

#[component]
pub fn FallbackList(
    #[prop(into)] chain: Signal<Vec<ChainEntry>>,
    /// Applies an edit; returns an error to show, or `None` when saved.
    #[prop(into)]
    on_edit: Callback<FallbackChange, Option<String>>,
) -> impl IntoView {
    let draft = ProviderDraft::new();
    let ProviderDraft {
        kind,
        base_url,
        api_key,
        model,
    } = draft;
    let feedback = RwSignal::new(None::<String>);
    let edit = move |change: FallbackChange| feedback.set(on_edit.run(change));
    let add = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let fallback = ProviderSettings {
            kind: kind.get_untracked(),
            base_url: base_url.get_untracked().trim().to_owned(),
            api_key: api_key.get_untracked().trim().to_owned(),
            model: model.get_untracked().trim().to_owned(),
            ..ProviderSettings::default()
        };
        let error = on_edit.run(FallbackChange::Add(Box::new(fallback)));
        if error.is_none() {
            base_url.set(String::new());
            api_key.set(String::new());
            model.set(String::new());
        }
        feedback.set(error);
    };
    let entries = move || {
        chain
            .get()
            .into_iter()
            .enumerate()
            .map(|(i, entry)| {
                let controls = (i > 0).then(|| {
                    let label = entry.label.clone();
                    view! {
                        <button type="button" data-testid="fallback-up" disabled=i == 1
                            aria-label=tf("fallback-up-label", &[("label", label.into())])
                            on:click=move |_| edit(FallbackChange::Up(i - 1))>{t("fallback-up")}</button>
                        <button type="button" data-testid="fallback-remove"
                            aria-label=tf("fallback-remove-label", &[("label", (&entry.label).into())])
                            on:click=move |_| edit(FallbackChange::Remove(i - 1))>{t("fallback-remove")}</button>
                    }
                });
                view! {
                    <li data-testid="chain-entry">
                        <span class="chain-label">
                            {entry.label.clone()}
                            {(i == 0).then(|| format!(" {}", t("fallback-the-provider")))}
                        </span>
                        {entry.health.map(|h| view! {
                            <span class="chain-health" data-testid="chain-health">{h}</span>
                        })}
                        {controls}
                    </li>
                }
            })
            .collect_view()
    };
    view! {
        <section class="settings fallbacks" data-testid="fallbacks" aria-label=t("fallback-heading")>
            <h4>{t("fallback-heading")}</h4>
            <p class="hint">{t("fallback-hint")}</p>
            <ol class="provider-chain">{entries}</ol>
            <form class="fallback-add" on:submit=add>
                <ProviderFields draft=draft words=&WORDS />
                <button type="submit" data-testid="fallback-add">{t("fallback-add")}</button>
            </form>
            {move || feedback.get().map(|e| view! { <p class="error" role="alert" data-testid="fallback-error">{e}</p> })}
        </section>
    }
}
