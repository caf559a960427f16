//! The code that syncs: a round (pull, push, what it changed shown), the changes feed that
//! makes sync live while the page is open, and what the user does in the Sync settings. It is
//! its own module with the `split` feature (`src/split/sync.rs`); `src/sync/mod.rs` says when
//! rounds run.

use crate::shell::runtime::{Changed, Ready};
use leptos::prelude::*;
use skein_components::{explain, SyncAction, SyncView};
use skein_engine::sync::{SyncError, SyncState};
use skein_engine::Clock;
use skein_platform::{random_salt, BrowserClock, CouchHttp, WebCrypto};
use std::future::Future;

/// A round no one asked for: quick, but the first of a visit and every tenth one full. None
/// while an answer streams here: a record pulled meanwhile could move the branch it streams
/// into; the round that follows each answer (`crate::sync::soon`) brings what waited.
async fn automatic_round(ready: Ready) -> bool {
    if !ready.runtime.live.borrow().is_empty() {
        return false;
    }
    let automatic = &ready.runtime.sync.automatic;
    let n = automatic.replace(automatic.get() + 1);
    run_round(ready, n.is_multiple_of(10)).await
}

/// How long one wait on the changes feed lasts before it is asked again.
const LONGPOLL_MS: u32 = 50_000;
/// The pause after a failed wait or round before the feed is asked again.
const RETRY_MS: f64 = 30_000.0;
/// The pause when a change came while a round was running.
const BUSY_MS: f64 = 1_000.0;

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
    if !ready.runtime.sync.busy.get() {
        if let Ok(pending) = runtime.service.sync_pending().await {
            state.settings.sync.update(|v| v.pending = Some(pending));
        }
    }
}

/// Waits on the server's changes feed while sync is on here, and runs a round as soon as
/// another device has written something: sync is live while the page is open.
async fn live(ready: Ready) {
    if ready.runtime.sync.live.replace(true) {
        return;
    }
    let runtime = ready.runtime;
    loop {
        let Ok(stored) = runtime.service.sync_state().await else {
            break;
        };
        let Some(setup) = stored.setup.filter(|s| !s.paused) else {
            break;
        };
        let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
        let went_through = match runtime.service.sync_wait(&db, LONGPOLL_MS).await {
            Ok(true) => automatic_round(ready).await,
            Ok(false) => true,
            Err(_) => false,
        };
        if !went_through {
            // A round already running will take the change, or the next one shortly; a failure
            // waits longer before the feed is asked again.
            let pause = if ready.runtime.sync.busy.get() {
                BUSY_MS
            } else {
                RETRY_MS
            };
            BrowserClock.sleep(pause).await;
        }
    }
    ready.runtime.sync.live.set(false);
}

pub async fn round(ready: Ready) {
    automatic_round(ready).await;
}

/// One round; whether it ran and went through (not busy, off, offline or failed). `full` reads
/// every message for the push (`skein_engine::sync::record::local_changes`).
async fn run_round(ready: Ready, full: bool) -> bool {
    let state = ready.state;
    let runtime = ready.runtime;
    if ready.runtime.sync.busy.replace(true) {
        return false;
    }
    let stored = match runtime.service.sync_state().await {
        Ok(stored) => stored,
        Err(error) => {
            ready.runtime.sync.busy.set(false);
            show_error(state, &error);
            return false;
        }
    };
    show_state(state, &stored);
    let Some(setup) = stored.setup.filter(|s| !s.paused) else {
        ready.runtime.sync.busy.set(false);
        return false;
    };
    if !skein_platform::is_online() {
        ready.runtime.sync.busy.set(false);
        return false;
    }
    state.settings.sync.update(|v| {
        v.busy = true;
        v.progress = None;
    });
    let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
    let result = runtime
        .service
        .sync_round(&db, &WebCrypto, full, &mut |progress| {
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
            show_changes(ready, changed).await;
            // From now on, what other devices write arrives as they write it.
            leptos::task::spawn_local(live(ready));
        }
        Err(error) => {
            show_error(state, &error);
            // What was applied before the error is here: the screen reads it again.
            if let Ok(list) = runtime.service.list_conversations().await {
                state.chat.conversations.set(listed(state, list));
            }
        }
    }
    state.settings.sync.update(|v| {
        v.busy = false;
        v.progress = None;
        v.rounds += 1;
    });
    ready.runtime.sync.busy.set(false);
    went_through
}

/// The stored conversations the list shows: a chat in its undo window stays off it.
fn listed(
    state: crate::state::AppState,
    list: Vec<skein_engine::Conversation>,
) -> Vec<skein_engine::Conversation> {
    list.into_iter()
        .filter(|c| !state.chat.is_pending_delete(&c.id))
        .collect()
}

/// Reads the conversation list again, and the conversation on screen if a round changed it;
/// tells the other tabs.
async fn show_changes(ready: Ready, changed: Vec<String>) {
    let state = ready.state;
    let runtime = ready.runtime;
    if changed.is_empty() {
        return;
    }
    match runtime.service.list_conversations().await {
        Ok(list) => {
            let current = state.chat.current.get_untracked();
            let list = listed(state, list);
            let gone = current
                .as_ref()
                .is_some_and(|id| !list.iter().any(|c| &c.id == id));
            state.chat.conversations.set(list);
            if gone {
                // Deleted on another device: the chat area empties, whatever screen is open.
                state.chat.clear_screen();
            } else if let Some(id) = current.filter(|id| changed.contains(id)) {
                crate::chat::conversation::reload(ready, id);
            }
        }
        Err(error) => state.shell.banner.set(Some(explain(&error))),
    }
    for id in changed {
        ready.changed(Changed::Conversation(id));
    }
}

/// Runs a change of the stored setup when no round is running (a round saves its state as it
/// goes, and would save over the change: a round ending after "Stop syncing" would turn sync
/// back on).
async fn exclusive<T>(ready: Ready, change: impl Future<Output = T>) -> T {
    while ready.runtime.sync.busy.replace(true) {
        BrowserClock.sleep(BUSY_MS / 4.0).await;
    }
    let done = change.await;
    ready.runtime.sync.busy.set(false);
    done
}

pub async fn act(ready: Ready, action: SyncAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    let service = &runtime.service;
    match action {
        SyncAction::Connect(connect) => {
            if ready.runtime.sync.busy.replace(true) {
                return;
            }
            state.settings.sync.set(SyncView {
                busy: true,
                ..SyncView::default()
            });
            let db = CouchHttp::new(&connect.url, &connect.username, &connect.password);
            let result = service
                .sync_connect(&db, &WebCrypto, connect, random_salt())
                .await;
            state.settings.sync.update(|v| v.busy = false);
            ready.runtime.sync.busy.set(false);
            match result {
                Ok(stored) => {
                    show_state(state, &stored);
                    crate::sync::schedule(ready);
                    run_round(ready, true).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::Scope(scope) => match exclusive(ready, service.sync_scope(scope)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                run_round(ready, true).await;
            }
        },
        SyncAction::TakeOther(area) => {
            match exclusive(ready, service.sync_take_other_settings(area)).await {
                Ok(stored) => {
                    show_state(state, &stored);
                    ready.changed(Changed::Settings);
                    run_round(ready, true).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::SyncNow => {
            run_round(ready, true).await;
        }
        SyncAction::Pause(paused) => match exclusive(ready, service.sync_pause(paused)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                if !paused {
                    run_round(ready, true).await;
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
