//! The wire formats the mock speaks: OpenAI Chat Completions, Anthropic Messages and Google
//! Gemini, each with its own streaming frames and error bodies.

use axum::body::Bytes;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::{json, Value};

use crate::{ScriptedUsage, Stop};

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    OpenAi,
    Anthropic,
    Gemini,
}

/// One piece of a streamed answer.
pub enum Frame {
    Start,
    Text(String),
    /// A tool call: name and (untrusted, possibly malformed) arguments. OpenAI dialect only;
    /// the others send it as text saying so.
    ToolCall(String, String),
    /// How far the prompt has been read (llama.cpp); nothing in the other dialects.
    PromptProgress(u64, u64),
    /// The end, with the token counts to report (the mock's own 1 and 1 where it always
    /// reported them, nothing for OpenAI, when none are scripted).
    End(Option<ScriptedUsage>, Stop),
    /// The end of an answer that called a tool.
    EndWithToolCalls,
}

fn sse(event: Option<&str>, data: &Value) -> Bytes {
    match event {
        Some(name) => Bytes::from(format!("event: {name}\ndata: {data}\n\n")),
        None => Bytes::from(format!("data: {data}\n\n")),
    }
}

fn openai_chunk(delta: Value, finish_reason: Option<&str>, model: &str) -> Value {
    json!({
        "id": "chatcmpl-mock",
        "object": "chat.completion.chunk",
        "model": model,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    })
}

impl Dialect {
    /// The text of the request's last user turn (for the echo).
    pub fn last_user_text(self, request: &Value) -> String {
        let (turns, role) = match self {
            Self::OpenAi | Self::Anthropic => (&request["messages"], "user"),
            Self::Gemini => (&request["contents"], "user"),
        };
        let Some(turn) = turns
            .as_array()
            .and_then(|t| t.iter().rev().find(|m| m["role"] == role))
        else {
            return String::new();
        };
        let content = match self {
            Self::Gemini => &turn["parts"],
            _ => &turn["content"],
        };
        match content {
            Value::String(text) => text.clone(),
            Value::Array(blocks) => blocks
                .iter()
                .filter_map(|b| b["text"].as_str())
                .collect::<Vec<_>>()
                .join(""),
            _ => String::new(),
        }
    }

    /// An HTTP error in the provider's own error format.
    pub fn error(self, status: StatusCode, message: &str) -> Response {
        let body = match self {
            Self::OpenAi => json!({"error": {"message": message, "type": "mock_error"}}),
            Self::Anthropic => {
                json!({"type": "error", "error": {"type": "mock_error", "message": message}})
            }
            Self::Gemini => json!({"error": {"code": status.as_u16(), "message": message,
                                             "status": "MOCK_ERROR"}}),
        };
        (status, Json(body)).into_response()
    }

    /// A whole (non-streaming) answer.
    pub fn complete(self, text: &str, model: &str) -> Response {
        let body = match self {
            Self::OpenAi => json!({
                "id": "chatcmpl-mock",
                "object": "chat.completion",
                "model": model,
                "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                             "finish_reason": "stop"}],
            }),
            Self::Anthropic => json!({
                "id": "msg_mock", "type": "message", "role": "assistant", "model": model,
                "content": [{"type": "text", "text": text}],
                "stop_reason": "end_turn",
                "usage": {"input_tokens": 1, "output_tokens": 1},
            }),
            Self::Gemini => json!({
                "candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                                "finishReason": "STOP", "index": 0}],
                "modelVersion": model,
            }),
        };
        Json(body).into_response()
    }

