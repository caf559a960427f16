//! The providers a newcomer picks from on the first run: each with its protocol and usual
//! address, whether it needs a key, and which of its models to start with once the models list
//! is in (a current, general chat model rather than the first ID in alphabetical order).
//! Local servers (Ollama, llama.cpp) are also looked for on their usual ports.

use super::flavour::{flavour, host_of, Flavour};
use super::model_list::ModelInfo;
use super::settings::{ProviderKind, ProviderSettings};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ProviderPreset {
    pub id: &'static str,
    /// The message (`public/locales/*.ftl`) naming it: a product's own name, or what it is.
    pub name: &'static str,
    /// The message (`public/locales/*.ftl`) saying in one line what it is, for its card.
    pub blurb: &'static str,
    pub kind: ProviderKind,
    pub base_url: &'static str,
    pub needs_key: bool,
    /// A server on this computer: nothing leaves the machine, and its address may differ.
    pub local: bool,
    /// Model ID beginnings to prefer, best first.
    preferred: &'static [&'static str],
}

pub const PRESETS: [ProviderPreset; 7] = [
    ProviderPreset {
        id: "openai",
        name: "preset-name-openai",
        blurb: "preset-openai",
        kind: ProviderKind::OpenAi,
        base_url: "https://api.openai.com/v1",
        needs_key: true,
        local: false,
        preferred: &[
            "gpt-5-mini",
            "gpt-5",
            "gpt-4.1-mini",
            "gpt-4o-mini",
            "gpt-4o",
        ],
    },
    ProviderPreset {
        id: "anthropic",
        name: "preset-name-anthropic",
        blurb: "preset-anthropic",
        kind: ProviderKind::Anthropic,
        base_url: "https://api.anthropic.com/v1",
        needs_key: true,
        local: false,
        preferred: &[
            "claude-sonnet-4",
            "claude-opus-4",
            "claude-3-7-sonnet",
            "claude-3-5-sonnet",
        ],
    },
    ProviderPreset {
        id: "gemini",
        name: "preset-name-gemini",
        blurb: "preset-gemini",
        kind: ProviderKind::Gemini,
        base_url: "https://generativelanguage.googleapis.com/v1beta",
        needs_key: true,
        local: false,
        preferred: &["gemini-2.5-flash", "gemini-2.5-pro", "gemini-2.0-flash"],
    },
    ProviderPreset {
        id: "openrouter",
        name: "preset-name-openrouter",
        blurb: "preset-openrouter",
        kind: ProviderKind::OpenAi,
        base_url: "https://openrouter.ai/api/v1",
        needs_key: true,
        local: false,
        preferred: &[
            "openai/gpt-5-mini",
            "anthropic/claude-sonnet-4",
            "google/gemini-2.5-flash",
        ],
    },
    ProviderPreset {
        id: "ollama",
        name: "preset-name-ollama",
        blurb: "preset-ollama",
        kind: ProviderKind::OpenAi,
        base_url: "http://127.0.0.1:11434/v1",
        needs_key: false,
        local: true,
        preferred: &[],
    },
    ProviderPreset {
        id: "llamacpp",
        name: "preset-name-llamacpp",
        blurb: "preset-llamacpp",
        kind: ProviderKind::OpenAi,
        base_url: "http://127.0.0.1:8080/v1",
        needs_key: false,
        local: true,
        preferred: &[],
    },
    ProviderPreset {
        id: "other",
        name: "preset-name-other",
        blurb: "preset-other",
        kind: ProviderKind::OpenAi,
        base_url: "",
        needs_key: false,
        local: false,
        preferred: &[],
    },
];

/// Model IDs that are not chat models (embeddings, speech, images, moderation).
const NOT_CHAT: [&str; 9] = [
    "embed",
    "whisper",
    "tts",
    "dall-e",
    "moderation",
    "transcribe",
    "image",
    "audio",
    "rerank",
];

impl ProviderPreset {
    pub fn by_id(id: &str) -> Option<&'static ProviderPreset> {
        PRESETS.iter().find(|p| p.id == id)
    }

    /// The local servers looked for on the first run.
    pub fn local_servers() -> impl Iterator<Item = &'static ProviderPreset> {
        PRESETS.iter().filter(|p| p.local)
    }

    /// Settings for this provider at `base_url` (its usual one when empty) with `api_key`.
    pub fn settings(&self, base_url: &str, api_key: &str) -> ProviderSettings {
        let base_url = base_url.trim();
        ProviderSettings {
            kind: self.kind,
            base_url: if base_url.is_empty() {
                self.base_url.to_owned()
            } else {
                base_url.trim_end_matches('/').to_owned()
            },
            api_key: api_key.trim().to_owned(),
            model: String::new(),
            ..ProviderSettings::default()
        }
    }

    /// The model to start with from the provider's list: the first preferred one it has
    /// (dated and suffixed IDs count: `gpt-4o-mini-2024-07-18` is `gpt-4o-mini`), else its
    /// first chat model, else its first model.
    pub fn default_model(&self, models: &[ModelInfo]) -> Option<String> {
        let bare = |id: &str| id.rsplit('/').next().unwrap_or(id).to_owned();
        self.preferred
            .iter()
            .find_map(|prefix| {
                models
                    .iter()
                    .find(|m| m.id.starts_with(prefix) || bare(&m.id).starts_with(prefix))
            })
            .or_else(|| {
                models.iter().find(|m| {
                    let id = m.id.to_ascii_lowercase();
                    !NOT_CHAT.iter().any(|word| id.contains(word))
                })
            })
            .or(models.first())
            .map(|m| m.id.clone())
    }
}

