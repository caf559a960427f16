//! The memories screen: what assistants remember, as the user sees, edits and deletes it.

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::MemoryAction;

/// Reloads every memory, newest change first.
pub fn refresh(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.list_memories().await {
            Ok(list) => state.library.memories.set(list),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

pub fn act(ready: Ready, action: MemoryAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let done = match action {
            MemoryAction::Edit(memory) => runtime.service.edit_memory(memory).await.map(|_| ()),
            MemoryAction::Delete(id) => runtime.service.delete_memory(&id).await,
        };
        if let Err(err) = done {
            state
                .shell
                .banner
                .set(Some(skein_components::explain(&err)));
        }
        refresh(ready);
    });
}
