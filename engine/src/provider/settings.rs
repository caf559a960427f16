//! Where requests go: an OpenAI-compatible base URL, an optional API key and a model name.

use crate::provider::flavour::{flavour, Flavour};
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The protocol a provider speaks.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ProviderKind {
    /// OpenAI Chat Completions, and the compatible servers (Ollama, llama.cpp, vLLM,
    /// OpenRouter, Groq, Mistral, DeepSeek…).
    #[default]
    #[serde(rename = "openai")]
    OpenAi,
    Anthropic,
    Gemini,
}

impl ProviderKind {
    /// The usual base URL of each protocol's hosted API.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Self::OpenAi => "https://api.openai.com/v1",
            Self::Anthropic => "https://api.anthropic.com/v1",
            Self::Gemini => "https://generativelanguage.googleapis.com/v1beta",
        }
    }

    /// The protocol's name as stored (`openai`, `anthropic`, `gemini`).
    pub fn id(self) -> &'static str {
        match self {
            Self::OpenAi => "openai",
            Self::Anthropic => "anthropic",
            Self::Gemini => "gemini",
        }
    }
}

#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProviderSettings {
    /// The protocol; settings stored before it existed are OpenAI-compatible.
    #[serde(default)]
    pub kind: ProviderKind,
    /// e.g. `https://api.openai.com/v1`, `http://127.0.0.1:11434/v1` (Ollama) or
    /// `http://127.0.0.1:8080/v1` (llama.cpp server).
    pub base_url: String,
    /// Empty for local servers that need none.
    #[serde(default)]
    pub api_key: String,
    pub model: String,
    /// Whether the model can call tools. A model that cannot gets no tool definitions (some
    /// servers reject a request that has them) and is told what it cannot do instead.
    #[serde(default = "yes")]
    pub supports_tools: bool,
    /// Whether the model sees images. A model that does not gets none: their text is read by
    /// [`ocr_model`](Self::ocr_model) when one is set, else the user is told they were left out.
    #[serde(default = "yes")]
    pub supports_images: bool,
    /// A model of the same provider that reads images for a model that cannot see them (seed
    /// 000's OCR transformer); empty for none.
    #[serde(default)]
    pub ocr_model: String,
    /// Extra headers sent with every request, after Skein's own (so they win).
    #[serde(default)]
    pub custom_headers: Vec<(String, String)>,
    /// Extra JSON body entries, deep-merged into every chat request last.
    #[serde(default)]
    pub custom_body: serde_json::Map<String, serde_json::Value>,
    /// How long to wait for the first byte of an answer. Generous by default: reasoning models
    /// may think for minutes before they send anything.
    #[serde(default = "default_first_token_timeout_s")]
    pub first_token_timeout_s: u32,
    /// How long a started stream may send nothing (heartbeats count as something) before it is
    /// treated as stalled.
    #[serde(default = "default_idle_timeout_s")]
    pub idle_timeout_s: u32,
    /// A limit the user sets on requests per minute to this provider: requests beyond it wait.
    #[serde(default)]
    pub requests_per_minute: Option<u32>,
    /// A limit on (estimated) tokens per minute: requests beyond it wait.
    #[serde(default)]
    pub tokens_per_minute: Option<u32>,
    /// Providers tried in order when this one fails before answering (off when empty). Their
    /// own fallbacks are not followed.
    #[serde(default)]
    pub fallbacks: Vec<ProviderSettings>,
    /// The model's context window in tokens, as the user set it or the model list said. It
    /// lowers the summarising threshold when the window is small, and is what the context
    /// meter measures against.
    #[serde(default)]
    pub context_window: Option<u64>,
    /// The provider's embedding model for memories: with one, an assistant with many memories
    /// gets those nearest the question in meaning (and words); without, by words only.
    #[serde(default)]
    pub embedding_model: String,
}

fn default_first_token_timeout_s() -> u32 {
    300
}

fn default_idle_timeout_s() -> u32 {
    90
}

fn yes() -> bool {
    true
}

