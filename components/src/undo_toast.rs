//! "Deleted “…”. Undo": a deletion waits a few seconds before it is carried out.

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
                    <span>{format!("Deleted “{title}”.")}</span>
                    <button type="button" data-testid="undo-button"
                        on:click=move |_| on_undo.run(())>"Undo"</button>
                </div>
            }
        })
    }
}
