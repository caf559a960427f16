//! Rolling context (seed 000 §2): which part of a long branch is sent to the provider as it is,
//! and which older prefix is replaced, in the request only, by a summary.
//!
//! Local history is never shortened: a [`RollingContextSummary`] stands in for an exact prefix of
//! the current branch *in the request*, and records the IDs of that prefix. It is reused only
//! while those IDs are still the first messages of the branch, so editing, deleting or switching
//! a branch invalidates it by itself: summaries follow the branch, not the conversation.
//!
//! ## The planner ([`plan`])
//! - The threshold defaults to [`DEFAULT_THRESHOLD_TOKENS`], also when an older "disabled" value
//!   (zero or negative) is read ([`effective_threshold`]). A model's context window caps it at the
//!   window minus the output budget and a [`SAFETY_MARGIN_SHARE`] of the window (estimates are
//!   not the provider's tokenizer), but the cap never goes below half the window. Whatever is
//!   stored or imported, the threshold never goes below [`MIN_THRESHOLD_TOKENS`].
//! - A message's size is the provider-reported completion tokens when known (they include hidden
//!   reasoning), otherwise an estimate of all its parts: text, reasoning, documents, tool-call
//!   arguments and results, images.
//! - The branch's size is the larger of the estimate and what the provider last reported: the
//!   prompt tokens of the newest answer that has usage, plus everything after it
//!   ([`BranchSize`]). Provider numbers are untrusted: every sum saturates.
//! - Nothing is planned under the threshold, nor with fewer than [`MIN_MESSAGES_TO_SUMMARIZE`]
//!   messages, unless one turn alone is larger than the recent window (a pasted book is
//!   compacted even in a two-message chat) or the provider reported a prompt over the threshold.
//! - The recent window targets [`RECENT_WINDOW_SHARE`] of the threshold, keeps at least
//!   [`MIN_RECENT_MESSAGES`], and its start moves back to a user turn so tool output is never
//!   detached from the request that caused it ([`rolling_context_window_start_index`]). When
//!   no user turn is within reach (an imported run of assistant or system messages), it stays
//!   at the message boundary the budget gave: a branch over the threshold is never sent whole.
//! - Manual compression (`force`) summarises everything before the last exchange (the last
//!   user turn and what follows it), whatever the size.
//! - A refresh incorporates the previous valid summary and only the newly covered messages.
//! - When a refresh fails, the request falls back to the recent window, never to the full
//!   history (the caller uses [`rolling_context_window_start_index`]).
//!
//! Text sent for summarising is cut into pieces of bounded size by [`split_by_token_budget`],
//! which never loses or splits a character.

use crate::domain::message::{MessageNode, Role};
use crate::domain::message_part::MessagePart;
use crate::prompt::token_estimate::{estimate_tokens, saturating_sum};
use serde::{Deserialize, Serialize};

pub const DEFAULT_THRESHOLD_TOKENS: u64 = 32_000;
pub const MIN_MESSAGES_TO_SUMMARIZE: usize = 4;
pub const MIN_RECENT_MESSAGES: usize = 4;
pub const RECENT_WINDOW_SHARE: f64 = 0.55;
/// The smallest threshold planned with: below it every request would summarise.
pub const MIN_THRESHOLD_TOKENS: u64 = 4_000;
/// The share of a model's context window kept free beyond its output budget, because token
/// counts here are estimates and providers add their own framing.
pub const SAFETY_MARGIN_SHARE: u64 = 10;
/// Bounds of a summary's length target (its request's output budget).
pub const SUMMARY_TOKENS_MIN: u32 = 512;
pub const SUMMARY_TOKENS_MAX: u32 = 8_000;
/// Role markers and separators a provider adds around each message.
const MESSAGE_OVERHEAD_TOKENS: u64 = 4;
/// An image's cost varies by provider and size (OpenAI: 85 + 170 per 512 px tile); this is a
/// typical high-detail image.
const IMAGE_TOKENS: u64 = 1_000;

/// A summary standing in for an exact prefix of a branch, in requests only.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct RollingContextSummary {
    pub conversation_id: String,
    pub text: String,
    /// The IDs of the branch prefix the summary covers, in order.
    pub covered_ids: Vec<String>,
    pub created_at_ms: f64,
    /// Who wrote it and how (older records have none of it).
    #[serde(default)]
    pub origin: SummaryOrigin,
}

/// How a summary came to be: the model that wrote it, the user's instructions when they asked
/// for it, and when they last edited it (then the text is theirs).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SummaryOrigin {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edited_at_ms: Option<f64>,
}

