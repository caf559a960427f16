//! The line under a finished answer that says how it was made: the model that wrote it, the
//! tokens the provider counted, and the speed it reported. Only what the provider reported is
//! said; nothing is estimated here.

use crate::domain::message::{MessageNode, MessageStatus, Role};

/// `"gpt-4o · 1204 tokens in, 356 out · 41.2 tokens/s"`, each part only when known; `None` for
/// a question, an answer still being written, or one with nothing reported.
pub fn answer_details(node: &MessageNode) -> Option<String> {
    if node.role != Role::Assistant || node.status == MessageStatus::Streaming {
        return None;
    }
    let mut parts = Vec::new();
    if let Some(model) = node.model.as_deref().filter(|m| !m.trim().is_empty()) {
        parts.push(model.trim().to_owned());
    }
    if let Some(usage) = node.usage {
        parts.push(format!(
            "{} tokens in, {} out",
            usage.prompt_tokens, usage.completion_tokens
        ));
    }
    if let Some(speed) = node.timings.and_then(|t| t.predicted_per_second()) {
        parts.push(format!("{speed:.1} tokens/s"));
    }
    (!parts.is_empty()).then(|| parts.join(" · "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message_part::{ProviderTimings, TokenUsage};

    fn answer() -> MessageNode {
        MessageNode::new("a1", "c1", Role::Assistant, 1.0)
    }

    #[test]
    fn a_finished_answer_says_its_model_tokens_and_speed() {
        let mut node = answer();
        assert_eq!(answer_details(&node), None, "nothing reported");
        node.model = Some(" gpt-4o ".into());
        assert_eq!(answer_details(&node).as_deref(), Some("gpt-4o"));
        node.usage = Some(TokenUsage::reported(1204, 356));
        node.timings = Some(ProviderTimings {
            predicted_tokens: 356,
            predicted_ms: 8_640.0,
            ..ProviderTimings::default()
        });
        assert_eq!(
            answer_details(&node).as_deref(),
            Some("gpt-4o · 1204 tokens in, 356 out · 41.2 tokens/s")
        );
    }

    #[test]
    fn questions_and_answers_being_written_say_nothing() {
        let mut node = answer();
        node.model = Some("gpt-4o".into());
        node.status = MessageStatus::Streaming;
        assert_eq!(answer_details(&node), None);
        let mut question = MessageNode::new("q1", "c1", Role::User, 1.0);
        question.model = Some("gpt-4o".into());
        assert_eq!(answer_details(&question), None);
    }
}
