//! Google Gemini (`generateContent` / `streamGenerateContent?alt=sse`): roles `user` / `model`,
//! `functionCall` / `functionResponse` parts, thought parts, `usageMetadata`, and safety blocks
//! reported as such (never as an empty or silently cut answer).

use super::json_scan::{Scanner, Seen};
use super::lenient::{first_of_list, null_as_default};
use super::message::push_model;
use super::ChatRequest;
use super::{ChatMessage, ProviderError, ReasoningLevel, StreamDelta, TokenUsage};
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::ProviderSettings;
use crate::Role;
use serde::Deserialize;
use serde_json::{json, Map, Value};
use std::borrow::Cow;

/// Finish reasons that mean the provider withheld the answer.
const BLOCKING_FINISH_REASONS: [&str; 6] = [
    "SAFETY",
    "RECITATION",
    "BLOCKLIST",
    "PROHIBITED_CONTENT",
    "SPII",
    "IMAGE_SAFETY",
];

/// The thinking budget for a level; `Max` is capped per model family (Flash models accept
/// less than Pro).
pub fn thinking_budget(level: ReasoningLevel, model: &str) -> Option<u32> {
    let cap = if model.contains("flash") {
        24_576
    } else {
        32_768
    };
    let wanted = match level {
        ReasoningLevel::Auto | ReasoningLevel::Off => return None,
        ReasoningLevel::Low => 1_024,
        ReasoningLevel::Medium => 8_192,
        ReasoningLevel::High => 24_576,
        ReasoningLevel::Max => u32::MAX,
    };
    Some(wanted.min(cap))
}

/// The model name as a URL path segment: `models/` prefixes (as the models list spells them)
/// are dropped, and anything unusual is percent-encoded so it cannot change the path.
pub(crate) fn model_segment(model: &str) -> String {
    let model = model.trim();
    let model = model.strip_prefix("models/").unwrap_or(model);
    model
        .bytes()
        .map(|b| {
            if b.is_ascii_alphanumeric() || matches!(b, b'-' | b'.' | b'_') {
                char::from(b).to_string()
            } else {
                format!("%{b:02X}")
            }
        })
        .collect()
}

/// Builds `POST {base_url}/models/{model}:streamGenerateContent?alt=sse` (or
/// `:generateContent` without streaming).
pub fn build_generate_request(
    settings: &ProviderSettings,
    request: &ChatRequest<'_>,
) -> Result<HttpRequest, ProviderError> {
    settings.validate()?;
    let model = settings.model_name();
    let mut body = json!({ "contents": contents_json(request.messages) });
    let system: Vec<Value> = request
        .messages
        .iter()
        .filter(|m| m.role == Role::System && m.tool_result_for.is_none())
        .map(|m| json!({"text": m.content}))
        .collect();
    if !system.is_empty() {
        body["systemInstruction"] = json!({ "parts": system });
    }
    let params = &request.params;
    let mut config = Map::new();
    if let Some(temperature) = params.temperature {
        config.insert(
            "temperature".into(),
            super::params::sampling_number(temperature),
        );
    }
    if let Some(top_p) = params.top_p {
        config.insert("topP".into(), super::params::sampling_number(top_p));
    }
    if let Some(max) = params.max_output_tokens {
        config.insert("maxOutputTokens".into(), json!(max));
    }
    if let Some(budget) = thinking_budget(params.reasoning, model) {
        config.insert(
            "thinkingConfig".into(),
            json!({"thinkingBudget": budget, "includeThoughts": true}),
        );
    }
    if !config.is_empty() {
        body["generationConfig"] = Value::Object(config);
    }
    if !request.tools.is_empty() {
        let declarations: Vec<Value> = request
            .tools
            .iter()
            .map(|tool| {
                json!({
                    "name": tool.name,
                    "description": tool.description,
                    "parameters": schema_subset(&tool.parameters),
                })
            })
            .collect();
        body["tools"] = json!([{ "functionDeclarations": declarations }]);
    }
    super::merge_custom_body(&mut body, settings);
    let method = if request.stream {
        "streamGenerateContent?alt=sse"
    } else {
        "generateContent"
    };
    let headers = super::request_headers(settings, true, request.stream);
    Ok(HttpRequest {
        method: HttpMethod::Post,
        url: settings.endpoint(&format!("models/{}:{method}", model_segment(model))),
        headers,
        body: Some(body.to_string()),
    })
}

/// Gemini accepts an OpenAPI subset of JSON Schema: keys it rejects are removed.
fn schema_subset(schema: &Value) -> Value {
    match schema {
        Value::Object(map) => Value::Object(
            map.iter()
                .filter(|(key, _)| {
                    !matches!(key.as_str(), "$schema" | "additionalProperties" | "$id")
                })
                .map(|(key, value)| (key.clone(), schema_subset(value)))
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(schema_subset).collect()),
        other => other.clone(),
    }
}

