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
pub(crate) mod flavour;
pub(crate) mod gemini;
mod lenient;
pub mod model_list;
pub(crate) mod openai;
pub mod params;
pub mod retry;
pub(crate) mod settings;
pub mod sse;
mod streaming;
pub(crate) mod traffic;
pub(crate) mod validation;

// Types of this module's public surface that live in crate-private files.
pub use anthropic::AnthropicDecoder;
pub use gemini::GeminiDecoder;

pub use crate::domain::message_part::TokenUsage;
pub use chat_request::ChatRequest;
pub use client::ProviderClient;
pub use params::{GenerationParams, ReasoningLevel};

use crate::ports::transport::TransportError;
pub use crate::provider::settings::ProviderKind;
use crate::provider::settings::{ProviderSettings, SettingsError};
use crate::provider::sse::SseError;
use thiserror::Error;

/// One message of the outgoing request, already reduced to what the provider sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: crate::Role,
    pub content: String,
    /// The tool calls an assistant turn made (their results follow as tool results).
    pub tool_calls: Vec<ToolCallRequest>,
    /// Set on a tool result: the ID of the call it answers. Such a message is sent with the
    /// protocol's tool-result role, whatever `role` says.
    pub tool_result_for: Option<String>,
    /// Whether a tool result reports a failure.
    pub is_error: bool,
    /// Signed reasoning of an assistant turn, sent back where a protocol requires it
    /// (Anthropic's thinking blocks during a tool loop).
    pub thinking: Vec<SignedReasoning>,
    /// Images the user attached to this turn, sent with its text.
    pub images: Vec<ImageInput>,
}

/// An attached image of a request: the stored blob it comes from and, once loaded, its bytes as
/// base64. The protocols send only loaded images
/// ([`load_images`](crate::prompt::request_builder::load_images) fills them in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageInput {
    pub blob_id: String,
    pub mime: String,
    /// Base64 of the image bytes; empty until loaded.
    pub data: String,
}

impl ImageInput {
    /// The image as a `data:` URL (OpenAI's `image_url`).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.mime, self.data)
    }
}

/// Reasoning text with the provider's signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedReasoning {
    pub text: String,
    pub signature: String,
}

impl ChatMessage {
    /// A plain text message.
    pub fn text(role: crate::Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_result_for: None,
            is_error: false,
            thinking: Vec::new(),
            images: Vec::new(),
        }
    }

    /// The result of tool call `call_id`.
    pub fn tool_result(call_id: &str, content: impl Into<String>, is_error: bool) -> Self {
        Self {
            tool_result_for: Some(call_id.to_owned()),
            is_error,
            ..Self::text(crate::Role::User, content)
        }
    }
}

/// A tool call as it is sent back to the provider in the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCallRequest {
    pub id: String,
    pub name: String,
    /// JSON text, as the model wrote it.
    pub arguments: String,
}

/// A tool the model may call: its name, what it does, and a JSON Schema of its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

/// A provider-neutral piece of a streamed answer.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamDelta {
    Content(String),
    Reasoning(String),
    /// The model that is answering, as the provider names it.
    Model(String),
    /// Why the provider stopped (`stop`, `length`, `content_filter`, …).
    Finish(String),
    Usage(TokenUsage),
    /// A piece of a tool call. Calls are told apart by `index` (several may stream in
    /// parallel); `id` and `name` come with the first piece, `arguments` in fragments.
    ToolCall {
        index: u32,
        id: Option<String>,
        name: Option<String>,
        arguments: String,
    },
    /// The signature of the reasoning block just streamed (Anthropic).
    ReasoningSignature(String),
    /// Prompt and generation speed (llama.cpp's `timings`).
    Timings(crate::domain::message_part::ProviderTimings),
    /// How much of the prompt is processed, before the first token (llama.cpp).
    PromptProgress {
        processed: u64,
        total: u64,
    },
    /// The provider's explicit end-of-stream marker.
    Done,
}

/// What kind of failure, so the UI can say what to do about it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HttpErrorKind {
    /// 400 / 413 / 422: the request itself was refused.
    Validation,
    /// The conversation is longer than the model's context window.
    ContextOverflow,
    Authentication,
    Permission,
    NotFound,
    Conflict,
    RateLimited,
    /// The provider is overloaded (Anthropic's 529, "overloaded" 503s).
    Overloaded,
    Timeout,
    Server,
    Other,
}

