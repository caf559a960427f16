//! One [`UsageEvent`] per provider call (seed 002's metrics, kept locally for a usage view):
//! which provider and model, how it ended, tokens, time to first token, duration and retries.

use crate::provider::settings::ProviderKind;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct UsageEvent {
    pub id: String,
    /// When the call ended, in milliseconds since the epoch.
    pub at_ms: f64,
    pub conversation_id: String,
    pub message_id: String,
    pub provider: ProviderKind,
    /// The provider's host (no path, no key).
    pub host: String,
    pub model: String,
    /// `ok`, `cancelled`, `truncated`, `broken` or `error`.
    pub outcome: String,
    #[serde(default)]
    pub prompt_tokens: Option<u64>,
    #[serde(default)]
    pub completion_tokens: Option<u64>,
    /// Of the prompt tokens, those read from the provider's cache.
    #[serde(default)]
    pub cached_tokens: Option<u64>,
    /// Of the completion tokens, those spent reasoning.
    #[serde(default)]
    pub reasoning_tokens: Option<u64>,
    /// From sending the request to the first text, reasoning or tool call.
    #[serde(default)]
    pub first_token_ms: Option<f64>,
    pub duration_ms: f64,
    /// Attempts after the first.
    pub retries: u32,
}

pub use crate::provider::settings::host_of;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hosts_carry_no_path_query_or_credentials() {
        assert_eq!(host_of("https://api.openai.com/v1"), "api.openai.com");
        assert_eq!(
            host_of("http://user:secret@LOCALHOST:11434/v1?x=1"),
            "localhost:11434"
        );
    }
}