fn contents_json(messages: &[ChatMessage]) -> Vec<Value> {
    let mut turns: Vec<(&str, Vec<Value>)> = Vec::new();
    for (at, message) in messages.iter().enumerate() {
        let (role, parts) = if let Some(call_id) = &message.tool_result_for {
            // Gemini matches a response to its call by the function name.
            let name = messages[..at]
                .iter()
                .rev()
                .flat_map(|m| m.tool_calls.iter())
                .find(|c| &c.id == call_id)
                .map_or("unknown_tool", |c| c.name.as_str());
            let response = match serde_json::from_str::<Value>(&message.content) {
                Ok(Value::Object(map)) => Value::Object(map),
                _ => json!({ "result": message.content }),
            };
            let part = json!({"functionResponse": {"name": name, "response": response}});
            ("user", vec![part])
        } else {
            match message.role {
                Role::System => continue,
                // Gemini takes nothing beside function responses in their turn (a 400), so the
                // pictures a tool returned, which follow its results, are not sent to it.
                Role::User
                    if super::message::is_pictures_turn(
                        at.checked_sub(1).map(|b| &messages[b]),
                        message,
                    ) =>
                {
                    continue
                }
                Role::User => {
                    let mut parts = text_parts(&message.content);
                    parts.extend(message.images.iter().filter(|i| !i.data.is_empty()).map(
                        |image| json!({"inlineData": {"mimeType": image.mime, "data": image.data}}),
                    ));
                    ("user", parts)
                }
                Role::Assistant => {
                    let mut parts = text_parts(&message.content);
                    for call in &message.tool_calls {
                        let args = super::arguments_object(&call.arguments);
                        parts.push(json!({"functionCall": {"name": call.name, "args": args}}));
                    }
                    ("model", parts)
                }
            }
        };
        super::push_turn(&mut turns, role, parts);
    }
    super::turns_json(
        turns,
        "parts",
        json!({"text": super::CONTINUED_CONVERSATION}),
    )
}

fn text_parts(text: &str) -> Vec<Value> {
    if text.is_empty() {
        Vec::new()
    } else {
        vec![json!({ "text": text })]
    }
}

/// Decodes the chunks of a Gemini stream (each a `GenerateContentResponse`), numbering the
/// function calls of the answer.
#[derive(Debug, Default)]
pub struct GeminiDecoder {
    calls: u32,
    /// The model the stream named last (see [`push_model`](super::message::push_model)).
    model: String,
}

/// The parts of a `GenerateContentResponse` Skein reads, decoded straight into these types
/// (no intermediate `Value` tree: a stream has thousands of them). Unknown fields are skipped,
/// `null` reads as absent, and a field of an unexpected type fails the chunk like malformed JSON
/// does.
#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Response<'a> {
    #[serde(default)]
    error: Option<ErrorBody>,
    #[serde(default)]
    prompt_feedback: Option<PromptFeedback>,
    #[serde(default)]
    #[serde(borrow)]
    model_version: Option<Cow<'a, str>>,
    /// Skein asks for one candidate, so only the first is kept.
    #[serde(rename = "candidates", default, deserialize_with = "first_of_list")]
    candidate: Option<Candidate>,
    #[serde(default)]
    usage_metadata: Option<UsageMetadata>,
}

#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    message: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PromptFeedback {
    #[serde(default)]
    block_reason: Option<String>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    #[serde(default)]
    content: Option<Content>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Content {
    #[serde(default, deserialize_with = "null_as_default")]
    parts: Vec<Part>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct Part {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    thought: Option<bool>,
    #[serde(default)]
    function_call: Option<FunctionCall>,
}

#[derive(Deserialize)]
struct FunctionCall {
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    args: Option<Value>,
}

#[derive(Deserialize, Default)]
#[serde(rename_all = "camelCase")]
struct UsageMetadata {
    #[serde(default, deserialize_with = "null_as_default")]
    prompt_token_count: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    candidates_token_count: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    thoughts_token_count: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    cached_content_token_count: u64,
}

/// The common chunk (one candidate's text or thought parts, its finish reason, the usage so
/// far) read by the scanner; `None` leaves the chunk to serde (`wire/src/json_scan.rs` says why and
/// when).
fn fast_response(data: &str) -> Option<Response<'_>> {
    let mut scanner = Scanner::new(data);
    let mut response = Response::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "modelVersion" => seen
            .first(0)
            .and_then(|()| scanner.optional_text())
            .map(|value| response.model_version = value),
        "candidates" => seen
            .first(1)
            .and_then(|()| scanner.first_of_list(fast_candidate))
            .map(|candidate| response.candidate = candidate),
        "usageMetadata" => seen
            .first(2)
            .and_then(|()| scanner.optional(fast_usage))
            .map(|usage| response.usage_metadata = usage),
        // Rare: read here only when absent (`null`).
        "error" => seen.first(3).and_then(|()| scanner.absent()),
        "promptFeedback" => seen.first(4).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    scanner.end()?;
    Some(response)
}

/// A chunk's deltas through the scanner (`None` where it leaves the chunk to serde) and
/// through serde, for `fast_path_tests.rs`.
#[cfg(test)]
pub(super) fn fast_and_serde(data: &str) -> super::fast_path_tests::Both {
    let deltas = |response: Response<'_>| {
        let mut out = Vec::new();
        GeminiDecoder::default()
            .push_response_deltas(response, &mut out)
            .map(|()| out)
    };
    (
        fast_response(data).map(deltas),
        serde_json::from_str(data)
            .map_err(|e| ProviderError::Decode(e.to_string()))
            .and_then(deltas),
    )
}

