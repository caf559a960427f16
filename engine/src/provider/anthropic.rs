//! Anthropic Messages API: the system prompt as a top-level field, content blocks, `thinking`
//! blocks whose signatures go back on the next turn, `tool_use` streamed as
//! `input_json_delta`, usage split between `message_start` and `message_delta`, `ping` and
//! `error` events. Requests from a browser need `anthropic-dangerous-direct-browser-access`.

use super::json_scan::{Scanner, Seen};
use super::lenient::null_as_default;
use super::ChatRequest;
use super::{ChatMessage, ProviderError, ReasoningLevel, StreamDelta, TokenUsage};
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::ProviderSettings;
use crate::provider::sse::SseEvent;
use crate::Role;
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Cow;

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

// The events and the message, read straight into types (no intermediate `Value` tree: a stream
// has thousands of events). Every field is optional and reads `null` like absence
// (`lenient.rs`); a field of the wrong type fails the event, as in the other protocols.

#[derive(Deserialize)]
struct Usage {
    /// The prompt tokens neither read from nor written to the cache.
    #[serde(default, deserialize_with = "null_as_default")]
    input_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    output_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    cache_read_input_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    cache_creation_input_tokens: u64,
}

impl Usage {
    /// Every prompt token, cached or not (Anthropic counts the three apart).
    fn prompt(&self) -> u64 {
        self.input_tokens
            .saturating_add(self.cache_read_input_tokens)
            .saturating_add(self.cache_creation_input_tokens)
    }
}

/// One stream event: the union of the fields its types carry. The type names are borrowed
/// from the event's text: they are only compared. The fields of rare events are boxed: an
/// event is moved while it is read, and its size is what each move copies.
#[derive(Deserialize, Default)]
struct Event<'a> {
    #[serde(rename = "type", default, borrow)]
    kind: Option<Cow<'a, str>>,
    #[serde(default)]
    index: Option<u32>,
    /// `message_start`
    #[serde(default)]
    message: Option<Box<Message>>,
    /// `content_block_start`
    #[serde(default)]
    content_block: Option<Box<Block>>,
    /// `content_block_delta` (text, thinking, signature, tool input) and `message_delta`
    /// (stop reason).
    #[serde(default, borrow)]
    delta: Option<EventDelta<'a>>,
    /// `message_delta`
    #[serde(default)]
    usage: Option<Usage>,
    /// `error`
    #[serde(default)]
    error: Option<Box<Value>>,
}

#[derive(Deserialize, Default)]
struct EventDelta<'a> {
    #[serde(rename = "type", default, borrow)]
    kind: Option<Cow<'a, str>>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    thinking: Option<String>,
    #[serde(default)]
    signature: Option<String>,
    #[serde(default)]
    partial_json: Option<String>,
    #[serde(default)]
    stop_reason: Option<String>,
}

/// A whole message (non-streaming), or its start (`message_start`).
#[derive(Deserialize)]
struct Message {
    #[serde(rename = "type", default)]
    kind: Option<String>,
    #[serde(default)]
    model: Option<String>,
    #[serde(default, deserialize_with = "null_as_default")]
    content: Vec<Block>,
    #[serde(default)]
    stop_reason: Option<String>,
    #[serde(default)]
    usage: Option<Usage>,
    #[serde(default)]
    error: Option<Value>,
}

/// A content block: text, thinking or a tool call.
#[derive(Deserialize)]
struct Block {
    #[serde(rename = "type", default)]
    kind: Option<String>,
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    thinking: Option<String>,
    #[serde(default)]
    signature: Option<String>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    input: Option<Value>,
}

/// Decodes Anthropic's named stream events.
#[derive(Debug, Default)]
pub struct AnthropicDecoder {
    /// From `message_start`: the final usage event may report only the output.
    input_tokens: u64,
    cached_tokens: u64,
}

fn error_of(error: Option<&Value>) -> ProviderError {
    let error = error.unwrap_or(&Value::Null);
    let kind = error.get("type").and_then(Value::as_str).unwrap_or("error");
    let message = error
        .get("message")
        .and_then(Value::as_str)
        .unwrap_or("the provider reported an error");
    ProviderError::Stream(super::truncate_chars(&format!("{kind}: {message}"), 500))
}

