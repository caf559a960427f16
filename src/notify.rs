//! Turns the end of a generation into a notification when the tab is hidden (seed 000 §9).

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::NotificationStatus;
use skein_engine::{MessageNode, MessageStatus};
use skein_platform::{
    notification_permission, notify, page_hidden, request_notification_permission,
    NotificationAccess,
};

fn status_of(access: NotificationAccess) -> NotificationStatus {
    match access {
        NotificationAccess::Unsupported => NotificationStatus::Unsupported,
        NotificationAccess::Ask => NotificationStatus::Ask,
        NotificationAccess::Granted => NotificationStatus::On,
        NotificationAccess::Denied => NotificationStatus::Blocked,
    }
}

pub fn status() -> NotificationStatus {
    status_of(notification_permission())
}

/// Asks the browser for permission (from a click) and records the answer.
pub fn enable(state: AppState) {
    spawn_local(async move {
        state
            .notifications
            .set(status_of(request_notification_permission().await));
    });
}

/// The longest notification body, in characters.
const BODY_CHARS: usize = 140;

/// Called when a reply reached its final state.
pub fn generation_ended(state: AppState, reply: &MessageNode) {
    if !page_hidden() || state.notifications.get_untracked() != NotificationStatus::On {
        return;
    }
    let title = state
        .conversation(&reply.conversation_id)
        .map_or_else(|| "Skein".to_owned(), |c| c.title);
    let body: String = match reply.status {
        MessageStatus::Error => format!(
            "The answer failed: {}",
            reply.error.as_deref().unwrap_or("unknown error")
        ),
        _ => reply.text(),
    }
    .chars()
    .take(BODY_CHARS)
    .collect();
    if let Err(err) = notify(&title, &body) {
        state
            .banner
            .set(Some(format!("The notification could not be shown: {err}")));
    }
}