/// Hand-written so the API key never reaches a log.
impl std::fmt::Debug for ProviderSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ProviderSettings")
            .field("kind", &self.kind)
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
            .field("supports_tools", &self.supports_tools)
            .field("supports_images", &self.supports_images)
            .field("ocr_model", &self.ocr_model)
            .field(
                "custom_headers",
                // Header values may be credentials too.
                &self
                    .custom_headers
                    .iter()
                    .map(|(name, _)| name.as_str())
                    .collect::<Vec<_>>(),
            )
            .field("custom_body", &self.custom_body)
            .field("first_token_timeout_s", &self.first_token_timeout_s)
            .field("idle_timeout_s", &self.idle_timeout_s)
            .field("requests_per_minute", &self.requests_per_minute)
            .field("tokens_per_minute", &self.tokens_per_minute)
            .field("fallbacks", &self.fallbacks)
            .field("context_window", &self.context_window)
            .finish()
    }
}

impl Default for ProviderSettings {
    /// A local Ollama server: the one setup that needs no account.
    fn default() -> Self {
        Self {
            kind: ProviderKind::OpenAi,
            base_url: "http://127.0.0.1:11434/v1".into(),
            api_key: String::new(),
            model: String::new(),
            supports_tools: true,
            supports_images: true,
            ocr_model: String::new(),
            custom_headers: Vec::new(),
            custom_body: serde_json::Map::new(),
            first_token_timeout_s: default_first_token_timeout_s(),
            idle_timeout_s: default_idle_timeout_s(),
            requests_per_minute: None,
            tokens_per_minute: None,
            fallbacks: Vec::new(),
            context_window: None,
            embedding_model: String::new(),
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
    #[error("Anthropic has no embeddings API: choose an OpenAI-compatible or Gemini provider for embeddings.")]
    NoEmbeddings,
    #[error("Custom header \"{0}\" is not valid: a name is letters, digits and -, and a value is one line.")]
    CustomHeader(String),
    #[error("The custom body is not valid: {0}.")]
    CustomBody(String),
}

impl crate::i18n::Explain for SettingsError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::BaseUrl(got) => phrase("error-settings-base-url").with("got", got),
            Self::MissingModel => phrase("error-settings-missing-model"),
            Self::ApiKey => phrase("error-settings-api-key"),
            Self::NoEmbeddings => phrase("error-settings-no-embeddings"),
            Self::CustomHeader(name) => phrase("error-settings-custom-header").with("name", name),
            Self::CustomBody(why) => phrase("error-settings-custom-body").with("why", why),
        }
    }
}

impl ProviderSettings {
    /// Checks the settings before any request is made, with errors that name the field.
    pub fn validate(&self) -> Result<(), SettingsError> {
        self.validate_connection()?;
        if self.model.trim().is_empty() {
            return Err(SettingsError::MissingModel);
        }
        Ok(())
    }

    /// Checks what every request needs (not the model: listing models needs none).
    pub fn validate_connection(&self) -> Result<(), SettingsError> {
        let url = self.base_url.trim();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"))
            .ok_or_else(|| SettingsError::BaseUrl(self.base_url.clone()))?;
        let host = rest.split(['/', '?', '#']).next().unwrap_or("");
        if host.is_empty() || host.contains(char::is_whitespace) {
            return Err(SettingsError::BaseUrl(self.base_url.clone()));
        }
        if self.api_key.trim().contains(char::is_whitespace) {
            return Err(SettingsError::ApiKey);
        }
        for (name, value) in &self.custom_headers {
            let name_ok = !name.is_empty()
                && name
                    .bytes()
                    .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_');
            if !name_ok || value.contains(['\r', '\n', '\0']) {
                return Err(SettingsError::CustomHeader(name.clone()));
            }
        }
        Ok(())
    }

    /// The model's window and the room an answer needs, when the window is known.
    pub fn model_budget(
        &self,
        params: &crate::provider::params::GenerationParams,
    ) -> Option<crate::prompt::rolling_context::ModelBudget> {
        self.context_window
            .filter(|w| *w > 0)
            .map(
                |context_window| crate::prompt::rolling_context::ModelBudget {
                    context_window,
                    max_output_tokens: u64::from(params.max_output_tokens.unwrap_or(4_096)),
                },
            )
    }

