//! Anthropic Messages API: the system prompt as a top-level field, content blocks, `thinking`
//! blocks whose signatures go back on the next turn, `tool_use` streamed as
//! `input_json_delta`, usage split between `message_start` and `message_delta`, `ping` and
//! `error` events. Requests from a browser need `anthropic-dangerous-direct-browser-access`.

use super::openai::ChatRequest;
use super::{ChatMessage, ProviderError, ReasoningLevel, StreamDelta, TokenUsage};
use crate::provider_settings::ProviderSettings;
use crate::sse::SseEvent;
use crate::transport::{HttpMethod, HttpRequest};
use crate::Role;
use serde::Deserialize;
use serde_json::{json, Value};

pub const API_VERSION: &str = "2023-06-01";
/// `max_tokens` is required by the API; this is sent when the assistant sets none.
pub const DEFAULT_MAX_TOKENS: u32 = 8_192;
/// The smallest thinking budget the API accepts.
const MIN_THINKING_BUDGET: u32 = 1_024;

/// The thinking budget for a reasoning level, always below `max_tokens` (the API requires it).
/// `Max` is capped to what the request's `max_tokens` leaves room for.
pub fn thinking_budget(level: ReasoningLevel, max_tokens: u32) -> Option<u32> {
    let wanted = match level {
        ReasoningLevel::Auto | ReasoningLevel::Off => return None,
        ReasoningLevel::Low => MIN_THINKING_BUDGET,
        ReasoningLevel::Medium => 4_096,
        ReasoningLevel::High => 16_384,
        ReasoningLevel::Max => 32_000,
    };
    let room = max_tokens.saturating_sub(1_024);
    (room >= MIN_THINKING_BUDGET).then(|| wanted.min(room))
}

/// Builds `POST {base_url}/messages`.
pub fn build_messages_request(
    settings: &ProviderSettings,
    request: &ChatRequest<'_>,
) -> Result<HttpRequest, ProviderError> {
    settings.validate()?;
    let system: Vec<&str> = request
        .messages
        .iter()
        .filter(|m| m.role == Role::System && m.tool_result_for.is_none())
        .map(|m| m.content.as_str())
        .collect();
    let params = &request.params;
    let max_tokens = params.max_output_tokens.unwrap_or(DEFAULT_MAX_TOKENS);
    let mut body = json!({
        "model": settings.model_name(),
        "max_tokens": max_tokens,
        "messages": messages_json(request.messages),
        "stream": request.stream,
    });
    if !system.is_empty() {
        body["system"] = json!(system.join("\n\n"));
    }
    match thinking_budget(params.reasoning, max_tokens) {
        // With thinking on, the API fixes the sampling: temperature and top-p are not sent.
        Some(budget) => body["thinking"] = json!({"type": "enabled", "budget_tokens": budget}),
        None => {
            if let Some(temperature) = params.temperature {
                // Anthropic's range is 0–1.
                body["temperature"] = super::params::sampling_number(temperature.clamp(0.0, 1.0));
            }
            if let Some(top_p) = params.top_p {
                body["top_p"] = super::params::sampling_number(top_p);
            }
        }
    }
    if !request.tools.is_empty() {
        body["tools"] = request
            .tools
            .iter()
            .map(|tool| {
                json!({
                    "name": tool.name,
                    "description": tool.description,
                    "input_schema": tool.parameters,
                })
            })
            .collect();
    }
    super::merge_custom_body(&mut body, settings);
    let headers = super::request_headers(settings, true, request.stream);
    Ok(HttpRequest {
        method: HttpMethod::Post,
        url: settings.endpoint("messages"),
        headers,
        body: Some(body.to_string()),
    })
}

/// The conversation as Anthropic wants it: strictly alternating `user` / `assistant` turns of
/// content blocks. Tool results are `user` blocks; consecutive turns of one role are merged.
fn messages_json(messages: &[ChatMessage]) -> Vec<Value> {
    let mut turns: Vec<(&str, Vec<Value>)> = Vec::new();
    for message in messages {
        let (role, blocks) = if let Some(call_id) = &message.tool_result_for {
            let mut block = json!({
                "type": "tool_result",
                "tool_use_id": call_id,
                "content": message.content,
            });
            if message.is_error {
                block["is_error"] = json!(true);
            }
            ("user", vec![block])
        } else {
            match message.role {
                Role::System => continue,
                Role::User => ("user", user_blocks(message)),
                Role::Assistant => ("assistant", assistant_blocks(message)),
            }
        };
        super::push_turn(&mut turns, role, blocks);
    }
    let opening = json!({"type": "text", "text": super::CONTINUED_CONVERSATION});
    super::turns_json(turns, "content", opening)
}