impl RollingContextSummary {
    /// The summary is valid for `branch` when its covered IDs are exactly the branch's first
    /// messages (and at least one message follows them).
    pub fn is_valid_for(&self, branch: &[&MessageNode]) -> bool {
        !self.covered_ids.is_empty()
            && self.covered_ids.len() < branch.len()
            && self
                .covered_ids
                .iter()
                .zip(branch)
                .all(|(id, node)| *id == node.id)
    }

    pub fn tokens(&self) -> u64 {
        estimate_tokens(&self.text) + MESSAGE_OVERHEAD_TOKENS
    }
}

/// The summary, among `summaries`, that is valid for `branch` and covers the most.
pub fn valid_summary<'a>(
    summaries: &'a [RollingContextSummary],
    branch: &[&MessageNode],
) -> Option<&'a RollingContextSummary> {
    summaries
        .iter()
        .filter(|s| s.is_valid_for(branch))
        .max_by_key(|s| s.covered_ids.len())
}

/// What the model can take: its context window and the room kept for its answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ModelBudget {
    pub context_window: u64,
    pub max_output_tokens: u64,
}

/// The threshold to plan with. `configured` is the stored setting, where zero or a negative
/// value is how older versions said "disabled"; it now means the default. The result is never
/// below [`MIN_THRESHOLD_TOKENS`].
pub fn effective_threshold(configured: Option<i64>, model: Option<ModelBudget>) -> u64 {
    let base = match configured {
        Some(value) if value > 0 => value.unsigned_abs(),
        _ => DEFAULT_THRESHOLD_TOKENS,
    };
    let capped = match model {
        Some(m) if m.context_window > 0 => {
            let margin = m.context_window / SAFETY_MARGIN_SHARE;
            let room = m
                .context_window
                .saturating_sub(m.max_output_tokens)
                .saturating_sub(margin);
            base.min(room.max(m.context_window / 2))
        }
        _ => base,
    };
    capped.max(MIN_THRESHOLD_TOKENS)
}

/// How long a summary made for `threshold` should be: about a quarter of it, within
/// [`SUMMARY_TOKENS_MIN`]..=[`SUMMARY_TOKENS_MAX`]. Sent as the summary request's output budget.
pub fn summary_length_target(threshold: u64) -> u32 {
    let quarter = u32::try_from(threshold / 4).unwrap_or(u32::MAX);
    quarter.clamp(SUMMARY_TOKENS_MIN, SUMMARY_TOKENS_MAX)
}

/// A message's size in tokens as it is sent again: an estimate of every part that is sent, or
/// for an answer what the provider reported it wrote, without its reasoning (not sent again),
/// whichever is larger. The report alone would miss what the answer holds besides its own
/// words: a tool's result is sent again but was never written by the model.
pub fn message_tokens(node: &MessageNode) -> u64 {
    let estimate = estimated_tokens(node);
    match node.usage.filter(|_| node.role == Role::Assistant) {
        Some(usage) => {
            let written = usage
                .completion_tokens
                .saturating_sub(usage.reasoning_tokens)
                .saturating_add(MESSAGE_OVERHEAD_TOKENS);
            estimate.max(written)
        }
        None => estimate,
    }
}

/// An estimate of every part of `node` that is sent.
fn estimated_tokens(node: &MessageNode) -> u64 {
    let parts = saturating_sum(node.parts.iter().map(|part| {
        match part {
            MessagePart::Text { text } => estimate_tokens(text),
            // Reasoning is sent again only when signed (Anthropic's thinking blocks).
            MessagePart::Reasoning {
                text,
                signature: Some(_),
                ..
            } => estimate_tokens(text),
            MessagePart::Reasoning { .. } => 0,
            MessagePart::Document { name, text, .. } => {
                estimate_tokens(name) + estimate_tokens(text)
            }
            MessagePart::Image { .. } => IMAGE_TOKENS,
            MessagePart::ToolCall(call) => {
                estimate_tokens(&call.name)
                    + estimate_tokens(&call.arguments)
                    + call
                        .result
                        .as_ref()
                        .map_or(0, |r| estimate_tokens(&r.content))
            }
        }
    }));
    parts.saturating_add(MESSAGE_OVERHEAD_TOKENS)
}

/// The size of the messages from `from` on: estimated, and as the provider last reported it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BranchSize {
    pub estimated: u64,
    /// The prompt tokens the provider reported for the newest answer at or after `from` that
    /// has usage, plus the size of that answer and everything after it: what the next request
    /// holds at least. `None` when no answer there reported usage.
    pub reported: Option<u64>,
}

