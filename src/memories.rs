//! The memories screen: what assistants remember, as the user sees, edits and deletes it.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::MemoryAction;

/// Reloads every memory, newest change first.
pub fn refresh(state: AppState) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.list_memories().await {
            Ok(list) => state.memories.set(list),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

pub fn act(state: AppState, action: MemoryAction) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let done = match action {
            MemoryAction::Edit(memory) => runtime.service.edit_memory(memory).await.map(|_| ()),
            MemoryAction::Delete(id) => runtime.service.delete_memory(&id).await,
        };
        if let Err(err) = done {
            state.banner.set(Some(skein_components::explain(&err)));
        }
        refresh(state);
    });
}
