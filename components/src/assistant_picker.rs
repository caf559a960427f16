//! Which assistant is in use: a choice among the user's assistants, by name.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::Assistant;

#[component]
pub fn AssistantPicker(
    #[prop(into)] assistants: Signal<Vec<Assistant>>,
    /// The ID of the assistant in use.
    #[prop(into)]
    selected: Signal<String>,
    #[prop(into)] on_select: Callback<String>,
    /// Disabled while an answer is being generated.
    #[prop(into, optional)]
    disabled: Signal<bool>,
    testid: &'static str,
) -> impl IntoView {
    view! {
        <select class="assistant-picker" data-testid=testid aria-label=t("assistant-picker-label") title=t("assistant-picker-title")
            disabled=move || disabled.get()
            on:change=move |ev| on_select.run(event_target_value(&ev))>
            {move || assistants.get().into_iter().map(|assistant| {
                let id = assistant.id.clone();
                let name = if assistant.name.trim().is_empty() { assistant.id.clone() } else { assistant.name.clone() };
                view! {
                    <option value=assistant.id selected=move || selected.with(|s| *s == id)>{name}</option>
                }
            }).collect_view()}
        </select>
    }
}