    /// The model as the provider knows it. A model string may name its provider
    /// (`anthropic/claude-…`, `gemini/…`, `google/…`, `openai/…`); when that provider is the one
    /// these settings speak to, the prefix is removed. On an OpenAI-compatible router (e.g.
    /// OpenRouter, whose model IDs look like `anthropic/claude-…`) only `openai/` would match,
    /// so router IDs reach the router unchanged.
    pub fn model_name(&self) -> &str {
        let model = self.model.trim();
        let Some((_, rest)) = model.split_once('/') else {
            return model;
        };
        let named = Self::named_provider(model);
        let router = flavour(&self.base_url) == Flavour::OpenRouter;
        match named {
            Some(kind) if kind == self.kind && !router && !rest.is_empty() => rest,
            _ => model,
        }
    }

    /// The provider a model string names with its prefix, if any.
    pub fn named_provider(model: &str) -> Option<ProviderKind> {
        match model
            .trim()
            .split_once('/')?
            .0
            .to_ascii_lowercase()
            .as_str()
        {
            "anthropic" => Some(ProviderKind::Anthropic),
            "gemini" | "google" => Some(ProviderKind::Gemini),
            "openai" => Some(ProviderKind::OpenAi),
            _ => None,
        }
    }

    /// Names this provider for traffic control: protocol, host and model (never the key).
    pub fn traffic_key(&self) -> String {
        format!(
            "{:?} {} {}",
            self.kind,
            host_of(&self.base_url),
            self.model_name()
        )
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

pub use crate::provider::flavour::{host_of, on_this_network};

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(base_url: &str, model: &str, key: &str) -> ProviderSettings {
        ProviderSettings {
            base_url: base_url.into(),
            api_key: key.into(),
            model: model.into(),
            ..ProviderSettings::default()
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
    fn a_provider_prefix_is_removed_only_for_its_own_provider() {
        let mut anthropic = settings(
            "https://api.anthropic.com/v1",
            "anthropic/claude-sonnet-4-5",
            "",
        );
        anthropic.kind = ProviderKind::Anthropic;
        assert_eq!(anthropic.model_name(), "claude-sonnet-4-5");
        let router = settings(
            "https://openrouter.ai/api/v1",
            "anthropic/claude-sonnet-4-5",
            "",
        );
        assert_eq!(
            router.model_name(),
            "anthropic/claude-sonnet-4-5",
            "a router's ID"
        );
        let openai = settings("https://api.openai.com/v1", "openai/gpt-4o", "");
        assert_eq!(openai.model_name(), "gpt-4o");
        let ollama = settings("http://127.0.0.1:11434/v1", "library/llama3.2", "");
        assert_eq!(ollama.model_name(), "library/llama3.2");
        assert_eq!(
            ProviderSettings::named_provider("google/gemini-2.5-pro"),
            Some(ProviderKind::Gemini)
        );
        assert_eq!(ProviderSettings::named_provider("llama3.2"), None);
    }

    #[test]
    fn debug_hides_the_key_and_header_values() {
        let mut with_secrets = settings("https://x", "m", "sk-very-secret");
        with_secrets.custom_headers = vec![("X-Api-Token".into(), "hidden-token".into())];
        let printed = format!("{with_secrets:?}");
        assert!(!printed.contains("very-secret"));
        assert!(!printed.contains("hidden-token"));
        assert!(printed.contains("X-Api-Token"));
    }

    #[test]
    fn custom_headers_cannot_smuggle_lines() {
        let mut bad = settings("https://x", "m", "");
        bad.custom_headers = vec![("X-A".into(), "1\r\nHost: evil".into())];
        assert_eq!(
            bad.validate(),
            Err(SettingsError::CustomHeader("X-A".into()))
        );
        bad.custom_headers = vec![("X A".into(), "1".into())];
        assert!(bad.validate().is_err());
        bad.custom_headers = vec![("HTTP-Referer".into(), "https://skein.example".into())];
        assert_eq!(bad.validate(), Ok(()));
    }

    #[test]
    fn settings_stored_before_these_fields_existed_still_load() {
        let old: ProviderSettings =
            serde_json::from_str(r#"{"base_url":"https://x/v1","api_key":"","model":"m"}"#)
                .unwrap();
        assert!(old.supports_tools);
        assert!(old.custom_headers.is_empty() && old.custom_body.is_empty());
    }
}
