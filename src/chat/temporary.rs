//! Temporary chats: the switch on a new chat goes into the turn that creates it
//! (`TurnContext::temporary`, see `runtime::start_as`); keeping one asks the engine's
//! `ChatService::keep_temporary` to store it whole.

use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;

/// Whether the conversation on screen is a temporary chat; tracked.
pub fn on_screen(state: AppState) -> bool {
    let Some(id) = state.chat.current.get() else {
        return false;
    };
    state
        .chat
        .conversations
        .with(|list| list.iter().any(|c| c.id == id && c.temporary))
}

/// Stores the temporary chat on screen with everything it has.
pub fn keep(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let Some(id) = state.chat.current.get_untracked() else {
        return;
    };
    if state.chat.is_generating(&id) {
        return;
    }
    state.chat.actions_running.update(|n| *n += 1);
    spawn_local(async move {
        match runtime.service.keep_temporary(&id).await {
            Ok(conversation) => {
                state.chat.upsert_conversation(conversation);
                ready.changed(Changed::Conversation(id.clone()));
                state.shell.info.set(Some(t("notice-chat-kept").into()));
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
        state.chat.actions_running.update(|n| *n -= 1);
    });
}
