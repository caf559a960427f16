//! Sync across devices in the app: when rounds run. The code that syncs (the protocol, the
//! key derivation, the cipher) is its own module (`src/sync/rounds.rs`), loaded at start only
//! where sync is set up (a flag in `localStorage` says so before storage is read), or when the
//! user opens the Sync settings.
//!
//! A round runs at start, every minute while the page is open, a few seconds after an answer
//! ends, and when the connection comes back; one at a time.

pub mod rounds;

use crate::shell::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::SyncAction;
use std::time::Duration;

/// The `localStorage` key that says "on" while sync is set up in this storage (an embedded
/// chat keeps its own storage, and its own flag).
pub fn flag() -> String {
    format!("skein.sync.{}", crate::shell::embedded::database_name())
}
const EVERY: Duration = Duration::from_secs(60);
const AFTER_ANSWER: Duration = Duration::from_secs(3);

pub fn is_on() -> bool {
    skein_platform::read_local(&flag()).as_deref() == Some("on")
}

/// At start: where sync is set up, a first round and the schedule.
pub fn start(ready: Ready) {
    if is_on() {
        round(ready);
        schedule(ready);
    }
}

/// Every minute, and when the connection returns, while sync is on.
pub fn schedule(ready: Ready) {
    if ready.runtime.sync.scheduled.replace(true) {
        return;
    }
    fn tick(ready: Ready) {
        set_timeout(
            move || {
                if is_on() {
                    round(ready);
                }
                tick(ready);
            },
            EVERY,
        );
    }
    tick(ready);
    let _ = skein_platform::on_connectivity_change(move |online| {
        if online && is_on() {
            round(ready);
        }
    });
}

/// A round a few seconds from now (an answer just ended), if sync is on.
pub fn soon(ready: Ready) {
    if !is_on() || ready.runtime.sync.soon.replace(true) {
        return;
    }
    set_timeout(
        move || {
            ready.runtime.sync.soon.set(false);
            round(ready);
        },
        AFTER_ANSWER,
    );
}

/// One round now.
pub fn round(ready: Ready) {
    spawn_local(async move {
        if let Ok(module) = (ready.runtime.modules.sync)().await {
            (module.round)(ready).await;
        }
    });
}

/// The Sync settings opened: what is stored, shown.
pub fn show(ready: Ready) {
    spawn_local(async move {
        match (ready.runtime.modules.sync)().await {
            Ok(module) => (module.refresh)(ready).await,
            Err(_) => ready.state.settings.sync.update(|v| {
                v.error = Some(skein_components::t("notice-sync-load-failed").to_owned());
            }),
        }
    });
}

/// What the user did in the Sync settings.
pub fn act(ready: Ready, action: SyncAction) {
    spawn_local(async move {
        match (ready.runtime.modules.sync)().await {
            Ok(module) => (module.act)(ready, action).await,
            Err(_) => ready.state.settings.sync.update(|v| {
                v.error = Some(skein_components::t("notice-sync-load-failed").to_owned());
            }),
        }
    });
}