impl BranchSize {
    pub fn of(branch: &[&MessageNode], from: usize) -> Self {
        let rest = branch.get(from..).unwrap_or(&[]);
        let estimated = saturating_sum(rest.iter().map(|n| message_tokens(n)));
        let reported = rest.iter().rposition(|n| {
            n.role == Role::Assistant && n.usage.is_some_and(|u| u.prompt_tokens > 0)
        });
        let reported = reported.map(|at| {
            let prompt = rest[at].usage.map_or(0, |u| u.prompt_tokens);
            prompt.saturating_add(saturating_sum(rest[at..].iter().map(|n| message_tokens(n))))
        });
        Self {
            estimated,
            reported,
        }
    }

    /// The size of the next request: the summary standing in for what comes before `from`
    /// plus the estimate, or what the provider reported, whichever is larger (a reported
    /// prompt already holds the summary it was sent with).
    pub fn with_summary(self, summary_tokens: u64) -> u64 {
        summary_tokens
            .saturating_add(self.estimated)
            .max(self.reported.unwrap_or(0))
    }
}

/// Where the recent window starts: walking back from the newest message, keep messages while
/// they fit in [`RECENT_WINDOW_SHARE`] of `threshold` (always at least
/// [`MIN_RECENT_MESSAGES`]), then move back to a user turn, unless there is none or reaching it
/// would add more than the window's own target (a long run of assistant messages, as imported
/// chats have): then it starts at the message boundary the budget gave.
pub fn rolling_context_window_start_index(branch: &[&MessageNode], threshold: u64) -> usize {
    let target = (threshold as f64 * RECENT_WINDOW_SHARE) as u64;
    let mut total = 0u64;
    let mut start = branch.len();
    for (i, node) in branch.iter().enumerate().rev() {
        let size = message_tokens(node);
        let kept = branch.len() - i - 1;
        if kept >= MIN_RECENT_MESSAGES && total.saturating_add(size) > target {
            break;
        }
        total = total.saturating_add(size);
        start = i;
    }
    // Back to a user turn, counting what that adds to the window.
    let mut user_turn = start;
    let mut added = 0u64;
    while user_turn > 0 && user_turn < branch.len() && branch[user_turn].role != Role::User {
        added = added.saturating_add(message_tokens(branch[user_turn - 1]));
        user_turn -= 1;
    }
    let reached_user = branch
        .get(user_turn)
        .is_some_and(|node| node.role == Role::User);
    if reached_user && added <= target {
        user_turn
    } else {
        start
    }
}

/// What to do before the next request.
#[derive(Debug, Clone, PartialEq)]
pub enum RollingContextPlan {
    /// Send `branch[start..]`, preceded by the valid summary if `start > 0`.
    Send { start: usize },
    /// Summarise `branch[new_from..window_start]` into the previous summary (if any), then send
    /// the new summary and `branch[window_start..]`.
    Summarize {
        new_from: usize,
        window_start: usize,
    },
}

/// Plans the request for `branch`, given the valid summary (if any) and the threshold.
/// `force` is manual compression: everything before the last exchange is summarised, even
/// under the threshold.
pub fn plan(
    branch: &[&MessageNode],
    summary: Option<&RollingContextSummary>,
    threshold: u64,
    force: bool,
) -> RollingContextPlan {
    let summary = summary.filter(|s| s.is_valid_for(branch));
    let covered = summary.map_or(0, |s| s.covered_ids.len());
    let size = BranchSize::of(branch, covered);
    let total = size.with_summary(summary.map_or(0, RollingContextSummary::tokens));
    let send_as_is = RollingContextPlan::Send { start: covered };
    if !force && total <= threshold {
        return send_as_is;
    }
    let reported_over = size.reported.is_some_and(|reported| reported > threshold);
    let window_start = if force {
        last_exchange_start(branch)
    } else if branch.len() >= MIN_MESSAGES_TO_SUMMARIZE {
        let start = rolling_context_window_start_index(branch, threshold);
        // The estimate says it all fits, the provider says it does not: what makes it large is
        // invisible to the estimate, so all but the last exchange is summarised.
        if reported_over && start <= covered {
            last_exchange_start(branch)
        } else {
            start
        }
    } else {
        // Too few messages for the window rules: compact everything before the last exchange,
        // but only when the provider said the prompt is too long, or a single turn there is
        // bigger than the whole recent window.
        let target = (threshold as f64 * RECENT_WINDOW_SHARE) as u64;
        let end = last_exchange_start(branch);
        let huge_turn = branch
            .get(covered..end)
            .is_some_and(|older| older.iter().any(|n| message_tokens(n) > target));
        if !(reported_over || huge_turn) {
            return send_as_is;
        }
        end
    };
    if window_start <= covered {
        return send_as_is;
    }
    RollingContextPlan::Summarize {
        new_from: covered,
        window_start,
    }
}

