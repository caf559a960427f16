//! Offline: the connection coming and going, and the questions written meanwhile. A question
//! sent while offline is saved at once and waits (`Conversation::question_to_send`); when the
//! connection returns, every waiting question is answered; the user may cancel the wait.

use crate::runtime::{runtime, start_in};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_engine::ChatAction;

/// Follows the connection; on its return, sends what waits.
pub fn watch(state: AppState) {
    let watched = skein_platform::on_connectivity_change(move |online| {
        state.online.set(online);
        if online {
            send_waiting(state);
        }
    });
    if let Err(err) = watched {
        state.banner.set(Some(format!(
            "Skein cannot tell when the connection comes and goes, so messages written offline \
             are not sent by themselves: {err}"
        )));
    }
}

/// Answers every question waiting for the connection, if there is one now.
pub fn send_waiting(state: AppState) {
    if !state.online.get_untracked() {
        return;
    }
    let waiting: Vec<_> = state.conversations.with_untracked(|list| {
        list.iter()
            .filter_map(|c| Some((c.clone(), c.question_to_send()?.to_owned())))
            .collect()
    });
    for (conversation, question) in waiting {
        if start_in(
            state,
            Some(conversation.clone()),
            ChatAction::Retry(question),
        ) {
            // On its way (the answer's write clears it in storage): a second `online` event
            // meanwhile must not send it again.
            let mut sent = conversation;
            sent.waiting_question = None;
            state.upsert_conversation(sent);
        }
    }
}

/// The question of the conversation on screen stays unanswered and stops waiting.
pub fn cancel_waiting(state: AppState) {
    let (Some(runtime), Some(conversation)) =
        (runtime(), crate::runtime::current_conversation(state))
    else {
        return;
    };
    // At once on screen, so a connection returning meanwhile does not send it.
    let mut shown = conversation.clone();
    shown.waiting_question = None;
    state.upsert_conversation(shown);
    spawn_local(async move {
        match runtime.service.cancel_waiting(&conversation).await {
            Ok(conversation) => {
                runtime.announce(&conversation.id);
                state.upsert_conversation(conversation);
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Whether the conversation on screen has a question waiting; tracked.
pub fn current_waits(state: AppState) -> bool {
    let current = state.current.get();
    state.conversations.with(|list| {
        list.iter()
            .any(|c| Some(&c.id) == current.as_ref() && c.question_to_send().is_some())
    })
}
