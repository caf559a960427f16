//! The models a provider offers, from its models endpoint: OpenAI-compatible `GET /models`
//! (Ollama and llama.cpp included), Anthropic `GET /models`, Gemini `GET /models` (only models
//! that can generate content are listed).

use super::ProviderError;
use crate::domain::message_part::MAX_COUNT;
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::{ProviderKind, ProviderSettings};
use serde_json::Value;

/// One model a provider offers.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelInfo {
    /// What goes in the `model` field of a request.
    pub id: String,
    /// A human name, when the provider gives one.
    pub display_name: Option<String>,
    /// The context window in tokens, when the provider says.
    pub context_window: Option<u64>,
    /// What the listing says the model can do (an ability not stated is not assumed).
    pub abilities: Abilities,
}

/// What a model can do, as its provider's listing states it: OpenRouter's
/// `architecture.input_modalities` and `supported_parameters`, a `capabilities` list (Ollama,
/// LM Studio and other local servers), Gemini's `thinking`. `false` means "not stated".
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Abilities {
    /// Reads images.
    pub vision: bool,
    /// Calls tools.
    pub tools: bool,
    /// Thinks before it answers.
    pub reasoning: bool,
}

impl Abilities {
    /// The stated abilities as short words, in a fixed order.
    pub fn labels(self) -> Vec<&'static str> {
        [
            (self.vision, "vision"),
            (self.tools, "tools"),
            (self.reasoning, "reasoning"),
        ]
        .into_iter()
        .filter_map(|(stated, label)| stated.then_some(label))
        .collect()
    }

    /// Reads an OpenAI-compatible list entry.
    fn of_entry(m: &Value) -> Self {
        let listed = |v: &Value, words: &[&str]| {
            v.as_array().is_some_and(|items| {
                items
                    .iter()
                    .filter_map(Value::as_str)
                    .any(|item| words.iter().any(|w| item.eq_ignore_ascii_case(w)))
            })
        };
        let capabilities = &m["capabilities"];
        let parameters = &m["supported_parameters"];
        Self {
            vision: listed(&m["architecture"]["input_modalities"], &["image"])
                || listed(capabilities, &["vision", "image", "multimodal"]),
            tools: listed(parameters, &["tools"])
                || listed(capabilities, &["tools", "tool_use", "function_calling"]),
            reasoning: listed(parameters, &["reasoning", "include_reasoning"])
                || listed(capabilities, &["thinking", "reasoning"]),
        }
    }
}

/// The most models read from one list (a hostile or broken server cannot exhaust memory).
const MAX_MODELS: usize = 5_000;

/// `GET {base_url}/models` with the protocol's authentication.
pub fn build_models_request(settings: &ProviderSettings) -> Result<HttpRequest, ProviderError> {
    settings.validate_connection()?;
    let headers = super::request_headers(settings, false, false);
    let path = match settings.kind {
        // Anthropic pages its list; one large page covers every model it has.
        ProviderKind::Anthropic => "models?limit=1000",
        ProviderKind::Gemini => "models?pageSize=1000",
        ProviderKind::OpenAi => "models",
    };
    Ok(HttpRequest {
        method: HttpMethod::Get,
        url: settings.endpoint(path),
        headers,
        body: None,
    })
}

