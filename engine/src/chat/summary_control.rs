//! The summary panel's rules: the rolling summary of the branch on screen as the user reads it
//! (its text, the messages it stands for, who wrote it and when), edited as the user's own
//! version, reset, or made now with the user's instructions (the seeds' manual compression),
//! on a short chat too.
//!
//! A summary made or edited here is used by the next request whatever the branch's size: the
//! planner sends a valid summary in place of the prefix it covers
//! ([`plan`]).

use crate::chat::service::{ChatError, ChatService};
pub use crate::chat::summary_refusal::SummaryRefusal;
use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode, Role};
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::request_builder::sendable_branch;
use crate::prompt::rolling_context::{
    effective_threshold, plan, summary_covering, valid_summary, RollingContextPlan,
    RollingContextSummary,
};
use crate::provider::settings::ProviderSettings;
use crate::store::ChatStore;

/// The longest summary the user may save (about 50k tokens): past it the summary would not
/// save room, it would take it.
pub const MAX_SUMMARY_CHARS: usize = 200_000;

/// How much of a covered message the panel shows.
const EXCERPT_CHARS: usize = 80;

/// One message a summary stands for, as the panel lists it.
#[derive(Debug, Clone, PartialEq)]
pub struct CoveredMessage {
    pub id: String,
    pub role: Role,
    /// Its text on one line, cut at a word (`"Plan a trip to Kyoto…"`); empty for none.
    pub excerpt: String,
}

/// Who wrote the summary and when; the panel puts it into words ("Made … by gpt-4o", "Edited
/// by you … (made by gpt-4o)").
#[derive(Debug, Clone, PartialEq)]
pub struct Provenance {
    pub made_at_ms: f64,
    pub edited_at_ms: Option<f64>,
    /// The model that made it, when a model did.
    pub model: Option<String>,
}

/// The summary of the branch on screen, as the panel shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct SummaryView {
    pub text: String,
    pub covered: Vec<CoveredMessage>,
    pub provenance: Provenance,
    /// What the user asked the summariser to follow, when they did.
    pub instructions: Option<String>,
    pub edited: bool,
}

/// `text` cut to `max` characters at a word, with an ellipsis when cut; on one line.
fn excerpt(text: &str, max: usize) -> String {
    let line = text.split_whitespace().collect::<Vec<_>>().join(" ");
    if line.chars().count() <= max {
        return line;
    }
    let cut: String = line.chars().take(max).collect();
    let cut = cut.rsplit_once(' ').map_or(cut.as_str(), |(head, _)| head);
    format!("{cut}…")
}

fn covered_message(node: &MessageNode) -> CoveredMessage {
    CoveredMessage {
        id: node.id.clone(),
        role: node.role,
        excerpt: excerpt(&node.text(), EXCERPT_CHARS),
    }
}

