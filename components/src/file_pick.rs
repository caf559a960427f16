//! Pieces the library screens share: a button that picks a file to import, the line that says
//! what the last action did (or why it failed), and a stored item's Edit / Export / Delete.

use crate::i18n::t;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A button-looking label around a hidden file input; `on_pick` gets the input once a file
/// is chosen.
#[component]
pub fn ImportButton(
    label: &'static str,
    test_id: &'static str,
    accept: &'static str,
    #[prop(into)] on_pick: Callback<web_sys::HtmlInputElement>,
) -> impl IntoView {
    view! {
        <label class="button-like">
            {label}
            <input type="file" class="visually-hidden" data-testid=test_id accept=accept
                on:change=move |ev| {
                    if let Some(input) = ev.target().and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok()) {
                        on_pick.run(input);
                    }
                } />
        </label>
    }
}

/// What the last action said (a status) or why it failed (an alert).
#[component]
pub fn Said(
    #[prop(into)] said: Signal<Option<Result<String, String>>>,
    test_id: &'static str,
) -> impl IntoView {
    move || {
        said.get().map(|said| match said {
            Ok(text) => {
                view! { <p class="notice" role="status" data-testid=test_id>{text}</p> }.into_any()
            }
            Err(text) => {
                view! { <p class="error" role="alert" data-testid=test_id>{text}</p> }.into_any()
            }
        })
    }
}

/// A stored item's Edit, Export and Delete buttons (`data-testid`s `{prefix}-edit`, …).
#[component]
pub fn RowActions(
    prefix: &'static str,
    #[prop(into)] on_edit: Callback<()>,
    #[prop(into)] on_export: Callback<()>,
    #[prop(into)] on_delete: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="form-actions">
            <button type="button" data-testid=format!("{prefix}-edit") on:click=move |_| on_edit.run(())>{t("file-row-edit")}</button>
            <button type="button" data-testid=format!("{prefix}-export") on:click=move |_| on_export.run(())>{t("file-row-export")}</button>
            <button type="button" class="danger" data-testid=format!("{prefix}-delete")
                on:click=move |_| on_delete.run(())>{t("file-row-delete")}</button>
        </div>
    }
}