/// Images first, then the text (Anthropic's advice for vision prompts).
fn user_blocks(message: &ChatMessage) -> Vec<Value> {
    let images = message
        .images
        .iter()
        .filter(|i| !i.data.is_empty())
        .map(|image| {
            json!({
                "type": "image",
                "source": { "type": "base64", "media_type": image.mime, "data": image.data },
            })
        });
    images.chain(text_blocks(&message.content)).collect()
}

fn text_blocks(text: &str) -> Vec<Value> {
    if text.is_empty() {
        Vec::new()
    } else {
        vec![json!({"type": "text", "text": text})]
    }
}

fn assistant_blocks(message: &ChatMessage) -> Vec<Value> {
    let mut blocks: Vec<Value> = message
        .thinking
        .iter()
        .map(|t| json!({"type": "thinking", "thinking": t.text, "signature": t.signature}))
        .collect();
    blocks.extend(text_blocks(&message.content));
    for call in &message.tool_calls {
        let input = super::arguments_object(&call.arguments);
        blocks.push(json!({"type": "tool_use", "id": call.id, "name": call.name, "input": input}));
    }
    blocks
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    input_tokens: u64,
    #[serde(default)]
    output_tokens: u64,
}

/// Decodes Anthropic's named stream events, remembering what each content block is.
#[derive(Debug, Default)]
pub struct AnthropicDecoder {
    input_tokens: u64,
}

fn parse(data: &str) -> Result<Value, ProviderError> {
    serde_json::from_str(data).map_err(|e| ProviderError::Decode(format!("{e} in stream event")))
}

fn error_of(value: &Value) -> ProviderError {
    let error = value.get("error").unwrap_or(value);
    let kind = error.get("type").and_then(Value::as_str).unwrap_or("error");
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("the provider reported an error");
    ProviderError::Stream(super::truncate_chars(&format!("{kind}: {message}"), 500))
}

impl AnthropicDecoder {
    pub fn decode(&mut self, event: &SseEvent) -> Result<Vec<StreamDelta>, ProviderError> {
        if event.event == "ping" {
            return Ok(Vec::new());
        }
        // Nearly every event of a stream is a content delta: read those straight into their
        // type; anything else (or anything unexpected in one) takes the general path.
        if event.event == "content_block_delta" {
            if let Ok(delta) = serde_json::from_str::<BlockDelta>(&event.data) {
                if delta
                    .kind
                    .as_deref()
                    .is_none_or(|k| k == "content_block_delta")
                {
                    return Ok(delta.into_deltas());
                }
            }
        }
        let value = parse(&event.data)?;
        let kind = value
            .get("type")
            .and_then(Value::as_str)
            .unwrap_or(&event.event);
        let mut out = Vec::new();
        match kind {
            "message_start" => {
                let message = &value["message"];
                if let Some(model) = message["model"].as_str().filter(|m| !m.is_empty()) {
                    out.push(StreamDelta::Model(model.to_owned()));
                }
                if let Ok(usage) = Usage::deserialize(&message["usage"]) {
                    self.input_tokens = usage.input_tokens;
                }
            }
            "content_block_start" => {
                let index = block_index(&value)?;
                let block = &value["content_block"];
                match block["type"].as_str() {
                    Some("tool_use") => out.push(StreamDelta::ToolCall {
                        index,
                        id: block["id"].as_str().map(str::to_owned),
                        name: block["name"].as_str().map(str::to_owned),
                        arguments: String::new(),
                    }),
                    Some("text") => push_text(&mut out, block["text"].as_str()),
                    Some("thinking") => push_reasoning(&mut out, block["thinking"].as_str()),
                    _ => {}
                }
            }
            "content_block_delta" => {
                let index = block_index(&value)?;
                let delta = &value["delta"];
                match delta["type"].as_str() {
                    Some("text_delta") => push_text(&mut out, delta["text"].as_str()),
                    Some("thinking_delta") => push_reasoning(&mut out, delta["thinking"].as_str()),
                    Some("signature_delta") => {
                        if let Some(signature) = delta["signature"].as_str() {
                            out.push(StreamDelta::ReasoningSignature(signature.to_owned()));
                        }
                    }
                    Some("input_json_delta") => out.push(StreamDelta::ToolCall {
                        index,
                        id: None,
                        name: None,
                        arguments: delta["partial_json"].as_str().unwrap_or("").to_owned(),
                    }),
                    _ => {}
                }
            }
            "message_delta" => {
                if let Some(reason) = value["delta"]["stop_reason"].as_str() {
                    out.push(StreamDelta::Finish(reason.to_owned()));
                }
                if let Ok(usage) = Usage::deserialize(&value["usage"]) {
                    out.push(StreamDelta::Usage(TokenUsage {
                        prompt_tokens: self.input_tokens.max(usage.input_tokens),
                        completion_tokens: usage.output_tokens,
                    }));
                }
            }
            "message_stop" => out.push(StreamDelta::Done),
            "error" => return Err(error_of(&value)),
            // content_block_stop and event types added later carry nothing to show.
            _ => {}
        }
        Ok(out)
    }
}

