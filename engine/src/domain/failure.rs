//! Why an answer failed, in the terms the user acts on (seed 003's error dialog): wait and
//! retry, fix the key, check the server or the network, or change the request.

use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum FailureKind {
    /// Nothing (or nothing more) arrived in time.
    Timeout,
    /// The provider's rate limit or quota.
    RateLimit,
    /// The API key is missing, wrong, or lacks permission.
    Authentication,
    /// The provider failed or is overloaded.
    Server,
    /// The server could not be reached: offline, wrong address, or no CORS headers.
    Network,
    /// The provider refused the request itself (invalid, too long for the model, unknown model).
    Request,
    /// The provider blocked the answer (safety filters).
    Blocked,
    /// Anything else (a malformed response).
    Other,
}

impl FailureKind {
    /// A stable name (the serialised form), e.g. for `data-kind` attributes.
    pub fn id(self) -> &'static str {
        match self {
            Self::Timeout => "timeout",
            Self::RateLimit => "rate_limit",
            Self::Authentication => "authentication",
            Self::Server => "server",
            Self::Network => "network",
            Self::Request => "request",
            Self::Blocked => "blocked",
            Self::Other => "other",
        }
    }

    /// The catalogue message that names the kind in the error banner.
    pub fn message_id(self) -> &'static str {
        match self {
            Self::Timeout => "failure-timeout",
            Self::RateLimit => "failure-rate-limit",
            Self::Authentication => "failure-authentication",
            Self::Server => "failure-server",
            Self::Network => "failure-network",
            Self::Request => "failure-request",
            Self::Blocked => "failure-blocked",
            Self::Other => "failure-other",
        }
    }
}
