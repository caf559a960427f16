//! Several assistants: choosing the one in use (a conversation keeps its own; a character
//! chosen for a new chat opens it with its greeting), making a new one and deleting one. Their settings are saved by `settings_actions::save_assistant`.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_engine::{Assistant, IdGenerator};
use skein_platform::RandomIds;

/// Uses assistant `id`: for the conversation on screen from its next answer on (saved with
/// it), and for new chats.
pub fn choose(state: AppState, id: String) {
    state.assistant_id.set(id.clone());
    let Some(current) = state.current.get_untracked() else {
        // A character chosen for a new chat opens it with its greeting (as picking it in the
        // gallery does); a temporary chat stays unsaved, so it starts with the user.
        let greets = state.assistants.with_untracked(|list| {
            list.iter()
                .find(|a| a.id == id)
                .and_then(|a| a.character.as_deref())
                .is_some_and(|card| !card.greetings().is_empty())
        });
        if greets && !state.temporary_next.get_untracked() && !state.show_settings.get_untracked() {
            crate::characters::start_chat(state, id);
        }
        return;
    };
    let (Some(runtime), Some(conversation)) = (runtime(), state.conversation(&current)) else {
        return;
    };
    if conversation.assistant_id.as_deref() == Some(id.as_str()) {
        return;
    }
    spawn_local(async move {
        match runtime
            .service
            .set_conversation_assistant(&conversation.id, &id)
            .await
        {
            Ok(changed) => {
                runtime.announce(&changed.id);
                state.upsert_conversation(changed);
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Makes a new assistant with the default settings and starts using it.
pub fn create(state: AppState) {
    let Some(runtime) = runtime() else { return };
    let count = state.assistants.with_untracked(Vec::len);
    let assistant = Assistant::numbered(RandomIds.new_id(), count);
    spawn_local(async move {
        match runtime.service.save_assistant(&assistant).await {
            Ok(()) => {
                let id = assistant.id.clone();
                state.put_assistant(assistant);
                choose(state, id);
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Deletes the assistant in use (never the default one); its conversations go on with the
/// default assistant.
pub fn delete_current(state: AppState) {
    let id = state.assistant_id.get_untracked();
    if id == Assistant::default().id {
        return;
    }
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.delete_assistant(&id).await {
            Ok(()) => {
                state.assistants.update(|list| list.retain(|a| a.id != id));
                choose(state, Assistant::default().id);
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}
