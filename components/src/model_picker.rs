//! The model of the next answer, switchable from the chat: the configured model and those the
//! provider listed (fetched the first time the list is opened), under the provider's name,
//! each with the abilities the provider states (vision, tools, reasoning).

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::provider::model_list::{Abilities, ModelInfo};

/// An option's words: the model, then what it can do.
pub(crate) fn option_text(id: &str, abilities: Abilities) -> String {
    let labels = abilities.labels();
    if labels.is_empty() {
        id.to_owned()
    } else {
        let labels: Vec<&str> = labels
            .into_iter()
            .map(|label| match label {
                "vision" => t("model-ability-vision"),
                "tools" => t("model-ability-tools"),
                "reasoning" => t("model-ability-reasoning"),
                other => other,
            })
            .collect();
        format!("{id} · {}", labels.join(" · "))
    }
}

#[component]
pub fn ModelPicker(
    /// The configured model.
    #[prop(into)]
    model: Signal<String>,
    /// The provider's name (the options' group).
    #[prop(into)]
    provider: Signal<String>,
    /// The models the provider listed, if fetched (an error keeps just the configured one).
    #[prop(into)]
    listed: Signal<Option<Result<Vec<ModelInfo>, String>>>,
    /// Asks for the list (the first time the picker is used).
    #[prop(into)]
    on_open: Callback<()>,
    #[prop(into)] on_select: Callback<String>,
    #[prop(into, optional)] disabled: Signal<bool>,
) -> impl IntoView {
    let choices = move || {
        let current = model.get();
        let mut models: Vec<(String, Abilities)> = listed.with(|l| {
            l.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(|list| list.iter().map(|m| (m.id.clone(), m.abilities)).collect())
                .unwrap_or_default()
        });
        if !current.is_empty() && !models.iter().any(|(id, _)| *id == current) {
            models.insert(0, (current, Abilities::default()));
        }
        models
    };
    view! {
        <select class="model-picker" data-testid="chat-model-select" aria-label=t("model-picker-label") title=move || tf("model-picker-title", &[("provider", provider.get().into())])
            disabled=move || disabled.get()
            on:focus=move |_| if listed.with_untracked(Option::is_none) { on_open.run(()) }
            on:change=move |ev| on_select.run(event_target_value(&ev))>
            <optgroup label=move || provider.get()>
                {move || choices().into_iter().map(|(id, abilities)| {
                    let selected = {
                        let id = id.clone();
                        move || model.with(|m| *m == id)
                    };
                    view! { <option value=id.clone() selected=selected>{option_text(&id, abilities)}</option> }
                }).collect_view()}
            </optgroup>
        </select>
    }
}