impl HttpErrorKind {
    /// The kind of a failed response, from its status and the provider's own message.
    pub fn classify(status: u16, message: &str) -> Self {
        let lower = message.to_lowercase();
        let overflow = [
            "context length",
            "context_length",
            "maximum context",
            "context window",
            "too many tokens",
            "prompt is too long",
            "input is too long",
            "exceeds the maximum number of tokens",
        ]
        .iter()
        .any(|needle| lower.contains(needle));
        match status {
            400 | 413 | 422 if overflow => Self::ContextOverflow,
            400 | 413 | 422 => Self::Validation,
            401 => Self::Authentication,
            403 => Self::Permission,
            404 => Self::NotFound,
            409 => Self::Conflict,
            408 | 504 => Self::Timeout,
            429 => Self::RateLimited,
            529 => Self::Overloaded,
            503 if lower.contains("overload") => Self::Overloaded,
            500..=599 => Self::Server,
            _ => Self::Other,
        }
    }

    pub fn from_status(status: u16) -> Self {
        Self::classify(status, "")
    }

    fn advice(self) -> &'static str {
        match self {
            Self::Validation => "The provider rejected the request.",
            Self::ContextOverflow => {
                "The conversation is too long for this model: lower the context threshold in the                  assistant settings, or choose a model with a larger window."
            }
            Self::Authentication => "The provider refused the API key: check it in the settings.",
            Self::Permission => "The API key may not use this model or endpoint.",
            Self::NotFound => "Not found: check the base URL and the model name in the settings.",
            Self::Conflict => "The provider reported a conflict: try again.",
            Self::RateLimited => "Rate limited by the provider: wait a moment and try again.",
            Self::Overloaded => "The provider is overloaded: try again in a moment.",
            Self::Timeout => "The provider timed out: try again.",
            Self::Server => "The provider had a server error: try again later.",
            Self::Other => "The provider returned an unexpected status.",
        }
    }
}

/// Which wait ran out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TimeoutKind {
    /// Nothing arrived after the request was sent.
    FirstToken,
    /// The stream stopped sending after it had started.
    Idle,
}

