//! The first screen: on a visit after the first, the page paints a copy of the chat screen as it
//! was when the tab was last hidden, before the app's code has loaded, and its composer takes
//! text that the app is handed once it starts (`xtask/assets/shell.js`). This decides which
//! screens may be kept as that copy.

use crate::domain::message::Conversation;

/// The conversation the app opens when it starts: the most recent stored one. `list` is newest
/// first, as the store lists it; temporary chats, kept in memory only, are passed over (there
/// are none at start, but the app's list holds them later).
pub fn opened_at_start(list: &[Conversation]) -> Option<&Conversation> {
    list.iter().find(|c| !c.temporary)
}

/// What the user sees when the tab is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Screen {
    /// The chat is on screen (not the settings, the workflows or the welcome step).
    pub chat: bool,
    /// The conversation on the chat screen.
    pub conversation: OnScreen,
    /// The chat runs inside another page (the JavaScript API), which owns its first screen.
    pub embedded: bool,
    /// The conversation's newest messages are in the page (the reader is not far above them):
    /// the app opens a conversation at its end, so a copy of its middle would not be what it
    /// shows.
    pub newest_in_page: bool,
}

/// The conversation on the chat screen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OnScreen {
    /// A new chat, not stored yet.
    New,
    /// A temporary chat, kept in memory only.
    Temporary,
    /// A stored conversation; `opens_at_start` when it is the one the app opens when it starts
    /// (the most recent stored one).
    Stored { opens_at_start: bool },
}

/// What becomes of the saved copy when the tab is hidden.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Copy {
    /// Save this screen: the next visit starts with it.
    Keep,
    /// Delete the saved copy: the next visit starts with the app itself.
    Forget,
}

impl Copy {
    /// The value of the app root's `data-snapshot` attribute, which the script reads.
    pub fn attribute(self) -> &'static str {
        match self {
            Copy::Keep => "keep",
            Copy::Forget => "forget",
        }
    }
}

/// Only the conversation the app opens at start, on the chat screen, is kept: a copy of another
/// one would take text typed for it and hand it to the one the app opens. A temporary chat must
/// leave nothing behind, and any other screen could show a conversation deleted since.
pub fn copy(screen: Screen) -> Copy {
    let opens = matches!(
        screen.conversation,
        OnScreen::Stored {
            opens_at_start: true
        }
    );
    if screen.chat && opens && !screen.embedded && screen.newest_in_page {
        Copy::Keep
    } else {
        Copy::Forget
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LATEST: Screen = Screen {
        chat: true,
        conversation: OnScreen::Stored {
            opens_at_start: true,
        },
        embedded: false,
        newest_in_page: true,
    };

    #[test]
    fn the_app_opens_the_most_recent_stored_conversation() {
        let mut temporary = Conversation::new("t", "Temporary", 3.0);
        temporary.temporary = true;
        let list = [
            temporary,
            Conversation::new("b", "Newer", 2.0),
            Conversation::new("a", "Older", 1.0),
        ];
        assert_eq!(opened_at_start(&list).map(|c| c.id.as_str()), Some("b"));
        assert_eq!(opened_at_start(&list[..1]), None);
        assert_eq!(opened_at_start(&[]), None);
    }

    #[test]
    fn only_the_conversation_opened_at_start_on_the_chat_screen_is_kept() {
        assert_eq!(copy(LATEST), Copy::Keep);
        assert_eq!(copy(LATEST).attribute(), "keep");
        let older = OnScreen::Stored {
            opens_at_start: false,
        };
        for screen in [
            Screen {
                conversation: older,
                ..LATEST
            },
            Screen {
                conversation: OnScreen::Temporary,
                ..LATEST
            },
            Screen {
                conversation: OnScreen::New,
                ..LATEST
            },
            Screen {
                chat: false,
                ..LATEST
            },
            Screen {
                embedded: true,
                ..LATEST
            },
            Screen {
                newest_in_page: false,
                ..LATEST
            },
        ] {
            assert_eq!(copy(screen), Copy::Forget, "{screen:?}");
            assert_eq!(copy(screen).attribute(), "forget");
        }
    }
}
