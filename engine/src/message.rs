//! Conversations and the message nodes they are made of.
//!
//! A conversation is a tree of [`MessageNode`]s linked by `parent_id` (see
//! [`ConversationTree`](crate::ConversationTree)); the *current branch* is the path from a root to
//! [`Conversation::current_leaf_id`]. Every node is its own record, so one changed message is one
//! write.
//!
//! ## Limitations (for now)
//! Parts other than plain text (images, reasoning, tool calls, citations) are not modelled yet.

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

#[cfg(test)]
mod tests {
    use super::*;

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
