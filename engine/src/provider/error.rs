//! What can go wrong with a provider, and the error built from a failed response (its status,
//! rate-limit headers and untrusted body).

use super::retry;
use crate::ports::transport::TransportError;
use crate::provider::settings::SettingsError;
use crate::provider::sse::SseError;
use thiserror::Error;

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

    /// The catalogue message saying what to do (the English of [`Self::advice`]).
    fn advice_id(self) -> &'static str {
        match self {
            Self::Validation => "provider-advice-validation",
            Self::ContextOverflow => "provider-advice-context-overflow",
            Self::Authentication => "provider-advice-authentication",
            Self::Permission => "provider-advice-permission",
            Self::NotFound => "provider-advice-not-found",
            Self::Conflict => "provider-advice-conflict",
            Self::RateLimited => "provider-advice-rate-limited",
            Self::Overloaded => "provider-advice-overloaded",
            Self::Timeout => "provider-advice-timeout",
            Self::Server => "provider-advice-server",
            Self::Other => "provider-advice-other",
        }
    }

    fn advice(self) -> &'static str {
        match self {
            Self::Validation => "The provider rejected the request.",
            Self::ContextOverflow => {
                "The conversation is too long for this model: lower the context threshold in the \
                 assistant settings, or choose a model with a larger window."
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
    /// One event of a streamed answer could not be read (cut, not JSON, a field of the wrong
    /// type): a fault of that moment, tried again like a dropped connection.
    #[error("The provider sent an event Skein could not read: {0}")]
    MalformedEvent(String),
    #[error("The provider withheld the answer ({0}, a safety or content filter).")]
    Blocked(String),
    #[error("The request was not sent because it is not valid: {field}: {problem}.")]
    Invalid {
        field: String,
        problem: super::request_problem::RequestProblem,
    },
    #[error(transparent)]
    Sse(#[from] SseError),
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Transport(#[from] TransportError),
}

impl crate::i18n::Explain for ProviderError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Http {
                status,
                kind,
                message,
                ..
            } => phrase("error-provider-http")
                .nest("advice", phrase(kind.advice_id()))
                .with("status", status.to_string())
                .with("message", message),
            Self::Timeout(TimeoutKind::FirstToken) => phrase("error-provider-first-token-timeout"),
            Self::Timeout(TimeoutKind::Idle) => phrase("error-provider-idle-timeout"),
            Self::Stream(detail) => phrase("error-provider-stream").with("detail", detail),
            Self::Decode(detail) => phrase("error-provider-decode").with("detail", detail),
            Self::MalformedEvent(detail) => {
                phrase("error-provider-malformed-event").with("detail", detail)
            }
            Self::Blocked(reason) => phrase("error-provider-blocked").with("reason", reason),
            Self::Invalid { field, problem } => phrase("error-provider-invalid")
                .with("field", field)
                .nest("problem", problem.phrase()),
            Self::Sse(err) => err.phrase(),
            Self::Settings(err) => err.phrase(),
            Self::Transport(err) => err.phrase(),
        }
    }
}

impl crate::i18n::Explain for SseError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::LineTooLong { limit } => phrase("error-sse-line-too-long").with("limit", limit),
            Self::EventTooLarge { limit } => {
                phrase("error-sse-event-too-large").with("limit", limit)
            }
        }
    }
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
            Self::Decode(_) | Self::MalformedEvent(_) | Self::Sse(_) => F::Other,
        }
    }
}

impl ProviderError {
    /// How long the provider asked to wait before trying again, if it said.
    /// The HTTP status of a refused request.
    pub fn status(&self) -> Option<u16> {
        match self {
            Self::Http { status, .. } => Some(*status),
            _ => None,
        }
    }

    pub fn retry_after_ms(&self) -> Option<f64> {
        match self {
            Self::Http { retry_after_ms, .. } => *retry_after_ms,
            _ => None,
        }
    }
}

/// The longest provider error text shown to the user, in characters.
pub(crate) const MAX_ERROR_CHARS: usize = 500;

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
