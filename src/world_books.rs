//! The world books' wiring: World Info imported from a file, books saved (the engine checks
//! every pattern), made active everywhere, exported and deleted; a character's own book
//! exported.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::WorldBookAction;
use skein_engine::chat::CardFile;
use skein_engine::persona::world_books::WorldBooks;
use skein_engine::prompt::Lorebook;
use skein_engine::ChatError;

/// Reads the world books from storage (at start-up).
pub fn load(state: AppState) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.world_books().await {
            Ok(books) => state.world_books.set(books),
            Err(err) => state.banner.set(Some(err.to_string())),
        }
    });
}

fn say(state: AppState, said: Result<String, String>) {
    state.world_book_feedback.set(Some(said));
}

/// Offers `file` as a download and says so.
pub fn download(file: &CardFile) -> Result<String, String> {
    skein_platform::download_bytes(&file.file_name, file.mime, &file.bytes)
        .map(|()| format!("Exported {}.", file.file_name))
}

pub fn act(state: AppState, action: WorldBookAction) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let service = &runtime.service;
        let changed: Result<(WorldBooks, String), ChatError> = match action {
            WorldBookAction::Import(input) => {
                let (name, bytes) = match crate::files::take_chosen(&input).await {
                    Ok(Some(file)) => file,
                    Ok(None) => return,
                    Err(err) => return say(state, Err(err)),
                };
                match service.import_world_book(&bytes, &name).await {
                    Ok((book, books)) => Ok((
                        books,
                        format!(
                            "Imported {} ({} entries) from {name}.",
                            book.name,
                            book.entries.len()
                        ),
                    )),
                    Err(err) => return say(state, Err(format!("{name} was not imported: {err}"))),
                }
            }
            WorldBookAction::New => {
                let count = state.world_books.with_untracked(|b| b.items.len());
                let book = Lorebook::named("", &format!("World book {}", count + 1));
                match service.save_world_book(book).await {
                    Ok(books) => {
                        let id = books.items.last().map(|b| b.id.clone());
                        state.world_book_editing.set(id);
                        Ok((books, "A new world book: add its entries.".to_owned()))
                    }
                    Err(err) => Err(err),
                }
            }
            WorldBookAction::Save(book) => {
                let name = book.name.clone();
                service.save_world_book(*book).await.map(|books| {
                    state.world_book_editing.set(None);
                    (books, format!("Saved {name}."))
                })
            }
            WorldBookAction::Delete(id) => {
                let name = state
                    .world_books
                    .with_untracked(|b| b.get(&id).map(|b| b.name.clone()))
                    .unwrap_or_default();
                if !crate::app::confirm(&format!(
                    "Delete the world book {name}? Chats and characters that use it stop using it."
                )) {
                    return;
                }
                service
                    .delete_world_book(&id)
                    .await
                    .map(|books| (books, format!("Deleted {name}.")))
            }
            WorldBookAction::SetGlobal(id, on) => {
                service.set_world_book_global(&id, on).await.map(|books| {
                    let said = if on {
                        "Active in every chat from the next answer on."
                    } else {
                        "No longer active in every chat."
                    };
                    (books, said.to_owned())
                })
            }
            WorldBookAction::Export(id) => {
                let said = service
                    .export_world_book(&id)
                    .await
                    .map_err(|e| e.to_string())
                    .and_then(|file| download(&file));
                return say(
                    state,
                    said.map_err(|e| format!("The book could not be exported: {e}")),
                );
            }
        };
        match changed {
            Ok((books, said)) => {
                state.world_books.set(books);
                say(state, Ok(said));
            }
            Err(err) => say(state, Err(err.to_string())),
        }
    });
}