impl AnthropicDecoder {
    pub fn decode(&mut self, event: &SseEvent) -> Result<Vec<StreamDelta>, ProviderError> {
        let mut out = Vec::new();
        self.decode_into(event, &mut out)?;
        Ok(out)
    }

    /// [`decode`](Self::decode), appending to `out` (the stream's loop reuses one list).
    pub fn decode_into(
        &mut self,
        event: &SseEvent,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        if event.event == "ping" {
            return Ok(());
        }
        let data = match fast_event(&event.data) {
            Some(data) => data,
            None => serde_json::from_str(&event.data)
                .map_err(|e| ProviderError::MalformedEvent(e.to_string()))?,
        };
        self.push_event_deltas(data, &event.event, out)
    }

    /// The deltas of one read event named `name` by the stream.
    fn push_event_deltas(
        &mut self,
        data: Event<'_>,
        name: &str,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        // The `type` field names the event; the SSE event name is the fallback.
        let kind = data.kind.as_deref().unwrap_or(name);
        match kind {
            "message_start" => {
                if let Some(message) = data.message {
                    push_model(out, message.model);
                    if let Some(usage) = message.usage {
                        self.input_tokens = usage.prompt();
                        self.cached_tokens = usage.cache_read_input_tokens;
                    }
                }
            }
            "content_block_start" => {
                if let Some(block) = data.content_block {
                    push_block(out, *block, data.index)?;
                }
            }
            "content_block_delta" => {
                if let Some(delta) = data.delta {
                    push_delta(out, delta, data.index)?;
                }
            }
            "message_delta" => {
                if let Some(reason) = data.delta.and_then(|d| d.stop_reason) {
                    out.push(StreamDelta::Finish(reason));
                }
                if let Some(usage) = data.usage {
                    out.push(StreamDelta::Usage(
                        TokenUsage::reported(
                            self.input_tokens.max(usage.prompt()),
                            usage.output_tokens,
                        )
                        .with_details(self.cached_tokens.max(usage.cache_read_input_tokens), 0),
                    ));
                }
            }
            "message_stop" => out.push(StreamDelta::Done),
            "error" => return Err(error_of(data.error.as_deref())),
            // content_block_stop and event types added later carry nothing to show.
            _ => {}
        }
        Ok(())
    }
}

/// The common event (a text, thinking or tool-input delta, a block's end, the message's end)
/// read by the scanner; `None` leaves the event to serde (`wire/src/json_scan.rs` says why and when).
fn fast_event(data: &str) -> Option<Event<'_>> {
    let mut scanner = Scanner::new(data);
    let mut event = Event::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "type" => seen
            .first(0)
            .and_then(|()| scanner.optional_text())
            .map(|value| event.kind = value),
        "index" => {
            seen.first(1)?;
            event.index = scanner
                .optional_unsigned()?
                .map(u32::try_from)
                .transpose()
                .ok()?;
            Some(())
        }
        "delta" => seen
            .first(2)
            .and_then(|()| scanner.optional(fast_delta))
            .map(|delta| event.delta = delta),
        // Once a message, or rare: read here only when absent (`null`).
        "message" => seen.first(3).and_then(|()| scanner.absent()),
        "content_block" => seen.first(4).and_then(|()| scanner.absent()),
        "usage" => seen.first(5).and_then(|()| scanner.absent()),
        "error" => seen.first(6).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    scanner.end()?;
    Some(event)
}

fn fast_delta<'a>(scanner: &mut Scanner<'a>) -> Option<EventDelta<'a>> {
    let mut delta = EventDelta::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| {
        if key == "type" {
            seen.first(0)?;
            delta.kind = scanner.optional_text()?;
            return Some(());
        }
        let (bit, field) = match key {
            "text" => (1, &mut delta.text),
            "thinking" => (2, &mut delta.thinking),
            "signature" => (3, &mut delta.signature),
            "partial_json" => (4, &mut delta.partial_json),
            "stop_reason" => (5, &mut delta.stop_reason),
            _ => return scanner.skip(),
        };
        seen.first(bit)?;
        *field = scanner.optional_string()?;
        Some(())
    })?;
    Some(delta)
}

