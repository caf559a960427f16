//! The typed parts a message is made of, and its annotations.
//!
//! Binary content never lives in the tree: an image part holds a reference to a stored blob
//! (`blob_id`), so loading a 2,000-message conversation never decodes megabytes of base64.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum MessagePart {
    Text {
        text: String,
    },
    /// An image stored elsewhere (IndexedDB blobs), by reference.
    Image {
        blob_id: String,
        mime: String,
        #[serde(default)]
        name: Option<String>,
    },
    /// An attached document and the text extracted from it.
    Document {
        name: String,
        mime: String,
        text: String,
    },
    /// The model's visible reasoning ("thinking"), with when it started and ended.
    Reasoning {
        text: String,
        #[serde(default)]
        started_at_ms: Option<f64>,
        #[serde(default)]
        finished_at_ms: Option<f64>,
        /// Provider-issued signature that must accompany the reasoning on the next turn
        /// (Anthropic's thinking blocks).
        #[serde(default)]
        signature: Option<String>,
    },
    ToolCall(ToolCall),
}

impl MessagePart {
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text { text: text.into() }
    }
}

/// A tool call the model made, its approval state and its result. Results stay attached to the
/// call (seed 000 §8), not in a separate message.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    /// The arguments as the JSON text the model produced (possibly invalid: it is untrusted).
    pub arguments: String,
    pub approval: ToolApproval,
    #[serde(default)]
    pub result: Option<ToolResult>,
    /// The model step that made the call: calls of one step go back to the provider as one
    /// assistant turn, each step as its own.
    #[serde(default)]
    pub step: u32,
}

/// Seed 000 §8: `Auto → Pending → Approved | Denied | Answered`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum ToolApproval {
    Auto,
    Pending,
    Approved,
    Denied {
        #[serde(default)]
        reason: Option<String>,
    },
    /// The user answered in the tool's place; the answer is the tool result.
    Answered {
        answer: String,
    },
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ToolResult {
    pub content: String,
    #[serde(default)]
    pub is_error: bool,
}

/// Something attached to a message that is not content: a citation of a knowledge chunk.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Annotation {
    Citation {
        /// The cited chunk; only chunks retrieved for this request or returned by an executed
        /// knowledge tool may be cited (seed 000 invariants).
        chunk_id: String,
        document_id: String,
        title: String,
        #[serde(default)]
        snippet: String,
    },
    /// The anti-fabrication gate found that this reply claims an action no tool did (seed
    /// 004); shown as a note the user can dismiss, the text kept as written.
    /// (Records from before kept an `original` field and a correction in front of the text:
    /// `ChatService::dismiss_correction` removes both.)
    HonestyCorrection {
        claimed: String,
        /// The user dismissed the note: it stays dismissed when the answer is continued.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        dismissed: bool,
    },
    /// The reply promises to act later ("I'll let you know"), which the assistant cannot do on
    /// its own; shown as a follow-up chip.
    FollowUpPromise { phrase: String },
    /// This reply is an honest refusal made without calling the model.
    HonestRefusal,
    /// A source an executed tool returned that is not a knowledge chunk: a message of the
    /// user's own chats, or a web page.
    Source {
        source: SourceRef,
        title: String,
        #[serde(default)]
        snippet: String,
    },
}

/// Where a [`Annotation::Source`] points.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum SourceRef {
    Message {
        conversation_id: String,
        message_id: String,
    },
    Web {
        url: String,
    },
}

/// The largest count the engine keeps: the largest integer JavaScript numbers (and so
/// IndexedDB records and most JSON readers) hold exactly. A provider reporting more (hostile or
/// broken output) is clamped to it, so the record can always be stored and read back.
pub const MAX_COUNT: u64 = (1 << 53) - 1;

