//! An OpenAI chat completion request (`model`, `messages`, `tools`, `stream`, sampling) read
//! into the engine's protocol-neutral messages, so the provider's own protocol can send it.
//! Unknown fields are ignored, as OpenAI-compatible servers do; a field Skein cannot honour
//! (`n` above 1, an image by remote URL) is an error naming it rather than a silent change.

use super::ApiError;
use crate::domain::message::Role;
use crate::provider::{
    ChatMessage, GenerationParams, ImageInput, ReasoningLevel, ToolCallRequest, ToolDefinition,
};
use serde_json::Value;

/// The most messages one request carries.
const MAX_MESSAGES: usize = 10_000;

#[derive(Debug, Clone, PartialEq)]
pub struct CompletionRequest {
    pub model: String,
    pub messages: Vec<ChatMessage>,
    pub tools: Vec<ToolDefinition>,
    pub params: GenerationParams,
    pub stream: bool,
    /// `stream_options.include_usage`: a last chunk with the token usage and no choices.
    pub include_usage: bool,
}

impl CompletionRequest {
    pub fn from_json(value: &Value) -> Result<Self, ApiError> {
        let object = value
            .as_object()
            .ok_or_else(|| ApiError::invalid("request", "expected an object"))?;
        let model = match object.get("model") {
            None | Some(Value::Null) => String::new(),
            Some(Value::String(model)) => model.clone(),
            Some(_) => return Err(ApiError::invalid("model", "expected a string")),
        };
        let raw_messages = object
            .get("messages")
            .and_then(Value::as_array)
            .ok_or_else(|| ApiError::invalid("messages", "expected an array of messages"))?;
        if raw_messages.len() > MAX_MESSAGES {
            return Err(ApiError::invalid(
                "messages",
                format!("at most {MAX_MESSAGES} messages"),
            ));
        }
        let messages = raw_messages
            .iter()
            .enumerate()
            .map(|(i, m)| message(m, &format!("messages[{i}]")))
            .collect::<Result<Vec<_>, _>>()?;
        let no_tools = object.get("tool_choice").and_then(Value::as_str) == Some("none");
        let tools = match object.get("tools") {
            None | Some(Value::Null) => Vec::new(),
            Some(_) if no_tools => Vec::new(),
            Some(Value::Array(tools)) => tools
                .iter()
                .enumerate()
                .map(|(i, t)| tool(t, &format!("tools[{i}]")))
                .collect::<Result<_, _>>()?,
            Some(_) => return Err(ApiError::invalid("tools", "expected an array")),
        };
        if let Some(n) = object.get("n").filter(|n| !n.is_null()) {
            if n.as_u64() != Some(1) {
                return Err(ApiError::invalid(
                    "n",
                    "only one choice (n: 1) is supported",
                ));
            }
        }
        let params = GenerationParams {
            temperature: number(object, "temperature", 0.0, 2.0)?,
            top_p: number(object, "top_p", 0.0, 1.0)?,
            max_output_tokens: max_tokens(object)?,
            reasoning: reasoning(object)?,
        };
        Ok(Self {
            model,
            messages,
            tools,
            params,
            stream: flag(object.get("stream"), "stream")?,
            include_usage: flag(
                object
                    .get("stream_options")
                    .and_then(|o| o.get("include_usage")),
                "stream_options.include_usage",
            )?,
        })
    }
}

fn flag(value: Option<&Value>, field: &str) -> Result<bool, ApiError> {
    match value {
        None | Some(Value::Null) => Ok(false),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(ApiError::invalid(field, "expected true or false")),
    }
}

fn number(
    object: &serde_json::Map<String, Value>,
    field: &str,
    min: f64,
    max: f64,
) -> Result<Option<f32>, ApiError> {
    match object.get(field) {
        None | Some(Value::Null) => Ok(None),
        Some(value) => match value.as_f64() {
            // The range makes the narrowing exact enough for a sampling value.
            #[allow(clippy::cast_possible_truncation)]
            Some(n) if (min..=max).contains(&n) => Ok(Some(n as f32)),
            _ => Err(ApiError::invalid(
                field,
                format!("expected a number from {min} to {max}"),
            )),
        },
    }
}

fn max_tokens(object: &serde_json::Map<String, Value>) -> Result<Option<u32>, ApiError> {
    for field in ["max_completion_tokens", "max_tokens"] {
        match object.get(field) {
            None | Some(Value::Null) => {}
            Some(value) => {
                return value
                    .as_u64()
                    .filter(|n| *n > 0)
                    .and_then(|n| u32::try_from(n).ok())
                    .map(Some)
                    .ok_or_else(|| ApiError::invalid(field, "expected a positive whole number"))
            }
        }
    }
    Ok(None)
}

