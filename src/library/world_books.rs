//! The world books' wiring: World Info imported from a file, books saved (the engine checks
//! every pattern), made active everywhere, exported and deleted; a character's own book
//! exported.

use crate::library::collection;
use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::WorldBookAction;
use skein_components::{t, tf};
use skein_engine::prompt::Lorebook;

/// Reads the world books from storage (at start-up).
pub fn load(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.world_books().await {
            Ok(books) => state.library.world_books.set(books),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

pub fn act(ready: Ready, action: WorldBookAction) {
    let library = ready.state.library;
    let service = &ready.runtime.service;
    let (list, feedback, editing) = (
        library.world_books,
        library.world_book_feedback,
        library.world_book_editing,
    );
    let put = move |books| list.set(books);
    match action {
        WorldBookAction::Import(input) => collection::import(
            input,
            feedback,
            move |name, bytes| async move {
                let (book, books) = service.import_world_book(&bytes, &name).await?;
                let entries = book.entries.len();
                let said = tf(
                    "notice-imported-entries",
                    &[
                        ("item", (&book.name).into()),
                        ("entries", entries.into()),
                        ("name", (&name).into()),
                    ],
                );
                Ok((books, said))
            },
            put,
        ),
        WorldBookAction::New => {
            let count = list.with_untracked(|b| b.items.len());
            let book = Lorebook::named(
                "",
                &tf("world-book-default-name", &[("n", (count + 1).into())]),
            );
            let made = async move {
                let books = service.save_world_book(book).await?;
                editing.set(books.items.last().map(|b| b.id.clone()));
                Ok((books, t("notice-book-new").to_owned()))
            };
            collection::change(feedback, made, put);
        }
        WorldBookAction::Save(book) => {
            let name = book.name.clone();
            let saved = async move {
                let books = service.save_world_book(*book).await?;
                editing.set(None);
                Ok((books, tf("notice-saved-name", &[("name", (&name).into())])))
            };
            collection::change(feedback, saved, put);
        }
        WorldBookAction::Delete(id) => {
            let name = list
                .with_untracked(|b| b.get(&id).map(|b| b.name.clone()))
                .unwrap_or_default();
            if !crate::page::confirm::confirm(&tf(
                "confirm-delete-book",
                &[("name", (&name).into())],
            )) {
                return;
            }
            let deleted = async move {
                let books = service.delete_world_book(&id).await?;
                Ok((
                    books,
                    tf("notice-deleted-name", &[("name", (&name).into())]),
                ))
            };
            collection::change(feedback, deleted, put);
        }
        WorldBookAction::SetGlobal(id, on) => {
            let set = async move {
                let books = service.set_world_book_global(&id, on).await?;
                let said = if on {
                    t("notice-book-everywhere")
                } else {
                    t("notice-book-not-everywhere")
                };
                Ok((books, said.to_owned()))
            };
            collection::change(feedback, set, put);
        }
        WorldBookAction::Export(id) => collection::export(
            feedback,
            async move { service.export_world_book(&id).await },
            |e| tf("notice-book-export-failed", &[("e", e.into())]),
        ),
    }
}