/// An event's deltas through the scanner (`None` where it leaves the event to serde) and
/// through serde, for `fast_path_tests.rs`.
#[cfg(test)]
pub(super) fn fast_and_serde(data: &str) -> super::fast_path_tests::Both {
    let deltas = |event: Event<'_>| {
        let mut out = Vec::new();
        AnthropicDecoder::default()
            .push_event_deltas(event, "message", &mut out)
            .map(|()| out)
    };
    (
        fast_event(data).map(deltas),
        serde_json::from_str(data)
            .map_err(|e| ProviderError::Decode(e.to_string()))
            .and_then(deltas),
    )
}

/// The index a tool call is told apart by: required there, unlike for text.
fn tool_index(index: Option<u32>) -> Result<u32, ProviderError> {
    index.ok_or_else(|| ProviderError::Decode("a tool call event has no index".into()))
}

fn push_model(out: &mut Vec<StreamDelta>, model: Option<String>) {
    if let Some(model) = model.filter(|m| !m.is_empty()) {
        out.push(StreamDelta::Model(model));
    }
}

/// The start of a streamed block (`content_block_start`).
fn push_block(
    out: &mut Vec<StreamDelta>,
    block: Block,
    index: Option<u32>,
) -> Result<(), ProviderError> {
    match block.kind.as_deref() {
        Some("text") => push_text(out, block.text),
        Some("thinking") => {
            push_reasoning(out, block.thinking);
            if let Some(signature) = block.signature.filter(|s| !s.is_empty()) {
                out.push(StreamDelta::ReasoningSignature(signature));
            }
        }
        Some("tool_use") => out.push(StreamDelta::ToolCall {
            index: tool_index(index)?,
            id: block.id,
            name: block.name,
            // A streamed block starts with `{}` and its input follows as JSON fragments.
            arguments: match block.input {
                Some(input) if input.as_object().is_none_or(|o| !o.is_empty()) => input.to_string(),
                _ => String::new(),
            },
        }),
        _ => {}
    }
    Ok(())
}

fn push_delta(
    out: &mut Vec<StreamDelta>,
    delta: EventDelta,
    index: Option<u32>,
) -> Result<(), ProviderError> {
    match delta.kind.as_deref() {
        Some("text_delta") => push_text(out, delta.text),
        Some("thinking_delta") => push_reasoning(out, delta.thinking),
        Some("signature_delta") => {
            if let Some(signature) = delta.signature {
                out.push(StreamDelta::ReasoningSignature(signature));
            }
        }
        Some("input_json_delta") => out.push(StreamDelta::ToolCall {
            index: tool_index(index)?,
            id: None,
            name: None,
            arguments: delta.partial_json.unwrap_or_default(),
        }),
        _ => {}
    }
    Ok(())
}

fn push_text(out: &mut Vec<StreamDelta>, text: Option<String>) {
    if let Some(text) = text.filter(|t| !t.is_empty()) {
        out.push(StreamDelta::Content(text));
    }
}

fn push_reasoning(out: &mut Vec<StreamDelta>, text: Option<String>) {
    if let Some(text) = text.filter(|t| !t.is_empty()) {
        out.push(StreamDelta::Reasoning(text));
    }
}

/// Decodes a complete (non-streaming) Messages response.
pub fn decode_message(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let message: Message = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the response")))?;
    if message.kind.as_deref() == Some("error") {
        return Err(error_of(message.error.as_ref()));
    }
    let mut out = Vec::new();
    push_model(&mut out, message.model);
    for (position, block) in message.content.into_iter().enumerate() {
        let index = u32::try_from(position).unwrap_or(u32::MAX);
        if block.kind.as_deref() == Some("tool_use") {
            // The whole input is here; a call without one gets the empty object.
            out.push(StreamDelta::ToolCall {
                index,
                id: block.id,
                name: block.name,
                arguments: block.input.map_or_else(|| "{}".into(), |i| i.to_string()),
            });
            continue;
        }
        push_block(&mut out, block, Some(index))?;
    }
    if let Some(reason) = message.stop_reason {
        out.push(StreamDelta::Finish(reason));
    }
    if let Some(usage) = message.usage {
        out.push(StreamDelta::Usage(
            TokenUsage::reported(usage.prompt(), usage.output_tokens)
                .with_details(usage.cache_read_input_tokens, 0),
        ));
    }
    out.push(StreamDelta::Done);
    Ok(out)
}