fn reasoning(object: &serde_json::Map<String, Value>) -> Result<ReasoningLevel, ApiError> {
    Ok(
        match object.get("reasoning_effort").and_then(|v| match v {
            Value::Null => None,
            other => Some(other.as_str().unwrap_or("?")),
        }) {
            None => ReasoningLevel::Auto,
            Some("none" | "minimal") => ReasoningLevel::Off,
            Some("low") => ReasoningLevel::Low,
            Some("medium") => ReasoningLevel::Medium,
            Some("high") => ReasoningLevel::High,
            Some(_) => {
                return Err(ApiError::invalid(
                    "reasoning_effort",
                    "expected none, minimal, low, medium or high",
                ))
            }
        },
    )
}

fn message(value: &Value, field: &str) -> Result<ChatMessage, ApiError> {
    let role = value
        .get("role")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::invalid(format!("{field}.role"), "expected a string"))?;
    let (text, images) = content(value.get("content"), &format!("{field}.content"))?;
    match role {
        "system" | "developer" => Ok(ChatMessage::text(Role::System, text)),
        "user" => Ok(ChatMessage {
            images,
            ..ChatMessage::text(Role::User, text)
        }),
        "assistant" => Ok(ChatMessage {
            tool_calls: tool_calls(value.get("tool_calls"), &format!("{field}.tool_calls"))?,
            ..ChatMessage::text(Role::Assistant, text)
        }),
        "tool" => {
            let id = value
                .get("tool_call_id")
                .and_then(Value::as_str)
                .ok_or_else(|| {
                    ApiError::invalid(format!("{field}.tool_call_id"), "expected a string")
                })?;
            Ok(ChatMessage::tool_result(id, text, false))
        }
        other => Err(ApiError::invalid(
            format!("{field}.role"),
            format!("\"{other}\" is not system, developer, user, assistant or tool"),
        )),
    }
}

/// A message's text and images: a string, `null`, or an array of `text` and `image_url` parts.
fn content(value: Option<&Value>, field: &str) -> Result<(String, Vec<ImageInput>), ApiError> {
    match value {
        None | Some(Value::Null) => Ok((String::new(), Vec::new())),
        Some(Value::String(text)) => Ok((text.clone(), Vec::new())),
        Some(Value::Array(parts)) => {
            let mut text = String::new();
            let mut images = Vec::new();
            for (i, part) in parts.iter().enumerate() {
                let field = format!("{field}[{i}]");
                match part.get("type").and_then(Value::as_str) {
                    Some("text") => {
                        let piece = part.get("text").and_then(Value::as_str).ok_or_else(|| {
                            ApiError::invalid(format!("{field}.text"), "expected a string")
                        })?;
                        if !text.is_empty() {
                            text.push('\n');
                        }
                        text.push_str(piece);
                    }
                    Some("image_url") => images.push(image(part, &field, images.len())?),
                    _ => {
                        return Err(ApiError::invalid(
                            format!("{field}.type"),
                            "expected \"text\" or \"image_url\"",
                        ))
                    }
                }
            }
            Ok((text, images))
        }
        Some(_) => Err(ApiError::invalid(
            field,
            "expected a string or an array of parts",
        )),
    }
}

/// An `image_url` part; only `data:` URLs, since Skein does not fetch images for a caller.
fn image(part: &Value, field: &str, index: usize) -> Result<ImageInput, ApiError> {
    let url = part
        .get("image_url")
        .and_then(|i| i.get("url").or(Some(i)))
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::invalid(format!("{field}.image_url.url"), "expected a string"))?;
    let parsed = url
        .strip_prefix("data:")
        .and_then(|rest| rest.split_once(";base64,"))
        .filter(|(mime, data)| mime.starts_with("image/") && !data.is_empty());
    let Some((mime, data)) = parsed else {
        return Err(ApiError::invalid(
            format!("{field}.image_url.url"),
            "expected a data:image/…;base64, URL (Skein does not fetch images from addresses)",
        ));
    };
    Ok(ImageInput {
        blob_id: format!("request-image-{index}"),
        mime: mime.to_owned(),
        data: data.to_owned(),
    })
}

fn tool_calls(value: Option<&Value>, field: &str) -> Result<Vec<ToolCallRequest>, ApiError> {
    let calls = match value {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(calls)) => calls,
        Some(_) => return Err(ApiError::invalid(field, "expected an array")),
    };
    calls
        .iter()
        .enumerate()
        .map(|(i, call)| {
            let field = format!("{field}[{i}]");
            let text = |path: &[&str]| {
                let mut v = call;
                for key in path {
                    v = v.get(key)?;
                }
                v.as_str().map(str::to_owned)
            };
            Ok(ToolCallRequest {
                id: text(&["id"])
                    .ok_or_else(|| ApiError::invalid(format!("{field}.id"), "expected a string"))?,
                name: text(&["function", "name"]).ok_or_else(|| {
                    ApiError::invalid(format!("{field}.function.name"), "expected a string")
                })?,
                arguments: text(&["function", "arguments"]).unwrap_or_else(|| "{}".into()),
            })
        })
        .collect()
}

