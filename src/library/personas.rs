//! Personas and "This chat": the user's personas saved through the engine (which refuses a
//! nameless one), and the chat on screen's own persona and system prompt.

use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_components::{ChatSettingsChange, PersonaAction};
use skein_engine::persona::user_persona::Personas;
use skein_engine::ChatError;

/// Reads the personas from storage (at start-up).
pub fn load(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.personas().await {
            Ok(personas) => state.library.personas.set(personas),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

pub fn act(ready: Ready, action: PersonaAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let changed: Result<Personas, ChatError> = match action {
            PersonaAction::Save(persona) => runtime.service.save_persona(persona).await,
            PersonaAction::Delete(id) => runtime.service.delete_persona(&id).await,
            PersonaAction::SetDefault(id) => {
                runtime.service.set_default_persona(id.as_deref()).await
            }
        };
        match changed {
            Ok(personas) => {
                state.library.persona_error.set(None);
                state.library.personas.set(personas);
            }
            Err(err) => state
                .library
                .persona_error
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Opens "This chat" for the conversation on screen.
pub fn open_chat_settings(state: AppState) {
    state.panels.chat_settings_feedback.set(None);
    state.panels.chat_settings.set(true);
}

pub fn change_chat(ready: Ready, change: ChatSettingsChange) {
    let state = ready.state;
    let runtime = ready.runtime;
    let Some(id) = state.chat.current.get_untracked() else {
        return;
    };
    spawn_local(async move {
        let (changed, done) = match change {
            ChatSettingsChange::Persona(persona) => (
                runtime
                    .service
                    .set_conversation_persona(&id, persona.as_deref())
                    .await,
                t("notice-persona-next"),
            ),
            ChatSettingsChange::WorldBooks(ids) => (
                runtime.service.set_conversation_world_books(&id, ids).await,
                t("notice-chat-books-next"),
            ),
            ChatSettingsChange::Dictionaries(ids) => (
                runtime
                    .service
                    .set_conversation_dictionaries(&id, ids)
                    .await,
                t("notice-chat-dictionaries-next"),
            ),
            ChatSettingsChange::SystemPrompt(prompt) => (
                runtime
                    .service
                    .set_conversation_system_prompt(&id, &prompt)
                    .await,
                t("notice-chat-prompt-saved"),
            ),
        };
        match changed {
            Ok(conversation) => {
                ready.changed(Changed::Conversation(conversation.id.clone()));
                state.chat.upsert_conversation(conversation);
                state
                    .panels
                    .chat_settings_feedback
                    .set(Some(Ok(done.to_owned())));
            }
            Err(err) => state
                .panels
                .chat_settings_feedback
                .set(Some(Err(skein_components::explain(&err)))),
        }
    });
}