#[derive(Debug, Clone, PartialEq, Error)]
pub enum ProviderError {
    #[error("{} (HTTP {status}) {message}", kind.advice())]
    Http {
        status: u16,
        kind: HttpErrorKind,
        message: String,
        /// How long the provider asked to wait before trying again.
        retry_after_ms: Option<f64>,
    },
    #[error("{}", match .0 {
        TimeoutKind::FirstToken => "The provider sent nothing before the first-token timeout. A reasoning model may need a longer timeout (provider settings).",
        TimeoutKind::Idle => "The answer stopped arriving (idle timeout); what arrived is kept.",
    })]
    Timeout(TimeoutKind),
    #[error("The provider reported an error while answering: {0}")]
    Stream(String),
    #[error("The provider sent a response Skein could not read: {0}")]
    Decode(String),
    #[error("The provider withheld the answer ({0}, a safety or content filter).")]
    Blocked(String),
    #[error("The request was not sent because it is not valid: {field}: {problem}.")]
    Invalid { field: String, problem: String },
    #[error(transparent)]
    Sse(#[from] SseError),
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Transport(#[from] TransportError),
}

impl ProviderError {
    /// What the user can do about it, as a kind the error banner names.
    pub fn failure_kind(&self) -> crate::domain::failure::FailureKind {
        use crate::domain::failure::FailureKind as F;
        match self {
            Self::Http { kind, .. } => match kind {
                HttpErrorKind::Authentication | HttpErrorKind::Permission => F::Authentication,
                HttpErrorKind::RateLimited => F::RateLimit,
                HttpErrorKind::Overloaded | HttpErrorKind::Server => F::Server,
                HttpErrorKind::Timeout => F::Timeout,
                HttpErrorKind::Validation
                | HttpErrorKind::ContextOverflow
                | HttpErrorKind::NotFound
                | HttpErrorKind::Conflict => F::Request,
                HttpErrorKind::Other => F::Other,
            },
            Self::Timeout(_) => F::Timeout,
            Self::Transport(_) => F::Network,
            Self::Blocked(_) => F::Blocked,
            Self::Invalid { .. } | Self::Settings(_) => F::Request,
            Self::Stream(_) => F::Server,
            Self::Decode(_) | Self::Sse(_) => F::Other,
        }
    }
}

/// Builds the chat request in the protocol of `settings.kind`.
pub fn build_chat_request(
    settings: &ProviderSettings,
    request: &ChatRequest<'_>,
) -> Result<crate::ports::transport::HttpRequest, ProviderError> {
    validation::validate(request)?;
    let built = match settings.kind {
        ProviderKind::OpenAi => openai::build_chat_request(settings, request),
        ProviderKind::Anthropic => anthropic::build_messages_request(settings, request),
        ProviderKind::Gemini => gemini::build_generate_request(settings, request),
    }?;
    validation::validate_size(built.body.as_deref())?;
    Ok(built)
}

/// Decodes the events of one streamed answer in the protocol it was requested in.
#[derive(Debug)]
pub enum StreamDecoder {
    OpenAi,
    Anthropic(anthropic::AnthropicDecoder),
    Gemini(gemini::GeminiDecoder),
}

impl StreamDecoder {
    pub fn new(kind: ProviderKind) -> Self {
        match kind {
            ProviderKind::OpenAi => Self::OpenAi,
            ProviderKind::Anthropic => Self::Anthropic(anthropic::AnthropicDecoder::default()),
            ProviderKind::Gemini => Self::Gemini(gemini::GeminiDecoder::default()),
        }
    }

    pub fn decode(
        &mut self,
        event: &crate::provider::sse::SseEvent,
    ) -> Result<Vec<StreamDelta>, ProviderError> {
        match self {
            Self::OpenAi => openai::decode_stream_data(&event.data),
            Self::Anthropic(decoder) => decoder.decode(event),
            Self::Gemini(decoder) => decoder.decode(&event.data),
        }
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

/// Adds `items` as a turn of `role`, merged into the previous turn when it has the same role:
/// Anthropic and Gemini want strictly alternating turns. Empty turns are left out.
pub(crate) fn push_turn(
    turns: &mut Vec<(&'static str, Vec<serde_json::Value>)>,
    role: &'static str,
    items: Vec<serde_json::Value>,
) {
    if items.is_empty() {
        return;
    }
    match turns.last_mut() {
        Some((last, existing)) if *last == role => existing.extend(items),
        _ => turns.push((role, items)),
    }
}

/// What opens a conversation whose first sent turn is the model's (the window after a summary
/// can start there, and imported chats do): Anthropic refuses such a request, Gemini may.
pub(crate) const CONTINUED_CONVERSATION: &str = "(The conversation continues.)";

/// The turns as `{"role": …, key: [items]}` objects. When the first turn is not the user's,
/// a short user turn (`opening`, holding [`CONTINUED_CONVERSATION`]) is put before it.
pub(crate) fn turns_json(
    mut turns: Vec<(&'static str, Vec<serde_json::Value>)>,
    key: &str,
    opening: serde_json::Value,
) -> Vec<serde_json::Value> {
    if turns.first().is_some_and(|(role, _)| *role != "user") {
        turns.insert(0, ("user", vec![opening]));
    }
    turns
        .into_iter()
        .map(|(role, items)| {
            let mut turn = serde_json::Map::new();
            turn.insert("role".into(), role.into());
            turn.insert(key.into(), items.into());
            serde_json::Value::Object(turn)
        })
        .collect()
}

/// The headers of a request to `settings`' provider: JSON and (when `stream`) SSE, the
/// protocol's authentication and version headers, then the user's custom headers (which win).
/// `json_body` is false for a GET.
pub(crate) fn request_headers(
    settings: &ProviderSettings,
    json_body: bool,
    stream: bool,
) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    let mut add = |name: &str, value: String| headers.push((name.to_owned(), value));
    if json_body {
        add("Content-Type", "application/json".into());
    }
    if stream {
        add("Accept", "text/event-stream".into());
    }
    let key = settings.api_key.trim();
    match settings.kind {
        ProviderKind::OpenAi => {
            if !key.is_empty() {
                add("Authorization", format!("Bearer {key}"));
            }
        }
        ProviderKind::Anthropic => {
            add("anthropic-version", anthropic::API_VERSION.into());
            // Anthropic refuses browser requests without this explicit opt-in.
            add("anthropic-dangerous-direct-browser-access", "true".into());
            if !key.is_empty() {
                add("x-api-key", key.into());
            }
        }
        ProviderKind::Gemini => {
            if !key.is_empty() {
                // A header, not the `?key=` query: URLs end up in logs and histories.
                add("x-goog-api-key", key.into());
            }
        }
    }
    add_custom_headers(&mut headers, settings);
    headers
}

/// A tool call's arguments as the JSON object protocols with structured arguments want. The
/// model's text is untrusted: what is not a JSON object goes back as an empty one.
pub(crate) fn arguments_object(arguments: &str) -> serde_json::Value {
    match serde_json::from_str::<serde_json::Value>(arguments) {
        Ok(serde_json::Value::Object(map)) => serde_json::Value::Object(map),
        _ => serde_json::json!({}),
    }
}

/// The user's custom JSON body entries, deep-merged last so they win (e.g. a server-specific
/// sampling option): objects merge key by key, anything else replaces what was there.
pub(crate) fn merge_custom_body(body: &mut serde_json::Value, settings: &ProviderSettings) {
    fn deep_merge(target: &mut serde_json::Value, patch: &serde_json::Value) {
        match (target, patch) {
            (serde_json::Value::Object(target), serde_json::Value::Object(patch)) => {
                for (key, value) in patch {
                    deep_merge(
                        target.entry(key.clone()).or_insert(serde_json::Value::Null),
                        value,
                    );
                }
            }
            (target, patch) => *target = patch.clone(),
        }
    }
    for (key, value) in &settings.custom_body {
        deep_merge(&mut body[key.as_str()], value);
    }
}

/// The user's custom headers, after Skein's own: one of the same name replaces Skein's.
fn add_custom_headers(headers: &mut Vec<(String, String)>, settings: &ProviderSettings) {
    for (name, value) in &settings.custom_headers {
        headers.retain(|(existing, _)| !existing.eq_ignore_ascii_case(name));
        headers.push((name.clone(), value.clone()));
    }
}

impl ProviderError {
    /// How long the provider asked to wait before trying again, if it said.
    pub fn retry_after_ms(&self) -> Option<f64> {
        match self {
            Self::Http { retry_after_ms, .. } => *retry_after_ms,
            _ => None,
        }
    }
}

/// The longest provider error text shown to the user, in characters.
const MAX_ERROR_CHARS: usize = 500;

/// Builds the error for a non-success response from its status, its rate-limit headers and
/// its (untrusted) body: the provider's own `error.message` when it sent one, else the start of
/// the body.
pub fn error_from_response(
    status: u16,
    headers: &[(String, String)],
    body: &[u8],
    now_ms: f64,
) -> ProviderError {
    let text = String::from_utf8_lossy(body);
    let message = serde_json::from_str::<serde_json::Value>(&text)
        .ok()
        .and_then(|v| error_message(&v))
        .unwrap_or_else(|| text.trim().to_owned());
    ProviderError::Http {
        status,
        kind: HttpErrorKind::classify(status, &message),
        message: truncate_chars(&message, MAX_ERROR_CHARS),
        retry_after_ms: retry::retry_after_ms(headers, now_ms),
    }
}

/// [`error_from_response`] without headers.
pub fn error_from_status(status: u16, body: &[u8]) -> ProviderError {
    error_from_response(status, &[], body, 0.0)
}

/// The message of an error body, in the shapes servers use: `{"error": {"message": …}}`
/// (OpenAI, Anthropic, Gemini, LiteLLM), `{"error": "…"}` (Ollama), `{"message": …}` (vLLM,
/// Mistral), `{"detail": "…"}` or `{"detail": [{"msg": …}]}` (FastAPI-based servers), and any
/// of these as the first item of a list (Gemini's streaming endpoint). `null` is no message.
fn error_message(value: &serde_json::Value) -> Option<String> {
    let value = value
        .as_array()
        .and_then(|items| items.first())
        .unwrap_or(value);
    let error = value.get("error").filter(|e| !e.is_null()).unwrap_or(value);
    let text = |v: Option<&serde_json::Value>| v.and_then(|m| m.as_str()).map(str::to_owned);
    text(error.get("message"))
        .or_else(|| text(Some(error)))
        .or_else(|| text(value.get("detail")))
        .or_else(|| {
            let details = value.get("detail")?.as_array()?;
            let messages: Vec<&str> = details
                .iter()
                .filter_map(|d| d.get("msg").and_then(|m| m.as_str()))
                .collect();
            (!messages.is_empty()).then(|| messages.join("; "))
        })
}

pub(crate) fn truncate_chars(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

#[cfg(test)]
mod tests {
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
