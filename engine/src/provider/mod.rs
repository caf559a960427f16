//! Provider protocols as pure functions: settings + messages → [`HttpRequest`](crate::HttpRequest),
//! and response bytes → [`StreamDelta`]s, for the OpenAI-compatible Chat Completions protocol
//! (`openai`), Anthropic's Messages (`anthropic`) and Gemini's `generateContent`
//! (`gemini`).
//!
//! ## Reading responses
//! All three decoders follow one policy, so a fault means the same thing whichever protocol
//! carries it:
//! - `null` and an absent field read alike, for every optional field (see `lenient.rs`).
//! - Unknown fields and event types are skipped.
//! - An event that is not JSON, not a JSON object, or has a field of the wrong type where text,
//!   a tool call or an index is read is [`ProviderError::Decode`]: after text arrived that
//!   breaks the stream (the partial answer is kept as an earlier version and the answer is
//!   tried again), before it the request fails.
//! - An error the provider reports inside the stream is [`ProviderError::Stream`], with the
//!   same consequences.

pub(crate) mod anthropic;
pub(crate) mod capabilities;
mod chat_request;
pub(crate) mod client;
pub mod custom_request;
pub mod embeddings;
mod error;
pub mod fallback_chain;
pub(crate) mod flavour;
pub use presets::provider_name;
pub(crate) mod gemini;
pub mod host_permission;
use skein_wire::json_scan;
mod lenient;
mod message;
pub mod model_list;
pub(crate) mod openai;
pub mod params;
pub mod presets;
mod request;
pub mod retry;
pub(crate) mod settings;
pub use skein_wire::sse;
pub mod request_problem;
mod streaming;
pub(crate) mod traffic;
pub(crate) mod validation;
pub(crate) mod warnings;

// Types of this module's public surface that live in crate-private files.
pub use anthropic::AnthropicDecoder;
pub use gemini::GeminiDecoder;
pub use openai::OpenAiDecoder;

pub use crate::domain::message_part::TokenUsage;
pub use chat_request::ChatRequest;
pub use client::ProviderClient;
pub(crate) use error::truncate_chars;
pub use error::{
    error_from_response, error_from_status, HttpErrorKind, ProviderError, TimeoutKind,
};
pub use message::{
    ChatMessage, ImageInput, SignedReasoning, StopKind, StreamDelta, ToolCallRequest,
    ToolDefinition,
};
pub use params::{GenerationParams, ReasoningLevel};
pub use request::build_chat_request;
pub(crate) use request::{
    arguments_object, merge_custom_body, push_turn, request_headers, turns_json,
    CONTINUED_CONVERSATION,
};
pub use traffic::BreakerState;

pub use crate::provider::settings::ProviderKind;

/// Decodes the events of one streamed answer in the protocol it was requested in.
#[derive(Debug)]
pub enum StreamDecoder {
    OpenAi(openai::OpenAiDecoder),
    Anthropic(anthropic::AnthropicDecoder),
    Gemini(gemini::GeminiDecoder),
}

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        match kind {
            ProviderKind::OpenAi => Self::OpenAi(openai::OpenAiDecoder::default()),
            ProviderKind::Anthropic => Self::Anthropic(anthropic::AnthropicDecoder::default()),
            ProviderKind::Gemini => Self::Gemini(gemini::GeminiDecoder::default()),
        }
    }

    pub fn decode(
        &mut self,
        event: &crate::provider::sse::SseEvent,
    ) -> Result<Vec<StreamDelta>, ProviderError> {
        let mut out = Vec::new();
        self.decode_into(event, &mut out)?;
        Ok(out)
    }

    /// [`decode`](Self::decode), appending to `out`, which the stream's loop reuses instead of
    /// a new list per event. On an error `out` is left as it was: an event's deltas apply
    /// whole or not at all.
    ///
    /// Never inlined into a caller in another crate: the decoders are compiled for speed with
    /// the engine (Cargo.toml's `profile.release.package.skein-engine`), and a copy inlined
    /// into the app would be compiled for size with it.
    #[inline(never)]
    pub fn decode_into(
        &mut self,
        event: &crate::provider::sse::SseEvent,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        let before = out.len();
        let result = match self {
            Self::OpenAi(decoder) => decoder.decode_into(&event.data, out),
            Self::Anthropic(decoder) => decoder.decode_into(event, out),
            Self::Gemini(decoder) => decoder.decode_into(&event.data, out),
        };
        if result.is_err() {
            out.truncate(before);
        }
        result
    }
}

/// Decodes a complete (non-streaming) response.
pub fn decode_completion(
    kind: ProviderKind,
    body: &[u8],
) -> Result<Vec<StreamDelta>, ProviderError> {
    match kind {
        ProviderKind::OpenAi => openai::decode_completion(body),
        ProviderKind::Anthropic => anthropic::decode_message(body),
        ProviderKind::Gemini => gemini::decode_response(body),
    }
}