/// What the panel shows for `summary`, whose covered messages are `branch`'s first ones.
pub fn summary_view(summary: &RollingContextSummary, branch: &[&MessageNode]) -> SummaryView {
    let origin = &summary.origin;
    let provenance = Provenance {
        made_at_ms: summary.created_at_ms,
        edited_at_ms: origin.edited_at_ms,
        model: origin.model.clone(),
    };
    SummaryView {
        text: summary.text.clone(),
        covered: branch
            .iter()
            .take(summary.covered_ids.len())
            .map(|node| covered_message(node))
            .collect(),
        provenance,
        instructions: origin.instructions.clone(),
        edited: origin.edited_at_ms.is_some(),
    }
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// The summaries of `conversation`, and its current branch's valid one as the panel shows it.
    async fn branch_summary(
        &self,
        conversation: &Conversation,
    ) -> Result<Option<(RollingContextSummary, SummaryView)>, ChatError> {
        let tree = self.load_tree(conversation).await?;
        // What the next request sends: a failed answer is not part of it.
        let branch = sendable_branch(tree.current_branch());
        let summaries = self.store.load_summaries(&conversation.id).await?;
        Ok(valid_summary(&summaries, &branch).map(|summary| {
            let view = summary_view(summary, &branch);
            (summary.clone(), view)
        }))
    }

    /// The summary standing in for the oldest messages of the branch on screen, if one does.
    pub async fn current_summary(
        &self,
        conversation: &Conversation,
    ) -> Result<Option<SummaryView>, ChatError> {
        Ok(self
            .branch_summary(conversation)
            .await?
            .map(|(_, view)| view))
    }

    /// Summarises everything before the last exchange now, following `instructions` (may be
    /// empty), whatever the chat's size; only messages the current summary does not cover yet
    /// are sent. A failure changes nothing.
    pub async fn summarise_now(
        &self,
        conversation: &Conversation,
        assistant: &Assistant,
        settings: &ProviderSettings,
        instructions: &str,
        cancel: &CancelToken,
    ) -> Result<SummaryView, ChatError> {
        settings.validate()?;
        let tree = self.load_tree(conversation).await?;
        // What the next request sends: a failed answer is not part of it.
        let branch = sendable_branch(tree.current_branch());
        let summaries = self.store.load_summaries(&conversation.id).await?;
        let previous = valid_summary(&summaries, &branch);
        let threshold = effective_threshold(
            assistant.context_threshold_tokens,
            settings.model_budget(&assistant.params),
        );
        let RollingContextPlan::Summarize {
            new_from,
            window_start,
        } = plan(&branch, previous, threshold, true)
        else {
            return Err(ChatError::Summary(if previous.is_some() {
                SummaryRefusal::Covered
            } else {
                SummaryRefusal::NothingYet
            }));
        };
        let instructions = Some(instructions.trim()).filter(|i| !i.is_empty());
        let text = self
            .summarize(
                previous.map(|s| s.text.as_str()),
                &branch[new_from..window_start],
                threshold,
                settings,
                instructions,
                cancel,
            )
            .await
            .map_err(|err| {
                ChatError::Summary(SummaryRefusal::Failed(crate::i18n::Cause::of(&err)))
            })?;
        let now = self.clock().now_ms();
        let mut summary =
            summary_covering(&branch, window_start, text, now).ok_or(ChatError::NoConversation)?;
        summary.origin.model = Some(settings.model_name().to_owned());
        summary.origin.instructions = instructions.map(str::to_owned);
        self.store.save_summary(&summary).await?;
        Ok(summary_view(&summary, &branch))
    }

    /// Replaces the text of the branch's summary with the user's version.
    pub async fn edit_summary(
        &self,
        conversation: &Conversation,
        text: &str,
    ) -> Result<SummaryView, ChatError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(ChatError::Summary(SummaryRefusal::Empty));
        }
        if text.chars().count() > MAX_SUMMARY_CHARS {
            return Err(ChatError::Summary(SummaryRefusal::TooLong(
                MAX_SUMMARY_CHARS,
            )));
        }
        let Some((mut summary, mut view)) = self.branch_summary(conversation).await? else {
            return Err(ChatError::Summary(SummaryRefusal::NoSummary));
        };
        summary.text = text.to_owned();
        let now = self.clock().now_ms();
        summary.origin.edited_at_ms = Some(now);
        self.store.save_summary(&summary).await?;
        let covered = std::mem::take(&mut view.covered);
        let mut view = summary_view(&summary, &[]);
        view.covered = covered;
        Ok(view)
    }

    /// Deletes every summary of the branch on screen (a shorter one would stand in otherwise):
    /// the next request sends the whole branch, or summarises it afresh past the threshold.
    /// Returns how many were deleted.
    pub async fn reset_summary(&self, conversation: &Conversation) -> Result<usize, ChatError> {
        let tree = self.load_tree(conversation).await?;
        // What the next request sends: a failed answer is not part of it.
        let branch = sendable_branch(tree.current_branch());
        let summaries = self.store.load_summaries(&conversation.id).await?;
        let of_branch: Vec<RollingContextSummary> = summaries
            .into_iter()
            .filter(|s| s.is_valid_for(&branch))
            .collect();
        self.store.delete_summaries(&of_branch).await?;
        Ok(of_branch.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::prompt::rolling_context::SummaryOrigin;

    fn node(id: &str, role: Role, text: &str) -> MessageNode {
        MessageNode::new(id, "c", role, 0.0).with_text(text)
    }

    #[test]
    fn the_view_lists_covered_messages_and_who_wrote_the_summary() {
        let nodes = [
            node("a", Role::User, "Plan a trip\nto Kyoto."),
            node("b", Role::Assistant, &"word ".repeat(40)),
            node("c", Role::User, "And Osaka?"),
        ];
        let branch: Vec<&MessageNode> = nodes.iter().collect();
        let mut summary = summary_covering(&branch, 2, "Kyoto trip.".into(), 0.0).unwrap();
        summary.origin = SummaryOrigin {
            model: Some("gpt-4o".into()),
            instructions: Some("Keep dates.".into()),
            edited_at_ms: None,
        };
        let view = summary_view(&summary, &branch);
        assert_eq!(
            view.provenance,
            Provenance {
                made_at_ms: 0.0,
                edited_at_ms: None,
                model: Some("gpt-4o".into())
            }
        );
        assert_eq!(view.covered.len(), 2);
        assert_eq!(view.covered[0].role, Role::User);
        assert_eq!(view.covered[0].excerpt, "Plan a trip to Kyoto.");
        assert!(
            view.covered[1].excerpt.ends_with("word…"),
            "{:?}",
            view.covered[1]
        );
        assert!(view.covered[1].excerpt.chars().count() <= 81);
        assert_eq!(view.instructions.as_deref(), Some("Keep dates."));

        summary.origin.edited_at_ms = Some(90_000.0);
        let edited = summary_view(&summary, &branch);
        assert!(edited.edited);
        assert_eq!(edited.provenance.edited_at_ms, Some(90_000.0));
    }
}

#[cfg(test)]
#[path = "summary_control_tests.rs"]
mod service_tests;
