//! When to ask the browser to keep Skein's storage (`navigator.storage.persist()`): not on the
//! first visit (there is nothing to keep yet, and a prompt for an empty app is noise), but once
//! the user has a saved conversation; once per page, and never again once it is granted.

/// Whether to ask now.
pub fn should_ask(
    saved_conversations: usize,
    persisted: Option<bool>,
    asked_already: bool,
) -> bool {
    saved_conversations > 0 && persisted != Some(true) && !asked_already
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn asks_once_after_the_first_saved_conversation() {
        assert!(!should_ask(0, Some(false), false), "not at first load");
        assert!(should_ask(1, Some(false), false));
        assert!(
            should_ask(3, None, false),
            "a browser that does not say is asked"
        );
        assert!(!should_ask(1, Some(false), true), "once per page");
        assert!(!should_ask(5, Some(true), false), "already persistent");
    }
}
