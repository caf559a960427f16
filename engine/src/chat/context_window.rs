//! Seed 000 §2 in the running service: the request window of a branch, and the summary that
//! stands in for what comes before it, generated and stored when the
//! [planner](crate::prompt::rolling_context::plan) asks for one.

use crate::chat::events::GenerationEvent;
use crate::chat::service::{ChatError, ChatService};
use crate::chat::turn::Turn;
use crate::domain::assistant::Assistant;
use crate::domain::message::Conversation;
use crate::domain::message::MessageNode;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::context_meter::{context_usage, ContextUsage};
use crate::prompt::request_builder::sendable_branch;
use crate::prompt::rolling_context::{
    effective_threshold, plan, summary_covering, summary_length_target, valid_summary,
    RollingContextPlan,
};
use crate::prompt::summary::{summary_request, transcript_pieces};
use crate::provider::settings::ProviderSettings;
use crate::provider::ProviderError;
use crate::store::ChatStore;

/// What the prompt inspector shows where a request would first summarise older messages.
pub const PENDING_SUMMARY: &str =
    "[A new summary of the earlier messages is made here when this request is sent.]";

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Seed 000 §2: where the request window of `branch` starts, and the summary that stands in
    /// for what comes before it. When the planner asks for a summary it is generated (previous
    /// summary + newly covered messages) and stored; if that fails the request still uses only
    /// the recent window, never the full history, and the user is told. A dry run (the prompt
    /// inspector) makes no summary: [`PENDING_SUMMARY`] marks where a new one would go.
    pub(crate) async fn rolling_window(
        &self,
        conversation_id: &str,
        branch: &[&MessageNode],
        turn: &Turn<'_>,
    ) -> (usize, Option<String>) {
        let (assistant, settings, cancel, sink, dry_run) = (
            turn.assistant,
            turn.settings,
            turn.cancel,
            turn.sink,
            turn.dry_run,
        );
        let threshold = effective_threshold(
            assistant.context_threshold_tokens,
            settings.model_budget(&assistant.params),
        );
        let summaries = self
            .store
            .load_summaries(conversation_id)
            .await
            .unwrap_or_default();
        let previous = valid_summary(&summaries, branch);
        match plan(branch, previous, threshold, false) {
            RollingContextPlan::Send { start } => (
                start,
                previous.filter(|_| start > 0).map(|s| s.text.clone()),
            ),
            // Only looking: the summary a real request would make first is not made.
            RollingContextPlan::Summarize { window_start, .. } if dry_run => {
                (window_start, Some(PENDING_SUMMARY.to_owned()))
            }
            RollingContextPlan::Summarize {
                new_from,
                window_start,
            } => {
                let refreshed = self
                    .summarize(
                        previous.map(|s| s.text.as_str()),
                        &branch[new_from..window_start],
                        threshold,
                        settings,
                        None,
                        cancel,
                    )
                    .await;
                match refreshed {
                    Ok(text) => {
                        let now = self.clock().now_ms();
                        if let Some(mut summary) = summary_covering(branch, window_start, text, now)
                        {
                            summary.origin.model = Some(settings.model_name().to_owned());
                            if let Err(err) = self.store.save_summary(&summary).await {
                                sink.emit(GenerationEvent::Warning(
                                    super::warnings::summary_not_saved(&err),
                                ));
                            }
                            return (window_start, Some(summary.text));
                        }
                        (window_start, None)
                    }
                    Err(err) => {
                        sink.emit(GenerationEvent::Warning(
                            super::warnings::summarising_failed(&err),
                        ));
                        (window_start, None)
                    }
                }
            }
        }
    }

    /// Summarises `new_messages` into `previous`, one threshold-sized piece at a time, each
    /// answer asked to stay within the [length target](summary_length_target) for `threshold`,
    /// following the user's `instructions` when they asked for it.
    pub(crate) async fn summarize(
        &self,
        previous: Option<&str>,
        new_messages: &[&MessageNode],
        threshold: u64,
        settings: &ProviderSettings,
        instructions: Option<&str>,
        cancel: &CancelToken,
    ) -> Result<String, ProviderError> {
        let mut summary = previous.map(str::to_owned);
        let length = Some(summary_length_target(threshold));
        for piece in transcript_pieces(new_messages, threshold.max(1_000)) {
            // Each piece carries the summary so far, so nothing covered earlier is re-read.
            let request = summary_request(summary.as_deref(), &piece, instructions);
            summary = Some(
                self.client
                    .complete(settings, &request, length, cancel)
                    .await?,
            );
        }
        summary.ok_or_else(|| ProviderError::Decode("nothing to summarise".into()))
    }

    /// How full the request window of `conversation`'s current branch is (the context
    /// meter), read from storage; `branch` when the caller already holds it.
    pub async fn context_usage(
        &self,
        conversation: &Conversation,
        branch: Option<&[&MessageNode]>,
        assistant: &Assistant,
        settings: &ProviderSettings,
    ) -> Result<ContextUsage, ChatError> {
        let summaries = self.store.load_summaries(&conversation.id).await?;
        // Measured on what the next request sends (a failed answer is not part of it), so
        // the meter, the summary panel and the planner agree.
        let usage = match branch {
            Some(branch) => {
                let sendable = sendable_branch(branch.to_vec());
                context_usage(&sendable, &summaries, assistant, settings)
            }
            None => {
                let tree = self.load_tree(conversation).await?;
                let sendable = sendable_branch(tree.current_branch());
                context_usage(&sendable, &summaries, assistant, settings)
            }
        };
        Ok(usage)
    }
}
