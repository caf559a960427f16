//! OpenAI Chat Completions, as spoken by OpenAI and the compatible servers people run (Ollama's
//! `/v1`, llama.cpp server, vLLM, OpenRouter, Groq, Mistral, DeepSeek).
//!
//! Decoding is lenient about what it does not need (unknown fields are ignored, missing ones
//! default) and strict about what it does (a chunk that is not JSON is an error, not a silently
//! dropped token).

use super::{ChatMessage, ProviderError, StreamDelta, TokenUsage};
use crate::provider_settings::ProviderSettings;
use crate::transport::{HttpMethod, HttpRequest};
use serde::Deserialize;
use serde_json::json;

/// Builds a streaming `POST {base_url}/chat/completions`.
pub fn build_chat_request(
    settings: &ProviderSettings,
    messages: &[ChatMessage],
    stream: bool,
) -> Result<HttpRequest, ProviderError> {
    settings.validate()?;
    let messages: Vec<serde_json::Value> = messages
        .iter()
        .map(|m| json!({ "role": m.role, "content": m.content }))
        .collect();
    let body = json!({
        "model": settings.model.trim(),
        "messages": messages,
        "stream": stream,
    });
    let mut headers = vec![("Content-Type".to_owned(), "application/json".to_owned())];
    if stream {
        headers.push(("Accept".to_owned(), "text/event-stream".to_owned()));
    }
    let key = settings.api_key.trim();
    if !key.is_empty() {
        headers.push(("Authorization".to_owned(), format!("Bearer {key}")));
    }
    Ok(HttpRequest {
        method: HttpMethod::Post,
        url: settings.endpoint("chat/completions"),
        headers,
        body: Some(body.to_string()),
    })
}

#[derive(Deserialize)]
struct Chunk {
    #[serde(default)]
    model: Option<String>,
    #[serde(default)]
    choices: Vec<Choice>,
    #[serde(default)]
    usage: Option<Usage>,
    #[serde(default)]
    error: Option<serde_json::Value>,
}

#[derive(Deserialize)]
struct Choice {
    #[serde(default)]
    delta: Option<Delta>,
    /// Non-streaming responses carry `message` instead of `delta`.
    #[serde(default)]
    message: Option<Delta>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
struct Delta {
    #[serde(default)]
    content: Option<String>,
    /// DeepSeek and vLLM name it `reasoning_content`; OpenRouter and Ollama `reasoning`.
    #[serde(default, alias = "reasoning")]
    reasoning_content: Option<String>,
}

#[derive(Deserialize)]
struct Usage {
    #[serde(default)]
    prompt_tokens: u64,
    #[serde(default)]
    completion_tokens: u64,
}

/// Decodes the `data` of one SSE event of a streaming response.
pub fn decode_stream_data(data: &str) -> Result<Vec<StreamDelta>, ProviderError> {
    if data.trim() == "[DONE]" {
        return Ok(vec![StreamDelta::Done]);
    }
    let chunk: Chunk = serde_json::from_str(data)
        .map_err(|e| ProviderError::Decode(format!("{e} in stream chunk")))?;
    chunk_deltas(chunk)
}

/// Decodes a complete non-streaming response body.
pub fn decode_completion(body: &[u8]) -> Result<Vec<StreamDelta>, ProviderError> {
    let chunk: Chunk = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in completion response")))?;
    let mut deltas = chunk_deltas(chunk)?;
    deltas.push(StreamDelta::Done);
    Ok(deltas)
}

fn chunk_deltas(chunk: Chunk) -> Result<Vec<StreamDelta>, ProviderError> {
    if let Some(error) = chunk.error {
        let message = error
            .get("message")
            .and_then(|m| m.as_str())
            .map(str::to_owned)
            .unwrap_or_else(|| error.to_string());
        return Err(ProviderError::Stream(super::truncate_chars(&message, 500)));
    }
    let mut deltas = Vec::new();
    if let Some(model) = chunk.model.filter(|m| !m.is_empty()) {
        deltas.push(StreamDelta::Model(model));
    }
    // Skein asks for one choice (`n` is never set), so only the first is read.
    if let Some(choice) = chunk.choices.into_iter().next() {
        if let Some(delta) = choice.delta.or(choice.message) {
            if let Some(reasoning) = delta.reasoning_content.filter(|r| !r.is_empty()) {
                deltas.push(StreamDelta::Reasoning(reasoning));
            }
            if let Some(content) = delta.content.filter(|c| !c.is_empty()) {
                deltas.push(StreamDelta::Content(content));
            }
        }
        if let Some(reason) = choice.finish_reason {
            deltas.push(StreamDelta::Finish(reason));
        }
    }
    if let Some(usage) = chunk.usage {
        deltas.push(StreamDelta::Usage(TokenUsage {
            prompt_tokens: usage.prompt_tokens,
            completion_tokens: usage.completion_tokens,
        }));
    }
    Ok(deltas)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sse::SseDecoder;
    use crate::Role;

    fn settings(key: &str) -> ProviderSettings {
        ProviderSettings {
            base_url: "http://127.0.0.1:11434/v1/".into(),
            api_key: key.into(),
            model: " llama3.2 ".into(),
        }
    }

    #[test]
    fn request_has_model_messages_and_stream_flag() {
        let messages = [
            ChatMessage {
                role: Role::System,
                content: "Be brief.".into(),
            },
            ChatMessage {
                role: Role::User,
                content: "Hi \"there\"".into(),
            },
        ];
        let request = build_chat_request(&settings(""), &messages, true).unwrap();
        assert_eq!(request.url, "http://127.0.0.1:11434/v1/chat/completions");
        assert_eq!(request.method, HttpMethod::Post);
        assert_eq!(request.header("authorization"), None);
        assert_eq!(request.header("accept"), Some("text/event-stream"));
        let body: serde_json::Value =
            serde_json::from_str(request.body.as_deref().unwrap()).unwrap();
        assert_eq!(
            body,
            json!({
                "model": "llama3.2",
                "stream": true,
                "messages": [
                    {"role": "system", "content": "Be brief."},
                    {"role": "user", "content": "Hi \"there\""},
                ],
            })
        );
    }

    #[test]
    fn request_carries_the_key_as_bearer() {
        let request = build_chat_request(&settings(" sk-1 "), &[], false).unwrap();
        assert_eq!(request.header("Authorization"), Some("Bearer sk-1"));
        assert_eq!(request.header("accept"), None);
    }

    #[test]
    fn request_with_bad_settings_is_refused_before_sending() {
        let mut bad = settings("");
        bad.base_url = "localhost:11434".into();
        assert!(matches!(
            build_chat_request(&bad, &[], true),
            Err(ProviderError::Settings(_))
        ));
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
        assert!(deltas.contains(&StreamDelta::Usage(TokenUsage {
            prompt_tokens: 9,
            completion_tokens: 5
        })));
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
            Err(ProviderError::Decode(_))
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
                StreamDelta::Usage(TokenUsage {
                    prompt_tokens: 3,
                    completion_tokens: 4
                }),
                StreamDelta::Done,
            ]
        );
    }
}
