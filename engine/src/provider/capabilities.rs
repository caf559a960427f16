//! The capability registry (seed 002): what each OpenAI-compatible server accepts, so a request
//! never carries a field its server rejects. Fields a server lacks are dropped, or mapped to its
//! own spelling (OpenRouter's `reasoning.effort`, OpenAI's `max_completion_tokens` for
//! reasoning models). The table is conservative: an optional field is sent only where the
//! server documents it.

pub use super::flavour::{flavour, Flavour};
use crate::provider::settings::ProviderSettings;

/// Where the maximum output length goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MaxTokensField {
    MaxTokens,
    MaxCompletionTokens,
}

/// How a reasoning level is sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ReasoningField {
    /// Not sent.
    None,
    /// `reasoning_effort: "low" | "medium" | "high"`.
    Effort,
    /// OpenRouter: `reasoning: {"effort": …}`.
    NestedEffort,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Capabilities {
    pub flavour: Flavour,
    /// `stream_options: {"include_usage": true}` for token counts at the end of a stream.
    pub stream_usage: bool,
    pub max_tokens: MaxTokensField,
    pub reasoning: ReasoningField,
    /// Whether `temperature` and `top_p` may be sent (OpenAI's reasoning models refuse them).
    pub sampling: bool,
}

/// OpenAI's reasoning families: o1, o3, o4-mini…, gpt-5.
fn openai_reasoning_model(model: &str) -> bool {
    let model = model.trim().to_ascii_lowercase();
    let bare = model.rsplit('/').next().unwrap_or(&model);
    bare.starts_with("gpt-5")
        || (bare.starts_with('o') && bare[1..].starts_with(|c: char| c.is_ascii_digit()))
}

pub fn capabilities(settings: &ProviderSettings) -> Capabilities {
    let flavour = flavour(&settings.base_url);
    let reasoning_model = openai_reasoning_model(&settings.model);
    let core = Capabilities {
        flavour,
        stream_usage: false,
        max_tokens: MaxTokensField::MaxTokens,
        reasoning: ReasoningField::None,
        sampling: true,
    };
    match flavour {
        Flavour::OpenAi => Capabilities {
            stream_usage: true,
            max_tokens: MaxTokensField::MaxCompletionTokens,
            reasoning: if reasoning_model {
                ReasoningField::Effort
            } else {
                ReasoningField::None
            },
            sampling: !reasoning_model,
            ..core
        },
        Flavour::OpenRouter => Capabilities {
            stream_usage: true,
            reasoning: ReasoningField::NestedEffort,
            ..core
        },
        Flavour::DeepSeek | Flavour::Vllm | Flavour::Ollama => Capabilities {
            stream_usage: true,
            ..core
        },
        Flavour::Groq | Flavour::Mistral | Flavour::LlamaCpp | Flavour::Generic => core,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn caps(base_url: &str, model: &str) -> Capabilities {
        capabilities(&ProviderSettings {
            base_url: base_url.into(),
            model: model.into(),
            ..ProviderSettings::default()
        })
    }

    #[test]
    fn servers_are_recognised_by_their_address() {
        assert_eq!(flavour("https://api.openai.com/v1"), Flavour::OpenAi);
        assert_eq!(flavour("https://OpenRouter.ai/api/v1"), Flavour::OpenRouter);
        assert_eq!(flavour("http://127.0.0.1:11434/v1"), Flavour::Ollama);
        assert_eq!(flavour("http://localhost:8080/v1"), Flavour::LlamaCpp);
        assert_eq!(flavour("http://gpu-box:8000/v1"), Flavour::Vllm);
        assert_eq!(flavour("https://api.mistral.ai/v1"), Flavour::Mistral);
        assert_eq!(flavour("https://example.com/v1"), Flavour::Generic);
    }

    #[test]
    fn openai_reasoning_models_get_their_fields_and_lose_sampling() {
        let o3 = caps("https://api.openai.com/v1", "o3-mini");
        assert_eq!(o3.reasoning, ReasoningField::Effort);
        assert!(!o3.sampling);
        assert_eq!(o3.max_tokens, MaxTokensField::MaxCompletionTokens);
        let gpt4o = caps("https://api.openai.com/v1", "gpt-4o-mini");
        assert_eq!(gpt4o.reasoning, ReasoningField::None);
        assert!(gpt4o.sampling);
        assert!(caps("https://api.openai.com/v1", "gpt-5").reasoning == ReasoningField::Effort);
        // "omni-moderation" is not "o" followed by a digit.
        assert_eq!(
            caps("https://api.openai.com/v1", "omni-x").reasoning,
            ReasoningField::None
        );
    }

    #[test]
    fn unknown_servers_get_only_the_core_fields() {
        let generic = caps("https://example.com/v1", "anything");
        assert!(!generic.stream_usage);
        assert_eq!(generic.reasoning, ReasoningField::None);
        assert_eq!(generic.max_tokens, MaxTokensField::MaxTokens);
        assert_eq!(
            caps("https://openrouter.ai/api/v1", "deepseek/deepseek-r1").reasoning,
            ReasoningField::NestedEffort
        );
    }
}
