//! The code that syncs: a round (pull, push, what it changed shown), the changes feed that
//! makes sync live while the page is open, and what the user does in the Sync settings. It is
//! its own module with the `split` feature (`src/split/sync.rs`); `src/sync/mod.rs` says when
//! rounds run.

use crate::runtime::{Changed, Ready};
use leptos::prelude::*;
use skein_components::{explain, SyncAction, SyncView};
use skein_engine::sync::schedule::FEED_WAIT_MS;
use skein_engine::sync::{Round, SyncError, SyncEvent, SyncState};
use skein_engine::Clock;
use skein_platform::{random_salt, BrowserClock, CouchHttp, WebCrypto};
use std::future::Future;

/// The view of a stored state (keeping this session's figures and progress).
fn show_state(state: crate::state::AppState, stored: &SyncState) {
    skein_platform::write_local(
        &crate::sync::flag(),
        if stored.setup.is_some() { "on" } else { "off" },
    );
    state.settings.sync.update(|v| {
        v.server = stored
            .setup
            .as_ref()
            .map(|s| (s.url.clone(), s.username.clone()));
        v.paused = stored.setup.as_ref().is_some_and(|s| s.paused);
        v.scope = stored.scope();
        v.last_sync_ms = stored.last_sync_ms;
        v.conflicts = stored.conflicts.clone();
        v.settings_conflicts = stored.settings_conflicts.clone();
        if stored.setup.is_none() {
            v.report = None;
        }
    });
}

fn show_error(state: crate::state::AppState, error: &SyncError) {
    state
        .settings
        .sync
        .update(|v| v.error = Some(explain(error)));
}

pub async fn refresh(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    match runtime.service.sync_state().await {
        Ok(stored) => show_state(state, &stored),
        Err(error) => return show_error(state, &error),
    }
    // Counting reads every record: done when the settings open, not after every round.
    if !ready.runtime.sync.is_busy() {
        if let Ok(pending) = runtime.service.sync_pending().await {
            state.settings.sync.update(|v| v.pending = Some(pending));
        }
    }
}

/// Waits on the server's changes feed while sync is on here, and runs a round as soon as
/// another device has written something: sync is live while the page is open.
async fn live(ready: Ready) {
    let runtime = ready.runtime;
    let Some(_feed) = runtime.sync.begin_feed() else {
        return;
    };
    loop {
        let Ok(stored) = runtime.service.sync_state().await else {
            break;
        };
        let Some(setup) = stored.setup.filter(|s| !s.paused) else {
            break;
        };
        let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
        let went_through = match runtime.service.sync_wait(&db, FEED_WAIT_MS).await {
            Ok(true) => match crate::sync::plan(ready, SyncEvent::ChangeSeen) {
                Some(round) => run_round(ready, round).await,
                None => false,
            },
            Ok(false) => true,
            Err(_) => false,
        };
        // A round already running takes the change (a short pause); a failure waits longer
        // before the feed is asked again.
        if let Some(pause) = runtime.sync.feed_pause_ms(went_through) {
            BrowserClock.sleep(pause).await;
        }
    }
}

/// Runs `round` (the schedule's, `crate::sync`); whether it went through (not off, paused,
/// offline or failed). A full round reads every message for the push
/// (`skein_engine::sync::record::local_changes`). The schedule counts it as running until it
/// is dropped, at the end.
pub async fn run_round(ready: Ready, round: Round) -> bool {
    let (state, runtime) = (ready.state, ready.runtime);
    let stored = match runtime.service.sync_state().await {
        Ok(stored) => stored,
        Err(error) => {
            show_error(state, &error);
            return false;
        }
    };
    show_state(state, &stored);
    let Some(setup) = stored.setup.filter(|s| !s.paused) else {
        return false;
    };
    if !skein_platform::is_online() {
        return false;
    }
    state.settings.sync.update(|v| {
        v.busy = true;
        v.progress = None;
    });
    let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
    let result = runtime
        .service
        .sync_round(&db, &WebCrypto, round.full, &mut |progress| {
            state.settings.sync.update(|v| v.progress = Some(progress));
        })
        .await;
    let went_through = result.is_ok();
    match result {
        Ok((report, stored)) => {
            show_state(state, &stored);
            let changed = report.changed.clone();
            if report.settings_changed {
                ready.changed(Changed::Settings);
            }
            state.settings.sync.update(|v| {
                v.error = None;
                v.report = Some(report);
                v.pending = None;
            });
            if !changed.is_empty() {
                ready.changed(Changed::Pulled(changed));
            }
            // From now on, what other devices write arrives as they write it.
            leptos::task::spawn_local(live(ready));
        }
        Err(error) => {
            show_error(state, &error);
            // What was applied before the error is here: the list is read again.
            ready.changed(Changed::Pulled(Vec::new()));
        }
    }
    state.settings.sync.update(|v| {
        v.busy = false;
        v.progress = None;
        v.rounds += 1;
    });
    drop(round);
    went_through
}

/// Runs the round the user's action asks for (none while one runs: it takes what there is).
async fn run_asked(ready: Ready, event: SyncEvent) {
    if let Some(round) = crate::sync::plan(ready, event) {
        run_round(ready, round).await;
    }
}

/// Runs a change of the stored setup when no round is running (a round saves its state as it
/// goes, and would save over the change: a round ending after "Stop syncing" would turn sync
/// back on).
async fn exclusive<T>(ready: Ready, change: impl Future<Output = T>) -> T {
    let _busy = ready.runtime.sync.setup().await;
    change.await
}

pub async fn act(ready: Ready, action: SyncAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    let service = &runtime.service;
    match action {
        SyncAction::Connect(connect) => {
            // Skipped while a round runs (as a second press would be).
            let Some(busy) = ready.runtime.sync.try_setup() else {
                return;
            };
            state.settings.sync.set(SyncView {
                busy: true,
                ..SyncView::default()
            });
            let db = CouchHttp::new(&connect.url, &connect.username, &connect.password);
            let result = service
                .sync_connect(&db, &WebCrypto, connect, random_salt())
                .await;
            state.settings.sync.update(|v| v.busy = false);
            drop(busy);
            match result {
                Ok(stored) => {
                    show_state(state, &stored);
                    run_asked(ready, SyncEvent::Connected).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::Scope(scope) => match exclusive(ready, service.sync_scope(scope)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                run_asked(ready, SyncEvent::ScopeChanged).await;
            }
        },
        SyncAction::TakeOther(area) => {
            match exclusive(ready, service.sync_take_other_settings(area)).await {
                Ok(stored) => {
                    show_state(state, &stored);
                    ready.changed(Changed::Settings);
                    run_asked(ready, SyncEvent::TookOtherSettings).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::SyncNow => {
            run_asked(ready, SyncEvent::SyncNow).await;
        }
        SyncAction::Pause(paused) => match exclusive(ready, service.sync_pause(paused)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                if !paused {
                    run_asked(ready, SyncEvent::Resumed).await;
                }
            }
        },
        SyncAction::Forget => match exclusive(ready, service.sync_forget()).await {
            Ok(stored) => {
                state.settings.sync.set(SyncView::default());
                show_state(state, &stored);
            }
            Err(error) => show_error(state, &error),
        },
    }
}
