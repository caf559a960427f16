//! A chat action from start to end: the checks before it starts (a provider set, nothing
//! generating there), the turn run by the module that writes answers
//! (`src/chat/generation.rs`), and what the screen keeps of its outcome (a failure for the
//! banner's retry, the question given back when it never reached storage).

use crate::chat::sink::UiSink;
use crate::runtime::Ready;
use crate::runtime::Turn;
use crate::state::Failure;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_engine::prompt::OutputChannel;
use skein_engine::{CancelToken, ChatAction, Conversation, MessageNode, TurnContext, UserInput};

/// Retries the failed answer the banner shows.
pub fn retry(ready: Ready) {
    let Some(failure) = ready.state.chat.failure.get_untracked() else {
        return;
    };
    start(ready, failure.retry);
}

/// Starts sending `text`. Returns `false` (and explains why) when it cannot start, so the
/// composer keeps the text.
pub fn send(ready: Ready, input: UserInput) -> bool {
    start(ready, ChatAction::Send(input))
}

/// Starts a generation in the conversation on screen. Returns `false` (and explains why) when
/// it cannot start.
pub fn start(ready: Ready, action: ChatAction) -> bool {
    start_in(ready, ready.state.chat.on_screen(), action)
}

/// Starts `action` in the current conversation with `model` in place of the provider
/// settings' model, for this generation only (regenerate with another model).
pub fn start_with_model(ready: Ready, action: ChatAction, model: String) -> bool {
    start_as(ready, ready.state.chat.on_screen(), action, Some(model))
}

/// Starts a generation in `conversation` (a new one when `None`, for a new question). While
/// the browser is offline a new question is saved and waits for the connection instead
/// ([`crate::chat::offline`]).
pub fn start_in(ready: Ready, conversation: Option<Conversation>, action: ChatAction) -> bool {
    start_as(ready, conversation, action, None)
}

fn start_as(
    ready: Ready,
    conversation: Option<Conversation>,
    action: ChatAction,
    model: Option<String>,
) -> bool {
    let state = ready.state;
    let mut settings = state.settings.provider.get_untracked();
    if let Some(model) = model {
        settings.model = model;
    }
    if let Err(err) = settings.validate() {
        state
            .shell
            .banner
            .set(Some(skein_components::explain(&err)));
        state
            .shell
            .settings_section
            .set(skein_components::SettingsSection::Providers);
        state.shell.show_settings.set(true);
        return false;
    }
    if conversation
        .as_ref()
        .is_some_and(|c| state.chat.is_generating(&c.id))
    {
        return false;
    }
    if conversation.is_none() && !matches!(action, ChatAction::Send(_)) {
        return false;
    }
    // The conversation's own assistant; a new chat gets the one chosen for it.
    let assistant = conversation.as_ref().map_or_else(
        || state.library.assistant_untracked(),
        |c| state.library.assistant_of(c),
    );
    // A new chat is temporary when the user chose so on it.
    let temporary = conversation.is_none() && state.chat.temporary_next.get_untracked();
    state.shell.banner.set(None);
    state.chat.failure.set(None);
    let offline = !state.shell.online.get_untracked();
    state.chat.actions_running.update(|n| *n += 1);
    spawn_local(async move {
        match crate::chat::generation::load(ready).await {
            Ok(generation) => {
                (generation.run)(Turn {
                    ready,
                    conversation,
                    action,
                    settings,
                    assistant,
                    temporary,
                    offline,
                })
                .await;
            }
            Err(_) => could_not_load(ready, conversation, action),
        }
        crate::page::storage::ask_for_persistence(ready);
        state.chat.actions_running.update(|n| *n -= 1);
    });
    true
}

/// The code that writes answers could not be fetched: nothing happened, and what the user
/// typed or what was waiting is back where it was.
fn could_not_load(ready: Ready, conversation: Option<Conversation>, action: ChatAction) {
    let state = ready.state;
    match action {
        ChatAction::Send(input) => state.chat.draft.restore(input),
        // A question that waited for the connection waits again (it never left storage).
        ChatAction::Retry(_) => {
            if let Some(conversation) = conversation {
                state.chat.upsert_conversation(conversation);
            }
        }
        _ => {}
    }
    state
        .shell
        .banner
        .set(Some(t("notice-generation-load-failed").to_owned()));
}

/// Stops the generation of the conversation on screen, keeping what has arrived.
pub fn stop(ready: Ready) {
    if let Some(id) = ready.state.chat.current.get_untracked() {
        // The engine knows which generation runs in each conversation.
        ready.runtime.service.stop(&id);
    }
}

/// Runs a turn to its end (in the module that writes answers).
pub async fn run_turn(turn: Turn) {
    let (ready, state) = (turn.ready, turn.ready.state);
    let cancel = CancelToken::new();
    let sink = UiSink::new(ready);
    let context = TurnContext {
        settings: &turn.settings,
        assistant: &turn.assistant,
        cancel: &cancel,
        sink: &sink,
        temporary: turn.temporary,
        channel: OutputChannel::Markdown,
    };
    let service = &ready.runtime.service;
    let result = match turn.action.clone() {
        // The engine decides whether the provider can answer offline (a local server) or
        // the question waits for the connection.
        ChatAction::Send(input) if turn.offline => {
            service
                .send_while_offline(turn.conversation, input, &context)
                .await
        }
        // The engine runs the action, then the title and suggestions (seed 000 §9).
        action => service.run(turn.conversation, action, &context).await,
    };
    sink.generation_ended();
    match &result {
        Ok(reply) if reply.role == skein_engine::Role::Assistant => {
            note_failure(ready, reply);
            crate::chat::conversation::refresh_context(ready, reply.conversation_id.clone());
        }
        Ok(_) => {}
        Err(err) => {
            // Nothing the user typed is lost: if it never reached storage, it goes back
            // into the (still empty) composer.
            if let ChatAction::Send(input) = turn.action {
                if !sink.user_message_saved() {
                    state.chat.draft.restore(input);
                }
            }
            state
                .shell
                .banner
                .set(Some(skein_components::explain(&err)));
        }
    }
}

/// Remembers a failed answer for the banner (the kind, the message, what retry means).
fn note_failure(ready: Ready, reply: &MessageNode) {
    let Some(kind) = reply.error_kind else {
        return;
    };
    let Some(retry) = ChatAction::retry_for(reply) else {
        return;
    };
    ready.state.chat.failure.set(Some(Failure {
        conversation_id: reply.conversation_id.clone(),
        kind,
        message: skein_components::error_of(reply)
            .unwrap_or_else(|| t("notice-answer-failed").to_owned()),
        retry,
    }));
}
