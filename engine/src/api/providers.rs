//! The providers an embedder configures (`Skein.create({ providers })`), and which of them a
//! request's `model` names.
//!
//! A model is routed, in order: `"<id>/<model>"` where `<id>` is a configured provider's id (the
//! prefix is removed); a provider that lists the model in its `models`; a provider whose default
//! `model` it is; a provider of the protocol the model's own prefix names (`anthropic/…`);
//! else the first provider. An empty model is the chosen provider's default model.

use super::ApiError;
use crate::provider::settings::{ProviderKind, ProviderSettings};
use serde::Deserialize;
use std::collections::BTreeMap;

/// The most providers one configuration holds.
const MAX_PROVIDERS: usize = 64;

#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
struct ProviderConfig {
    #[serde(default)]
    id: Option<String>,
    protocol: ProviderKind,
    #[serde(default)]
    base_url: Option<String>,
    #[serde(default)]
    api_key: String,
    #[serde(default)]
    model: String,
    #[serde(default)]
    models: Vec<String>,
    #[serde(default)]
    headers: BTreeMap<String, String>,
    #[serde(default)]
    body: serde_json::Map<String, serde_json::Value>,
    /// Ids of the providers tried, in order, when this one fails before answering.
    #[serde(default)]
    fallbacks: Vec<String>,
}

#[derive(Debug, Clone)]
struct Provider {
    id: String,
    models: Vec<String>,
    settings: ProviderSettings,
}

/// The configured providers, checked.
#[derive(Debug, Clone)]
pub struct Providers {
    list: Vec<Provider>,
}

impl Providers {
    /// Reads `[{ id?, protocol, baseUrl?, apiKey?, model?, models?, headers?, body?,
    /// fallbacks? }]`.
    pub fn from_json(value: &serde_json::Value) -> Result<Self, ApiError> {
        let configs: Vec<ProviderConfig> = serde_json::from_value(value.clone())
            .map_err(|err| ApiError::invalid("providers", err.to_string()))?;
        if configs.is_empty() {
            return Err(ApiError::invalid(
                "providers",
                "configure at least one provider",
            ));
        }
        if configs.len() > MAX_PROVIDERS {
            return Err(ApiError::invalid(
                "providers",
                format!("at most {MAX_PROVIDERS} providers"),
            ));
        }
        let mut list: Vec<Provider> = Vec::with_capacity(configs.len());
        for (i, config) in configs.iter().enumerate() {
            let field = format!("providers[{i}]");
            let id = config
                .id
                .clone()
                .unwrap_or_else(|| protocol_id(config.protocol));
            if id.trim().is_empty() || id.contains('/') {
                return Err(ApiError::invalid(
                    format!("{field}.id"),
                    "an id is a non-empty name without '/'",
                ));
            }
            if list.iter().any(|p| p.id == id) {
                return Err(ApiError::invalid(
                    format!("{field}.id"),
                    format!("\"{id}\" names two providers: give each its own id"),
                ));
            }
            let settings = ProviderSettings {
                kind: config.protocol,
                base_url: config
                    .base_url
                    .clone()
                    .unwrap_or_else(|| config.protocol.default_base_url().into()),
                api_key: config.api_key.clone(),
                model: config.model.clone(),
                custom_headers: config.headers.clone().into_iter().collect(),
                custom_body: config.body.clone(),
                ..ProviderSettings::default()
            };
            settings
                .validate_connection()
                .map_err(|err| ApiError::invalid(&field, err.to_string()))?;
            list.push(Provider {
                id,
                models: config.models.clone(),
                settings,
            });
        }
        for (i, config) in configs.iter().enumerate() {
            let mut fallbacks = Vec::with_capacity(config.fallbacks.len());
            for (j, id) in config.fallbacks.iter().enumerate() {
                let fallback = list
                    .iter()
                    .find(|p| &p.id == id && p.id != list[i].id)
                    .ok_or_else(|| {
                        ApiError::invalid(
                            format!("providers[{i}].fallbacks[{j}]"),
                            format!("\"{id}\" is not another configured provider"),
                        )
                    })?;
                fallbacks.push(fallback.settings.clone());
            }
            list[i].settings.fallbacks = fallbacks;
        }
        Ok(Self { list })
    }

    /// The settings a request for `model` is sent with (the model filled in).
    pub fn route(&self, model: &str) -> Result<ProviderSettings, ApiError> {
        let model = model.trim();
        let by_id = model.split_once('/').and_then(|(prefix, rest)| {
            self.list
                .iter()
                .find(|p| p.id == prefix)
                .map(|p| (p, rest.to_owned()))
        });
        let named = |p: &&Provider| {
            !model.is_empty() && (p.models.iter().any(|m| m == model) || p.settings.model == model)
        };
        let (provider, model) = by_id
            .or_else(|| {
                self.list
                    .iter()
                    .find(|p| !model.is_empty() && p.models.iter().any(|m| m == model))
                    .or_else(|| self.list.iter().find(named))
                    .or_else(|| {
                        ProviderSettings::named_provider(model)
                            .and_then(|kind| self.list.iter().find(|p| p.settings.kind == kind))
                    })
                    .or(self.list.first())
                    .map(|p| (p, model.to_owned()))
            })
            .ok_or_else(|| ApiError::invalid("providers", "no provider is configured"))?;
        let model = if model.is_empty() {
            provider.settings.model.clone()
        } else {
            model
        };
        if model.trim().is_empty() {
            return Err(ApiError::invalid(
                "model",
                format!(
                    "name a model: provider \"{}\" has no default model",
                    provider.id
                ),
            ));
        }
        Ok(ProviderSettings {
            model,
            ..provider.settings.clone()
        })
    }

