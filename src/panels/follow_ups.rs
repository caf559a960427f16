//! The follow-ups' wiring: read at start-up and after every answer (an answer's promise becomes
//! one in the engine), shown in their side sheet, and a timer armed for the next reminder,
//! which is a browser notification (when the user allowed them) and a notice in the app.

use crate::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_components::{FollowUpAction, FollowUpView, NotificationStatus};
use skein_engine::domain::follow_up::FollowUps;
use std::time::Duration;

/// The longest the timer waits before it looks again (the list may change in another tab).
const MAX_WAIT_MS: f64 = 60_000.0;

/// Reads the list (at start-up, after each answer) and arms the reminder timer.
pub fn refresh(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.follow_ups().await {
            Ok(list) => show(ready, list),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

fn show(ready: Ready, list: FollowUps) {
    let state = ready.state;
    let next = list.next_due();
    state.panels.follow_ups.list.set(list);
    arm(ready, next);
}

/// Looks again at `next` (or within a minute, whichever comes first).
fn arm(ready: Ready, next: Option<f64>) {
    let timer = &ready.runtime.follow_up_timer;
    if let Some(handle) = timer.borrow_mut().take() {
        handle.clear();
    }
    let Some(next) = next else { return };
    let wait =
        (next - skein_engine::Clock::now_ms(&skein_platform::BrowserClock)).clamp(0.0, MAX_WAIT_MS);
    let handle = set_timeout_with_handle(move || remind(ready), Duration::from_millis(wait as u64));
    if let Ok(handle) = handle {
        *timer.borrow_mut() = Some(handle);
    }
}

/// Shows every reminder that has fallen due (each once, across tabs) and re-arms the timer.
fn remind(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.take_due_follow_ups().await {
            Ok((due, list)) => {
                for follow_up in &due {
                    let title = state
                        .chat
                        .conversation(&follow_up.conversation_id)
                        .map_or_else(|| "Skein".to_owned(), |c| c.title);
                    state.shell.info.set(Some(tf(
                        "follow-up-notification",
                        &[("text", (&follow_up.text).into())],
                    )));
                    if state.shell.notifications.get_untracked() == NotificationStatus::On {
                        let tag = format!("skein-follow-up-{}", follow_up.id);
                        if let Err(err) = skein_platform::notify_as(
                            &tf(
                                "follow-up-notification-title",
                                &[("title", (&title).into())],
                            ),
                            &follow_up.text,
                            &tag,
                        ) {
                            state.shell.banner.set(Some(tf(
                                "notice-reminder-failed",
                                &[("err", err.to_string().into())],
                            )));
                        }
                    }
                }
                show(ready, list);
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// The follow-ups as the sheet shows them, newest first.
pub fn views(state: AppState) -> Vec<FollowUpView> {
    state.panels.follow_ups.list.with(|list| {
        list.items
            .iter()
            .rev()
            .map(|f| FollowUpView {
                id: f.id.clone(),
                conversation_id: f.conversation_id.clone(),
                message_id: f.message_id.clone(),
                text: f.text.clone(),
                chat_title: state
                    .chat
                    .conversations
                    .with(|list| {
                        list.iter()
                            .find(|c| c.id == f.conversation_id)
                            .map(|c| c.title.clone())
                    })
                    .unwrap_or_else(|| t("follow-up-deleted-chat").to_owned()),
                when: f.due_at_ms.map(|due| match f.reminded_at_ms {
                    Some(_) => tf(
                        "follow-up-reminded-at",
                        &[("time", (skein_platform::local_time_words(due)).into())],
                    ),
                    None => tf(
                        "follow-up-reminds-at",
                        &[("time", (skein_platform::local_time_words(due)).into())],
                    ),
                }),
                due_input: f
                    .due_at_ms
                    .map(skein_platform::local_input_value)
                    .unwrap_or_default(),
                done: f.done,
            })
            .collect()
    })
}

fn say(state: AppState, said: Result<String, String>) {
    state.panels.follow_ups.feedback.set(Some(said));
}

pub fn act(ready: Ready, action: FollowUpAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    match action {
        FollowUpAction::EnableNotifications => return crate::page::notify::enable(state),
        FollowUpAction::Open(conversation, message) => {
            state.panels.follow_ups.open.set(false);
            return crate::chat::conversation::open_message(ready, conversation, message);
        }
        _ => {}
    }
    spawn_local(async move {
        let service = &runtime.service;
        let changed = match action {
            FollowUpAction::SetTime(id, value) => {
                let due = if value.trim().is_empty() {
                    None
                } else {
                    match skein_platform::parse_local_input(&value) {
                        Some(ms) => Some(ms),
                        None => {
                            return say(
                                state,
                                Err(tf("notice-not-a-date", &[("value", (&value).into())])),
                            )
                        }
                    }
                };
                service.set_follow_up_time(&id, due).await.map(|list| {
                    let said = match due {
                        Some(ms) => tf(
                            "notice-reminder-set",
                            &[("time", (skein_platform::local_time_words(ms)).into())],
                        ),
                        None => t("notice-no-reminder").to_owned(),
                    };
                    (list, said)
                })
            }
            FollowUpAction::Done(id, done) => {
                service.finish_follow_up(&id, done).await.map(|list| {
                    (
                        list,
                        if done {
                            t("notice-follow-up-done")
                        } else {
                            t("notice-follow-up-reopened")
                        }
                        .to_owned(),
                    )
                })
            }
            FollowUpAction::Delete(id) => service
                .delete_follow_up(&id)
                .await
                .map(|list| (list, t("notice-deleted").to_owned())),
            FollowUpAction::EnableNotifications | FollowUpAction::Open(..) => return,
        };
        match changed {
            Ok((list, said)) => {
                show(ready, list);
                say(state, Ok(said));
            }
            Err(err) => say(state, Err(skein_components::explain(&err))),
        }
    });
}
