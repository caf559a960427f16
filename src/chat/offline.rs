//! Offline: the connection coming and going, and the questions written meanwhile. A question
//! sent while offline is saved at once and waits (`Conversation::question_to_send`); when the
//! connection returns, every waiting question is answered; the user may cancel the wait.

use crate::chat::turns::start_in;
use crate::runtime::{Changed, Engine, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::ChatAction;

/// Follows the connection; on its return, sends what waits.
pub fn watch(engine: Engine) {
    let state = engine.state;
    let watched = skein_platform::on_connectivity_change(move |online| {
        state.shell.online.set(online);
        if online {
            engine.if_ready(send_waiting);
        }
    });
    if let Err(err) = watched {
        state.shell.banner.set(Some(tf(
            "notice-connectivity-unwatched",
            &[("err", err.to_string().into())],
        )));
    }
}

/// Answers every question waiting for the connection, if there is one now.
pub fn send_waiting(ready: Ready) {
    let state = ready.state;
    if !state.shell.online.get_untracked() {
        return;
    }
    let waiting: Vec<_> = state.chat.conversations.with_untracked(|list| {
        list.iter()
            .filter_map(|c| Some((c.clone(), c.question_to_send()?.to_owned())))
            .collect()
    });
    for (conversation, question) in waiting {
        if start_in(
            ready,
            Some(conversation.clone()),
            ChatAction::Retry(question),
        ) {
            // On its way (the answer's write clears it in storage): a second `online` event
            // meanwhile must not send it again.
            let mut sent = conversation;
            sent.waiting_question = None;
            state.chat.upsert_conversation(sent);
        }
    }
}

/// The question of the conversation on screen stays unanswered and stops waiting.
pub fn cancel_waiting(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let Some(conversation) = state.chat.on_screen() else {
        return;
    };
    // At once on screen, so a connection returning meanwhile does not send it.
    let mut shown = conversation.clone();
    shown.waiting_question = None;
    state.chat.upsert_conversation(shown);
    spawn_local(async move {
        match runtime.service.cancel_waiting(&conversation).await {
            Ok(conversation) => {
                ready.changed(Changed::Conversation(conversation.id.clone()));
                state.chat.upsert_conversation(conversation);
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Whether the conversation on screen has a question waiting; tracked.
pub fn current_waits(state: AppState) -> bool {
    let current = state.chat.current.get();
    state.chat.conversations.with(|list| {
        list.iter()
            .any(|c| Some(&c.id) == current.as_ref() && c.question_to_send().is_some())
    })
}
