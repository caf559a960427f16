//! A panel that slides over the chat from the side (the summary, the branch map): a modal
//! dialog with a title and a close button; a click beside it closes it, as Esc does (the app's
//! shortcuts). It holds the keyboard while open and gives focus back when it closes.

use crate::icons::{icon, Icon};
use crate::modal_focus::{hold_focus, keep_tab_inside};
use leptos::prelude::*;

#[component]
pub fn SideSheet(
    open: Signal<bool>,
    /// The heading, also the dialog's name.
    title: &'static str,
    /// The `id` of the heading and the `data-testid` of the dialog.
    id: &'static str,
    close_label: &'static str,
    /// The `data-testid` of the close button.
    close_testid: &'static str,
    /// Extra classes of the dialog.
    #[prop(optional)]
    class: &'static str,
    #[prop(into)] on_close: Callback<()>,
    children: ChildrenFn,
) -> impl IntoView {
    let title_id = format!("{id}-title");
    view! {
        <Show when=move || open.get()>
            {
                let sheet = NodeRef::<leptos::html::Section>::new();
                hold_focus(sheet);
                view! {
            <div class="sheet-scrim" on:click=move |_| on_close.run(())>
                <section class=format!("side-sheet {class}") data-testid=id role="dialog"
                    aria-modal="true" aria-labelledby=title_id.clone() node_ref=sheet
                    on:click=|ev| ev.stop_propagation()
                    on:keydown=move |ev| {
                        if let Some(sheet) = sheet.get_untracked() {
                            keep_tab_inside(&ev, &sheet);
                        }
                    }>
                    <header>
                        <h2 id=title_id.clone()>{title}</h2>
                        <button type="button" data-testid=close_testid autofocus
                            aria-label=close_label on:click=move |_| on_close.run(())>
                            {icon(Icon::Close)}
                        </button>
                    </header>
                    {children()}
                </section>
            </div>
                }
            }
        </Show>
    }
}
