//! Actions on the conversation list: search (titles at once, message text from storage,
//! debounced), rename, and delete with a few seconds to undo.
//!
//! A deletion is carried out only when its undo window closes (or the tab is hidden, which may
//! be the last moment the page runs): undo just puts the conversation back, with nothing to
//! restore.

use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::{Clock, Conversation};
use skein_platform::BrowserClock;
use std::collections::HashMap;

/// How long a deletion can be undone.
const UNDO_WINDOW_MS: f64 = 8_000.0;
/// Typing pause before message text is searched.
const SEARCH_DEBOUNCE_MS: f64 = 200.0;
/// Most conversations a text search lists.
const SEARCH_LIMIT: usize = 50;

/// Runs the message-text search for the current query, after a short pause in typing.
pub fn search_changed(ready: Ready) {
    let state = ready.state;
    let searches = state.chat.search_generation;
    searches.update_value(|g| *g += 1);
    let generation = searches.get_value();
    let query = state.chat.search.get_untracked();
    if query.trim().is_empty() {
        state.chat.search_hits.set(HashMap::new());
        return;
    }
    spawn_local(async move {
        BrowserClock.sleep(SEARCH_DEBOUNCE_MS).await;
        let still_current = move || searches.get_value() == generation;
        let runtime = ready.runtime;
        if !still_current() {
            return;
        }
        match runtime.service.search_messages(&query, SEARCH_LIMIT).await {
            Ok(hits) if still_current() => state.chat.search_hits.set(
                hits.into_iter()
                    .map(|hit| (hit.conversation_id, hit.snippet))
                    .collect(),
            ),
            Ok(_) => {}
            Err(err) => state.shell.banner.set(Some(tf(
                "notice-search-failed",
                &[("err", skein_components::explain(&err).into())],
            ))),
        }
    });
}

/// Gives a conversation the user's own title (generated titles no longer replace it).
pub fn rename(ready: Ready, id: String, title: String) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.rename_conversation(&id, &title).await {
            Ok(renamed) => {
                ready.changed(Changed::Stored(renamed.id.clone()));
                state.chat.conversations.update(|list| {
                    if let Some(c) = list.iter_mut().find(|c| c.id == renamed.id) {
                        *c = renamed;
                    }
                });
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Takes a conversation off the list now and deletes it when the undo window closes.
pub fn delete_with_undo(ready: Ready, id: String) {
    let state = ready.state;
    if state.chat.is_generating(&id) {
        return;
    }
    let Some(conversation) = state.chat.conversation(&id) else {
        return;
    };
    state
        .chat
        .conversations
        .update(|list| list.retain(|c| c.id != id));
    if state.chat.is_current(&id) {
        crate::chat::conversation::new_chat(state);
    }
    state
        .chat
        .undo
        .set(Some((id.clone(), conversation.title.clone())));
    let number = state
        .chat
        .with_pending_deletes(|p| p.open(&id, conversation));
    spawn_local(async move {
        BrowserClock.sleep(UNDO_WINDOW_MS).await;
        // Undone (and perhaps deleted again, with a window of its own): nothing to do.
        let Some(conversation) = state.chat.with_pending_deletes(|p| p.close(&id, number)) else {
            return;
        };
        if state
            .chat
            .undo
            .with_untracked(|u| u.as_ref().is_some_and(|(u, _)| *u == id))
        {
            state.chat.undo.set(None);
        }
        carry_out(ready, conversation).await;
    });
}

/// Puts the conversation of the undo notice back.
pub fn undo(state: AppState) {
    let Some((id, _)) = state.chat.undo.get_untracked() else {
        return;
    };
    state.chat.undo.set(None);
    if let Some(conversation) = state.chat.with_pending_deletes(|p| p.undo(&id)) {
        state.chat.upsert_conversation(conversation);
    }
}

/// Carries out every pending deletion and waits for them (before an import, which may bring
/// one of them back: it must not be deleted again when its undo window closes).
pub async fn carry_out_all(ready: Ready) {
    let state = ready.state;
    state.chat.undo.set(None);
    for (_, conversation) in state.chat.with_pending_deletes(|p| p.take_all()) {
        carry_out(ready, conversation).await;
    }
}

/// Carries out every pending deletion now (the tab is being hidden or closed).
pub fn flush_pending_deletes(ready: Ready) {
    let state = ready.state;
    for (_, conversation) in state.chat.with_pending_deletes(|p| p.take_all()) {
        spawn_local(carry_out(ready, conversation));
    }
}

/// Deletes a conversation whose undo window is over; on failure it comes back to the list.
async fn carry_out(ready: Ready, conversation: Conversation) {
    let state = ready.state;
    let runtime = ready.runtime;
    let id = conversation.id.as_str();
    match runtime.service.delete_conversation(id).await {
        Ok(()) => {
            ready.changed(Changed::Stored(conversation.id.clone()));
            // Deleting frees space: see whether storage is writable again.
            if runtime.storage.health() != skein_platform::StorageHealth::Writable {
                crate::page::storage::check_storage(ready);
            }
        }
        Err(err) => {
            state.chat.upsert_conversation(conversation);
            state.shell.banner.set(Some(tf(
                "notice-delete-failed",
                &[("err", skein_components::explain(&err).into())],
            )));
        }
    }
}

/// Conversations `ids` changed elsewhere (another tab, another device): the list is read again
/// (a chat in its undo window here stays off it), and the conversation on screen too when it
/// is one of them, whatever screen is open (unless it generates here, where this tab is the
/// writer). Deleted there, the chat area empties.
pub async fn read_again(ready: Ready, ids: Vec<String>) {
    let state = ready.state;
    match ready.runtime.service.list_conversations().await {
        Ok(list) => {
            let list: Vec<Conversation> = list
                .into_iter()
                .filter(|c| !state.chat.is_pending_delete(&c.id))
                .collect();
            let current = state.chat.current.get_untracked();
            let gone = current
                .as_ref()
                .is_some_and(|id| !list.iter().any(|c| &c.id == id));
            state.chat.conversations.set(list);
            if gone {
                state.chat.clear_screen();
            } else if let Some(id) = current.filter(|id| ids.contains(id)) {
                crate::chat::conversation::reload(ready, id);
            }
        }
        Err(err) => state
            .shell
            .banner
            .set(Some(skein_components::explain(&err))),
    }
}
