//! Searching conversations by what was said: case-insensitive substring matching over message
//! text, with a short snippet around the first match for the result list.

use crate::domain::message::{Conversation, MessageNode};
use std::collections::HashMap;

/// One message that matched a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchHit {
    pub conversation_id: String,
    pub message_id: String,
    /// The text around the match, on one line.
    pub snippet: String,
}

/// The query as it is matched: trimmed and lowercased. `None` when there is nothing to find.
pub fn normalize_query(query: &str) -> Option<String> {
    let query = query.trim().to_lowercase();
    (!query.is_empty()).then_some(query)
}

/// The hit for `message` if its text contains `query` (already [normalized](normalize_query)).
pub fn match_message(message: &MessageNode, query: &str) -> Option<SearchHit> {
    let text = message.text();
    let lower = text.to_lowercase();
    let at = lower.find(query)?;
    Some(SearchHit {
        conversation_id: message.conversation_id.clone(),
        message_id: message.id.clone(),
        snippet: snippet(&lower, &text, at, query.len()),
    })
}

/// About 30 characters either side of the match, on one line, with ellipses where cut.
/// (`lower` and `text` may differ in length for a few scripts; positions are mapped by
/// character count, so the snippet never splits a character.)
fn snippet(lower: &str, text: &str, at: usize, len: usize) -> String {
    const CONTEXT: usize = 30;
    let start_char = lower[..at].chars().count();
    let match_chars = lower[at..at + len].chars().count();
    let chars: Vec<char> = text.chars().collect();
    let to = (start_char + match_chars + CONTEXT).min(chars.len());
    let from = start_char.saturating_sub(CONTEXT).min(to);
    let mut out: String = chars[from..to]
        .iter()
        .map(|&c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    if from > 0 {
        out.insert(0, '…');
    }
    if to < chars.len() {
        out.push('…');
    }
    out
}

/// Gathers the hits of one search as messages are offered in store order: the first hit of
/// each conversation, at most `limit` conversations. Every store searches through it, so they
/// all keep the same rule, and one reading a cursor can stop as soon as it is full.
#[derive(Debug)]
pub struct SearchHits {
    query: String,
    limit: usize,
    seen: std::collections::HashSet<String>,
    hits: Vec<SearchHit>,
}

impl SearchHits {
    /// `None` when the query is empty: there is nothing to find.
    pub fn new(query: &str, limit: usize) -> Option<Self> {
        Some(Self {
            query: normalize_query(query)?,
            limit,
            seen: std::collections::HashSet::new(),
            hits: Vec::new(),
        })
    }

    /// Whether no more hits are wanted.
    pub fn is_full(&self) -> bool {
        self.hits.len() >= self.limit
    }

    /// Considers one message (a conversation already found is not matched again).
    pub fn offer(&mut self, message: &MessageNode) {
        if self.is_full() || self.seen.contains(&message.conversation_id) {
            return;
        }
        if let Some(hit) = match_message(message, &self.query) {
            self.seen.insert(hit.conversation_id.clone());
            self.hits.push(hit);
        }
    }

    pub fn into_hits(self) -> Vec<SearchHit> {
        self.hits
    }
}

/// One line of the conversation list under a search.
#[derive(Debug, Clone, PartialEq)]
pub struct ListMatch<'a> {
    pub conversation: &'a Conversation,
    /// The matching words of one of its messages, shown only when its title does not match.
    pub snippet: Option<String>,
}

/// The conversation list for `query`: every conversation when it is blank, else those whose
/// title contains it (case-insensitive) or that have a message hit in `hits` (conversation ID →
/// snippet), in the list's order. Conversations `hidden` says are hidden (a deletion waiting
/// out its undo window) are never listed.
pub fn list_matches<'a>(
    conversations: &'a [Conversation],
    query: &str,
    hits: &HashMap<String, String>,
    hidden: impl Fn(&str) -> bool,
) -> Vec<ListMatch<'a>> {
    let query = normalize_query(query);
    conversations
        .iter()
        .filter(|c| !hidden(&c.id))
        .filter_map(|conversation| {
            let Some(query) = &query else {
                return Some(ListMatch {
                    conversation,
                    snippet: None,
                });
            };
            let title_matches = conversation.title.to_lowercase().contains(query.as_str());
            let snippet = hits.get(&conversation.id).cloned();
            (title_matches || snippet.is_some()).then(|| ListMatch {
                conversation,
                snippet: snippet.filter(|_| !title_matches),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;

    fn message(text: &str) -> MessageNode {
        MessageNode::new("m", "c", Role::User, 1.0).with_text(text)
    }

    #[test]
    fn matches_ignore_case_and_show_the_words_around() {
        let query = normalize_query("  Rust ").unwrap();
        let long = format!(
            "{} I like RUST a lot\nand more {}",
            "x".repeat(50),
            "y".repeat(50)
        );
        let hit = match_message(&message(&long), &query).unwrap();
        assert!(
            hit.snippet.starts_with('…') && hit.snippet.ends_with('…'),
            "{}",
            hit.snippet
        );
        assert!(
            hit.snippet.contains("I like RUST a lot and more"),
            "{}",
            hit.snippet
        );
        assert_eq!(match_message(&message("python"), &query), None);
        assert_eq!(normalize_query("   "), None);
    }

    #[test]
    fn text_whose_lowercase_is_longer_still_gives_a_snippet() {
        // "İ" lowercases to two characters: positions shift, nothing panics.
        let query = normalize_query("end").unwrap();
        let text = format!("{}end", "İ".repeat(200));
        assert!(match_message(&message(&text), &query).is_some());
    }

    #[test]
    fn snippets_never_split_characters() {
        let query = normalize_query("İ").unwrap();
        let text = format!("{}İstanbul 🎉 {}", "ß".repeat(40), "世".repeat(40));
        let hit = match_message(&message(&text), &query).unwrap();
        assert!(hit.snippet.contains("İstanbul 🎉"), "{}", hit.snippet);
    }

    fn titled(id: &str, title: &str) -> Conversation {
        Conversation::new(id, title, 0.0)
    }

    #[test]
    fn the_list_under_a_search_matches_titles_or_message_hits_and_hides_pending_deletions() {
        let list = [
            titled("a", "Fern care"),
            titled("b", "Taxes"),
            titled("c", "Holiday"),
            titled("d", "Ferns again"),
        ];
        let hits = HashMap::from([
            ("b".to_owned(), "…the fern in the office…".to_owned()),
            ("a".to_owned(), "…ferns…".to_owned()),
        ]);
        let ids = |matches: Vec<ListMatch>| -> Vec<(String, Option<String>)> {
            matches
                .into_iter()
                .map(|m| (m.conversation.id.clone(), m.snippet))
                .collect()
        };
        let hidden = |id: &str| id == "d";
        assert_eq!(
            ids(list_matches(&list, "  FERN ", &hits, hidden)),
            [
                ("a".to_owned(), None),
                ("b".to_owned(), Some("…the fern in the office…".to_owned()))
            ],
            "a title match shows no snippet; the hidden one is left out"
        );
        let everything = ids(list_matches(&list, "   ", &hits, |_| false));
        assert_eq!(everything.len(), 4);
        assert!(everything.iter().all(|(_, snippet)| snippet.is_none()));
    }
}
