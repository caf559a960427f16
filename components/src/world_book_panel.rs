//! The world books: SillyTavern World Info imported, listed with their entry counts, active in
//! every chat or not, edited, exported and deleted. Which books a chat or a character uses is
//! chosen where those are ("This chat", the character's editor).

use crate::file_pick::{ImportButton, RowActions, Said};
use crate::i18n::{t, tf};
use crate::world_book_editor::WorldBookEditor;
use leptos::prelude::*;
use skein_engine::persona::world_books::WorldBooks;
use skein_engine::prompt::Lorebook;

/// What the user did to their world books.
#[derive(Debug, Clone)]
pub enum WorldBookAction {
    /// A World Info file was chosen in this input.
    Import(web_sys::HtmlInputElement),
    /// A new, empty book.
    New,
    Save(Box<Lorebook>),
    Export(String),
    Delete(String),
    /// Active in every chat, or not.
    SetGlobal(String, bool),
}

#[component]
pub fn WorldBookPanel(
    #[prop(into)] books: Signal<WorldBooks>,
    /// The book being edited (its ID), chosen by the app so a new book opens at once.
    editing: RwSignal<Option<String>>,
    /// What the last import, export or save said.
    #[prop(into)]
    feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_action: Callback<WorldBookAction>,
) -> impl IntoView {
    let edited = move || {
        let id = editing.get()?;
        books.with(|b| b.get(&id).cloned())
    };
    let error = Signal::derive(move || feedback.get().and_then(Result::err));
    view! {
        <section class="settings world-books" data-testid="world-books" aria-label=t("world-books-label")>
            <Said said=feedback test_id="world-book-feedback" />
            {move || edited().map(|book| view! {
                <WorldBookEditor book error
                    on_save=move |book| on_action.run(WorldBookAction::Save(Box::new(book)))
                    on_close=move |()| editing.set(None) />
            })}
            <Show when=move || editing.get().is_none()>
                <div class="gallery-bar">
                    <ImportButton label=t("world-books-import") test_id="world-book-import" accept=".json,application/json"
                        on_pick=move |input| on_action.run(WorldBookAction::Import(input)) />
                    <button type="button" data-testid="world-book-new"
                        on:click=move |_| on_action.run(WorldBookAction::New)>{t("world-books-new")}</button>
                </div>
                <p class="hint">{t("world-books-intro")}</p>
                {move || books.with(|b| b.items.is_empty()).then(|| view! {
                    <p class="hint" data-testid="no-world-books">{t("world-books-none")}</p>
                })}
                <ul class="world-book-list">
                    <For each=move || books.get().items
                        key=|book| (book.id.clone(), book.name.clone(), book.entries.len())
                        children=move |book| {
                            let id = book.id.clone();
                            let global = {
                                let id = id.clone();
                                move || books.with(|b| b.is_global(&id))
                            };
                            let (for_edit, for_export, for_delete, for_global) = (id.clone(), id.clone(), id.clone(), id.clone());
                            view! {
                                <li class="world-book" data-testid="world-book">
                                    <div class="world-book-head">
                                        <strong data-testid="world-book-title">{book.name.clone()}</strong>
                                        <span class="hint">{tf("dictionary-entries", &[("n", book.entries.len().into())])}</span>
                                    </div>
                                    <label class="check">
                                        <input type="checkbox" data-testid="world-book-global" prop:checked=global
                                            on:change=move |ev| on_action.run(WorldBookAction::SetGlobal(for_global.clone(), event_target_checked(&ev))) />
                                        {t("world-books-everywhere")}
                                    </label>
                                    <RowActions prefix="world-book"
                                        on_edit=move |()| editing.set(Some(for_edit.clone()))
                                        on_export=move |()| on_action.run(WorldBookAction::Export(for_export.clone()))
                                        on_delete=move |()| on_action.run(WorldBookAction::Delete(for_delete.clone())) />
                                </li>
                            }
                        } />
                </ul>
            </Show>
        </section>
    }
}
