//! Which of a conversation's messages are in the page.
//!
//! A conversation opens with its latest [`OPENING`] messages in the page; older ones join
//! [`STEP`] at a time as the reader scrolls toward them (or asks), and a message that must be
//! shown (a search hit, a message the summary or the branch map points to) brings everything
//! after it along. So opening a 2,000-message conversation, and streaming into it, costs what a
//! short one does: the browser lays out tens of messages, not thousands.
//!
//! The window is counted from the end, so messages arriving at the end (a question, a streamed
//! answer) join it without moving where it starts.
//!
//! Older messages also leave again: once the reader has scrolled back down and they are far
//! above the viewport, [`MessageWindow::release`] lets them go (never below [`OPENING`] in the
//! page). A reader who scrolled through a whole long conversation and came back to its end
//! would otherwise keep every message in the page, and everything the browser does per frame
//! while an answer streams (its checks for `content-visibility`, style, layout) would grow with
//! them: streaming into the 500-message conversation after it had been read to its start took
//! twice the main-thread time per token (BENCHMARKS.md, figure 2).

/// Messages in the page when a conversation opens.
pub const OPENING: usize = 40;
/// Messages added when the reader nears the oldest one in the page.
pub const STEP: usize = 40;

/// The window over one conversation's messages: everything from [`MessageWindow::first`] on.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MessageWindow {
    /// The conversation's first message (its root), telling conversations apart.
    root: Option<String>,
    first: usize,
    len: usize,
}

impl MessageWindow {
    /// Follows the message list: another conversation (another root) opens at its end; the same
    /// one keeps its window, with at least [`OPENING`] messages when it shrank (a deleted tail,
    /// another branch).
    pub fn follow(&mut self, root: Option<&str>, len: usize) {
        if self.root.as_deref() != root {
            self.root = root.map(str::to_owned);
            self.first = len.saturating_sub(OPENING);
        } else {
            self.first = self.first.min(len.saturating_sub(OPENING));
        }
        self.len = len;
    }

    /// The index of the oldest message in the page: how many older ones are not in it.
    pub fn first(&self) -> usize {
        self.first
    }

    /// Brings [`STEP`] older messages in; false when there are none.
    pub fn older(&mut self) -> bool {
        if self.first == 0 {
            return false;
        }
        self.first = self.first.saturating_sub(STEP);
        true
    }

    /// Lets the messages before `index` leave the page (they are far above what the reader
    /// sees), keeping at least [`OPENING`]; false when nothing left. They come back as the reader
    /// nears them again ([`MessageWindow::older`]).
    pub fn release(&mut self, index: usize) -> bool {
        let first = index.min(self.len.saturating_sub(OPENING));
        if first <= self.first {
            return false;
        }
        self.first = first;
        true
    }

    /// Brings the message at `index` in, with a few before it for context; false when it was in
    /// already or is not in the list.
    pub fn reveal(&mut self, index: usize) -> bool {
        if index >= self.len || index >= self.first {
            return false;
        }
        self.first = index.saturating_sub(CONTEXT_BEFORE);
        true
    }
}

/// Messages kept above one that is revealed, so it is not the page's first line.
const CONTEXT_BEFORE: usize = 2;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_conversation_opens_with_its_latest_messages() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 2000);
        assert_eq!(window.first(), 2000 - OPENING);
        let mut short = MessageWindow::default();
        short.follow(Some("root"), 7);
        assert_eq!(short.first(), 0);
    }

    #[test]
    fn new_messages_join_without_moving_the_start() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 100);
        let first = window.first();
        window.follow(Some("root"), 101);
        window.follow(Some("root"), 102);
        assert_eq!(window.first(), first);
    }

    #[test]
    fn scrolling_up_brings_older_messages_a_step_at_a_time_down_to_the_first() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 100);
        assert!(window.older());
        assert_eq!(window.first(), 100 - OPENING - STEP);
        assert!(window.older());
        assert_eq!(window.first(), 0);
        assert!(!window.older());
        // Staying in the same conversation keeps what was brought in.
        window.follow(Some("root"), 101);
        assert_eq!(window.first(), 0);
    }

    #[test]
    fn another_conversation_opens_at_its_own_end() {
        let mut window = MessageWindow::default();
        window.follow(Some("a"), 500);
        window.older();
        window.follow(Some("b"), 300);
        assert_eq!(window.first(), 300 - OPENING);
        window.follow(None, 0);
        assert_eq!(window.first(), 0);
        window.follow(Some("a"), 500);
        assert_eq!(
            window.first(),
            500 - OPENING,
            "coming back opens at the end again"
        );
    }

    #[test]
    fn a_shrinking_list_keeps_enough_messages_in_the_page() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 500);
        window.follow(Some("root"), 450);
        assert_eq!(window.first(), 450 - OPENING);
        window.follow(Some("root"), 3);
        assert_eq!(window.first(), 0);
    }

    #[test]
    fn messages_far_above_leave_but_the_opening_ones_stay() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 500);
        while window.older() {}
        assert_eq!(window.first(), 0);
        assert!(window.release(120));
        assert_eq!(window.first(), 120);
        assert!(!window.release(100), "never brings messages back");
        assert!(!window.release(120));
        assert!(window.release(499));
        assert_eq!(window.first(), 500 - OPENING, "the opening messages stay");
        assert!(!window.release(10_000));
        // They come back a step at a time, as before.
        assert!(window.older());
        assert_eq!(window.first(), 500 - OPENING - STEP);
        // A short conversation has nothing to let go.
        let mut short = MessageWindow::default();
        short.follow(Some("root"), 30);
        assert!(!short.release(20));
        assert_eq!(short.first(), 0);
    }

    #[test]
    fn revealing_a_message_brings_it_and_everything_after_it_in() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 2000);
        assert!(window.reveal(4));
        assert_eq!(window.first(), 2);
        assert!(!window.reveal(10), "already in the page");
        assert_eq!(window.first(), 2);
        let mut other = MessageWindow::default();
        other.follow(Some("root"), 2000);
        assert!(other.reveal(1));
        assert_eq!(other.first(), 0);
        assert!(!other.reveal(2000), "past the end");
        assert!(!other.reveal(5000));
    }
}
