//! Where requests go: an OpenAI-compatible base URL, an optional API key and a model name.

use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderSettings {
    /// e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama) or
    /// `http://127.0.0.1:8080/v1` (llama.cpp server).
    pub base_url: String,
    /// Empty for local servers that need none.
    #[serde(default)]
    pub api_key: String,
    pub model: String,
}

/// Hand-written so the API key never reaches a log.
impl std::fmt::Debug for ProviderSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderSettings")
            .field("base_url", &self.base_url)
            .field(
                "api_key",
                &if self.api_key.is_empty() {
                    ""
                } else {
                    "<redacted>"
                },
            )
            .field("model", &self.model)
            .finish()
    }
}

impl Default for ProviderSettings {
    /// A local Ollama server: the one setup that needs no account.
    fn default() -> Self {
        Self {
            base_url: "http://127.0.0.1:11434/v1".into(),
            api_key: String::new(),
            model: String::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SettingsError {
    #[error("The base URL must start with http:// or https:// and name a host (got \"{0}\").")]
    BaseUrl(String),
    #[error("Choose a model name in the settings (for example gpt-4o-mini or llama3.2).")]
    MissingModel,
    #[error("The API key must be a single line without spaces.")]
    ApiKey,
}

impl ProviderSettings {
    /// Checks the settings before any request is made, with errors that name the field.
    pub fn validate(&self) -> Result<(), SettingsError> {
        let url = self.base_url.trim();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(|| SettingsError::BaseUrl(self.base_url.clone()))?;
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err(SettingsError::BaseUrl(self.base_url.clone()));
        }
        if self.model.trim().is_empty() {
            return Err(SettingsError::MissingModel);
        }
        if self.api_key.trim().contains(char::is_whitespace) {
            return Err(SettingsError::ApiKey);
        }
        Ok(())
    }

    /// `base_url` joined with `path`, with exactly one `/` between them.
    pub fn endpoint(&self, path: &str) -> String {
        format!(
            "{}/{}",
            self.base_url.trim().trim_end_matches('/'),
            path.trim_start_matches('/')
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(base_url: &str, model: &str, key: &str) -> ProviderSettings {
        ProviderSettings {
            base_url: base_url.into(),
            api_key: key.into(),
            model: model.into(),
        }
    }

    #[test]
    fn validation_names_the_bad_field() {
        let ok = settings("http://127.0.0.1:11434/v1", "llama3.2", "");
        assert_eq!(ok.validate(), Ok(()));
        for bad in [
            "",
            "127.0.0.1:8080",
            "ftp://x",
            "https://",
            "https:///v1",
            "http://a b",
        ] {
            assert_eq!(
                settings(bad, "m", "").validate(),
                Err(SettingsError::BaseUrl(bad.into())),
                "{bad}"
            );
        }
        assert_eq!(
            settings("https://api.openai.com/v1", " ", "").validate(),
            Err(SettingsError::MissingModel)
        );
        assert_eq!(
            settings("https://api.openai.com/v1", "m", "sk one").validate(),
            Err(SettingsError::ApiKey)
        );
    }

    #[test]
    fn endpoint_joins_with_one_slash() {
        assert_eq!(
            settings("https://x/v1/", "m", "").endpoint("/chat/completions"),
            "https://x/v1/chat/completions"
        );
        assert_eq!(
            settings(" https://x/v1", "m", "").endpoint("models"),
            "https://x/v1/models"
        );
    }

    #[test]
    fn debug_hides_the_key() {
        let printed = format!("{:?}", settings("https://x", "m", "sk-very-secret"));
        assert!(!printed.contains("very-secret"));
    }
}
