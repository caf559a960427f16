//! The memories screen: what assistants remember, as the user sees, edits and deletes it.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::MemoryAction;
use skein_engine::memories::Memory;
use skein_engine::{Clock, LibraryStore};
use skein_platform::BrowserClock;

/// Reloads every memory, newest change first.
pub fn refresh(state: AppState) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.store.list_memories().await {
            Ok(mut list) => {
                list.sort_by(|a, b| b.updated_at_ms.total_cmp(&a.updated_at_ms));
                state.memories.set(list);
            }
            Err(err) => state.banner.set(Some(err.to_string())),
        }
    });
}

pub fn act(state: AppState, action: MemoryAction) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let store = &runtime.service.store;
        let done = match action {
            MemoryAction::Edit(memory) => {
                let edited = Memory {
                    updated_at_ms: BrowserClock.now_ms(),
                    embedding: None,
                    ..memory
                };
                store.save_memory(&edited).await
            }
            MemoryAction::Delete(id) => store.delete_memory(&id).await,
        };
        if let Err(err) = done {
            state.banner.set(Some(err.to_string()));
        }
        refresh(state);
    });
}
