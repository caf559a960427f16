//! What the `<skein-chat>` element is configured with, and what it tells its page.
//!
//! Options: `{ storage?, providers?, model?, assistant? }` — the IndexedDB database (the app's
//! own, `skein`, unless named), the provider the chat uses (routed from `providers` by `model`,
//! as for a completion; without `providers`, the settings saved in that storage), and the
//! assistant a new chat starts with (by name). Events, when an answer ends: `skein-message`
//! always, `skein-error` as well when it failed.

use super::providers::Providers;
use super::ApiError;
use crate::domain::message::{MessageNode, MessageStatus};
use crate::provider::settings::ProviderSettings;
use serde_json::{json, Value};

/// The database the app itself uses.
pub const APP_DATABASE: &str = "skein";
/// The longest database name accepted.
const MAX_STORAGE_NAME: usize = 100;

#[derive(Debug, Clone, PartialEq)]
pub struct ElementOptions {
    pub storage: String,
    pub provider: Option<ProviderSettings>,
    pub assistant: Option<String>,
}

impl ElementOptions {
    pub fn from_json(value: &Value) -> Result<Self, ApiError> {
        let text = |field: &str| -> Result<Option<String>, ApiError> {
            match value.get(field) {
                None | Some(Value::Null) => Ok(None),
                Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
                Some(Value::String(s)) => Ok(Some(s.trim().to_owned())),
                Some(_) => Err(ApiError::invalid(field, "expected a string")),
            }
        };
        if !value.is_object() && !value.is_null() {
            return Err(ApiError::invalid("options", "expected an object"));
        }
        let storage = text("storage")?.unwrap_or_else(|| APP_DATABASE.into());
        if storage.chars().count() > MAX_STORAGE_NAME {
            return Err(ApiError::invalid(
                "storage",
                format!("at most {MAX_STORAGE_NAME} characters"),
            ));
        }
        let provider = match value.get("providers") {
            None | Some(Value::Null) => None,
            Some(providers) => {
                Some(Providers::from_json(providers)?.route(&text("model")?.unwrap_or_default())?)
            }
        };
        Ok(Self {
            storage,
            provider,
            assistant: text("assistant")?,
        })
    }
}

/// The events for an answer that ended, as (event name, detail).
pub fn answer_events(answer: &MessageNode) -> Vec<(&'static str, Value)> {
    let status = serde_json::to_value(answer.status).unwrap_or(Value::Null);
    let mut events = vec![(
        "skein-message",
        json!({
            "conversationId": answer.conversation_id,
            "messageId": answer.id,
            "status": status,
            "text": answer.text(),
            "model": answer.model,
        }),
    )];
    if answer.status == MessageStatus::Error {
        events.push((
            "skein-error",
            json!({
                "conversationId": answer.conversation_id,
                "messageId": answer.id,
                "kind": answer.error_kind.map_or("other", |k| k.id()),
                "message": answer.error.clone().unwrap_or_default(),
            }),
        ));
    }
    events
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::failure::FailureKind;
    use crate::domain::message::Role;
    use crate::provider::settings::ProviderKind;

    #[test]
    fn options_default_to_the_apps_storage_and_saved_settings() {
        let options = ElementOptions::from_json(&json!({})).unwrap();
        assert_eq!(options.storage, "skein");
        assert_eq!((options.provider, options.assistant), (None, None));
        assert_eq!(
            ElementOptions::from_json(&Value::Null).unwrap().storage,
            "skein"
        );
    }

    #[test]
    fn options_route_the_provider_and_name_storage_and_assistant() {
        let options = ElementOptions::from_json(&json!({
            "storage": " docs-chat ", "assistant": "Helper", "model": "mock-model",
            "providers": [{ "protocol": "anthropic", "baseUrl": "http://127.0.0.1:1/v1" }]
        }))
        .unwrap();
        assert_eq!(options.storage, "docs-chat");
        assert_eq!(options.assistant.as_deref(), Some("Helper"));
        let provider = options.provider.unwrap();
        assert_eq!(
            (provider.kind, provider.model.as_str()),
            (ProviderKind::Anthropic, "mock-model")
        );
    }

    #[test]
    fn wrong_options_are_errors_naming_the_field() {
        for (value, field) in [
            (json!([]), "options:"),
            (json!({ "storage": 3 }), "storage:"),
            (json!({ "storage": "x".repeat(101) }), "storage:"),
            (json!({ "providers": [{ "protocol": "openai" }] }), "model:"),
            (json!({ "providers": "openai" }), "providers:"),
        ] {
            let error = ElementOptions::from_json(&value).unwrap_err();
            assert!(
                error.message.starts_with(field),
                "{} / {field}",
                error.message
            );
        }
    }

    #[test]
    fn an_answer_that_ended_is_a_message_event_and_a_failed_one_an_error_event_too() {
        let mut node = MessageNode::new("m1", "c1", Role::Assistant, 0.0);
        node.push_text("Hello");
        node.status = MessageStatus::Complete;
        let events = answer_events(&node);
        assert_eq!(events.len(), 1);
        assert_eq!(events[0].0, "skein-message");
        assert_eq!(events[0].1["text"], "Hello");
        assert_eq!(events[0].1["status"], "complete");
        assert_eq!(events[0].1["conversationId"], "c1");
        node.status = MessageStatus::Error;
        node.error = Some("No key".into());
        node.error_kind = Some(FailureKind::Authentication);
        let events = answer_events(&node);
        assert_eq!(events[1].0, "skein-error");
        assert_eq!(events[1].1["kind"], "authentication");
        assert_eq!(events[1].1["message"], "No key");
    }
}