/// Where the last exchange starts: the last user turn, or the last message when there is no
/// user turn (an imported run of assistant messages).
fn last_exchange_start(branch: &[&MessageNode]) -> usize {
    branch
        .iter()
        .rposition(|n| n.role == Role::User)
        .unwrap_or(branch.len().saturating_sub(1))
}

/// The summary that results from summarising `branch[..window_start]` into `text`.
pub fn summary_covering(
    branch: &[&MessageNode],
    window_start: usize,
    text: String,
    now_ms: f64,
) -> Option<RollingContextSummary> {
    let first = branch.first()?;
    Some(RollingContextSummary {
        conversation_id: first.conversation_id.clone(),
        text,
        covered_ids: branch[..window_start.min(branch.len())]
            .iter()
            .map(|n| n.id.clone())
            .collect(),
        created_at_ms: now_ms,
        origin: SummaryOrigin::default(),
    })
}

/// Cuts `text` into consecutive pieces of at most about `budget` estimated tokens each,
/// preferring to cut after a paragraph, then a line, then a space. The pieces concatenate back
/// to `text` exactly: no character is lost or split.
pub fn split_by_token_budget(text: &str, budget: u64) -> Vec<&str> {
    split_by_token_budget_with(text, budget, &mut estimate_tokens)
}

/// [`split_by_token_budget`] with the estimator passed in (tests count the work it does).
fn split_by_token_budget_with<'t>(
    text: &'t str,
    budget: u64,
    estimate: &mut dyn FnMut(&str) -> u64,
) -> Vec<&'t str> {
    let budget = budget.max(1);
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        // The whole rest is estimated only when it is small enough to possibly fit.
        if rest.len() <= initial_window_bytes(budget) && estimate(rest) <= budget {
            pieces.push(rest);
            break;
        }
        let cut = best_cut(rest, budget, estimate);
        let (piece, tail) = rest.split_at(cut);
        pieces.push(piece);
        rest = tail;
    }
    pieces
}

/// The byte index to cut `text` at: the longest prefix within `budget` (found by binary search
/// over character boundaries), moved back to the last paragraph, line or space break in its
/// second half when there is one. Always at least one character.
///
/// Only a window of `text` is searched, grown by doubling until it holds more than `budget`:
/// the work is proportional to the piece cut, not to the whole text, so splitting a text is
/// linear in its length (times a logarithm), however many pieces it makes.
fn best_cut(text: &str, budget: u64, estimate: &mut dyn FnMut(&str) -> u64) -> usize {
    let mut window = boundary_at_or_after(text, initial_window_bytes(budget));
    while window < text.len() && estimate(&text[..window]) <= budget {
        window = boundary_at_or_after(text, window.saturating_mul(2));
    }
    if window == text.len() && estimate(text) <= budget {
        return window;
    }
    let window_text = &text[..window];
    let boundaries: Vec<usize> = window_text
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([window])
        .collect();
    let (mut lo, mut hi) = (0, boundaries.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if estimate(&text[..boundaries[mid]]) <= budget {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let limit = boundaries[lo];
    let prefix = &text[..limit];
    for separator in ["\n\n", "\n", " "] {
        if let Some(at) = prefix.rfind(separator) {
            let cut = at + separator.len();
            if cut >= limit / 2 && cut > 0 {
                return cut;
            }
        }
    }
    limit
}

/// A first guess at how many bytes hold `budget` tokens: generous (prose runs about four bytes
/// a token), so the window rarely needs to grow.
fn initial_window_bytes(budget: u64) -> usize {
    usize::try_from(budget.saturating_mul(8))
        .unwrap_or(usize::MAX)
        .saturating_add(64)
}

/// The first character boundary of `text` at or after `at` (and at least one character in).
fn boundary_at_or_after(text: &str, at: usize) -> usize {
    if at >= text.len() {
        return text.len();
    }
    let mut at = at.max(1);
    while !text.is_char_boundary(at) {
        at += 1;
    }
    at
}

#[cfg(test)]
#[path = "rolling_context_tests.rs"]
mod tests;
