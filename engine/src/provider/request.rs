//! The HTTP request of a chat step: the protocol's body and headers, the user's custom headers
//! and body fields merged in.

use super::{anthropic, gemini, openai, validation, ChatRequest, ProviderError};
use crate::provider::settings::{ProviderKind, ProviderSettings};

/// Builds the chat request in the protocol of `settings.kind`.
pub fn build_chat_request(
    settings: &ProviderSettings,
    request: &ChatRequest<'_>,
) -> Result<crate::ports::transport::HttpRequest, ProviderError> {
    validation::validate(request)?;
    let built = match settings.kind {
        ProviderKind::OpenAi => openai::build_chat_request(settings, request),
        ProviderKind::Anthropic => anthropic::build_messages_request(settings, request),
        ProviderKind::Gemini => gemini::build_generate_request(settings, request),
    }?;
    validation::validate_size(built.body.as_deref())?;
    Ok(built)
}

/// Adds `items` as a turn of `role`, merged into the previous turn when it has the same role:
/// Anthropic and Gemini want strictly alternating turns. Empty turns are left out.
pub(crate) fn push_turn(
    turns: &mut Vec<(&'static str, Vec<serde_json::Value>)>,
    role: &'static str,
    items: Vec<serde_json::Value>,
) {
    if items.is_empty() {
        return;
    }
    match turns.last_mut() {
        Some((last, existing)) if *last == role => existing.extend(items),
        _ => turns.push((role, items)),
    }
}

/// What opens a conversation whose first sent turn is the model's (the window after a summary
/// can start there, and imported chats do): Anthropic refuses such a request, Gemini may.
pub(crate) const CONTINUED_CONVERSATION: &str = "(The conversation continues.)";

/// The turns as `{"role": …, key: [items]}` objects. When the first turn is not the user's,
/// a short user turn (`opening`, holding [`CONTINUED_CONVERSATION`]) is put before it.
pub(crate) fn turns_json(
    mut turns: Vec<(&'static str, Vec<serde_json::Value>)>,
    key: &str,
    opening: serde_json::Value,
) -> Vec<serde_json::Value> {
    if turns.first().is_some_and(|(role, _)| *role != "user") {
        turns.insert(0, ("user", vec![opening]));
    }
    turns
        .into_iter()
        .map(|(role, items)| {
            let mut turn = serde_json::Map::new();
            turn.insert("role".into(), role.into());
            turn.insert(key.into(), items.into());
            serde_json::Value::Object(turn)
        })
        .collect()
}

/// The headers of a request to `settings`' provider: JSON and (when `stream`) SSE, the
/// protocol's authentication and version headers, then the user's custom headers (which win).
/// `json_body` is false for a GET.
pub(crate) fn request_headers(
    settings: &ProviderSettings,
    json_body: bool,
    stream: bool,
) -> Vec<(String, String)> {
    let mut headers = Vec::new();
    let mut add = |name: &str, value: String| headers.push((name.to_owned(), value));
    if json_body {
        add("Content-Type", "application/json".into());
    }
    if stream {
        add("Accept", "text/event-stream".into());
    }
    let key = settings.api_key.trim();
    match settings.kind {
        ProviderKind::OpenAi => {
            if !key.is_empty() {
                add("Authorization", format!("Bearer {key}"));
            }
        }
        ProviderKind::Anthropic => {
            add("anthropic-version", anthropic::API_VERSION.into());
            // Anthropic refuses browser requests without this explicit opt-in.
            add("anthropic-dangerous-direct-browser-access", "true".into());
            if !key.is_empty() {
                add("x-api-key", key.into());
            }
        }
        ProviderKind::Gemini => {
            if !key.is_empty() {
                // A header, not the `?key=` query: URLs end up in logs and histories.
                add("x-goog-api-key", key.into());
            }
        }
    }
    add_custom_headers(&mut headers, settings);
    headers
}

/// A tool call's arguments as the JSON object protocols with structured arguments want. The
/// model's text is untrusted: what is not a JSON object goes back as an empty one.
pub(crate) fn arguments_object(arguments: &str) -> serde_json::Value {
    match serde_json::from_str::<serde_json::Value>(arguments) {
        Ok(serde_json::Value::Object(map)) => serde_json::Value::Object(map),
        _ => serde_json::json!({}),
    }
}

/// The user's custom JSON body entries, deep-merged last so they win (e.g. a server-specific
/// sampling option): objects merge key by key, anything else replaces what was there.
pub(crate) fn merge_custom_body(body: &mut serde_json::Value, settings: &ProviderSettings) {
    fn deep_merge(target: &mut serde_json::Value, patch: &serde_json::Value) {
        match (target, patch) {
            (serde_json::Value::Object(target), serde_json::Value::Object(patch)) => {
                for (key, value) in patch {
                    deep_merge(
                        target.entry(key.clone()).or_insert(serde_json::Value::Null),
                        value,
                    );
                }
            }
            (target, patch) => *target = patch.clone(),
        }
    }
    for (key, value) in &settings.custom_body {
        deep_merge(&mut body[key.as_str()], value);
    }
}

/// The user's custom headers, after Skein's own: one of the same name replaces Skein's.
fn add_custom_headers(headers: &mut Vec<(String, String)>, settings: &ProviderSettings) {
    for (name, value) in &settings.custom_headers {
        headers.retain(|(existing, _)| !existing.eq_ignore_ascii_case(name));
        headers.push((name.clone(), value.clone()));
    }
}