/// The provider's name as people know it, for the model picker: the protocol's own service,
/// a known OpenAI-compatible server, else the host of the base URL.
pub fn provider_name(kind: ProviderKind, base_url: &str) -> String {
    let known = match kind {
        ProviderKind::Anthropic => Some("Anthropic"),
        ProviderKind::Gemini => Some("Google Gemini"),
        ProviderKind::OpenAi => match flavour(base_url) {
            Flavour::OpenAi => Some("OpenAI"),
            Flavour::OpenRouter => Some("OpenRouter"),
            Flavour::Groq => Some("Groq"),
            Flavour::Mistral => Some("Mistral"),
            Flavour::DeepSeek => Some("DeepSeek"),
            Flavour::Ollama => Some("Ollama"),
            Flavour::LlamaCpp => Some("llama.cpp"),
            Flavour::Vllm => Some("vLLM"),
            Flavour::Generic => None,
        },
    };
    known.map_or_else(|| host_of(base_url), str::to_owned)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn providers_are_named_by_protocol_then_host() {
        let cases = [
            (
                ProviderKind::Anthropic,
                "https://api.anthropic.com/v1",
                "Anthropic",
            ),
            (
                ProviderKind::Gemini,
                "https://proxy.example/v1beta",
                "Google Gemini",
            ),
            (
                ProviderKind::OpenAi,
                "https://openrouter.ai/api/v1",
                "OpenRouter",
            ),
            (ProviderKind::OpenAi, "http://127.0.0.1:11434/v1", "Ollama"),
            // Unknown: the host, without credentials, lower-cased.
            (
                ProviderKind::OpenAi,
                "https://user:pw@LLM.Example.org:9443/v1",
                "llm.example.org:9443",
            ),
        ];
        for (kind, url, expected) in cases {
            assert_eq!(provider_name(kind, url), expected, "{url}");
        }
    }

    fn models(ids: &[&str]) -> Vec<ModelInfo> {
        ids.iter()
            .map(|id| ModelInfo {
                id: (*id).to_owned(),
                display_name: None,
                context_window: None,
                abilities: Default::default(),
            })
            .collect()
    }

    #[test]
    fn every_preset_makes_valid_settings_once_a_model_is_chosen() {
        for preset in PRESETS {
            let base = if preset.base_url.is_empty() {
                "http://10.0.0.2:8000/v1/"
            } else {
                ""
            };
            let mut settings = preset.settings(base, if preset.needs_key { " sk-x " } else { "" });
            settings.model = "m".into();
            assert!(settings.validate().is_ok(), "{}", preset.id);
            assert!(!settings.base_url.ends_with('/'));
            assert_eq!(settings.api_key, if preset.needs_key { "sk-x" } else { "" });
        }
        assert_eq!(
            ProviderPreset::local_servers()
                .map(|p| p.id)
                .collect::<Vec<_>>(),
            ["ollama", "llamacpp"]
        );
        assert_eq!(
            ProviderPreset::by_id("gemini").unwrap().kind,
            ProviderKind::Gemini
        );
        assert!(ProviderPreset::by_id("nope").is_none());
    }

    #[test]
    fn the_default_model_is_a_preferred_chat_model_when_listed() {
        let openai = ProviderPreset::by_id("openai").unwrap();
        let listed = models(&[
            "babbage-002",
            "gpt-4o-mini-2024-07-18",
            "gpt-4o",
            "text-embedding-3-small",
        ]);
        assert_eq!(
            openai.default_model(&listed).as_deref(),
            Some("gpt-4o-mini-2024-07-18")
        );
        let router = ProviderPreset::by_id("openrouter").unwrap();
        assert_eq!(
            router
                .default_model(&models(&["x/y", "google/gemini-2.5-flash"]))
                .as_deref(),
            Some("google/gemini-2.5-flash")
        );
        let ollama = ProviderPreset::by_id("ollama").unwrap();
        assert_eq!(
            ollama
                .default_model(&models(&["nomic-embed-text", "qwen3:8b"]))
                .as_deref(),
            Some("qwen3:8b")
        );
        assert_eq!(
            ollama.default_model(&models(&["all-embed"])).as_deref(),
            Some("all-embed")
        );
        assert_eq!(ollama.default_model(&[]), None);
    }
}