    /// The provider with `id`, or the first one.
    pub fn provider(&self, id: Option<&str>) -> Result<&ProviderSettings, ApiError> {
        match id {
            None => self.list.first(),
            Some(id) => self.list.iter().find(|p| p.id == id),
        }
        .map(|p| &p.settings)
        .ok_or_else(|| {
            ApiError::invalid(
                "provider",
                format!("\"{}\" is not a configured provider", id.unwrap_or("")),
            )
        })
    }

    /// Every provider's id, in order.
    pub fn ids(&self) -> impl Iterator<Item = &str> {
        self.list.iter().map(|p| p.id.as_str())
    }
}

fn protocol_id(kind: ProviderKind) -> String {
    match kind {
        ProviderKind::OpenAi => "openai",
        ProviderKind::Anthropic => "anthropic",
        ProviderKind::Gemini => "gemini",
    }
    .into()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn providers() -> Providers {
        Providers::from_json(&json!([
            { "id": "local", "protocol": "openai", "baseUrl": "http://127.0.0.1:8080/v1", "model": "qwen", "models": ["llama"], "fallbacks": ["claude"] },
            { "id": "claude", "protocol": "anthropic", "apiKey": "k", "model": "claude-x" },
            { "protocol": "gemini", "apiKey": "g" }
        ]))
        .unwrap()
    }

    #[test]
    fn a_model_is_routed_by_id_prefix_listed_model_default_model_protocol_prefix_then_first() {
        let p = providers();
        let routed = |model: &str| {
            let s = p.route(model).unwrap();
            (s.kind, s.model)
        };
        assert_eq!(
            routed("claude/claude-y"),
            (ProviderKind::Anthropic, "claude-y".into())
        );
        assert_eq!(routed("llama"), (ProviderKind::OpenAi, "llama".into()));
        assert_eq!(
            routed("claude-x"),
            (ProviderKind::Anthropic, "claude-x".into())
        );
        assert_eq!(
            routed("gemini/gemini-2.5"),
            (ProviderKind::Gemini, "gemini-2.5".into())
        );
        assert_eq!(
            routed("google/gemma"),
            (ProviderKind::Gemini, "google/gemma".into())
        );
        assert_eq!(
            routed("something-else"),
            (ProviderKind::OpenAi, "something-else".into())
        );
        assert_eq!(routed(""), (ProviderKind::OpenAi, "qwen".into()));
        assert_eq!(
            routed("claude/"),
            (ProviderKind::Anthropic, "claude-x".into())
        );
    }

    #[test]
    fn defaults_fallbacks_and_headers_come_from_the_configuration() {
        let p = providers();
        let local = p.route("local/qwen").unwrap();
        assert_eq!(local.fallbacks.len(), 1);
        assert_eq!(local.fallbacks[0].kind, ProviderKind::Anthropic);
        assert_eq!(
            p.provider(Some("gemini")).unwrap().base_url,
            ProviderKind::Gemini.default_base_url()
        );
        assert_eq!(p.ids().collect::<Vec<_>>(), ["local", "claude", "gemini"]);
        let with_header = Providers::from_json(&json!([
            { "protocol": "openai", "headers": { "X-Team": "a" }, "body": { "seed": 1 } }
        ]))
        .unwrap();
        let s = with_header.provider(None).unwrap();
        assert_eq!(s.custom_headers, [("X-Team".to_owned(), "a".to_owned())]);
        assert_eq!(s.custom_body["seed"], 1);
    }

    #[test]
    fn a_wrong_configuration_is_an_error_naming_the_field() {
        let err = |value: serde_json::Value| Providers::from_json(&value).unwrap_err();
        assert_eq!(err(json!([])).kind, "invalid_request");
        assert!(err(json!([{ "protocol": "cohere" }]))
            .message
            .contains("cohere"));
        assert!(err(json!([{ "protocol": "openai", "apiKy": "x" }]))
            .message
            .contains("apiKy"));
        assert!(err(json!([{ "protocol": "openai", "baseUrl": "ftp://x" }]))
            .message
            .starts_with("providers[0]:"));
        assert!(
            err(json!([{ "protocol": "openai" }, { "protocol": "openai" }]))
                .message
                .contains("providers[1].id")
        );
        assert!(
            err(json!([{ "protocol": "openai", "fallbacks": ["nope"] }]))
                .message
                .contains("providers[0].fallbacks[0]")
        );
        assert!(
            err(json!([{ "id": "a", "protocol": "openai", "fallbacks": ["a"] }]))
                .message
                .contains("not another")
        );
        let none = Providers::from_json(&json!([{ "protocol": "openai" }])).unwrap();
        assert!(none.route("").unwrap_err().message.starts_with("model:"));
        assert!(none.provider(Some("x")).is_err());
    }
}
