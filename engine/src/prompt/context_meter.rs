//! How full the next request is: the tokens the current branch will take (after a valid rolling
//! summary, if one stands in for its oldest part), against the model's context window when it is
//! known, and the threshold at which the branch gets summarised. Shown under the composer, so a
//! user sees a long thread coming before the summary replaces its start.

use crate::domain::assistant::Assistant;
use crate::domain::message::MessageNode;
use crate::prompt::rolling_context::{
    effective_threshold, valid_summary, BranchSize, RollingContextSummary,
};
use crate::prompt::token_estimate::estimate_tokens;
use crate::provider::settings::ProviderSettings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ContextUsage {
    /// Estimated tokens of the branch as it would be sent (without the system prompt).
    pub tokens: u64,
    /// Where summarising starts (the assistant's setting or the default, lowered to fit a small
    /// model window).
    pub threshold: u64,
    /// The model's context window, when the settings know it.
    pub window: Option<u64>,
    /// A summary stands in for this many of the oldest messages.
    pub summarized_messages: usize,
}

impl ContextUsage {
    /// The same usage with text about to be sent added (the composer's draft).
    pub fn with_draft(self, draft: &str) -> Self {
        Self {
            tokens: self.tokens.saturating_add(estimate_tokens(draft)),
            ..self
        }
    }
}

/// The usage of `branch` (root first) given the conversation's stored summaries.
pub fn context_usage(
    branch: &[&MessageNode],
    summaries: &[RollingContextSummary],
    assistant: &Assistant,
    settings: &ProviderSettings,
) -> ContextUsage {
    let budget = settings.model_budget(&assistant.params);
    let summary = valid_summary(summaries, branch);
    let covered = summary.map_or(0, |s| s.covered_ids.len());
    // The planner's own measure, so the meter fills up exactly when a summary is due.
    let tokens = BranchSize::of(branch, covered)
        .with_summary(summary.map_or(0, RollingContextSummary::tokens));
    ContextUsage {
        tokens,
        threshold: effective_threshold(assistant.context_threshold_tokens, budget),
        window: budget.map(|b| b.context_window),
        summarized_messages: covered,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;

    fn no_window() -> ProviderSettings {
        ProviderSettings::default()
    }

    fn node(id: &str, text: &str) -> MessageNode {
        MessageNode::new(id, "c", Role::User, 1.0).with_text(text)
    }

    #[test]
    fn a_valid_summary_stands_in_for_the_messages_it_covers() {
        let nodes = [
            node("a", &"old words ".repeat(400)),
            node("b", &"more ".repeat(400)),
            node("c", "recent"),
        ];
        let branch: Vec<&MessageNode> = nodes.iter().collect();
        let whole = context_usage(&branch, &[], &Assistant::default(), &no_window());
        assert_eq!(whole.summarized_messages, 0);
        assert!(whole.tokens > 500, "{whole:?}");
        let summary = RollingContextSummary {
            conversation_id: "c".into(),
            text: "They talked.".into(),
            covered_ids: vec!["a".into(), "b".into()],
            created_at_ms: 1.0,
            origin: Default::default(),
        };
        let summarized = context_usage(
            &branch,
            std::slice::from_ref(&summary),
            &Assistant::default(),
            &no_window(),
        );
        assert_eq!(summarized.summarized_messages, 2);
        assert!(summarized.tokens < 50, "{summarized:?}");
        assert_eq!(
            summarized.threshold,
            crate::prompt::rolling_context::DEFAULT_THRESHOLD_TOKENS
        );
        // A summary of another branch does not count.
        let other = RollingContextSummary {
            covered_ids: vec!["x".into(), "b".into()],
            ..summary
        };
        assert_eq!(
            context_usage(&branch, &[other], &Assistant::default(), &no_window()),
            whole
        );
        assert!(whole.with_draft("a few more words").tokens > whole.tokens);
    }

    #[test]
    fn a_known_window_is_measured_against_and_lowers_a_threshold_it_cannot_hold() {
        let nodes = [node("a", "hello")];
        let branch: Vec<&MessageNode> = nodes.iter().collect();
        let small = ProviderSettings {
            context_window: Some(8_192),
            ..ProviderSettings::default()
        };
        let usage = context_usage(&branch, &[], &Assistant::default(), &small);
        assert_eq!(usage.window, Some(8_192));
        // 8,192 minus the default 4,096 of answer room.
        assert_eq!(usage.threshold, 4_096);
        let large = ProviderSettings {
            context_window: Some(1_000_000),
            ..ProviderSettings::default()
        };
        let usage = context_usage(&branch, &[], &Assistant::default(), &large);
        assert_eq!(
            usage.threshold,
            crate::prompt::rolling_context::DEFAULT_THRESHOLD_TOKENS
        );
        assert_eq!(
            context_usage(&branch, &[], &Assistant::default(), &no_window()).window,
            None
        );
    }
}