/// Decodes a models list, sorted by ID.
pub fn decode_models(kind: ProviderKind, body: &[u8]) -> Result<Vec<ModelInfo>, ProviderError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the models list")))?;
    let text = |v: &Value, key: &str| v[key].as_str().map(str::to_owned);
    let mut models: Vec<ModelInfo> = match kind {
        ProviderKind::OpenAi | ProviderKind::Anthropic => value["data"]
            .as_array()
            .ok_or_else(|| ProviderError::Decode("the models list has no `data`".into()))?
            .iter()
            .take(MAX_MODELS)
            .filter_map(|m| {
                Some(ModelInfo {
                    id: text(m, "id")?,
                    display_name: text(m, "display_name"),
                    // llama.cpp reports `meta.n_ctx_train`; others say nothing.
                    context_window: m["context_length"]
                        .as_u64()
                        .or_else(|| m["meta"]["n_ctx_train"].as_u64())
                        .map(|w| w.min(MAX_COUNT)),
                    abilities: Abilities::of_entry(m),
                })
            })
            .collect(),
        ProviderKind::Gemini => value["models"]
            .as_array()
            .ok_or_else(|| ProviderError::Decode("the models list has no `models`".into()))?
            .iter()
            .take(MAX_MODELS)
            .filter(|m| {
                m["supportedGenerationMethods"]
                    .as_array()
                    .is_some_and(|methods| methods.iter().any(|x| x == "generateContent"))
            })
            .filter_map(|m| {
                let name = text(m, "name")?;
                Some(ModelInfo {
                    id: name.strip_prefix("models/").unwrap_or(&name).to_owned(),
                    display_name: text(m, "displayName"),
                    context_window: m["inputTokenLimit"].as_u64().map(|w| w.min(MAX_COUNT)),
                    abilities: Abilities {
                        reasoning: m["thinking"].as_bool().unwrap_or(false),
                        ..Abilities::default()
                    },
                })
            })
            .collect(),
    };
    models.sort_by(|a, b| a.id.cmp(&b.id));
    models.dedup_by(|a, b| a.id == b.id);
    Ok(models)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(kind: ProviderKind, key: &str) -> ProviderSettings {
        ProviderSettings {
            kind,
            base_url: kind.default_base_url().into(),
            api_key: key.into(),
            model: String::new(),
            ..ProviderSettings::default()
        }
    }

    #[test]
    fn models_requests_need_no_model_and_authenticate_per_protocol() {
        let openai = build_models_request(&settings(ProviderKind::OpenAi, "sk-1")).unwrap();
        assert_eq!(openai.url, "https://api.openai.com/v1/models");
        assert_eq!(openai.header("authorization"), Some("Bearer sk-1"));
        let anthropic = build_models_request(&settings(ProviderKind::Anthropic, "sk-ant")).unwrap();
        assert_eq!(anthropic.header("x-api-key"), Some("sk-ant"));
        assert_eq!(anthropic.header("anthropic-version"), Some("2023-06-01"));
        let gemini = build_models_request(&settings(ProviderKind::Gemini, "AIza")).unwrap();
        assert_eq!(gemini.header("x-goog-api-key"), Some("AIza"));
        assert!(!gemini.url.contains("AIza"));
    }

    #[test]
    fn lists_of_each_protocol_decode_sorted() {
        let openai = br#"{"object":"list","data":[{"id":"gpt-4o","object":"model"},
            {"id":"llama3.2:latest","object":"model"},{"id":"gpt-4o"},{"object":"model"}]}"#;
        let ids: Vec<String> = decode_models(ProviderKind::OpenAi, openai)
            .unwrap()
            .into_iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(
            ids,
            ["gpt-4o", "llama3.2:latest"],
            "sorted, deduplicated, nameless skipped"
        );
        let llama = br#"{"data":[{"id":"qwen.gguf","meta":{"n_ctx_train":32768}}]}"#;
        assert_eq!(
            decode_models(ProviderKind::OpenAi, llama).unwrap()[0].context_window,
            Some(32_768)
        );
        // A window no JavaScript number holds is clamped, so the settings can still be stored.
        let huge = br#"{"data":[{"id":"m","context_length":18446744073709551615}]}"#;
        assert_eq!(
            decode_models(ProviderKind::OpenAi, huge).unwrap()[0].context_window,
            Some(MAX_COUNT)
        );
        let anthropic = br#"{"data":[{"type":"model","id":"claude-sonnet-4-5","display_name":"Claude Sonnet 4.5"}],"has_more":false}"#;
        assert_eq!(
            decode_models(ProviderKind::Anthropic, anthropic).unwrap()[0]
                .display_name
                .as_deref(),
            Some("Claude Sonnet 4.5")
        );
        let gemini = br#"{"models":[
            {"name":"models/gemini-2.5-flash","displayName":"Gemini 2.5 Flash","inputTokenLimit":1048576,
             "supportedGenerationMethods":["generateContent","countTokens"]},
            {"name":"models/text-embedding-004","supportedGenerationMethods":["embedContent"]}]}"#;
        let models = decode_models(ProviderKind::Gemini, gemini).unwrap();
        assert_eq!(models.len(), 1, "embedding-only models are not chat models");
        assert_eq!(models[0].id, "gemini-2.5-flash");
        assert_eq!(models[0].context_window, Some(1_048_576));
        assert!(decode_models(ProviderKind::OpenAi, b"<html>").is_err());
        assert!(decode_models(ProviderKind::Gemini, br#"{"data":[]}"#).is_err());
    }

    #[test]
    fn abilities_are_read_where_the_listing_states_them_and_never_assumed() {
        let openrouter = br#"{"data":[{"id":"openai/gpt-4o","architecture":{"input_modalities":["text","image"]},
            "supported_parameters":["tools","temperature"]},
            {"id":"deepseek/r1","architecture":{"input_modalities":["text"]},
            "supported_parameters":["reasoning","include_reasoning"]}]}"#;
        let listed = decode_models(ProviderKind::OpenAi, openrouter).unwrap();
        assert_eq!(listed[0].abilities.labels(), ["reasoning"]);
        assert_eq!(listed[1].abilities.labels(), ["vision", "tools"]);
        let local = br#"{"data":[{"id":"qwen3-vl","capabilities":["completion","Vision","tools","thinking"]},
            {"id":"plain","capabilities":"tools"},{"id":"bare"}]}"#;
        let listed = decode_models(ProviderKind::OpenAi, local).unwrap();
        assert_eq!(
            listed[2].abilities.labels(),
            ["vision", "tools", "reasoning"]
        );
        assert_eq!(
            listed[0].abilities,
            Abilities::default(),
            "bare: nothing stated"
        );
        assert_eq!(
            listed[1].abilities,
            Abilities::default(),
            "a capabilities field that is not a list states nothing"
        );
        let gemini = br#"{"models":[{"name":"models/gemini-2.5-flash","thinking":true,
            "supportedGenerationMethods":["generateContent"]}]}"#;
        assert_eq!(
            decode_models(ProviderKind::Gemini, gemini).unwrap()[0]
                .abilities
                .labels(),
            ["reasoning"]
        );
    }
}
