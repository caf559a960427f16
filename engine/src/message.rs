//! Conversations and the message nodes they are made of.
//!
//! A conversation is a tree of [`MessageNode`]s linked by `parent_id`; the *current branch* is the
//! path from the root to [`Conversation::current_leaf_id`]. Every node is its own record (so one
//! changed message is one write), and nothing here ever deletes a node to fit a provider's
//! context window.
//!
//! ## Limitations (for now)
//! The walking skeleton only appends to the current branch; regenerate, edit-as-branch and sibling
//! navigation build on this same shape later. Parts other than plain text (images, reasoning, tool
//! calls, citations) are not modelled yet.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
}

/// Where a message is in its life. A message interrupted by a stop, a closed tab or a crash keeps
/// its text and becomes [`Incomplete`](Self::Incomplete), never silently "complete".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MessageStatus {
    Streaming,
    Complete,
    Incomplete,
    Error,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessageNode {
    pub id: String,
    pub conversation_id: String,
    pub parent_id: Option<String>,
    pub role: Role,
    pub text: String,
    pub status: MessageStatus,
    /// The model that produced an assistant message, as the provider reported it.
    #[serde(default)]
    pub model: Option<String>,
    pub created_at_ms: f64,
    #[serde(default)]
    pub finished_at_ms: Option<f64>,
    /// A user-facing description of why generation failed, for [`MessageStatus::Error`].
    #[serde(default)]
    pub error: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Conversation {
    pub id: String,
    pub title: String,
    pub created_at_ms: f64,
    pub updated_at_ms: f64,
    /// The leaf of the branch the user is looking at; `None` for an empty conversation.
    pub current_leaf_id: Option<String>,
}

/// The longest title derived from a first message, in characters.
const TITLE_CHARS: usize = 60;

impl Conversation {
    /// A placeholder title from the first user message: its first line, shortened at a character
    /// boundary. (Model-generated titles come with the generation-loop work.)
    pub fn title_from_first_message(text: &str) -> String {
        let line = text.lines().find(|l| !l.trim().is_empty()).unwrap_or("");
        let line = line.trim();
        match line.char_indices().nth(TITLE_CHARS) {
            Some((cut, _)) => format!("{}…", line[..cut].trim_end()),
            None if line.is_empty() => "New chat".to_owned(),
            None => line.to_owned(),
        }
    }
}

/// The current branch: the nodes from the root to `leaf_id`, in order.
///
/// Stops (rather than loops) on a parent cycle or a missing parent, so corrupted stored data
/// yields the part of the branch that can be trusted instead of hanging or panicking.
pub fn branch<'a>(nodes: &'a [MessageNode], leaf_id: Option<&str>) -> Vec<&'a MessageNode> {
    let by_id: std::collections::HashMap<&str, &MessageNode> =
        nodes.iter().map(|n| (n.id.as_str(), n)).collect();
    let mut path = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut next = leaf_id;
    while let Some(id) = next {
        let Some(node) = by_id.get(id) else { break };
        if !seen.insert(id) {
            break; // a parent cycle
        }
        path.push(*node);
        next = node.parent_id.as_deref();
    }
    path.reverse();
    path
}

#[cfg(test)]
mod tests {
    use super::*;

    fn node(id: &str, parent: Option<&str>) -> MessageNode {
        MessageNode {
            id: id.into(),
            conversation_id: "c".into(),
            parent_id: parent.map(Into::into),
            role: Role::User,
            text: id.into(),
            status: MessageStatus::Complete,
            model: None,
            created_at_ms: 0.0,
            finished_at_ms: None,
            error: None,
        }
    }

    fn ids(path: &[&MessageNode]) -> Vec<String> {
        path.iter().map(|n| n.id.clone()).collect()
    }

    #[test]
    fn branch_follows_parents_from_the_leaf() {
        let nodes = [
            node("a", None),
            node("b", Some("a")),
            node("b2", Some("a")),
            node("c", Some("b")),
        ];
        assert_eq!(ids(&branch(&nodes, Some("c"))), ["a", "b", "c"]);
        assert_eq!(ids(&branch(&nodes, Some("b2"))), ["a", "b2"]);
        assert!(branch(&nodes, None).is_empty());
    }

    #[test]
    fn branch_survives_cycles_and_missing_nodes() {
        let cyclic = [node("a", Some("b")), node("b", Some("a"))];
        assert_eq!(ids(&branch(&cyclic, Some("a"))), ["b", "a"]);
        let orphan = [node("b", Some("gone"))];
        assert_eq!(ids(&branch(&orphan, Some("b"))), ["b"]);
        assert!(branch(&orphan, Some("unknown")).is_empty());
    }

    #[test]
    fn titles_come_from_the_first_non_blank_line() {
        assert_eq!(
            Conversation::title_from_first_message("\n  Hello there \nmore"),
            "Hello there"
        );
        assert_eq!(Conversation::title_from_first_message("   "), "New chat");
        let long = "é".repeat(80);
        let title = Conversation::title_from_first_message(&long);
        assert_eq!(title.chars().count(), TITLE_CHARS + 1);
        assert!(title.ends_with('…'));
    }

    #[test]
    fn stored_records_without_optional_fields_still_load() {
        let json = r#"{"id":"m","conversation_id":"c","parent_id":null,"role":"assistant",
            "text":"hi","status":"incomplete","created_at_ms":1.0}"#;
        let node: MessageNode = serde_json::from_str(json).unwrap();
        assert_eq!(node.status, MessageStatus::Incomplete);
        assert_eq!(node.model, None);
    }
}
