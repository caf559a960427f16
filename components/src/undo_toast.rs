//! "Deleted “…”. Undo": a deletion waits a few seconds before it is carried out.

use crate::i18n::{t, tf};
use leptos::prelude::*;

#[component]
pub fn UndoToast(
    /// The title of what was deleted, while it can still be brought back.
    #[prop(into)]
    deleted: Signal<Option<String>>,
    #[prop(into)] on_undo: Callback<()>,
) -> impl IntoView {
    move || {
        deleted.get().map(|title| {
            view! {
                <div class="toast" role="status" data-testid="undo-toast">
                    <span>{tf("undo-deleted", &[("title", title.into())])}</span>
                    <button type="button" data-testid="undo-button"
                        on:click=move |_| on_undo.run(())>{t("undo")}</button>
                </div>
            }
        })
    }
}
