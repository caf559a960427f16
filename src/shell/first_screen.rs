//! What the page's first-screen script (`xtask/assets/shell.js`) reads off the app's root
//! element: whether the screen may be saved for the next visit to start with
//! (`data-snapshot`, decided by `skein_engine::render::first_screen`), whether the app shows its
//! own first screen yet (`data-shown`: the saved one then hands over), what Enter does in the
//! composer (`data-enter-sends`), and which conversation is on screen (`data-conversation`: a
//! question the user sent from the copy goes out only if the app opens the same one).

use crate::state::AppState;
use leptos::prelude::*;
use skein_engine::render::first_screen::{copy, opened_at_start, OnScreen, Screen};

/// The root's attributes, as signals.
#[derive(Clone, Copy)]
pub struct Attributes {
    pub snapshot: Memo<&'static str>,
    pub shown: Memo<bool>,
}

pub fn attributes(state: AppState) -> Attributes {
    let snapshot = Memo::new(move |_| {
        let chat = !state.shell.show_settings.get()
            && !state.shell.welcome.get()
            && !state.panels.workflows.open.get();
        let conversation = state.chat.current.get().map_or(OnScreen::New, |id| {
            state
                .chat
                .conversations
                .with(|list| match list.iter().find(|c| c.id == id) {
                    Some(c) if c.temporary => OnScreen::Temporary,
                    _ => OnScreen::Stored {
                        opens_at_start: opened_at_start(list).map(|c| &c.id) == Some(&id),
                    },
                })
        });
        copy(Screen {
            chat,
            conversation,
            embedded: crate::page::embedded::is_embedded(),
            newest_in_page: state.chat.newest_in_page.get(),
        })
        .attribute()
    });
    // Start-up is over and the conversation it opened has its messages on screen.
    let shown = Memo::new(move |_| {
        state.shell.ready.get()
            && (state.chat.current.with(Option::is_none)
                || state.chat.messages.with(|m| !m.is_empty()))
    });
    Attributes { snapshot, shown }
}
