//! OpenAI Chat Completions, as spoken by OpenAI and the compatible servers people run (Ollama's
//! `/v1`, llama.cpp server, vLLM, OpenRouter, Groq, Mistral, DeepSeek).
//!
//! Decoding is lenient about what it does not need (unknown fields are ignored, missing ones
//! default) and strict about what it does (a chunk that is not JSON is an error, not a silently
//! dropped token).

use super::capabilities::{capabilities, MaxTokensField, ReasoningField};
use super::json_scan::{Scanner, Seen};
use super::lenient::{first_of_list, null_as_default, TextOrParts};
use super::message::push_model;
use super::{ChatMessage, ChatRequest, ProviderError, StreamDelta, TokenUsage};
use crate::domain::message_part::{ProviderTimings, MAX_COUNT};
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::ProviderSettings;
use serde::Deserialize;
use serde_json::{json, Value};
use std::borrow::Cow;

/// Builds `POST {base_url}/chat/completions`.
pub fn build_chat_request(
    settings: &ProviderSettings,
    request: &ChatRequest<'_>,
) -> Result<HttpRequest, ProviderError> {
    settings.validate()?;
    let mut body = json!({
        "model": settings.model_name(),
        "messages": request.messages.iter().map(message_json).collect::<Vec<_>>(),
        "stream": request.stream,
    });
    if !request.tools.is_empty() {
        body["tools"] = request
            .tools
            .iter()
            .map(|tool| {
                json!({
                    "type": "function",
                    "function": {
                        "name": tool.name,
                        "description": tool.description,
                        "parameters": tool.parameters,
                    },
                })
            })
            .collect();
    }
    // Only what this server accepts (the capability registry); the rest is dropped or mapped.
    let caps = capabilities(settings);
    let params = &request.params;
    if request.stream && caps.stream_usage {
        body["stream_options"] = json!({"include_usage": true});
    }
    if caps.sampling {
        if let Some(temperature) = params.temperature {
            body["temperature"] = super::params::sampling_number(temperature);
        }
        if let Some(top_p) = params.top_p {
            body["top_p"] = super::params::sampling_number(top_p);
        }
    }
    if let Some(max) = params.max_output_tokens {
        let field = match caps.max_tokens {
            MaxTokensField::MaxTokens => "max_tokens",
            MaxTokensField::MaxCompletionTokens => "max_completion_tokens",
        };
        body[field] = json!(max);
    }
    match (caps.reasoning, params.reasoning.openai_effort()) {
        (ReasoningField::Effort, Some(effort)) => body["reasoning_effort"] = json!(effort),
        (ReasoningField::NestedEffort, Some(effort)) => {
            body["reasoning"] = json!({ "effort": effort });
        }
        _ => {}
    }
    super::merge_custom_body(&mut body, settings);
    let headers = super::request_headers(settings, true, request.stream);
    Ok(HttpRequest {
        method: HttpMethod::Post,
        url: settings.endpoint("chat/completions"),
        headers,
        body: Some(body.to_string()),
    })
}

fn message_json(message: &ChatMessage) -> Value {
    if let Some(call_id) = &message.tool_result_for {
        return json!({ "role": "tool", "tool_call_id": call_id, "content": message.content });
    }
    if !message.images.is_empty() {
        // Text and images as content parts (the vision form of the chat API).
        let text = (!message.content.is_empty())
            .then(|| json!({ "type": "text", "text": message.content }));
        let images =
            message.images.iter().filter(|i| !i.data.is_empty()).map(
                |image| json!({ "type": "image_url", "image_url": { "url": image.data_url() } }),
            );
        let parts: Vec<Value> = text.into_iter().chain(images).collect();
        return json!({ "role": message.role, "content": parts });
    }
    if message.tool_calls.is_empty() {
        return json!({ "role": message.role, "content": message.content });
    }
    let calls: Vec<Value> = message
        .tool_calls
        .iter()
        .map(|call| {
            json!({
                "id": call.id,
                "type": "function",
                "function": { "name": call.name, "arguments": call.arguments },
            })
        })
        .collect();
    let content = (!message.content.is_empty()).then_some(message.content.as_str());
    json!({ "role": message.role, "content": content, "tool_calls": calls })
}

