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
//! page). Newer ones do the same when the reader is far above them
//! ([`MessageWindow::release_newer`]), and a message brought in from far away (a find match)
//! comes with the next [`OPENING`], not with everything after it. A reader who scrolled through a whole long conversation and came back to its end
//! would otherwise keep every message in the page, and everything the browser does per frame
//! while an answer streams (its checks for `content-visibility`, style, layout) would grow with
//! them: streaming into the 500-message conversation after it had been read to its start took
//! twice the main-thread time per token (BENCHMARKS.md, figure 2).

/// Messages in the page when a conversation opens.
pub const OPENING: usize = 40;
/// Messages added when the reader nears the oldest (or newest) one in the page.
pub const STEP: usize = 40;

/// The window over one conversation's messages: [`MessageWindow::range`] of them are in the page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct MessageWindow {
    /// The conversation's first message (its root), telling conversations apart.
    root: Option<String>,
    first: usize,
    /// Where the page ends when the newest messages are not in it (the reader is far above
    /// them); `None` while it reaches the newest, so messages arriving join it.
    end: Option<usize>,
    len: usize,
}

impl MessageWindow {
    /// Follows the message list: another conversation (another root) opens at its end; the same
    /// one keeps its window, with at least [`OPENING`] messages when it shrank (a deleted tail,
    /// another branch).
    pub fn follow(&mut self, root: Option<&str>, len: usize) {
        self.len = len;
        if self.root.as_deref() != root {
            self.root = root.map(str::to_owned);
            self.first = len.saturating_sub(OPENING);
            self.end = None;
        } else {
            self.first = self.first.min(len.saturating_sub(OPENING));
            self.end = self
                .end
                .filter(|&end| end < len && end >= self.first + OPENING);
        }
    }

    /// The index of the oldest message in the page: how many older ones are not in it.
    pub fn first(&self) -> usize {
        self.first
    }

    /// The messages in the page, by their index in the conversation.
    pub fn range(&self) -> std::ops::Range<usize> {
        self.first..self.end.unwrap_or(self.len)
    }

    /// Whether newer messages than the page's are left out (the reader is far above them).
    pub fn leaves_out_newer(&self) -> bool {
        self.end.is_some()
    }

    /// Brings [`STEP`] older messages in; false when there are none.
    pub fn older(&mut self) -> bool {
        if self.first == 0 {
            return false;
        }
        self.first = self.first.saturating_sub(STEP);
        true
    }

    /// Brings [`STEP`] newer messages in (all of them when that reaches the newest); false when
    /// the newest are in already.
    pub fn newer(&mut self) -> bool {
        let Some(end) = self.end else {
            return false;
        };
        self.end = Some(end + STEP).filter(|&end| end < self.len);
        true
    }

    /// Lets the messages before `index` leave the page (they are far above what the reader
    /// sees), keeping at least [`OPENING`]; false when nothing left. They come back as the reader
    /// nears them again ([`MessageWindow::older`]).
    pub fn release(&mut self, index: usize) -> bool {
        let first = index.min(self.range().end.saturating_sub(OPENING));
        if first <= self.first {
            return false;
        }
        self.first = first;
        true
    }

    /// Lets the messages from `index` on leave the page (they are far below what the reader
    /// sees), keeping at least [`OPENING`]; false when nothing left. They come back as the reader
    /// nears them ([`MessageWindow::newer`]) or jumps to the newest ([`MessageWindow::latest`]).
    pub fn release_newer(&mut self, index: usize) -> bool {
        let end = index.max(self.first + OPENING);
        if end >= self.range().end {
            return false;
        }
        self.end = Some(end);
        true
    }

    /// Brings the newest messages back when they were left out (jump to the latest, a question
    /// sent): the page is then as when the conversation opened; false when they were in.
    pub fn latest(&mut self) -> bool {
        if self.end.is_none() {
            return false;
        }
        self.end = None;
        self.first = self.first.max(self.len.saturating_sub(OPENING));
        true
    }

    /// Brings the message at `index` in, with a few before it for context and the next ones
    /// after it (the page is where the reader goes next); false when it was in already or is not
    /// in the list.
    pub fn reveal(&mut self, index: usize) -> bool {
        if index >= self.len || self.range().contains(&index) {
            return false;
        }
        self.first = index.saturating_sub(CONTEXT_BEFORE);
        self.end = Some(self.first + OPENING).filter(|&end| end < self.len);
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
    fn revealing_a_message_brings_it_and_the_next_ones_in() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 2000);
        assert!(window.reveal(4));
        assert_eq!(window.range(), 2..2 + OPENING);
        assert!(window.leaves_out_newer());
        assert!(!window.reveal(10), "already in the page");
        assert_eq!(window.range(), 2..2 + OPENING);
        // A message below the page: the page moves there.
        assert!(window.reveal(1098));
        assert_eq!(window.range(), 1096..1096 + OPENING);
        // Near the end, the page reaches the newest again.
        assert!(window.reveal(1990));
        assert_eq!(window.range(), 1988..2000);
        assert!(!window.leaves_out_newer());
        let mut other = MessageWindow::default();
        other.follow(Some("root"), 2000);
        assert!(other.reveal(1));
        assert_eq!(other.first(), 0);
        assert!(!other.reveal(2000), "past the end");
        assert!(!other.reveal(5000));
    }

    #[test]
    fn messages_far_below_leave_and_come_back_a_step_at_a_time() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 500);
        assert!(window.reveal(10));
        assert!(!window.release_newer(30), "the opening number stays");
        assert!(window.newer());
        assert!(window.newer());
        assert_eq!(window.range(), 8..8 + OPENING + 2 * STEP);
        assert!(window.release_newer(100));
        assert_eq!(window.range(), 8..100);
        assert!(!window.release_newer(120), "never brings messages back");
        while window.newer() {}
        assert_eq!(window.range(), 8..500);
        assert!(!window.leaves_out_newer());
        assert!(window.release_newer(300));
        // Messages arriving at the end (an answer) wait below the page.
        window.follow(Some("root"), 502);
        assert_eq!(window.range(), 8..300);
    }

    #[test]
    fn the_latest_are_shown_again_as_when_the_conversation_opened() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 500);
        assert!(!window.latest(), "they are in the page");
        assert!(window.reveal(10));
        assert!(window.latest());
        assert_eq!(window.range(), 500 - OPENING..500);
        // Read from the start down: the page keeps what the reader brought in above.
        let mut read = MessageWindow::default();
        read.follow(Some("root"), 100);
        while read.older() {}
        assert!(!read.latest());
        assert_eq!(read.range(), 0..100);
    }

    #[test]
    fn a_list_shorter_than_the_page_end_shows_to_its_newest() {
        let mut window = MessageWindow::default();
        window.follow(Some("root"), 500);
        assert!(window.reveal(10));
        window.follow(Some("root"), 45);
        assert_eq!(window.range(), 5..45);
        assert!(!window.leaves_out_newer());
    }
}
