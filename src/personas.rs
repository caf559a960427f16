//! Personas and "This chat": the user's personas saved through the engine (which refuses a
//! nameless one), and the chat on screen's own persona and system prompt.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_components::{ChatSettingsChange, PersonaAction};
use skein_engine::persona::user_persona::Personas;
use skein_engine::ChatError;

/// Reads the personas from storage (at start-up).
pub fn load(state: AppState) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.personas().await {
            Ok(personas) => state.personas.set(personas),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

pub fn act(state: AppState, action: PersonaAction) {
    let Some(runtime) = runtime() else { return };
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
                state.persona_error.set(None);
                state.personas.set(personas);
            }
            Err(err) => state
                .persona_error
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Opens "This chat" for the conversation on screen.
pub fn open_chat_settings(state: AppState) {
    state.chat_settings_feedback.set(None);
    state.chat_settings.set(true);
}

pub fn change_chat(state: AppState, change: ChatSettingsChange) {
    let (Some(runtime), Some(id)) = (runtime(), state.current.get_untracked()) else {
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
                runtime.announce(&conversation.id);
                state.upsert_conversation(conversation);
                state.chat_settings_feedback.set(Some(Ok(done.to_owned())));
            }
            Err(err) => state
                .chat_settings_feedback
                .set(Some(Err(skein_components::explain(&err)))),
        }
    });
}