// Every optional field reads `null` like absence (`lenient.rs`): OpenAI-compatible servers
// write `"tool_calls": null`, `"usage": null` and `null` counts freely.

// The fields most chunks leave out are boxed: a chunk is moved several times while it is read,
// and its size is what each move copies.
#[derive(Deserialize, Default)]
struct Chunk<'a> {
    #[serde(default, borrow)]
    model: Option<Cow<'a, str>>,
    /// Skein asks for one choice (`n` is never set), so only the first is kept.
    #[serde(rename = "choices", default, deserialize_with = "first_of_list")]
    choice: Option<Choice>,
    #[serde(default)]
    usage: Option<Box<Usage>>,
    /// Groq's older streams put the final usage here instead of in `usage`.
    #[serde(default)]
    x_groq: Option<Box<XGroq>>,
    #[serde(default)]
    error: Option<Box<serde_json::Value>>,
    /// llama.cpp server: prompt and generation speed.
    #[serde(default)]
    timings: Option<Box<Timings>>,
    /// llama.cpp server: how far prompt processing is, before the first token.
    #[serde(default)]
    prompt_progress: Option<PromptProgress>,
}

#[derive(Deserialize)]
struct XGroq {
    #[serde(default)]
    usage: Option<Usage>,
}

#[derive(Deserialize)]
struct Timings {
    #[serde(default, deserialize_with = "null_as_default")]
    prompt_n: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    prompt_ms: f64,
    #[serde(default, deserialize_with = "null_as_default")]
    predicted_n: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    predicted_ms: f64,
}

#[derive(Deserialize)]
struct PromptProgress {
    #[serde(default, deserialize_with = "null_as_default")]
    total: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    processed: u64,
}

#[derive(Deserialize, Default)]
struct Choice {
    #[serde(default)]
    delta: Option<Delta>,
    /// Non-streaming responses carry `message` instead of `delta` (boxed: see `Chunk`).
    #[serde(default)]
    message: Option<Box<Delta>>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize, Default)]
struct Delta {
    /// A string, or (Mistral's reasoning models) a list of text and thinking parts.
    #[serde(default)]
    content: Option<TextOrParts>,
    /// DeepSeek and vLLM name it `reasoning_content`; OpenRouter, Groq and Ollama `reasoning`.
    #[serde(default, alias = "reasoning")]
    reasoning_content: Option<String>,
    #[serde(default, deserialize_with = "null_as_default")]
    tool_calls: Vec<ToolCallDelta>,
}

#[derive(Deserialize)]
struct ToolCallDelta {
    /// Absent in non-streaming responses, where the position in the list is the index.
    #[serde(default)]
    index: Option<u32>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    function: Option<FunctionDelta>,
}

#[derive(Deserialize)]
struct FunctionDelta {
    #[serde(default)]
    name: Option<String>,
    /// Usually a JSON string; some servers send the object itself.
    #[serde(default)]
    arguments: Option<Value>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default, deserialize_with = "null_as_default")]
    prompt_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    completion_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    prompt_tokens_details: UsageDetails,
    #[serde(default, deserialize_with = "null_as_default")]
    completion_tokens_details: UsageDetails,
}

/// The breakdowns of `usage`: cached prompt tokens, reasoning completion tokens.
#[derive(Deserialize, Default)]
struct UsageDetails {
    #[serde(default, deserialize_with = "null_as_default")]
    cached_tokens: u64,
    #[serde(default, deserialize_with = "null_as_default")]
    reasoning_tokens: u64,
}

/// Decodes the `data` of one SSE event of a streaming response.
#[cfg(test)]
pub fn decode_stream_data(data: &str) -> Result<Vec<StreamDelta>, ProviderError> {
    let mut deltas = Vec::new();
    OpenAiDecoder::default().decode_into(data, &mut deltas)?;
    Ok(deltas)
}

/// Decodes the events of one streamed answer.
#[derive(Debug, Default)]
pub struct OpenAiDecoder {
    /// The model the stream named last (see [`push_model`]).
    model: String,
}

