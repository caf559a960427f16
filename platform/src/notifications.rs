//! "Your answer is ready" when the tab is in the background (the Notifications API), and whether
//! the page is hidden (the Page Visibility API).

use crate::js_error::describe;
use wasm_bindgen_futures::JsFuture;

/// Whether the app may show notifications.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationAccess {
    /// This browser (or context: an insecure origin, some embedded views) has no notifications.
    Unsupported,
    /// Not asked yet.
    Ask,
    Granted,
    Denied,
}

fn supported() -> bool {
    js_sys::Reflect::has(&js_sys::global(), &"Notification".into()).unwrap_or(false)
}

fn access_of(permission: web_sys::NotificationPermission) -> NotificationAccess {
    match permission {
        web_sys::NotificationPermission::Granted => NotificationAccess::Granted,
        web_sys::NotificationPermission::Denied => NotificationAccess::Denied,
        _ => NotificationAccess::Ask,
    }
}

pub fn notification_permission() -> NotificationAccess {
    if !supported() {
        return NotificationAccess::Unsupported;
    }
    access_of(web_sys::Notification::permission())
}

/// Asks the user (the browser shows its own prompt; call it from a click).
pub async fn request_notification_permission() -> NotificationAccess {
    if !supported() {
        return NotificationAccess::Unsupported;
    }
    let Ok(promise) = web_sys::Notification::request_permission() else {
        return notification_permission();
    };
    let _ = JsFuture::from(promise).await;
    notification_permission()
}

/// Whether the page is in a background tab or minimised.
pub fn page_hidden() -> bool {
    web_sys::window()
        .and_then(|w| w.document())
        .is_some_and(|d| d.visibility_state() == web_sys::VisibilityState::Hidden)
}

/// Shows a notification when allowed. The body is plain text (the Notifications API renders no
/// markup).
pub fn notify(title: &str, body: &str) -> Result<(), String> {
    notify_as(title, body, "skein-answer")
}

/// Shows a notification under `tag` (a later one with the same tag replaces it).
pub fn notify_as(title: &str, body: &str, tag: &str) -> Result<(), String> {
    if notification_permission() != NotificationAccess::Granted {
        return Err("notifications are not allowed".into());
    }
    let options = web_sys::NotificationOptions::new();
    options.set_body(body);
    options.set_tag(tag);
    web_sys::Notification::new_with_options(title, &options)
        .map(|_| ())
        .map_err(|e| describe(&e))
}
