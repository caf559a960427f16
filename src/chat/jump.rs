//! Shows a message of the conversation on screen (a message the summary panel or the branch map
//! points to): the chat view brings it into the page, scrolls to it and moves the focus to it.

use crate::state::AppState;
use leptos::prelude::Set;

/// Asks the chat view to show the message with `id`.
pub fn jump_to(state: AppState, id: String) {
    state.chat.reveal.set(Some(id));
}
