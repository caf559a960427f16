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
//!   window minus the output budget, but the cap never goes below half the window.
//! - A message's size is the provider-reported completion tokens when known (they include hidden
//!   reasoning), otherwise an estimate of all its parts: text, reasoning, documents, tool-call
//!   arguments and results, images.
//! - Nothing is planned under the threshold, nor with fewer than [`MIN_MESSAGES_TO_SUMMARIZE`]
//!   messages, unless one turn alone is larger than the recent window (a pasted book is
//!   compacted even in a two-message chat).
//! - The recent window targets [`RECENT_WINDOW_SHARE`] of the threshold, keeps at least
//!   [`MIN_RECENT_MESSAGES`], and its start moves back to a user turn so tool output is never
//!   detached from the request that caused it ([`rolling_context_window_start_index`]).
//! - A refresh incorporates the previous valid summary and only the newly covered messages.
//! - When a refresh fails, the request falls back to the recent window, never to the full
//!   history (the caller uses [`rolling_context_window_start_index`]).
//!
//! Text sent for summarising is cut into pieces of bounded size by [`split_by_token_budget`],
//! which never loses or splits a character.

use crate::message::{MessageNode, Role};
use crate::message_part::MessagePart;
use crate::token_estimate::estimate_tokens;
use serde::{Deserialize, Serialize};

pub const DEFAULT_THRESHOLD_TOKENS: u64 = 32_000;
pub const MIN_MESSAGES_TO_SUMMARIZE: usize = 4;
pub const MIN_RECENT_MESSAGES: usize = 4;
pub const RECENT_WINDOW_SHARE: f64 = 0.55;
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
/// value is how older versions said "disabled"; it now means the default.
pub fn effective_threshold(configured: Option<i64>, model: Option<ModelBudget>) -> u64 {
    let base = match configured {
        Some(value) if value > 0 => value as u64,
        _ => DEFAULT_THRESHOLD_TOKENS,
    };
    match model {
        Some(m) if m.context_window > 0 => {
            let room = m.context_window.saturating_sub(m.max_output_tokens);
            base.min(room.max(m.context_window / 2))
        }
        _ => base,
    }
}

/// A message's size in tokens: what the provider reported for it when known, else an estimate
/// of every part that is sent.
pub fn message_tokens(node: &MessageNode) -> u64 {
    if node.role == Role::Assistant {
        if let Some(usage) = node.usage.filter(|u| u.completion_tokens > 0) {
            return usage.completion_tokens + MESSAGE_OVERHEAD_TOKENS;
        }
    }
    let parts: u64 = node
        .parts
        .iter()
        .map(|part| match part {
            MessagePart::Text { text } | MessagePart::Reasoning { text, .. } => {
                estimate_tokens(text)
            }
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
        })
        .sum();
    parts + MESSAGE_OVERHEAD_TOKENS
}

/// Where the recent window starts: walking back from the newest message, keep messages while
/// they fit in [`RECENT_WINDOW_SHARE`] of `threshold` (always at least
/// [`MIN_RECENT_MESSAGES`]), then move back to a user turn.
pub fn rolling_context_window_start_index(branch: &[&MessageNode], threshold: u64) -> usize {
    let target = (threshold as f64 * RECENT_WINDOW_SHARE) as u64;
    let mut total = 0u64;
    let mut start = branch.len();
    for (i, node) in branch.iter().enumerate().rev() {
        let size = message_tokens(node);
        let kept = branch.len() - i - 1;
        if kept >= MIN_RECENT_MESSAGES && total + size > target {
            break;
        }
        total += size;
        start = i;
    }
    while start > 0 && start < branch.len() && branch[start].role != Role::User {
        start -= 1;
    }
    start
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
/// `force` is manual compression: summarise whatever the window rules allow, even under the
/// threshold.
pub fn plan(
    branch: &[&MessageNode],
    summary: Option<&RollingContextSummary>,
    threshold: u64,
    force: bool,
) -> RollingContextPlan {
    let summary = summary.filter(|s| s.is_valid_for(branch));
    let covered = summary.map_or(0, |s| s.covered_ids.len());
    let unsummarized: u64 = branch[covered..].iter().map(|n| message_tokens(n)).sum();
    let total = summary.map_or(0, RollingContextSummary::tokens) + unsummarized;
    let send_as_is = RollingContextPlan::Send { start: covered };
    if !force && total <= threshold {
        return send_as_is;
    }
    let window_start = if branch.len() >= MIN_MESSAGES_TO_SUMMARIZE {
        rolling_context_window_start_index(branch, threshold)
    } else {
        // Too few messages for the window rules: compact everything before the last user turn,
        // but only when a single turn there is bigger than the whole recent window.
        let target = (threshold as f64 * RECENT_WINDOW_SHARE) as u64;
        let last_user = branch.iter().rposition(|n| n.role == Role::User);
        match last_user {
            Some(end)
                if branch
                    .get(covered..end)
                    .is_some_and(|older| older.iter().any(|n| message_tokens(n) > target)) =>
            {
                end
            }
            _ => return send_as_is,
        }
    };
    if window_start <= covered {
        return send_as_is;
    }
    RollingContextPlan::Summarize {
        new_from: covered,
        window_start,
    }
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
    })
}

/// Cuts `text` into consecutive pieces of at most about `budget` estimated tokens each,
/// preferring to cut after a paragraph, then a line, then a space. The pieces concatenate back
/// to `text` exactly: no character is lost or split.
pub fn split_by_token_budget(text: &str, budget: u64) -> Vec<&str> {
    let budget = budget.max(1);
    let mut pieces = Vec::new();
    let mut rest = text;
    while !rest.is_empty() {
        if estimate_tokens(rest) <= budget {
            pieces.push(rest);
            break;
        }
        let cut = best_cut(rest, budget);
        let (piece, tail) = rest.split_at(cut);
        pieces.push(piece);
        rest = tail;
    }
    pieces
}

/// The byte index to cut `text` at: the longest prefix within `budget` (found by binary search
/// over character boundaries), moved back to the last paragraph, line or space break in its
/// second half when there is one. Always at least one character.
fn best_cut(text: &str, budget: u64) -> usize {
    let boundaries: Vec<usize> = text
        .char_indices()
        .map(|(i, _)| i)
        .skip(1)
        .chain([text.len()])
        .collect();
    let (mut lo, mut hi) = (0, boundaries.len() - 1);
    while lo < hi {
        let mid = (lo + hi).div_ceil(2);
        if estimate_tokens(&text[..boundaries[mid]]) <= budget {
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

#[cfg(test)]
#[path = "rolling_context_tests.rs"]
mod tests;
