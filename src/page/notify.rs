//! Turns the end of a generation into a notification when the tab is hidden.

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::NotificationStatus;
use skein_engine::chat::finished_notice::finished_notice;
use skein_engine::MessageNode;
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
            .shell
            .notifications
            .set(status_of(request_notification_permission().await));
    });
}

/// Called when a reply reached its final state: a notification when the tab is hidden and the
/// user turned them on (what it says: the engine's `finished_notice`).
pub fn generation_ended(state: AppState, reply: &MessageNode) {
    if !page_hidden() || state.shell.notifications.get_untracked() != NotificationStatus::On {
        return;
    }
    let title = state
        .chat
        .conversation(&reply.conversation_id)
        .map(|c| c.title);
    let notice = finished_notice(reply, title.as_deref());
    if let Err(err) = notify(&notice.title, &notice.body) {
        state.shell.banner.set(Some(tf(
            "notice-notification-failed",
            &[("err", err.to_string().into())],
        )));
    }
}