fn fast_candidate(scanner: &mut Scanner) -> Option<Candidate> {
    let mut candidate = Candidate::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "content" => seen
            .first(0)
            .and_then(|()| scanner.optional(fast_content))
            .map(|content| candidate.content = content),
        "finishReason" => seen
            .first(1)
            .and_then(|()| scanner.optional_string())
            .map(|value| candidate.finish_reason = value),
        _ => scanner.skip(),
    })?;
    Some(candidate)
}

fn fast_content(scanner: &mut Scanner) -> Option<Content> {
    let mut content = Content::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "parts" => {
            seen.first(0)?;
            // `null` reads as no parts (`null_as_default`).
            if !scanner.null() {
                scanner.array(|scanner, _| {
                    content.parts.push(fast_part(scanner)?);
                    Some(())
                })?;
            }
            Some(())
        }
        _ => scanner.skip(),
    })?;
    Some(content)
}

fn fast_part(scanner: &mut Scanner) -> Option<Part> {
    let mut part = Part::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "text" => seen
            .first(0)
            .and_then(|()| scanner.optional_string())
            .map(|value| part.text = value),
        "thought" => seen
            .first(1)
            .and_then(|()| scanner.optional_bool())
            .map(|value| part.thought = value),
        "functionCall" => seen.first(2).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    Some(part)
}

fn fast_usage(scanner: &mut Scanner) -> Option<UsageMetadata> {
    let mut usage = UsageMetadata::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| {
        let (bit, field) = match key {
            "promptTokenCount" => (0, &mut usage.prompt_token_count),
            "candidatesTokenCount" => (1, &mut usage.candidates_token_count),
            "thoughtsTokenCount" => (2, &mut usage.thoughts_token_count),
            "cachedContentTokenCount" => (3, &mut usage.cached_content_token_count),
            _ => return scanner.skip(),
        };
        seen.first(bit)?;
        *field = scanner.optional_unsigned()?.unwrap_or_default();
        Some(())
    })?;
    Some(usage)
}

impl GeminiDecoder {
    pub fn decode(&mut self, data: &str) -> Result<Vec<StreamDelta>, ProviderError> {
        let mut out = Vec::new();
        self.decode_into(data, &mut out)?;
        Ok(out)
    }

    /// [`decode`](Self::decode), appending to `out` (the stream's loop reuses one list).
    pub fn decode_into(
        &mut self,
        data: &str,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        let response = match fast_response(data) {
            Some(response) => response,
            None => serde_json::from_str(data)
                .map_err(|e| ProviderError::MalformedEvent(e.to_string()))?,
        };
        self.push_response_deltas(response, out)
    }

    fn push_response_deltas(
        &mut self,
        response: Response<'_>,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        if let Some(error) = response.error {
            let message = error
                .message
                .unwrap_or_else(|| "the provider reported an error".to_owned());
            return Err(ProviderError::Stream(super::truncate_chars(&message, 500)));
        }
        if let Some(reason) = response.prompt_feedback.and_then(|f| f.block_reason) {
            return Err(ProviderError::Blocked(reason));
        }
        push_model(out, &mut self.model, response.model_version);
        let (parts, finish_reason) = match response.candidate {
            Some(c) => (
                c.content.map(|c| c.parts).unwrap_or_default(),
                c.finish_reason,
            ),
            None => (Vec::new(), None),
        };
        for part in parts {
            if let Some(call) = part.function_call {
                out.push(StreamDelta::ToolCall {
                    index: self.calls,
                    id: call.id,
                    name: call.name,
                    arguments: call.args.map_or_else(|| "{}".to_owned(), |a| a.to_string()),
                });
                self.calls = self.calls.saturating_add(1);
            } else if let Some(text) = part.text.filter(|t| !t.is_empty()) {
                out.push(if part.thought == Some(true) {
                    StreamDelta::Reasoning(text)
                } else {
                    StreamDelta::Content(text)
                });
            }
        }
        if let Some(reason) = finish_reason {
            if BLOCKING_FINISH_REASONS.contains(&reason.as_str()) {
                return Err(ProviderError::Blocked(reason));
            }
            out.push(StreamDelta::Finish(reason));
        }
        if let Some(usage) = response.usage_metadata {
            out.push(StreamDelta::Usage(
                TokenUsage::reported(
                    usage.prompt_token_count,
                    usage
                        .candidates_token_count
                        .saturating_add(usage.thoughts_token_count),
                )
                .with_details(usage.cached_content_token_count, usage.thoughts_token_count),
            ));
        }
        Ok(())
    }
}

/// Decodes a complete (non-streaming) `generateContent` response.
pub fn decode_response(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let response: Response = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the response")))?;
    let mut out = Vec::new();
    GeminiDecoder::default().push_response_deltas(response, &mut out)?;
    out.push(StreamDelta::Done);
    Ok(out)
}
