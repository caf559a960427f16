//! Deletions that wait out an undo window: the item leaves the list at once, and is deleted
//! for real only when its window closes without an undo. Each deletion gets its own number, so
//! a window that closes after the item was undone and deleted again (with a window of its own)
//! carries nothing out.

use std::collections::HashMap;

/// The deletions whose undo window is open, by ID.
#[derive(Debug)]
pub struct PendingDeletions<T> {
    pending: HashMap<String, (T, u64)>,
    opened: u64,
}

impl<T> Default for PendingDeletions<T> {
    fn default() -> Self {
        Self {
            pending: HashMap::new(),
            opened: 0,
        }
    }
}

impl<T> PendingDeletions<T> {
    /// Opens a window for deleting `item`; returns its number.
    pub fn open(&mut self, id: &str, item: T) -> u64 {
        self.opened += 1;
        self.pending.insert(id.to_owned(), (item, self.opened));
        self.opened
    }

    /// The item whose window `number` just closed, to delete now; `None` when it was undone
    /// (or deleted again, with a newer window).
    pub fn close(&mut self, id: &str, number: u64) -> Option<T> {
        if self.pending.get(id).is_some_and(|(_, n)| *n == number) {
            self.pending.remove(id).map(|(item, _)| item)
        } else {
            None
        }
    }

    /// Undoes the deletion of `id`: the item back, if its window is still open.
    pub fn undo(&mut self, id: &str) -> Option<T> {
        self.pending.remove(id).map(|(item, _)| item)
    }

    /// Every pending item, to delete now (the page is going away, or an import may bring one
    /// back); their windows then close with nothing to do.
    pub fn take_all(&mut self) -> Vec<(String, T)> {
        self.pending
            .drain()
            .map(|(id, (item, _))| (id, item))
            .collect()
    }

    /// Whether `id` is deleted but still in its window (lists leave it out).
    pub fn contains(&self, id: &str) -> bool {
        self.pending.contains_key(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_closing_window_deletes_unless_undone_or_opened_again() {
        let mut pending = PendingDeletions::default();
        let first = pending.open("a", "Trip");
        assert!(pending.contains("a"));
        assert_eq!(pending.close("a", first), Some("Trip"));
        assert!(!pending.contains("a"));

        // Undone: the window closes with nothing to do.
        let window = pending.open("b", "Notes");
        assert_eq!(pending.undo("b"), Some("Notes"));
        assert_eq!(pending.close("b", window), None);

        // Undone and deleted again: only the newer window deletes it.
        let old = pending.open("c", "Draft");
        pending.undo("c");
        let new = pending.open("c", "Draft");
        assert_eq!(pending.close("c", old), None);
        assert!(pending.contains("c"), "still waiting for its own window");
        assert_eq!(pending.close("c", new), Some("Draft"));
    }

    #[test]
    fn everything_pending_can_be_taken_at_once() {
        let mut pending = PendingDeletions::default();
        let a = pending.open("a", 1);
        pending.open("b", 2);
        let mut all = pending.take_all();
        all.sort();
        assert_eq!(all, [("a".to_owned(), 1), ("b".to_owned(), 2)]);
        assert_eq!(pending.close("a", a), None, "already carried out");
        assert!(!pending.contains("b"));
    }
}
