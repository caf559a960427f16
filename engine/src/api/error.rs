//! The error an embedder gets: a stable `kind` to branch on, a message a user can act on, and
//! what the provider said (HTTP status, how long to wait).

use crate::domain::failure::FailureKind;
use crate::provider::ProviderError;
use serde::Serialize;

#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiError {
    /// `invalid_request` (the call itself is wrong), `aborted` (the caller's signal), `storage`
    /// (the conversations' storage failed), or one of
    /// the engine's failure kinds (`authentication`, `rate_limit`, `server`, `network`,
    /// `timeout`, `request`, `blocked`, `other`).
    pub kind: String,
    pub message: String,
    /// The provider's HTTP status, when it refused the request.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<u16>,
    /// How long the provider asked to wait before trying again, in milliseconds.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<f64>,
}

impl ApiError {
    /// The call is wrong: `field` says where, `problem` what.
    pub fn invalid(field: impl AsRef<str>, problem: impl AsRef<str>) -> Self {
        Self {
            kind: "invalid_request".into(),
            message: format!("{}: {}", field.as_ref(), problem.as_ref()),
            status: None,
            retry_after_ms: None,
        }
    }

    /// The caller stopped the request.
    pub fn aborted() -> Self {
        Self {
            kind: "aborted".into(),
            message: "The request was stopped.".into(),
            status: None,
            retry_after_ms: None,
        }
    }

    pub(crate) fn failed(
        message: String,
        kind: FailureKind,
        status: Option<u16>,
        retry_after_ms: Option<f64>,
    ) -> Self {
        Self {
            kind: kind.id().into(),
            message,
            status,
            retry_after_ms,
        }
    }
}

impl From<ProviderError> for ApiError {
    fn from(err: ProviderError) -> Self {
        if let ProviderError::Invalid { field, problem } = &err {
            return Self::invalid(field, problem.to_string());
        }
        Self::failed(
            err.to_string(),
            err.failure_kind(),
            err.status(),
            err.retry_after_ms(),
        )
    }
}

/// What the conversations API could not start: a storage problem, or a wrong call.
impl From<crate::chat::ChatError> for ApiError {
    fn from(err: crate::chat::ChatError) -> Self {
        use crate::chat::ChatError as E;
        let kind = match &err {
            E::Store(_) | E::Tree(_) | E::Import(_) => "storage",
            _ => "invalid_request",
        };
        Self {
            kind: kind.into(),
            message: err.to_string(),
            status: None,
            retry_after_ms: None,
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ApiError {}