    /// The bytes of one streamed piece, as written by `model` (the one the request named).
    pub fn frame(self, frame: Frame, model: &str) -> Vec<Bytes> {
        match (self, frame) {
            (Self::OpenAi, Frame::ToolCall(name, arguments)) => vec![sse(
                None,
                &openai_chunk(
                    json!({"tool_calls": [{"index": 0, "id": "call_mock", "type": "function",
                        "function": {"name": name, "arguments": arguments}}]}),
                    None,
                    model,
                ),
            )],
            (Self::OpenAi, Frame::EndWithToolCalls) => vec![
                sse(None, &openai_chunk(json!({}), Some("tool_calls"), model)),
                Bytes::from_static(b"data: [DONE]\n\n"),
            ],
            (dialect, Frame::ToolCall(name, _)) => dialect.frame(
                Frame::Text(format!(
                    "[the mock calls tools only in the OpenAI dialect: {name}]"
                )),
                model,
            ),
            (dialect, Frame::EndWithToolCalls) => {
                dialect.frame(Frame::End(None, Stop::Done), model)
            }
            (Self::OpenAi, Frame::PromptProgress(processed, total)) => vec![sse(
                None,
                &json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk", "model": model,
                    "choices": [], "prompt_progress": {"total": total, "cache": 0,
                    "processed": processed, "time_ms": 0}}),
            )],
            (_, Frame::PromptProgress(..)) => Vec::new(),
            (Self::OpenAi, Frame::Start) => vec![sse(
                None,
                &openai_chunk(json!({"role": "assistant", "content": ""}), None, model),
            )],
            (Self::OpenAi, Frame::Text(text)) => {
                vec![sse(
                    None,
                    &openai_chunk(json!({"content": text}), None, model),
                )]
            }
            (Self::OpenAi, Frame::End(usage, stop)) => {
                let reason = match stop {
                    Stop::Done => "stop",
                    Stop::Length => "length",
                    Stop::Filtered => "content_filter",
                };
                let mut frames = vec![sse(None, &openai_chunk(json!({}), Some(reason), model))];
                if let Some(u) = usage {
                    frames.push(sse(
                        None,
                        &json!({"id": "chatcmpl-mock", "object": "chat.completion.chunk",
                            "model": model, "choices": [],
                            "usage": {"prompt_tokens": u.prompt_tokens,
                                "completion_tokens": u.completion_tokens,
                                "total_tokens": u.prompt_tokens + u.completion_tokens,
                                "prompt_tokens_details": {"cached_tokens": u.cached_tokens},
                                "completion_tokens_details": {"reasoning_tokens": u.reasoning_tokens}}}),
                    ));
                }
                frames.push(Bytes::from_static(b"data: [DONE]\n\n"));
                frames
            }
            (Self::Anthropic, Frame::Start) => vec![
                sse(
                    Some("message_start"),
                    &json!({"type": "message_start", "message": {"id": "msg_mock",
                        "type": "message", "role": "assistant", "content": [],
                        "model": model, "usage": {"input_tokens": 1, "output_tokens": 1}}}),
                ),
                sse(
                    Some("content_block_start"),
                    &json!({"type": "content_block_start", "index": 0,
                        "content_block": {"type": "text", "text": ""}}),
                ),
            ],
            (Self::Anthropic, Frame::Text(text)) => vec![sse(
                Some("content_block_delta"),
                &json!({"type": "content_block_delta", "index": 0,
                    "delta": {"type": "text_delta", "text": text}}),
            )],
            (Self::Anthropic, Frame::End(usage, stop)) => vec![
                sse(
                    Some("content_block_stop"),
                    &json!({"type": "content_block_stop", "index": 0}),
                ),
                sse(
                    Some("message_delta"),
                    &json!({"type": "message_delta", "delta": {"stop_reason": match stop {
                            Stop::Done => "end_turn",
                            Stop::Length => "max_tokens",
                            Stop::Filtered => "refusal",
                        }},
                        "usage": usage.map_or(json!({"output_tokens": 1}), |u| json!({
                            "input_tokens": u.prompt_tokens, "output_tokens": u.completion_tokens,
                            "cache_read_input_tokens": u.cached_tokens}))}),
                ),
                sse(Some("message_stop"), &json!({"type": "message_stop"})),
            ],
            (Self::Gemini, Frame::Start) => Vec::new(),
            (Self::Gemini, Frame::Text(text)) => vec![sse(
                None,
                &json!({"candidates": [{"content": {"role": "model", "parts": [{"text": text}]},
                    "index": 0}], "modelVersion": model}),
            )],
            (Self::Gemini, Frame::End(usage, stop)) => vec![sse(
                None,
                &json!({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]},
                    "finishReason": if stop == Stop::Length { "MAX_TOKENS" } else { "STOP" },
                    "index": 0}],
                    "usageMetadata": usage.map_or(
                        json!({"promptTokenCount": 1, "candidatesTokenCount": 1}),
                        |u| json!({"promptTokenCount": u.prompt_tokens,
                            "candidatesTokenCount": u.completion_tokens - u.reasoning_tokens.min(u.completion_tokens),
                            "thoughtsTokenCount": u.reasoning_tokens,
                            "cachedContentTokenCount": u.cached_tokens})),
                    "modelVersion": model}),
            )],
        }
    }
}
