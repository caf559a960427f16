//! The model of the next answer, switchable from the chat: the configured model and those the
//! provider listed (fetched the first time the list is opened).

use leptos::prelude::*;
use skein_engine::provider::model_list::ModelInfo;

#[component]
pub fn ModelPicker(
    /// The configured model.
    #[prop(into)]
    model: Signal<String>,
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
        let mut ids: Vec<String> = listed.with(|l| {
            l.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(|list| list.iter().map(|m| m.id.clone()).collect())
                .unwrap_or_default()
        });
        if !current.is_empty() && !ids.contains(&current) {
            ids.insert(0, current);
        }
        ids
    };
    view! {
        <select class="model-picker" data-testid="chat-model-select" aria-label="Model"
            disabled=move || disabled.get()
            on:focus=move |_| if listed.with_untracked(Option::is_none) { on_open.run(()) }
            on:change=move |ev| on_select.run(event_target_value(&ev))>
            {move || choices().into_iter().map(|id| {
                let selected = {
                    let id = id.clone();
                    move || model.with(|m| *m == id)
                };
                view! { <option value=id.clone() selected=selected>{id.clone()}</option> }
            }).collect_view()}
        </select>
    }
}
