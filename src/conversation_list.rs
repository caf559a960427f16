//! Actions on the conversation list: search (titles at once, message text from storage,
//! debounced), rename, and delete with a few seconds to undo.
//!
//! A deletion is carried out only when its undo window closes (or the tab is hidden, which may
//! be the last moment the page runs): undo just puts the conversation back, with nothing to
//! restore.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::store::pending_deletions::PendingDeletions;
use skein_engine::{Clock, Conversation};
use skein_platform::BrowserClock;
use std::cell::RefCell;
use std::collections::HashMap;

/// How long a deletion can be undone.
const UNDO_WINDOW_MS: f64 = 8_000.0;
/// Typing pause before message text is searched.
const SEARCH_DEBOUNCE_MS: f64 = 200.0;
/// Most conversations a text search lists.
const SEARCH_LIMIT: usize = 50;

thread_local! {
    /// Conversations deleted from the list whose deletion has not been carried out yet (the
    /// engine's rules: [`PendingDeletions`]).
    static PENDING_DELETES: RefCell<PendingDeletions<Conversation>> = RefCell::default();
    /// Increases with each keystroke in the search box: a slower, older search never
    /// overwrites a newer one.
    static SEARCH_GENERATION: std::cell::Cell<u64> = const { std::cell::Cell::new(0) };
}

/// Runs the message-text search for the current query, after a short pause in typing.
pub fn search_changed(state: AppState) {
    let generation = SEARCH_GENERATION.with(|g| {
        g.set(g.get() + 1);
        g.get()
    });
    let query = state.search.get_untracked();
    if query.trim().is_empty() {
        state.search_hits.set(HashMap::new());
        return;
    }
    spawn_local(async move {
        BrowserClock.sleep(SEARCH_DEBOUNCE_MS).await;
        let still_current = || SEARCH_GENERATION.with(|g| g.get() == generation);
        let Some(runtime) = runtime() else { return };
        if !still_current() {
            return;
        }
        match runtime.service.search_messages(&query, SEARCH_LIMIT).await {
            Ok(hits) if still_current() => state.search_hits.set(
                hits.into_iter()
                    .map(|hit| (hit.conversation_id, hit.snippet))
                    .collect(),
            ),
            Ok(_) => {}
            Err(err) => state.banner.set(Some(tf(
                "notice-search-failed",
                &[("err", skein_components::explain(&err).into())],
            ))),
        }
    });
}

/// Gives a conversation the user's own title (generated titles no longer replace it).
pub fn rename(state: AppState, id: String, title: String) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        match runtime.service.rename_conversation(&id, &title).await {
            Ok(renamed) => {
                runtime.announce(&renamed.id);
                crate::sync::soon(state);
                state.conversations.update(|list| {
                    if let Some(c) = list.iter_mut().find(|c| c.id == renamed.id) {
                        *c = renamed;
                    }
                });
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Takes a conversation off the list now and deletes it when the undo window closes.
pub fn delete_with_undo(state: AppState, id: String) {
    if state.is_generating(&id) {
        return;
    }
    let Some(conversation) = state.conversation(&id) else {
        return;
    };
    state
        .conversations
        .update(|list| list.retain(|c| c.id != id));
    if state.is_current(&id) {
        crate::runtime::new_chat(state);
    }
    state
        .undo
        .set(Some((id.clone(), conversation.title.clone())));
    let number = PENDING_DELETES.with(|p| p.borrow_mut().open(&id, conversation));
    spawn_local(async move {
        BrowserClock.sleep(UNDO_WINDOW_MS).await;
        // Undone (and perhaps deleted again, with a window of its own): nothing to do.
        let Some(conversation) = PENDING_DELETES.with(|p| p.borrow_mut().close(&id, number)) else {
            return;
        };
        if state
            .undo
            .with_untracked(|u| u.as_ref().is_some_and(|(u, _)| *u == id))
        {
            state.undo.set(None);
        }
        carry_out(state, conversation).await;
        crate::sync::soon(state);
    });
}

/// Puts the conversation of the undo notice back.
pub fn undo(state: AppState) {
    let Some((id, _)) = state.undo.get_untracked() else {
        return;
    };
    state.undo.set(None);
    if let Some(conversation) = PENDING_DELETES.with(|p| p.borrow_mut().undo(&id)) {
        state.upsert_conversation(conversation);
    }
}

/// Carries out every pending deletion and waits for them (before an import, which may bring
/// one of them back: it must not be deleted again when its undo window closes).
pub async fn carry_out_all(state: AppState) {
    state.undo.set(None);
    for (_, conversation) in PENDING_DELETES.with(|p| p.borrow_mut().take_all()) {
        carry_out(state, conversation).await;
    }
}

/// Carries out every pending deletion now (the tab is being hidden or closed).
pub fn flush_pending_deletes(state: AppState) {
    for (_, conversation) in PENDING_DELETES.with(|p| p.borrow_mut().take_all()) {
        spawn_local(carry_out(state, conversation));
    }
}

/// Whether a conversation is deleted but still in its undo window (lists leave it out).
pub fn is_pending_delete(id: &str) -> bool {
    PENDING_DELETES.with(|p| p.borrow().contains(id))
}

/// Deletes a conversation whose undo window is over; on failure it comes back to the list.
async fn carry_out(state: AppState, conversation: Conversation) {
    let Some(runtime) = runtime() else { return };
    let id = conversation.id.as_str();
    match runtime.service.delete_conversation(id).await {
        Ok(()) => {
            runtime.announce(id);
            // Deleting frees space: see whether storage is writable again.
            if runtime.storage.health() != skein_platform::StorageHealth::Writable {
                crate::storage_notices::check_storage(state);
            }
        }
        Err(err) => {
            state.upsert_conversation(conversation);
            state.banner.set(Some(tf(
                "notice-delete-failed",
                &[("err", skein_components::explain(&err).into())],
            )));
        }
    }
}
