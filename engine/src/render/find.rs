//! Find in the conversation on screen.
//!
//! Only part of a long conversation is in the page ([`super::window`]), so the browser's own
//! find cannot see every message: the chat view finds over the messages' text instead, and
//! brings each match into the page in turn. Matching is the conversation search's:
//! case-insensitive substring ([`crate::store::search::normalize_query`]).

use crate::store::search::normalize_query;

/// The positions of the messages whose text contains `query`, in order. None for a query that
/// is only spaces.
pub fn find_messages<'a>(texts: impl IntoIterator<Item = &'a str>, query: &str) -> Vec<usize> {
    let Some(query) = normalize_query(query) else {
        return Vec::new();
    };
    texts
        .into_iter()
        .enumerate()
        .filter(|(_, text)| text.to_lowercase().contains(&query))
        .map(|(index, _)| index)
        .collect()
}

/// The match after (`forward`) or before `current` among `count`, wrapping around.
pub fn step(current: usize, count: usize, forward: bool) -> usize {
    match (count, forward) {
        (0, _) => 0,
        (_, true) => (current + 1) % count,
        (_, false) => (current + count - 1) % count,
    }
}

/// Where a new search starts: at the last match (the newest, nearest the reader).
pub fn start(count: usize) -> usize {
    count.saturating_sub(1)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_are_found_by_case_insensitive_substring() {
        let texts = ["The Moon pulls", "tides rise", "a MOONLIT night", "Mond"];
        assert_eq!(find_messages(texts, "moon"), vec![0, 2]);
        assert_eq!(find_messages(texts, "  Tides "), vec![1]);
        assert_eq!(find_messages(texts, "sun"), Vec::<usize>::new());
        assert_eq!(find_messages(texts, "   "), Vec::<usize>::new());
        assert_eq!(find_messages(["Straße"], "STRASSE"), Vec::<usize>::new());
        assert_eq!(find_messages(["ÉCOLE"], "école"), vec![0]);
    }

    #[test]
    fn stepping_wraps_around_both_ways() {
        assert_eq!(step(0, 3, true), 1);
        assert_eq!(step(2, 3, true), 0);
        assert_eq!(step(0, 3, false), 2);
        assert_eq!(step(1, 3, false), 0);
        assert_eq!(step(0, 0, true), 0);
        assert_eq!(start(5), 4);
        assert_eq!(start(0), 0);
    }
}