impl OpenAiDecoder {
    /// Decodes the `data` of one event, appending to `out` (the stream's loop reuses one
    /// list).
    pub fn decode_into(
        &mut self,
        data: &str,
        out: &mut Vec<StreamDelta>,
    ) -> Result<(), ProviderError> {
        if data.trim() == "[DONE]" {
            out.push(StreamDelta::Done);
            return Ok(());
        }
        let chunk = match fast_chunk(data) {
            Some(chunk) => chunk,
            None => serde_json::from_str(data)
                .map_err(|e| ProviderError::MalformedEvent(e.to_string()))?,
        };
        push_chunk_deltas(chunk, out, &mut self.model)
    }
}

/// The common chunk (a model name, one choice with text or reasoning, a finish reason) read
/// by the scanner; `None` leaves the chunk to serde (`wire/src/json_scan.rs` says why and when).
fn fast_chunk(data: &str) -> Option<Chunk<'_>> {
    let mut scanner = Scanner::new(data);
    let mut chunk = Chunk::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "model" => seen
            .first(0)
            .and_then(|()| scanner.optional_text())
            .map(|value| chunk.model = value),
        "choices" => seen
            .first(1)
            .and_then(|()| scanner.first_of_list(fast_choice))
            .map(|choice| chunk.choice = choice),
        // Rare fields, read here only when absent (`null`).
        "usage" => seen.first(2).and_then(|()| scanner.absent()),
        "x_groq" => seen.first(3).and_then(|()| scanner.absent()),
        "error" => seen.first(4).and_then(|()| scanner.absent()),
        "timings" => seen.first(5).and_then(|()| scanner.absent()),
        "prompt_progress" => seen.first(6).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    scanner.end()?;
    Some(chunk)
}

/// A chunk's deltas through the scanner (`None` where it leaves the chunk to serde) and
/// through serde, for `fast_path_tests.rs`.
#[cfg(test)]
pub(super) fn fast_and_serde(data: &str) -> super::fast_path_tests::Both {
    let deltas = |chunk: Chunk<'_>| {
        let mut out = Vec::new();
        push_chunk_deltas(chunk, &mut out, &mut String::new()).map(|()| out)
    };
    (
        fast_chunk(data).map(deltas),
        serde_json::from_str(data)
            .map_err(|e| ProviderError::Decode(e.to_string()))
            .and_then(deltas),
    )
}

fn fast_choice(scanner: &mut Scanner) -> Option<Choice> {
    let mut choice = Choice::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "delta" => seen
            .first(0)
            .and_then(|()| scanner.optional(fast_delta))
            .map(|delta| choice.delta = delta),
        "finish_reason" => seen
            .first(1)
            .and_then(|()| scanner.optional_string())
            .map(|value| choice.finish_reason = value),
        "message" => seen.first(2).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    Some(choice)
}

fn fast_delta(scanner: &mut Scanner) -> Option<Delta> {
    let mut delta = Delta::default();
    let mut seen = Seen::default();
    scanner.object(|scanner, key| match key {
        "content" => {
            seen.first(0)?;
            delta.content = scanner.optional_string()?.map(|text| TextOrParts {
                text,
                reasoning: String::new(),
            });
            Some(())
        }
        // One field under two names, as serde's alias reads it.
        "reasoning_content" | "reasoning" => seen
            .first(1)
            .and_then(|()| scanner.optional_string())
            .map(|value| delta.reasoning_content = value),
        "tool_calls" => seen.first(2).and_then(|()| scanner.absent()),
        _ => scanner.skip(),
    })?;
    Some(delta)
}

/// Decodes a complete non-streaming response body.
pub fn decode_completion(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let chunk: Chunk = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in completion response")))?;
    let mut deltas = Vec::new();
    push_chunk_deltas(chunk, &mut deltas, &mut String::new())?;
    deltas.push(StreamDelta::Done);
    Ok(deltas)
}

