//! Sync across devices in the app: when rounds run. The code that syncs (the protocol, the
//! key derivation, the cipher) is its own module (`src/lazy_sync.rs`), loaded at start only
//! where sync is set up (a flag in `localStorage` says so before storage is read), or when the
//! user opens the Sync settings.
//!
//! A round runs at start, every minute while the page is open, a few seconds after an answer
//! ends, and when the connection comes back; one at a time.

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::SyncAction;
use std::cell::Cell;
use std::time::Duration;

/// The `localStorage` key that says "on" while sync is set up in this storage (an embedded
/// chat keeps its own storage, and its own flag).
pub fn flag() -> String {
    format!("skein.sync.{}", crate::embedded::database_name())
}
const EVERY: Duration = Duration::from_secs(60);
const AFTER_ANSWER: Duration = Duration::from_secs(3);

thread_local! {
    /// The periodic rounds are scheduled (once per page).
    static SCHEDULED: Cell<bool> = const { Cell::new(false) };
    /// A round is due soon (after an answer): later requests join it.
    static SOON: Cell<bool> = const { Cell::new(false) };
}

pub fn is_on() -> bool {
    skein_platform::read_local(&flag()).as_deref() == Some("on")
}

/// At start: where sync is set up, a first round and the schedule.
pub fn start(state: AppState) {
    if is_on() {
        round(state);
        schedule(state);
    }
}

/// Every minute, and when the connection returns, while sync is on.
pub fn schedule(state: AppState) {
    if SCHEDULED.with(|s| s.replace(true)) {
        return;
    }
    fn tick(state: AppState) {
        set_timeout(
            move || {
                if is_on() {
                    round(state);
                }
                tick(state);
            },
            EVERY,
        );
    }
    tick(state);
    let _ = skein_platform::on_connectivity_change(move |online| {
        if online && is_on() {
            round(state);
        }
    });
}

/// A round a few seconds from now (an answer just ended), if sync is on.
pub fn soon(state: AppState) {
    if !is_on() || SOON.with(|s| s.replace(true)) {
        return;
    }
    set_timeout(
        move || {
            SOON.with(|s| s.set(false));
            round(state);
        },
        AFTER_ANSWER,
    );
}

/// One round now.
pub fn round(state: AppState) {
    spawn_local(async move {
        if let Ok(module) = crate::lazy_sync::load().await {
            (module.round)(state).await;
        }
    });
}

/// The Sync settings opened: what is stored, shown.
pub fn show(state: AppState) {
    spawn_local(async move {
        match crate::lazy_sync::load().await {
            Ok(module) => (module.refresh)(state).await,
            Err(_) => state.sync.update(|v| {
                v.error = Some(skein_components::t("notice-sync-load-failed").to_owned());
            }),
        }
    });
}

/// What the user did in the Sync settings.
pub fn act(state: AppState, action: SyncAction) {
    spawn_local(async move {
        match crate::lazy_sync::load().await {
            Ok(module) => (module.act)(state, action).await,
            Err(_) => state.sync.update(|v| {
                v.error = Some(skein_components::t("notice-sync-load-failed").to_owned());
            }),
        }
    });
}