fn tool(value: &Value, field: &str) -> Result<ToolDefinition, ApiError> {
    if value.get("type").and_then(Value::as_str) != Some("function") {
        return Err(ApiError::invalid(
            format!("{field}.type"),
            "only \"function\" tools are supported",
        ));
    }
    let function = value
        .get("function")
        .ok_or_else(|| ApiError::invalid(format!("{field}.function"), "expected an object"))?;
    let name = function
        .get("name")
        .and_then(Value::as_str)
        .ok_or_else(|| ApiError::invalid(format!("{field}.function.name"), "expected a string"))?;
    Ok(ToolDefinition {
        name: name.to_owned(),
        description: function
            .get("description")
            .and_then(Value::as_str)
            .unwrap_or_default()
            .to_owned(),
        parameters: function
            .get("parameters")
            .cloned()
            .unwrap_or_else(|| serde_json::json!({ "type": "object", "properties": {} })),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn an_openai_request_becomes_protocol_neutral_messages_tools_and_params() {
        let request = CompletionRequest::from_json(&json!({
            "model": "m",
            "messages": [
                { "role": "developer", "content": "Be brief." },
                { "role": "user", "content": [
                    { "type": "text", "text": "What is this?" },
                    { "type": "image_url", "image_url": { "url": "data:image/png;base64,iVBO" } }
                ] },
                { "role": "assistant", "content": null, "tool_calls": [
                    { "id": "c1", "type": "function", "function": { "name": "look", "arguments": "{\"x\":1}" } }
                ] },
                { "role": "tool", "tool_call_id": "c1", "content": "a cat" }
            ],
            "tools": [{ "type": "function", "function": { "name": "look", "description": "Looks.", "parameters": { "type": "object" } } }],
            "temperature": 0.3, "top_p": 0.9, "max_tokens": 100, "reasoning_effort": "low",
            "stream": true, "stream_options": { "include_usage": true }, "n": 1, "user": "ignored"
        }))
        .unwrap();
        assert_eq!(request.model, "m");
        assert_eq!(
            request.messages[0],
            ChatMessage::text(Role::System, "Be brief.")
        );
        assert_eq!(request.messages[1].content, "What is this?");
        assert_eq!(request.messages[1].images[0].mime, "image/png");
        assert_eq!(request.messages[1].images[0].data, "iVBO");
        assert_eq!(request.messages[2].tool_calls[0].name, "look");
        assert_eq!(request.messages[2].tool_calls[0].arguments, "{\"x\":1}");
        assert_eq!(request.messages[3].tool_result_for.as_deref(), Some("c1"));
        assert_eq!(request.tools[0].description, "Looks.");
        assert_eq!(request.params.temperature, Some(0.3));
        assert_eq!(request.params.max_output_tokens, Some(100));
        assert_eq!(request.params.reasoning, ReasoningLevel::Low);
        assert!(request.stream && request.include_usage);
    }

    #[test]
    fn tool_choice_none_offers_no_tools_and_max_completion_tokens_wins() {
        let request = CompletionRequest::from_json(&json!({
            "messages": [{ "role": "user", "content": "hi" }],
            "tools": [{ "type": "function", "function": { "name": "t" } }],
            "tool_choice": "none", "max_completion_tokens": 7, "max_tokens": 9
        }))
        .unwrap();
        assert!(request.tools.is_empty());
        assert_eq!(request.params.max_output_tokens, Some(7));
        assert!(!request.stream);
    }

    #[test]
    fn a_wrong_request_is_an_invalid_request_error_naming_the_field() {
        let err = |value: Value| CompletionRequest::from_json(&value).unwrap_err();
        let cases = [
            (json!([]), "request:"),
            (json!({}), "messages:"),
            (
                json!({ "messages": [{ "content": "x" }] }),
                "messages[0].role:",
            ),
            (
                json!({ "messages": [{ "role": "robot", "content": "x" }] }),
                "messages[0].role:",
            ),
            (
                json!({ "messages": [{ "role": "tool", "content": "x" }] }),
                "messages[0].tool_call_id:",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": 5 }] }),
                "messages[0].content:",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": [{ "type": "audio" }] }] }),
                "messages[0].content[0].type:",
            ),
            (
                json!({ "messages": [{ "role": "user", "content": [{ "type": "image_url", "image_url": { "url": "https://x/y.png" } }] }] }),
                "messages[0].content[0].image_url.url:",
            ),
            (json!({ "messages": [], "temperature": 3 }), "temperature:"),
            (json!({ "messages": [], "max_tokens": -1 }), "max_tokens:"),
            (json!({ "messages": [], "n": 2 }), "n:"),
            (json!({ "messages": [], "stream": "yes" }), "stream:"),
            (
                json!({ "messages": [], "reasoning_effort": "huge" }),
                "reasoning_effort:",
            ),
            (
                json!({ "messages": [], "tools": [{ "type": "retrieval" }] }),
                "tools[0].type:",
            ),
            (json!({ "messages": [], "model": 4 }), "model:"),
        ];
        for (value, field) in cases {
            let error = err(value);
            assert_eq!(error.kind, "invalid_request");
            assert!(
                error.message.starts_with(field),
                "{} / {field}",
                error.message
            );
        }
    }
}
