//! Google Gemini (`generateContent` / `streamGenerateContent?alt=sse`): roles `user` / `model`,
//! `functionCall` / `functionResponse` parts, thought parts, `usageMetadata`, and safety blocks
//! reported as such (never as an empty or silently cut answer).

use super::lenient::null_as_default;
use super::ChatRequest;
use super::{ChatMessage, ProviderError, ReasoningLevel, StreamDelta, TokenUsage};
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::ProviderSettings;
use crate::Role;
use serde::Deserialize;
use serde_json::{json, Map, Value};

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
}

/// The parts of a `GenerateContentResponse` Skein reads, decoded straight into these types
/// (no intermediate `Value` tree: a stream has thousands of them). Unknown fields are skipped,
/// `null` reads as absent, and a field of an unexpected type fails the chunk like malformed JSON
/// does.
#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Response {
    #[serde(default)]
    error: Option<ErrorBody>,
    #[serde(default)]
    prompt_feedback: Option<PromptFeedback>,
    #[serde(default)]
    model_version: Option<String>,
    #[serde(default, deserialize_with = "null_as_default")]
    candidates: Vec<Candidate>,
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

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct Candidate {
    #[serde(default)]
    content: Option<Content>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Content {
    #[serde(default, deserialize_with = "null_as_default")]
    parts: Vec<Part>,
}

#[derive(Deserialize)]
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

#[derive(Deserialize)]
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

impl GeminiDecoder {
    pub fn decode(&mut self, data: &str) -> Result<Vec<StreamDelta>, ProviderError> {
        let response: Response = serde_json::from_str(data)
            .map_err(|e| ProviderError::Decode(format!("{e} in stream chunk")))?;
        self.response_deltas(response)
    }

    fn response_deltas(&mut self, response: Response) -> Result<Vec<StreamDelta>, ProviderError> {
        if let Some(error) = response.error {
            let message = error
                .message
                .unwrap_or_else(|| "the provider reported an error".to_owned());
            return Err(ProviderError::Stream(super::truncate_chars(&message, 500)));
        }
        if let Some(reason) = response.prompt_feedback.and_then(|f| f.block_reason) {
            return Err(ProviderError::Blocked(reason));
        }
        let mut out = Vec::new();
        if let Some(model) = response.model_version.filter(|m| !m.is_empty()) {
            out.push(StreamDelta::Model(model));
        }
        let candidate = response.candidates.into_iter().next();
        let (parts, finish_reason) = match candidate {
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
        Ok(out)
    }
}

/// Decodes a complete (non-streaming) `generateContent` response.
pub fn decode_response(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let response: Response = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the response")))?;
    let mut out = GeminiDecoder::default().response_deltas(response)?;
    out.push(StreamDelta::Done);
    Ok(out)
}
