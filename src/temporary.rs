//! Temporary chats: the switch on a new chat goes into the turn that creates it
//! (`TurnContext::temporary`, see `runtime::start_as`); keeping one asks the engine's
//! `ChatService::keep_temporary` to store it whole.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;

/// Whether the conversation on screen is a temporary chat; tracked.
pub fn on_screen(state: AppState) -> bool {
    let Some(id) = state.current.get() else {
        return false;
    };
    state
        .conversations
        .with(|list| list.iter().any(|c| c.id == id && c.temporary))
}

/// Stores the temporary chat on screen with everything it has.
pub fn keep(state: AppState) {
    let (Some(runtime), Some(id)) = (runtime(), state.current.get_untracked()) else {
        return;
    };
    if state.is_generating(&id) {
        return;
    }
    state.actions_running.update(|n| *n += 1);
    spawn_local(async move {
        match runtime.service.keep_temporary(&id).await {
            Ok(conversation) => {
                state.upsert_conversation(conversation);
                runtime.announce(&id);
                state.info.set(Some(t("notice-chat-kept").into()));
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
        state.actions_running.update(|n| *n -= 1);
    });
}
