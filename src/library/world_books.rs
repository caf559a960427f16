//! The world books' wiring: World Info imported from a file, books saved (the engine checks
//! every pattern), made active everywhere, exported and deleted; a character's own book
//! exported.

use crate::shell::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::WorldBookAction;
use skein_components::{t, tf};
use skein_engine::chat::CardFile;
use skein_engine::persona::world_books::WorldBooks;
use skein_engine::prompt::Lorebook;
use skein_engine::ChatError;

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

fn say(state: AppState, said: Result<String, String>) {
    state.library.world_book_feedback.set(Some(said));
}

/// Offers `file` as a download and says so.
pub fn download(file: &CardFile) -> Result<String, String> {
    skein_platform::download_bytes(&file.file_name, file.mime, &file.bytes)
        .map(|()| tf("notice-exported", &[("file", (&file.file_name).into())]))
}

pub fn act(ready: Ready, action: WorldBookAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let service = &runtime.service;
        let changed: Result<(WorldBooks, String), ChatError> = match action {
            WorldBookAction::Import(input) => {
                let (name, bytes) = match crate::chat::files::take_chosen(&input).await {
                    Ok(Some(file)) => file,
                    Ok(None) => return,
                    Err(err) => return say(state, Err(err)),
                };
                match service.import_world_book(&bytes, &name).await {
                    Ok((book, books)) => Ok((
                        books,
                        tf(
                            "notice-imported-entries",
                            &[
                                ("item", (&book.name).into()),
                                ("entries", (book.entries.len()).into()),
                                ("name", (&name).into()),
                            ],
                        ),
                    )),
                    Err(err) => {
                        return say(
                            state,
                            Err(tf(
                                "notice-not-imported",
                                &[
                                    ("name", (&name).into()),
                                    ("err", skein_components::explain(&err).into()),
                                ],
                            )),
                        )
                    }
                }
            }
            WorldBookAction::New => {
                let count = state.library.world_books.with_untracked(|b| b.items.len());
                let book = Lorebook::named(
                    "",
                    &tf("world-book-default-name", &[("n", (count + 1).into())]),
                );
                match service.save_world_book(book).await {
                    Ok(books) => {
                        let id = books.items.last().map(|b| b.id.clone());
                        state.library.world_book_editing.set(id);
                        Ok((books, t("notice-book-new").to_owned()))
                    }
                    Err(err) => Err(err),
                }
            }
            WorldBookAction::Save(book) => {
                let name = book.name.clone();
                service.save_world_book(*book).await.map(|books| {
                    state.library.world_book_editing.set(None);
                    (books, tf("notice-saved-name", &[("name", (&name).into())]))
                })
            }
            WorldBookAction::Delete(id) => {
                let name = state
                    .library
                    .world_books
                    .with_untracked(|b| b.get(&id).map(|b| b.name.clone()))
                    .unwrap_or_default();
                if !crate::shell::confirm::confirm(&tf(
                    "confirm-delete-book",
                    &[("name", (&name).into())],
                )) {
                    return;
                }
                service.delete_world_book(&id).await.map(|books| {
                    (
                        books,
                        tf("notice-deleted-name", &[("name", (&name).into())]),
                    )
                })
            }
            WorldBookAction::SetGlobal(id, on) => {
                service.set_world_book_global(&id, on).await.map(|books| {
                    let said = if on {
                        t("notice-book-everywhere")
                    } else {
                        t("notice-book-not-everywhere")
                    };
                    (books, said.to_owned())
                })
            }
            WorldBookAction::Export(id) => {
                let said = service
                    .export_world_book(&id)
                    .await
                    .map_err(|e| skein_components::explain(&e))
                    .and_then(|file| download(&file));
                return say(
                    state,
                    said.map_err(|e| {
                        tf("notice-book-export-failed", &[("e", e.to_string().into())])
                    }),
                );
            }
        };
        match changed {
            Ok((books, said)) => {
                state.library.world_books.set(books);
                say(state, Ok(said));
            }
            Err(err) => say(state, Err(skein_components::explain(&err))),
        }
    });
}
