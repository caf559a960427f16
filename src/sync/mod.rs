//! Sync across devices in the app: the schedule's timers. When rounds run is the engine's rule
//! (`skein_engine::sync::schedule`): this tells it what happened and does what it says (start
//! the minute's timer, wake it later, run a round). The code that syncs (the protocol, the key
//! derivation, the cipher) is its own module (`src/sync/rounds.rs`, split point
//! `src/split/sync.rs`), loaded at start only where sync is set up (a flag in `localStorage`
//! says so before storage is read), or when the user opens the Sync settings.

pub mod rounds;

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::SyncAction;
use skein_engine::sync::schedule::EVERY_MS;
use skein_engine::sync::{Conditions, Round, SyncEvent};
use std::time::Duration;

/// The `localStorage` key that says "on" while sync is set up in this storage (an embedded
/// chat keeps its own storage, and its own flag).
pub fn flag() -> String {
    format!("skein.sync.{}", crate::page::embedded::database_name())
}

pub fn is_on() -> bool {
    skein_platform::read_local(&flag()).as_deref() == Some("on")
}

/// Tells the schedule what happened and carries out its plan; a round it asks for runs in the
/// background.
pub fn on(ready: Ready, event: SyncEvent) {
    if let Some(round) = plan(ready, event) {
        spawn_local(async move {
            // The code that syncs: where it cannot be fetched, the round does not run (the
            // schedule is free again when `round` drops).
            if let Ok(module) = (ready.runtime.modules.sync)().await {
                (module.round)(ready, round).await;
            }
        });
    }
}

/// Tells the schedule what happened, starts the timers and wake-ups it asks for, and hands
/// back the round to run now, if any.
pub fn plan(ready: Ready, event: SyncEvent) -> Option<Round> {
    let now = Conditions {
        sync_on: is_on(),
        streaming: ready.runtime.service.is_streaming(),
    };
    let plan = ready.runtime.sync.on(event, now);
    if plan.start_timers {
        start_timers(ready);
    }
    if let Some(wait) = plan.wake_after_ms {
        set_timeout(
            move || on(ready, SyncEvent::Woken),
            Duration::from_millis(wait as u64),
        );
    }
    plan.round
}

/// The minute's timer, and the connection coming back.
fn start_timers(ready: Ready) {
    fn tick(ready: Ready) {
        set_timeout(
            move || {
                on(ready, SyncEvent::Minute);
                tick(ready);
            },
            Duration::from_millis(EVERY_MS as u64),
        );
    }
    tick(ready);
    let _ = skein_platform::on_connectivity_change(move |online| {
        if online {
            on(ready, SyncEvent::Online);
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
