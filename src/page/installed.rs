//! The installed app: its service worker (offline start, new versions) and the update notice,
//! which switches versions only when no answer is streaming in this tab
//! (`skein_engine::domain::app_update`).

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::OfflineStatus;
use skein_engine::domain::app_update::UpdateStep;
use skein_platform::ServiceWorkerEvents;

/// An answer is streaming in this tab, or the requests that follow one (title, suggestions)
/// are under way: switching now would cut them (and a request reaching the old version while
/// the new one takes over makes Chromium park the switch).
fn streaming(state: AppState) -> bool {
    state.chat.actions_running.get_untracked() > 0
}

fn act(state: AppState, step: UpdateStep) {
    match step {
        UpdateStep::Nothing => {}
        UpdateStep::Activate => spawn_local(async move {
            if let Err(err) = skein_platform::activate_update().await {
                state.shell.banner.set(Some(tf(
                    "notice-update-failed",
                    &[("err", err.to_string().into())],
                )));
            }
        }),
        UpdateStep::Reload => crate::page::storage::reload(),
    }
}

/// Registers the service worker and follows updates.
pub fn init(state: AppState) {
    // The extension's files are installed with it (the browser updates it).
    if skein_platform::in_extension() {
        state.shell.offline.set(OfflineStatus::Ready);
        return;
    }
    let events = ServiceWorkerEvents {
        on_offline_ready: Box::new(move || state.shell.offline.set(OfflineStatus::Ready)),
        on_update_waiting: Box::new(move || state.shell.update.update(|u| *u = u.installed())),
        on_taken_over: Box::new(move || {
            let (update, step) = state
                .shell
                .update
                .get_untracked()
                .taken_over(streaming(state));
            state.shell.update.set(update);
            act(state, step);
        }),
    };
    spawn_local(async move {
        match skein_platform::register_service_worker(events).await {
            Ok(true) => {}
            Ok(false) => state.shell.offline.set(OfflineStatus::NotInThisBuild),
            Err(err) => state.shell.offline.set(OfflineStatus::Unavailable(err)),
        }
    });
    // When the last action running here ends, a switch the user asked for goes ahead.
    Effect::new(move |_| {
        if state.chat.actions_running.get() == 0 {
            act(state, state.shell.update.get_untracked().idle());
        }
    });
}

/// The user chose "Reload" in the update notice.
pub fn reload(state: AppState) {
    let (update, step) = state
        .shell
        .update
        .get_untracked()
        .reload_asked(streaming(state));
    state.shell.update.set(update);
    act(state, step);
}
