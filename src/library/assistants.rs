//! Several assistants: choosing the one in use (a conversation keeps its own; a character
//! chosen for a new chat opens it with its greeting), making a new one and deleting one. Their settings are saved by `settings::actions::save_assistant`.

use crate::runtime::{Changed, Ready};
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_engine::{Assistant, IdGenerator};
use skein_platform::RandomIds;

/// Uses assistant `id`: for the conversation on screen from its next answer on (saved with
/// it), and for new chats.
pub fn choose(ready: Ready, id: String) {
    let state = ready.state;
    state.library.assistant_id.set(id.clone());
    let Some(current) = state.chat.current.get_untracked() else {
        // A character chosen for a new chat opens it with its greeting (as picking it in the
        // gallery does); a temporary chat stays unsaved, so it starts with the user.
        let greets = state.library.assistants.with_untracked(|list| {
            list.iter()
                .find(|a| a.id == id)
                .and_then(|a| a.character.as_deref())
                .is_some_and(|card| !card.greetings().is_empty())
        });
        if greets
            && !state.chat.temporary_next.get_untracked()
            && !state.shell.show_settings.get_untracked()
        {
            crate::library::characters::start_chat(ready, id);
        }
        return;
    };
    let runtime = ready.runtime;
    let Some(conversation) = state.chat.conversation(&current) else {
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
                ready.changed(Changed::Conversation(changed.id.clone()));
                state.chat.upsert_conversation(changed);
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Makes a new assistant with the default settings and starts using it.
pub fn create(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let count = state.library.assistants.with_untracked(Vec::len);
    let assistant = Assistant::numbered(RandomIds.new_id(), count);
    spawn_local(async move {
        match runtime.service.save_assistant(&assistant).await {
            Ok(()) => {
                let id = assistant.id.clone();
                state.library.put_assistant(assistant);
                choose(ready, id);
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Deletes the assistant in use (never the default one); its conversations go on with the
/// default assistant.
pub fn delete_current(ready: Ready) {
    let state = ready.state;
    let id = state.library.assistant_id.get_untracked();
    if id == Assistant::default().id {
        return;
    }
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.delete_assistant(&id).await {
            Ok(()) => {
                state
                    .library
                    .assistants
                    .update(|list| list.retain(|a| a.id != id));
                choose(ready, Assistant::default().id);
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}
