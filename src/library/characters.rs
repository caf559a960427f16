//! The character gallery's wiring: a card file imported as a new assistant (with the default
//! assistant's settings), a chat started with a character's greetings, edits saved, cards
//! exported as files, characters deleted. The rules are the engine's (`persona`,
//! `chat::characters`).

use crate::library::collection;
use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::CharacterAction;
use skein_engine::domain::assistant::assistant_for;
use skein_engine::Assistant;

pub fn act(ready: Ready, action: CharacterAction) {
    let state = ready.state;
    match action {
        CharacterAction::Import(input) => import(ready, input),
        CharacterAction::Chat(id) => start_chat(ready, id),
        CharacterAction::Export(id, format) => export(ready, id, format),
        CharacterAction::Delete(id) => delete(ready, id),
        CharacterAction::Save(id, card, books) => save(ready, id, *card, books),
        CharacterAction::ExportBook(id) => export_book(state, id),
    }
}

fn say(state: AppState, said: Result<String, String>) {
    collection::say(state.library.character_feedback, said);
}

fn find(state: AppState, id: &str) -> Option<Assistant> {
    state
        .library
        .assistants
        .with_untracked(|list| list.iter().find(|a| a.id == id).cloned())
}

fn import(ready: Ready, input: web_sys::HtmlInputElement) {
    let (library, service) = (ready.state.library, &ready.runtime.service);
    let imported = move |name: String, bytes: Vec<u8>| async move {
        let template = library
            .assistants
            .with_untracked(|list| assistant_for(None, list));
        let assistant = service.import_character(&bytes, &template).await?;
        let said = tf(
            "notice-character-imported",
            &[
                ("character", (&assistant.name).into()),
                ("name", (&name).into()),
            ],
        );
        Ok((assistant, said))
    };
    let put = move |assistant| library.put_assistant(assistant);
    collection::import(input, library.character_feedback, imported, put);
}

/// Starts a chat with the character: its greetings first when it has some, else an empty chat
/// with it.
pub fn start_chat(ready: Ready, id: String) {
    let state = ready.state;
    let runtime = ready.runtime;
    let Some(assistant) = find(state, &id) else {
        return;
    };
    spawn_local(async move {
        match runtime.service.start_character_chat(&assistant).await {
            Ok(Some((conversation, branch))) => {
                let conversation_id = conversation.id.clone();
                ready.changed(Changed::Conversation(conversation_id.clone()));
                state.chat.upsert_conversation(conversation);
                crate::chat::conversation::new_chat(state);
                state.library.assistant_id.set(assistant.id.clone());
                state.chat.current.set(Some(conversation_id.clone()));
                state.chat.show_branch(&conversation_id, &branch);
                crate::chat::conversation::refresh_context(ready, conversation_id);
            }
            Ok(None) => {
                crate::chat::conversation::new_chat(state);
                state.library.assistant_id.set(assistant.id.clone());
            }
            Err(err) => say(state, Err(skein_components::explain(&err))),
        }
    });
}

fn export(ready: Ready, id: String, format: skein_engine::chat::CardFormat) {
    let (state, service) = (ready.state, &ready.runtime.service);
    let Some(assistant) = find(state, &id) else {
        return;
    };
    collection::export(
        state.library.character_feedback,
        async move { service.export_character(&assistant, format).await },
        |err| tf("notice-card-export-failed", &[("err", err.into())]),
    );
}

fn export_book(state: AppState, id: String) {
    let Some(assistant) = find(state, &id) else {
        return;
    };
    let said = match skein_engine::chat::world_books::export_own_book(&assistant) {
        Some(file) => collection::download(&file),
        None => Err(tf(
            "notice-no-own-book",
            &[("name", (&assistant.name).into())],
        )),
    };
    say(state, said);
}

fn save(
    ready: Ready,
    id: String,
    card: skein_engine::persona::card::CharacterCard,
    world_books: Vec<String>,
) {
    let (library, service) = (ready.state.library, &ready.runtime.service);
    let Some(mut assistant) = find(ready.state, &id) else {
        return;
    };
    assistant.world_book_ids = world_books;
    assistant.name = card.name.clone();
    assistant.character = Some(Box::new(card));
    let saved = async move {
        service.save_assistant(&assistant).await?;
        let said = tf("notice-saved-name", &[("name", (&assistant.name).into())]);
        Ok((assistant, said))
    };
    let put = move |assistant| library.put_assistant(assistant);
    collection::change(library.character_feedback, saved, put);
}

fn delete(ready: Ready, id: String) {
    let (library, service) = (ready.state.library, &ready.runtime.service);
    let Some(assistant) = find(ready.state, &id) else {
        return;
    };
    if !crate::page::confirm::confirm(&tf(
        "confirm-delete-character",
        &[("name", (&assistant.name).into())],
    )) {
        return;
    }
    let deleted = async move {
        service.delete_assistant(&id).await?;
        let said = tf("notice-deleted-name", &[("name", (&assistant.name).into())]);
        Ok((id, said))
    };
    let put = move |id: String| {
        library
            .assistants
            .update(|list| list.retain(|a| a.id != id));
        if library.assistant_id.get_untracked() == id {
            library.assistant_id.set(Assistant::default().id);
        }
    };
    collection::change(library.character_feedback, deleted, put);
}