fn push_chunk_deltas(
    chunk: Chunk<'_>,
    deltas: &mut Vec<StreamDelta>,
    model: &mut String,
) -> Result<(), ProviderError> {
    if let Some(error) = chunk.error {
        let message = error
            .get("message")
            .and_then(|m| m.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| error.to_string());
        return Err(ProviderError::Stream(super::truncate_chars(&message, 500)));
    }
    push_model(deltas, model, chunk.model);
    if let Some(choice) = chunk.choice {
        if let Some(delta) = choice.delta.or(choice.message.map(|message| *message)) {
            let content = delta.content.unwrap_or_default();
            let mut reasoning = delta.reasoning_content.unwrap_or_default();
            reasoning.push_str(&content.reasoning);
            if !reasoning.is_empty() {
                deltas.push(StreamDelta::Reasoning(reasoning));
            }
            if !content.text.is_empty() {
                deltas.push(StreamDelta::Content(content.text));
            }
            for (position, call) in delta.tool_calls.into_iter().enumerate() {
                let function = call.function.unwrap_or(FunctionDelta {
                    name: None,
                    arguments: None,
                });
                let arguments = match function.arguments {
                    None | Some(Value::Null) => String::new(),
                    Some(Value::String(text)) => text,
                    Some(other) => other.to_string(),
                };
                deltas.push(StreamDelta::ToolCall {
                    index: call
                        .index
                        .unwrap_or(u32::try_from(position).unwrap_or(u32::MAX)),
                    id: call.id.filter(|id| !id.is_empty()),
                    name: function.name.filter(|name| !name.is_empty()),
                    arguments,
                });
            }
        }
        if let Some(reason) = choice.finish_reason {
            deltas.push(StreamDelta::Finish(reason));
        }
    }
    if let Some(progress) = chunk.prompt_progress {
        deltas.push(StreamDelta::PromptProgress {
            processed: progress.processed,
            total: progress.total,
        });
    }
    if let Some(t) = chunk.timings {
        deltas.push(StreamDelta::Timings(ProviderTimings {
            prompt_tokens: t.prompt_n.min(MAX_COUNT),
            prompt_ms: t.prompt_ms,
            predicted_tokens: t.predicted_n.min(MAX_COUNT),
            predicted_ms: t.predicted_ms,
        }));
    }
    if let Some(usage) = chunk
        .usage
        .or(chunk.x_groq.and_then(|x| x.usage.map(Box::new)))
    {
        deltas.push(StreamDelta::Usage(
            TokenUsage::reported(usage.prompt_tokens, usage.completion_tokens).with_details(
                usage.prompt_tokens_details.cached_tokens,
                usage.completion_tokens_details.reasoning_tokens,
            ),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::sse::SseDecoder;
    use crate::provider::{GenerationParams, ToolDefinition};
    use crate::Role;

    fn settings(key: &str) -> ProviderSettings {
        ProviderSettings {
            base_url: "http://127.0.0.1:11434/v1/".into(),
            api_key: key.into(),
            model: " llama3.2 ".into(),
            ..ProviderSettings::default()
        }
    }

    fn build(settings: &ProviderSettings, messages: &[ChatMessage], stream: bool) -> HttpRequest {
        build_chat_request(
            settings,
            &ChatRequest {
                messages,
                stream,
                ..ChatRequest::default()
            },
        )
        .unwrap()
    }

    fn body_of(request: &HttpRequest) -> Value {
        serde_json::from_str(request.body.as_deref().unwrap()).unwrap()
    }

    #[test]
    fn request_has_model_messages_and_stream_flag() {
        let messages = [
            ChatMessage::text(Role::System, "Be brief."),
            ChatMessage::text(Role::User, "Hi \"there\""),
        ];
        let request = build(&settings(""), &messages, true);
        assert_eq!(request.url, "http://127.0.0.1:11434/v1/chat/completions");
        assert_eq!(request.method, HttpMethod::Post);
        assert_eq!(request.header("authorization"), None);
        assert_eq!(request.header("accept"), Some("text/event-stream"));
        assert_eq!(
            body_of(&request),
            json!({
                "model": "llama3.2",
                "stream": true,
                // Ollama reports token usage at the end of a stream when asked.
                "stream_options": {"include_usage": true},
                "messages": [
                    {"role": "system", "content": "Be brief."},
                    {"role": "user", "content": "Hi \"there\""},
                ],
            })
        );
    }

    #[test]
    fn request_carries_the_key_as_bearer() {
        let request = build(&settings(" sk-1 "), &[], false);
        assert_eq!(request.header("Authorization"), Some("Bearer sk-1"));
        assert_eq!(request.header("accept"), None);
    }

    #[test]
    fn request_with_bad_settings_is_refused_before_sending() {
        let mut bad = settings("");
        bad.base_url = "localhost:11434".into();
        assert!(matches!(
            build_chat_request(&bad, &ChatRequest::default()),
            Err(ProviderError::Settings(_))
        ));
    }

    #[test]
    fn tools_parameters_and_custom_entries_are_sent() {
        let mut settings = settings("sk-1");
        settings.custom_headers = vec![
            ("HTTP-Referer".into(), "https://skein.example".into()),
            ("authorization".into(), "Token from-user".into()),
        ];
        settings.custom_body = serde_json::from_value(json!({
            "temperature": 0.1,
            "options": {"num_ctx": 8192},
        }))
        .unwrap();
        let tools = [ToolDefinition {
            name: "get_weather".into(),
            description: "Weather for a city".into(),
            parameters: json!({"type": "object", "properties": {"city": {"type": "string"}}}),
        }];
        let messages = [ChatMessage::text(Role::User, "Weather?")];
        let request = build_chat_request(
            &settings,
            &ChatRequest {
                messages: &messages,
                tools: &tools,
                params: GenerationParams {
                    temperature: Some(0.5),
                    top_p: Some(0.9),
                    max_output_tokens: Some(256),
                    reasoning: super::super::ReasoningLevel::Max,
                },
                stream: true,
            },
        )
        .unwrap();
        let body = body_of(&request);
        assert_eq!(body["tools"][0]["type"], "function");
        assert_eq!(body["tools"][0]["function"]["name"], "get_weather");
        assert_eq!(
            body["tools"][0]["function"]["parameters"]["properties"]["city"]["type"],
            "string"
        );
        // The user's body entry wins over the assistant's temperature; objects are merged.
        assert_eq!(body["temperature"], json!(0.1));
        assert_eq!(body["options"], json!({"num_ctx": 8192}));
        assert_eq!(
            body["top_p"].as_f64().map(|v| (v * 10.0).round()),
            Some(9.0)
        );
        assert_eq!(body["max_tokens"], 256);
        // Ollama's OpenAI endpoint has no effort field: the level is not sent.
        assert!(body.get("reasoning_effort").is_none());
        // A custom header replaces Skein's own of the same name (case-insensitive).
        assert_eq!(request.header("Authorization"), Some("Token from-user"));
        assert_eq!(
            request.header("http-referer"),
            Some("https://skein.example")
        );
        assert_eq!(
            request
                .headers
                .iter()
                .filter(|(n, _)| n.eq_ignore_ascii_case("authorization"))
                .count(),
            1
        );
    }

    #[test]
    fn no_tools_means_no_tools_field_and_defaults_send_no_sampling_fields() {
        let body = body_of(&build(&settings(""), &[], true));
        for field in [
            "tools",
            "temperature",
            "top_p",
            "max_tokens",
            "reasoning_effort",
        ] {
            assert!(body.get(field).is_none(), "{field}");
        }
    }

    #[test]
    fn each_server_gets_only_the_fields_it_accepts() {
        let params = GenerationParams {
            temperature: Some(0.5),
            top_p: None,
            max_output_tokens: Some(100),
            reasoning: super::super::ReasoningLevel::Max,
        };
        let body_for = |base_url: &str, model: &str| {
            let settings = ProviderSettings {
                base_url: base_url.into(),
                model: model.into(),
                ..ProviderSettings::default()
            };
            body_of(
                &build_chat_request(
                    &settings,
                    &ChatRequest {
                        params,
                        stream: true,
                        ..ChatRequest::default()
                    },
                )
                .unwrap(),
            )
        };
        let o3 = body_for("https://api.openai.com/v1", "o3-mini");
        assert_eq!(
            o3["reasoning_effort"], "high",
            "MAX capped to OpenAI's highest"
        );
        assert_eq!(o3["max_completion_tokens"], 100);
        assert!(o3.get("max_tokens").is_none() && o3.get("temperature").is_none());
        assert_eq!(o3["stream_options"]["include_usage"], true);
        let router = body_for("https://openrouter.ai/api/v1", "deepseek/deepseek-r1");
        assert_eq!(router["reasoning"], json!({"effort": "high"}));
        let mistral = body_for("https://api.mistral.ai/v1", "mistral-large-latest");
        assert!(mistral.get("stream_options").is_none());
        assert!(mistral.get("reasoning_effort").is_none() && mistral.get("reasoning").is_none());
        assert_eq!(mistral["temperature"], 0.5);
        assert_eq!(mistral["max_tokens"], 100);
    }

    #[test]
    fn llama_cpp_timings_and_prompt_progress_are_read() {
        let data = r#"{"choices":[{"delta":{},"finish_reason":"stop"}],
            "timings":{"prompt_n":12,"prompt_ms":30.5,"predicted_n":40,"predicted_ms":800.0,"predicted_per_second":50.0}}"#;
        let deltas = decode_stream_data(data).unwrap();
        assert!(deltas.contains(&StreamDelta::Timings(ProviderTimings {
            prompt_tokens: 12,
            prompt_ms: 30.5,
            predicted_tokens: 40,
            predicted_ms: 800.0
        })));
        let progress = r#"{"choices":[],"prompt_progress":{"total":2048,"cache":0,"processed":512,"time_ms":90}}"#;
        assert_eq!(
            decode_stream_data(progress).unwrap(),
            [StreamDelta::PromptProgress {
                processed: 512,
                total: 2048
            }]
        );
    }

    #[test]
    fn tool_calls_and_results_go_back_in_the_protocols_shape() {
        let mut call = ChatMessage::text(Role::Assistant, "");
        call.tool_calls = vec![super::super::ToolCallRequest {
            id: "call_1".into(),
            name: "get_weather".into(),
            arguments: r#"{"city":"Oslo"}"#.into(),
        }];
        let messages = [
            call,
            ChatMessage::tool_result("call_1", "4 °C, rain", false),
        ];
        let body = body_of(&build(&settings(""), &messages, true));
        assert_eq!(
            body["messages"],
            json!([
                {"role": "assistant", "content": null, "tool_calls": [{
                    "id": "call_1", "type": "function",
                    "function": {"name": "get_weather", "arguments": "{\"city\":\"Oslo\"}"},
                }]},
                {"role": "tool", "tool_call_id": "call_1", "content": "4 °C, rain"},
            ])
        );
    }

    #[test]
    fn parallel_tool_call_deltas_keep_their_index() {
        let first = r#"{"choices":[{"delta":{"tool_calls":[
            {"index":0,"id":"call_a","type":"function","function":{"name":"search","arguments":""}},
            {"index":1,"id":"call_b","type":"function","function":{"name":"clock","arguments":"{}"}}]}}]}"#;
        let more = r#"{"choices":[{"delta":{"tool_calls":[
            {"index":0,"function":{"arguments":"{\"q\":"}}]}}]}"#;
        assert_eq!(
            decode_stream_data(first).unwrap(),
            [
                StreamDelta::ToolCall {
                    index: 0,
                    id: Some("call_a".into()),
                    name: Some("search".into()),
                    arguments: String::new()
                },
                StreamDelta::ToolCall {
                    index: 1,
                    id: Some("call_b".into()),
                    name: Some("clock".into()),
                    arguments: "{}".into()
                },
            ]
        );
        assert_eq!(
            decode_stream_data(more).unwrap(),
            [StreamDelta::ToolCall {
                index: 0,
                id: None,
                name: None,
                arguments: r#"{"q":"#.into()
            }]
        );
    }

    #[test]
    fn non_streaming_tool_calls_use_their_position_and_object_arguments_are_kept() {
        let body = br#"{"choices":[{"message":{"role":"assistant","content":null,"tool_calls":[
            {"id":"c1","type":"function","function":{"name":"a","arguments":"{}"}},
            {"id":"c2","type":"function","function":{"name":"b","arguments":{"x":1}}}]},
            "finish_reason":"tool_calls"}]}"#;
        let deltas = decode_completion(body).unwrap();
        assert!(deltas.contains(&StreamDelta::ToolCall {
            index: 1,
            id: Some("c2".into()),
            name: Some("b".into()),
            arguments: r#"{"x":1}"#.into()
        }));
        assert!(deltas.contains(&StreamDelta::Finish("tool_calls".into())));
    }

    #[test]
    fn recorded_stream_decodes_to_text_model_finish_and_usage() {
        let input = include_bytes!("../../../tests/fixtures/openai/stream_basic.sse");
        let mut decoder = SseDecoder::default();
        let mut events = Vec::new();
        decoder.push(input, &mut events).unwrap();
        let deltas: Vec<StreamDelta> = events
            .iter()
            .flat_map(|e| decode_stream_data(&e.data).unwrap())
            .collect();
        let text: String = deltas
            .iter()
            .filter_map(|d| match d {
                StreamDelta::Content(c) => Some(c.as_str()),
                _ => None,
            })
            .collect();
        assert_eq!(text, "Hello, wörld — 世界 🎉");
        assert!(deltas.contains(&StreamDelta::Model("gpt-4o-mini-2024-07-18".into())));
        assert!(deltas.contains(&StreamDelta::Finish("stop".into())));
        assert!(deltas.contains(&StreamDelta::Usage(TokenUsage::reported(9, 5))));
        assert_eq!(deltas.last(), Some(&StreamDelta::Done));
    }

    #[test]
    fn reasoning_fields_of_both_spellings_are_read() {
        for field in ["reasoning_content", "reasoning"] {
            let data = format!(r#"{{"choices":[{{"delta":{{"{field}":"hmm"}}}}]}}"#);
            assert_eq!(
                decode_stream_data(&data).unwrap(),
                [StreamDelta::Reasoning("hmm".into())]
            );
        }
    }

    #[test]
    fn error_chunks_and_garbage_are_errors() {
        assert_eq!(
            decode_stream_data(r#"{"error":{"message":"overloaded"}}"#),
            Err(ProviderError::Stream("overloaded".into()))
        );
        assert!(matches!(
            decode_stream_data("{not json"),
            Err(ProviderError::MalformedEvent(_))
        ));
    }

    #[test]
    fn non_streaming_completion_decodes_like_a_stream() {
        let body = br#"{"id":"x","model":"m1","choices":[{"index":0,
            "message":{"role":"assistant","content":"All at once."},"finish_reason":"stop"}],
            "usage":{"prompt_tokens":3,"completion_tokens":4,"total_tokens":7}}"#;
        assert_eq!(
            decode_completion(body).unwrap(),
            [
                StreamDelta::Model("m1".into()),
                StreamDelta::Content("All at once.".into()),
                StreamDelta::Finish("stop".into()),
                StreamDelta::Usage(TokenUsage::reported(3, 4)),
                StreamDelta::Done,
            ]
        );
    }

    #[test]
    fn usage_details_say_the_cached_and_reasoning_parts() {
        let chunk = r#"{"choices":[],"usage":{"prompt_tokens":1200,"completion_tokens":300,
            "prompt_tokens_details":{"cached_tokens":1024},
            "completion_tokens_details":{"reasoning_tokens":256}}}"#;
        assert_eq!(
            decode_stream_data(chunk).unwrap(),
            vec![StreamDelta::Usage(
                TokenUsage::reported(1200, 300).with_details(1024, 256)
            )]
        );
        let nulls = r#"{"choices":[],"usage":{"prompt_tokens":5,"completion_tokens":1,
            "prompt_tokens_details":null,"completion_tokens_details":{"reasoning_tokens":null}}}"#;
        assert_eq!(
            decode_stream_data(nulls).unwrap(),
            vec![StreamDelta::Usage(TokenUsage::reported(5, 1))]
        );
    }
}
