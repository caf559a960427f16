//! What the system notification says when an answer finishes while its tab is hidden (seed 000
//! §9): the conversation's title, and the start of the answer, or why it failed.

use crate::domain::message::{MessageNode, MessageStatus};

/// The longest notification body, in characters.
pub const BODY_CHARS: usize = 140;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FinishedNotice {
    pub title: String,
    pub body: String,
}

/// The notice for `reply`, in the conversation titled `title` (when it is known).
pub fn finished_notice(reply: &MessageNode, title: Option<&str>) -> FinishedNotice {
    let body = match reply.status {
        MessageStatus::Error => format!(
            "The answer failed: {}",
            reply.error.as_deref().unwrap_or("unknown error")
        ),
        _ => reply.text(),
    };
    FinishedNotice {
        title: title
            .filter(|t| !t.trim().is_empty())
            .unwrap_or("Skein")
            .to_owned(),
        body: body.chars().take(BODY_CHARS).collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;

    fn reply(text: &str, status: MessageStatus) -> MessageNode {
        let mut node = MessageNode::new("m", "c", Role::Assistant, 0.0);
        node.push_text(text);
        node.status = status;
        node
    }

    #[test]
    fn a_finished_answer_is_announced_by_its_start_under_its_conversation_title() {
        let long = "é".repeat(500);
        let notice = finished_notice(&reply(&long, MessageStatus::Complete), Some("Ferns"));
        assert_eq!(notice.title, "Ferns");
        assert_eq!(
            notice.body.chars().count(),
            BODY_CHARS,
            "cut by characters, not bytes"
        );
        assert_eq!(
            finished_notice(&reply("Hi", MessageStatus::Complete), None).title,
            "Skein"
        );
        assert_eq!(
            finished_notice(&reply("Hi", MessageStatus::Complete), Some("  ")).title,
            "Skein"
        );
    }

    #[test]
    fn a_failed_answer_says_why() {
        let mut failed = reply("partial", MessageStatus::Error);
        failed.error = Some("The provider refused the API key.".into());
        assert_eq!(
            finished_notice(&failed, Some("T")).body,
            "The answer failed: The provider refused the API key."
        );
        failed.error = None;
        assert_eq!(
            finished_notice(&failed, None).body,
            "The answer failed: unknown error"
        );
    }
}