/// Token counts as the provider reported them (untrusted: each at most `MAX_COUNT`, and sums
/// of them saturate). Read back from anywhere (storage, an import, a sync) they are clamped the
/// same way, so a file that says `u64::MAX` cannot overflow a sum.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "UsageRecord")]
pub struct TokenUsage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Of the prompt tokens, those the provider read from its cache (0: none reported).
    #[serde(default)]
    pub cached_tokens: u64,
    /// Of the completion tokens, those spent reasoning (0: none reported).
    #[serde(default)]
    pub reasoning_tokens: u64,
}

/// [`TokenUsage`] as written, before its counts are clamped.
#[derive(Deserialize)]
struct UsageRecord {
    prompt_tokens: u64,
    completion_tokens: u64,
    #[serde(default)]
    cached_tokens: u64,
    #[serde(default)]
    reasoning_tokens: u64,
}

impl From<UsageRecord> for TokenUsage {
    fn from(r: UsageRecord) -> Self {
        Self::reported(r.prompt_tokens, r.completion_tokens)
            .with_details(r.cached_tokens, r.reasoning_tokens)
    }
}

impl TokenUsage {
    /// Counts from a provider, clamped to `MAX_COUNT`.
    pub fn reported(prompt_tokens: u64, completion_tokens: u64) -> Self {
        Self {
            prompt_tokens: prompt_tokens.min(MAX_COUNT),
            completion_tokens: completion_tokens.min(MAX_COUNT),
            cached_tokens: 0,
            reasoning_tokens: 0,
        }
    }

    /// With the cached and reasoning parts the provider broke out, each clamped to the count
    /// it is part of.
    pub fn with_details(self, cached_tokens: u64, reasoning_tokens: u64) -> Self {
        Self {
            cached_tokens: cached_tokens.min(self.prompt_tokens),
            reasoning_tokens: reasoning_tokens.min(self.completion_tokens),
            ..self
        }
    }
}

/// The provider call that wrote an answer's last step, as Skein measured it: who answered
/// (after any fallbacks) and how fast.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct AnswerCall {
    /// The provider's host (no path, no key).
    pub host: String,
    /// From sending the request to the first text, reasoning or tool call.
    #[serde(default)]
    pub first_token_ms: Option<f64>,
    /// From sending the request to its end.
    pub duration_ms: f64,
}

/// Timings a provider reported (llama.cpp's `timings`), for tokens-per-second display.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
pub struct ProviderTimings {
    #[serde(default)]
    pub prompt_tokens: u64,
    #[serde(default)]
    pub prompt_ms: f64,
    #[serde(default)]
    pub predicted_tokens: u64,
    #[serde(default)]
    pub predicted_ms: f64,
}

impl ProviderTimings {
    /// Generation speed in tokens per second, when measurable.
    pub fn predicted_per_second(&self) -> Option<f64> {
        (self.predicted_ms > 0.0).then(|| self.predicted_tokens as f64 * 1000.0 / self.predicted_ms)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_serialise_with_a_type_tag() {
        let parts = vec![
            MessagePart::text("hi"),
            MessagePart::Image {
                blob_id: "b1".into(),
                mime: "image/png".into(),
                name: None,
            },
            MessagePart::ToolCall(ToolCall {
                id: "call_1".into(),
                name: "search".into(),
                arguments: r#"{"q":"rust"}"#.into(),
                approval: ToolApproval::Denied { reason: None },
                result: None,
                step: 0,
            }),
        ];
        let json = serde_json::to_value(&parts).unwrap();
        assert_eq!(json[0], serde_json::json!({"type": "text", "text": "hi"}));
        assert_eq!(json[1]["type"], "image");
        assert_eq!(
            json[2]["approval"],
            serde_json::json!({"state": "denied", "reason": null})
        );
        let back: Vec<MessagePart> = serde_json::from_value(json).unwrap();
        assert_eq!(back, parts);
    }

    #[test]
    fn tokens_per_second() {
        let timings = ProviderTimings {
            predicted_tokens: 50,
            predicted_ms: 500.0,
            ..ProviderTimings::default()
        };
        assert_eq!(timings.predicted_per_second(), Some(100.0));
        assert_eq!(ProviderTimings::default().predicted_per_second(), None);
    }
}
