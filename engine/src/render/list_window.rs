//! How many rows of the conversation list are in the page.
//!
//! The list opens with its newest [`OPENING`] conversations; older ones join [`STEP`] at a
//! time as the reader scrolls toward the end of the list (or asks), and a conversation that is
//! opened from elsewhere (a cited message, another tab) brings every row up to it along. So a
//! start with a thousand stored conversations lays out tens of rows, not a thousand
//! (`cargo xtask bench`, the cold start).
//!
//! The window only grows while the page lives: rows the reader has seen stay, and a search,
//! whose results are ranked, starts at its best ones.

/// Rows in the page at start.
pub const OPENING: usize = 60;
/// Rows added when the reader nears the last one in the page.
pub const STEP: usize = 60;

/// The window over the conversation list: its first [`ListWindow::count`] rows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ListWindow {
    shown: usize,
}

impl Default for ListWindow {
    fn default() -> Self {
        Self { shown: OPENING }
    }
}

impl ListWindow {
    /// How many of a list of `len` rows are in the page.
    pub fn count(&self, len: usize) -> usize {
        self.shown.min(len)
    }

    /// How many of a list of `len` rows are not in the page.
    pub fn left_out(&self, len: usize) -> usize {
        len.saturating_sub(self.shown)
    }

    /// Brings [`STEP`] more of a list of `len` rows in; false when every row is in already.
    pub fn more(&mut self, len: usize) -> bool {
        if self.shown >= len {
            return false;
        }
        self.shown += STEP;
        true
    }

    /// Brings the row at `index` in (with the rest of its step after it, so the next scroll
    /// does not stop right below it); false when it was in already.
    pub fn reveal(&mut self, index: usize) -> bool {
        if index < self.shown {
            return false;
        }
        self.shown = (index / STEP + 1) * STEP;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_long_list_opens_with_its_first_rows_and_a_short_one_whole() {
        let window = ListWindow::default();
        assert_eq!(window.count(1000), OPENING);
        assert_eq!(window.left_out(1000), 1000 - OPENING);
        assert_eq!(window.count(7), 7);
        assert_eq!(window.left_out(7), 0);
        assert_eq!(window.count(0), 0);
    }

    #[test]
    fn more_adds_a_step_until_every_row_is_in() {
        let mut window = ListWindow::default();
        let len = OPENING + STEP + 5;
        assert!(window.more(len));
        assert_eq!(window.count(len), OPENING + STEP);
        assert!(window.more(len));
        assert_eq!(window.count(len), len);
        assert_eq!(window.left_out(len), 0);
        assert!(!window.more(len), "nothing left to add");
        assert_eq!(window.count(len), len);
    }

    #[test]
    fn revealing_a_row_brings_every_row_before_it() {
        let mut window = ListWindow::default();
        assert!(!window.reveal(OPENING - 1), "already in");
        assert_eq!(window.count(1000), OPENING);
        assert!(window.reveal(500));
        assert!(window.count(1000) > 500);
        assert_eq!(window.count(1000) % STEP, 0, "whole steps");
        assert!(!window.reveal(500));
        // A list that shrank (deletions) shows what it has.
        assert_eq!(window.count(100), 100);
    }

    #[test]
    fn the_window_never_shrinks() {
        let mut window = ListWindow::default();
        window.reveal(300);
        let shown = window.count(usize::MAX);
        assert!(!window.reveal(10));
        window.more(10);
        assert_eq!(window.count(usize::MAX), shown);
    }
}
