//! The code that syncs, loaded on first use: with the `split` feature (the web build of
//! `cargo xtask dist`), [`sync_split`] is a split point, so the replication, the Argon2id key
//! derivation and the WebCrypto cipher go into their own module (`split_sync.wasm`, precached
//! by the service worker) that a device without sync never fetches. `src/sync.rs` says when
//! rounds run.

use crate::lazy_screens::LoadFailed;
use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use skein_components::{explain, SyncAction, SyncView};
use skein_engine::sync::{SyncError, SyncState};
use skein_engine::Clock;
use skein_platform::{random_salt, BrowserClock, CouchHttp, WebCrypto};
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;

type Done = Pin<Box<dyn Future<Output = ()>>>;

/// The module's entries.
#[derive(Clone, Copy)]
pub struct SyncModule {
    /// Shows the stored state in the Sync settings.
    pub refresh: fn(AppState) -> Done,
    /// One round, unless one is running or sync is off or paused.
    pub round: fn(AppState) -> Done,
    /// Carries out what the user did in the Sync settings.
    pub act: fn(AppState, SyncAction) -> Done,
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(sync, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn sync_split() -> Result<SyncModule, LoadFailed> {
    Ok(SyncModule {
        refresh: |state| Box::pin(refresh(state)),
        round: |state| Box::pin(round(state)),
        act: |state, action| Box::pin(act(state, action)),
    })
}

pub async fn load() -> Result<SyncModule, LoadFailed> {
    #[cfg(feature = "split")]
    return sync_split().await;
    #[cfg(not(feature = "split"))]
    return sync_split();
}

thread_local! {
    /// A round or a set-up is running.
    static BUSY: Cell<bool> = const { Cell::new(false) };
    /// The changes feed is being waited on.
    static LIVE: Cell<bool> = const { Cell::new(false) };
    /// Rounds run on their own this visit: the first and every tenth read every message.
    static AUTOMATIC: Cell<u32> = const { Cell::new(0) };
}

/// A round no one asked for: quick, but the first of a visit and every tenth one full. None
/// while an answer streams here: a record pulled meanwhile could move the branch it streams
/// into; the round that follows each answer (`crate::sync::soon`) brings what waited.
async fn automatic_round(state: AppState) -> bool {
    if runtime().is_some_and(|r| !r.live.borrow().is_empty()) {
        return false;
    }
    let n = AUTOMATIC.with(|a| a.replace(a.get() + 1));
    run_round(state, n.is_multiple_of(10)).await
}

/// How long one wait on the changes feed lasts before it is asked again.
const LONGPOLL_MS: u32 = 50_000;
/// The pause after a failed wait or round before the feed is asked again.
const RETRY_MS: f64 = 30_000.0;
/// The pause when a change came while a round was running.
const BUSY_MS: f64 = 1_000.0;

/// The view of a stored state (keeping this session's figures and progress).
fn show_state(state: AppState, stored: &SyncState) {
    skein_platform::write_local(
        &crate::sync::flag(),
        if stored.setup.is_some() { "on" } else { "off" },
    );
    state.sync.update(|v| {
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

fn show_error(state: AppState, error: &SyncError) {
    state.sync.update(|v| v.error = Some(explain(error)));
}

async fn refresh(state: AppState) {
    let Some(runtime) = runtime() else { return };
    match runtime.service.sync_state().await {
        Ok(stored) => show_state(state, &stored),
        Err(error) => return show_error(state, &error),
    }
    // Counting reads every record: done when the settings open, not after every round.
    if !BUSY.with(Cell::get) {
        if let Ok(pending) = runtime.service.sync_pending().await {
            state.sync.update(|v| v.pending = Some(pending));
        }
    }
}

/// Waits on the server's changes feed while sync is on here, and runs a round as soon as
/// another device has written something: sync is live while the page is open.
async fn live(state: AppState) {
    if LIVE.with(|l| l.replace(true)) {
        return;
    }
    while let Some(runtime) = runtime() {
        let Ok(stored) = runtime.service.sync_state().await else {
            break;
        };
        let Some(setup) = stored.setup.filter(|s| !s.paused) else {
            break;
        };
        let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
        let went_through = match runtime.service.sync_wait(&db, LONGPOLL_MS).await {
            Ok(true) => automatic_round(state).await,
            Ok(false) => true,
            Err(_) => false,
        };
        if !went_through {
            // A round already running will take the change, or the next one shortly; a failure
            // waits longer before the feed is asked again.
            let pause = if BUSY.with(Cell::get) {
                BUSY_MS
            } else {
                RETRY_MS
            };
            BrowserClock.sleep(pause).await;
        }
    }
    LIVE.with(|l| l.set(false));
}

async fn round(state: AppState) {
    automatic_round(state).await;
}

/// One round; whether it ran and went through (not busy, off, offline or failed). `full` reads
/// every message for the push (`skein_engine::sync::record::local_changes`).
async fn run_round(state: AppState, full: bool) -> bool {
    let Some(runtime) = runtime() else {
        return false;
    };
    if BUSY.with(|b| b.replace(true)) {
        return false;
    }
    let stored = match runtime.service.sync_state().await {
        Ok(stored) => stored,
        Err(error) => {
            BUSY.with(|b| b.set(false));
            show_error(state, &error);
            return false;
        }
    };
    show_state(state, &stored);
    let Some(setup) = stored.setup.filter(|s| !s.paused) else {
        BUSY.with(|b| b.set(false));
        return false;
    };
    if !skein_platform::is_online() {
        BUSY.with(|b| b.set(false));
        return false;
    }
    state.sync.update(|v| {
        v.busy = true;
        v.progress = None;
    });
    let db = CouchHttp::new(&setup.url, &setup.username, &setup.password);
    let result = runtime
        .service
        .sync_round(&db, &WebCrypto, full, &mut |progress| {
            state.sync.update(|v| v.progress = Some(progress));
        })
        .await;
    let went_through = result.is_ok();
    match result {
        Ok((report, stored)) => {
            show_state(state, &stored);
            let changed = report.changed.clone();
            if report.settings_changed {
                reload_settings(state).await;
            }
            state.sync.update(|v| {
                v.error = None;
                v.report = Some(report);
                v.pending = None;
            });
            show_changes(state, changed).await;
            // From now on, what other devices write arrives as they write it.
            leptos::task::spawn_local(live(state));
        }
        Err(error) => {
            show_error(state, &error);
            // What was applied before the error is here: the screen reads it again.
            if let Ok(list) = runtime.service.list_conversations().await {
                state.conversations.set(listed(list));
            }
        }
    }
    state.sync.update(|v| {
        v.busy = false;
        v.progress = None;
        v.rounds += 1;
    });
    BUSY.with(|b| b.set(false));
    went_through
}

/// The stored conversations the list shows: a chat in its undo window stays off it.
fn listed(list: Vec<skein_engine::Conversation>) -> Vec<skein_engine::Conversation> {
    list.into_iter()
        .filter(|c| !crate::conversation_list::is_pending_delete(&c.id))
        .collect()
}

/// Reads the conversation list again, and the conversation on screen if a round changed it;
/// tells the other tabs.
async fn show_changes(state: AppState, changed: Vec<String>) {
    let Some(runtime) = runtime() else { return };
    if changed.is_empty() {
        return;
    }
    match runtime.service.list_conversations().await {
        Ok(list) => {
            let current = state.current.get_untracked();
            let list = listed(list);
            let gone = current
                .as_ref()
                .is_some_and(|id| !list.iter().any(|c| &c.id == id));
            state.conversations.set(list);
            if gone {
                // Deleted on another device: the chat area empties, whatever screen is open.
                state.context.set(None);
                state.current.set(None);
                state.messages.set(Vec::new());
            } else if let Some(id) = current.filter(|id| changed.contains(id)) {
                crate::runtime::reload(state, id);
            }
        }
        Err(error) => state.banner.set(Some(explain(&error))),
    }
    for id in &changed {
        runtime.announce(id);
    }
}

/// Runs a change of the stored setup when no round is running (a round saves its state as it
/// goes, and would save over the change: a round ending after "Stop syncing" would turn sync
/// back on).
async fn exclusive<T>(change: impl Future<Output = T>) -> T {
    while BUSY.with(|b| b.replace(true)) {
        BrowserClock.sleep(BUSY_MS / 4.0).await;
    }
    let done = change.await;
    BUSY.with(|b| b.set(false));
    done
}

/// Reads the settings again after a round wrote some: each area as at start-up.
async fn reload_settings(state: AppState) {
    let Some(runtime) = runtime() else { return };
    // The embedding page's provider wins over the saved one (as at start-up).
    if crate::embedded::provider().is_none() {
        if let Ok(Some(settings)) = runtime.service.load_provider_settings().await {
            state.settings.set(settings);
        }
    }
    crate::personas::load(state);
    crate::world_books::load(state);
    crate::dictionaries::load(state);
    crate::tool_settings::load(state);
}

async fn act(state: AppState, action: SyncAction) {
    let Some(runtime) = runtime() else { return };
    let service = &runtime.service;
    match action {
        SyncAction::Connect(connect) => {
            if BUSY.with(|b| b.replace(true)) {
                return;
            }
            state.sync.set(SyncView {
                busy: true,
                ..SyncView::default()
            });
            let db = CouchHttp::new(&connect.url, &connect.username, &connect.password);
            let result = service
                .sync_connect(&db, &WebCrypto, connect, random_salt())
                .await;
            state.sync.update(|v| v.busy = false);
            BUSY.with(|b| b.set(false));
            match result {
                Ok(stored) => {
                    show_state(state, &stored);
                    crate::sync::schedule(state);
                    run_round(state, true).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::Scope(scope) => match exclusive(service.sync_scope(scope)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                run_round(state, true).await;
            }
        },
        SyncAction::TakeOther(area) => {
            match exclusive(service.sync_take_other_settings(area)).await {
                Ok(stored) => {
                    show_state(state, &stored);
                    reload_settings(state).await;
                    run_round(state, true).await;
                }
                Err(error) => show_error(state, &error),
            }
        }
        SyncAction::SyncNow => {
            run_round(state, true).await;
        }
        SyncAction::Pause(paused) => match exclusive(service.sync_pause(paused)).await {
            Err(error) => show_error(state, &error),
            Ok(stored) => {
                show_state(state, &stored);
                if !paused {
                    run_round(state, true).await;
                }
            }
        },
        SyncAction::Forget => match exclusive(service.sync_forget()).await {
            Ok(stored) => {
                state.sync.set(SyncView::default());
                show_state(state, &stored);
            }
            Err(error) => show_error(state, &error),
        },
    }
}