#[cfg(test)]
mod tests {
    use super::error::MAX_ERROR_CHARS;
    use super::*;

    #[test]
    fn status_errors_use_the_providers_message() {
        let err = error_from_status(
            401,
            br#"{"error":{"message":"Incorrect API key provided","type":"invalid_request_error"}}"#,
        );
        assert_eq!(
            err,
            ProviderError::Http {
                status: 401,
                kind: HttpErrorKind::Authentication,
                message: "Incorrect API key provided".into(),
                retry_after_ms: None,
            }
        );
        assert!(err.to_string().contains("check it in the settings"));

        let err = error_from_status(404, br#"{"error":"model 'llama9' not found"}"#);
        assert!(err.to_string().contains("model 'llama9' not found"));
        assert!(err.to_string().contains("check the base URL"));
    }

    #[test]
    fn error_bodies_of_every_known_shape_give_their_message() {
        let message = |body: &str| match error_from_status(400, body.as_bytes()) {
            ProviderError::Http { message, .. } => message,
            other => panic!("{other:?}"),
        };
        for (body, expected) in [
            (
                r#"{"object":"error","message":"max_tokens is too large","type":"BadRequestError","param":null,"code":400}"#,
                "max_tokens is too large",
            ),
            (r#"{"detail":"Model not loaded"}"#, "Model not loaded"),
            (
                r#"{"detail":[{"loc":["body","messages"],"msg":"field required","type":"missing"}]}"#,
                "field required",
            ),
            (
                r#"[{"error":{"code":400,"message":"API key not valid.","status":"INVALID_ARGUMENT"}}]"#,
                "API key not valid.",
            ),
            (r#"{"error":null,"message":"Unauthorized"}"#, "Unauthorized"),
            (
                r#"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long"}}"#,
                "prompt is too long",
            ),
        ] {
            assert_eq!(message(body), expected, "{body}");
        }
    }

    #[test]
    fn each_providers_error_bodies_map_to_kinds() {
        let kind = |status, body: &str| match error_from_status(status, body.as_bytes()) {
            ProviderError::Http { kind, .. } => kind,
            other => panic!("{other:?}"),
        };
        // OpenAI, Anthropic and Gemini spellings.
        assert_eq!(
            kind(
                400,
                r#"{"error":{"message":"This model's maximum context length is 8192 tokens","code":"context_length_exceeded"}}"#
            ),
            HttpErrorKind::ContextOverflow
        );
        assert_eq!(
            kind(
                400,
                r#"{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}"#
            ),
            HttpErrorKind::ContextOverflow
        );
        assert_eq!(
            kind(
                400,
                r#"{"error":{"code":400,"message":"The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).","status":"INVALID_ARGUMENT"}}"#
            ),
            HttpErrorKind::ContextOverflow
        );
        assert_eq!(
            kind(400, r#"{"error":{"message":"temperature must be <= 2"}}"#),
            HttpErrorKind::Validation
        );
        assert_eq!(
            kind(403, r#"{"error":{"message":"no access"}}"#),
            HttpErrorKind::Permission
        );
        assert_eq!(
            kind(
                529,
                r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#
            ),
            HttpErrorKind::Overloaded
        );
        assert_eq!(
            kind(
                503,
                r#"{"error":{"message":"The model is overloaded. Please try again later."}}"#
            ),
            HttpErrorKind::Overloaded
        );
        assert_eq!(kind(503, "Service Unavailable"), HttpErrorKind::Server);
        assert_eq!(
            kind(
                429,
                r#"{"error":{"code":429,"status":"RESOURCE_EXHAUSTED","message":"Quota exceeded"}}"#
            ),
            HttpErrorKind::RateLimited
        );
        let with_wait = error_from_response(
            429,
            &[("retry-after".into(), "12".into())],
            br#"{"error":{"message":"slow down"}}"#,
            0.0,
        );
        assert!(
            matches!(with_wait, ProviderError::Http { retry_after_ms: Some(ms), .. } if ms == 12_000.0)
        );
    }

    #[test]
    fn non_json_error_bodies_are_shortened() {
        let body = "x".repeat(10_000);
        let ProviderError::Http { message, kind, .. } = error_from_status(502, body.as_bytes())
        else {
            panic!("expected an HTTP error")
        };
        assert_eq!(kind, HttpErrorKind::Server);
        assert_eq!(message.chars().count(), MAX_ERROR_CHARS + 1);
    }
}

#[cfg(test)]
#[path = "protocol_tests.rs"]
mod protocol_tests;

#[cfg(test)]
#[path = "corpus_tests.rs"]
mod corpus_tests;

#[cfg(test)]
#[path = "fast_path_tests.rs"]
mod fast_path_tests;
