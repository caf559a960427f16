//! Regenerate with another model: the button beside "Regenerate" opens a list of the
//! provider's models under the answer's actions (in the message's own flow: a message paints
//! only inside its box, so nothing may float out of it). The new version of the answer is
//! written by the model picked; the chat's own model stays as it was.

use crate::i18n::t;
use crate::icons::{icon, Icon};
use leptos::prelude::*;
use skein_engine::provider::model_list::ModelInfo;

/// The button that opens and closes the list.
#[component]
pub fn RegenerateToggle(
    open: RwSignal<bool>,
    /// The list's element ID.
    controls: String,
    /// Asks for the provider's models when the list opens and none are there yet.
    #[prop(into)]
    needs_models: Signal<bool>,
    on_open: Callback<()>,
    #[prop(into)] disabled: Signal<bool>,
) -> impl IntoView {
    view! {
        <button type="button" class="icon-button" data-testid="regenerate-model"
            aria-label=t("regenerate-other-model") title=t("regenerate-other-model")
            aria-controls=controls aria-expanded=move || open.get().to_string()
            disabled=move || disabled.get()
            on:click=move |_| {
                let opening = !open.get_untracked();
                open.set(opening);
                if opening && needs_models.get_untracked() {
                    on_open.run(());
                }
            }>{icon(Icon::ChevronDown)}</button>
    }
}

/// The models to regenerate with; picking one (or Escape) closes the list.
#[component]
pub fn RegenerateChoices(
    open: RwSignal<bool>,
    id: String,
    /// The provider's models: `None` until listed, or why they could not be.
    #[prop(into)]
    models: Signal<Option<Result<Vec<ModelInfo>, String>>>,
    on_pick: Callback<String>,
    #[prop(into)] disabled: Signal<bool>,
) -> impl IntoView {
    let entries = move || match models.get() {
        None => view! { <li class="hint">{t("regenerate-listing")}</li> }.into_any(),
        Some(Err(err)) => view! { <li class="error" role="alert">{err}</li> }.into_any(),
        Some(Ok(list)) if list.is_empty() => {
            view! { <li class="hint">{t("regenerate-no-models")}</li> }.into_any()
        }
        Some(Ok(list)) => list
            .into_iter()
            .map(|model| {
                let name = model
                    .display_name
                    .clone()
                    .unwrap_or_else(|| model.id.clone());
                let id = model.id;
                view! {
                    <li><button type="button" data-testid="regenerate-with" data-model=id.clone()
                        disabled=move || disabled.get()
                        on:click=move |_| {
                            open.set(false);
                            on_pick.run(id.clone());
                        }>{name}</button></li>
                }
            })
            .collect_view()
            .into_any(),
    };
    view! {
        <div class="regenerate-choices" id=id data-testid="regenerate-choices" hidden=move || !open.get()
            on:keydown=move |ev| {
                if ev.key() == "Escape" {
                    open.set(false);
                }
            }>
            <span class="hint">{t("regenerate-with")}</span>
            <ul>{entries}</ul>
        </div>
    }
}
