//! The browser's own confirmation dialog, for what cannot be undone.

/// The browser's own confirmation dialog: deleting cannot be undone yet.
pub fn confirm(question: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(question).ok())
        .unwrap_or(false)
}