/// A `content_block_delta` event, typed.
#[derive(Deserialize)]
struct BlockDelta {
    #[serde(rename = "type")]
    kind: Option<String>,
    index: u32,
    delta: DeltaBody,
}

#[derive(Deserialize)]
struct DeltaBody {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    thinking: Option<String>,
    #[serde(default)]
    signature: Option<String>,
    #[serde(default)]
    partial_json: Option<String>,
}

impl BlockDelta {
    fn into_deltas(self) -> Vec<StreamDelta> {
        let DeltaBody {
            kind,
            text,
            thinking,
            signature,
            partial_json,
        } = self.delta;
        let non_empty = |t: Option<String>| t.filter(|t| !t.is_empty());
        match kind.as_str() {
            "text_delta" => non_empty(text)
                .map(StreamDelta::Content)
                .into_iter()
                .collect(),
            "thinking_delta" => non_empty(thinking)
                .map(StreamDelta::Reasoning)
                .into_iter()
                .collect(),
            "signature_delta" => signature
                .map(StreamDelta::ReasoningSignature)
                .into_iter()
                .collect(),
            "input_json_delta" => vec![StreamDelta::ToolCall {
                index: self.index,
                id: None,
                name: None,
                arguments: partial_json.unwrap_or_default(),
            }],
            _ => Vec::new(),
        }
    }
}

fn block_index(value: &Value) -> Result<u32, ProviderError> {
    value["index"]
        .as_u64()
        .and_then(|i| u32::try_from(i).ok())
        .ok_or_else(|| ProviderError::Decode("a content block event has no index".into()))
}

fn push_text(out: &mut Vec<StreamDelta>, text: Option<&str>) {
    if let Some(text) = text.filter(|t| !t.is_empty()) {
        out.push(StreamDelta::Content(text.to_owned()));
    }
}

fn push_reasoning(out: &mut Vec<StreamDelta>, text: Option<&str>) {
    if let Some(text) = text.filter(|t| !t.is_empty()) {
        out.push(StreamDelta::Reasoning(text.to_owned()));
    }
}

/// Decodes a complete (non-streaming) Messages response.
pub fn decode_message(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the response")))?;
    if value["type"] == "error" {
        return Err(error_of(&value));
    }
    let mut out = Vec::new();
    if let Some(model) = value["model"].as_str() {
        out.push(StreamDelta::Model(model.to_owned()));
    }
    let blocks = value["content"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[]);
    for (index, block) in blocks.iter().enumerate() {
        match block["type"].as_str() {
            Some("text") => push_text(&mut out, block["text"].as_str()),
            Some("thinking") => {
                push_reasoning(&mut out, block["thinking"].as_str());
                if let Some(signature) = block["signature"].as_str() {
                    out.push(StreamDelta::ReasoningSignature(signature.to_owned()));
                }
            }
            Some("tool_use") => out.push(StreamDelta::ToolCall {
                index: u32::try_from(index).unwrap_or(u32::MAX),
                id: block["id"].as_str().map(str::to_owned),
                name: block["name"].as_str().map(str::to_owned),
                arguments: block["input"].to_string(),
            }),
            _ => {}
        }
    }
    if let Some(reason) = value["stop_reason"].as_str() {
        out.push(StreamDelta::Finish(reason.to_owned()));
    }
    if let Ok(usage) = Usage::deserialize(&value["usage"]) {
        out.push(StreamDelta::Usage(TokenUsage {
            prompt_tokens: usage.input_tokens,
            completion_tokens: usage.output_tokens,
        }));
    }
    out.push(StreamDelta::Done);
    Ok(out)
}
