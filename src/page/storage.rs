//! What the app says and does about storage: the standing notice when writing is impossible
//! (full, closed for another tab's upgrade, waiting for other tabs), the write probe after the
//! user freed space (which also saves answers kept in memory meanwhile), and the usage figures.

use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_platform::StorageHealth;

/// Shows (or clears) the standing storage notice; a full storage also refreshes the figures.
pub(crate) fn storage_health_changed(state: AppState, health: &StorageHealth) {
    use skein_components::StorageAlert;
    let alert = match health {
        StorageHealth::Writable => None,
        StorageHealth::Full(_) => Some(StorageAlert::Full),
        StorageHealth::ClosedForUpgrade => Some(StorageAlert::Upgraded),
        StorageHealth::WaitingForOtherTabs => Some(StorageAlert::WaitingForOtherTabs),
    };
    if matches!(health, StorageHealth::Full(_)) {
        spawn_local(refresh_storage(state));
    }
    state.shell.storage_alert.set(alert);
}

/// After the user freed space: tries a small write; the notice goes if it worked.
pub fn check_storage(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        // The outcome reaches the notice through the store's health listener.
        if runtime.storage.probe_write().await.is_ok() {
            save_unsaved(ready).await;
        }
        refresh_storage(state).await;
    });
}

/// Saves the answers kept in memory while storage was full (the engine's rule: in order, the
/// first failure keeps the rest).
async fn save_unsaved(ready: Ready) {
    let outcome = ready.runtime.service.save_kept_answers().await;
    for conversation in outcome.saved {
        ready.changed(Changed::Conversation(conversation.id.clone()));
        ready.state.chat.upsert_conversation(conversation);
    }
    if let Some(err) = outcome.error {
        ready.state.shell.banner.set(Some(tf(
            "notice-answer-unsaved",
            &[("err", skein_components::explain(&err).into())],
        )));
    }
}

/// Reloads the page (after another tab upgraded storage).
pub fn reload() {
    if let Some(window) = web_sys::window() {
        let _ = window.location().reload();
    }
}

/// Reads usage, quota and persistence.
pub async fn refresh_storage(state: AppState) {
    let status = skein_platform::storage_status().await;
    state
        .shell
        .storage
        .set(Some(skein_components::StorageFigures {
            usage_bytes: status.usage_bytes,
            quota_bytes: status.quota_bytes,
            persisted: status.persisted,
        }));
}

/// Asks the browser to keep Skein's storage (not clear it under storage pressure) once there
/// is something to keep (`skein_engine::domain::persistence_request`), then shows the answer.
pub fn ask_for_persistence(ready: Ready) {
    let state = ready.state;
    let saved = state.chat.conversations.with_untracked(Vec::len);
    let persisted = state
        .shell
        .storage
        .get_untracked()
        .and_then(|s| s.persisted);
    let asked = ready.runtime.persistence_asked.get();
    if !skein_engine::domain::persistence_request::should_ask(saved, persisted, asked) {
        return;
    }
    ready.runtime.persistence_asked.set(true);
    spawn_local(async move {
        let _ = skein_platform::request_persistent_storage().await;
        refresh_storage(state).await;
    });
}
