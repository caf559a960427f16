//! The engine's stream deltas, whichever protocol they came from, written in OpenAI's shapes:
//! `chat.completion.chunk` objects while streaming, one `chat.completion` at the end.
//!
//! Chunks follow OpenAI's order: the first delta carries `role: "assistant"`; text, reasoning
//! (`reasoning_content`, as OpenAI-compatible reasoning servers name it) and tool-call pieces
//! follow as they arrive; the finish reason comes in a chunk of its own at the end, in OpenAI's
//! vocabulary (`stop`, `length`, `tool_calls`, `content_filter`), and with `include_usage` a last
//! chunk has no choices and the token usage.

use crate::provider::{StopKind, StreamDelta, TokenUsage};
use serde_json::{json, Value};

/// One tool call gathered from its pieces.
#[derive(Debug, Clone, Default)]
struct ToolCall {
    id: String,
    name: String,
    arguments: String,
}

/// Turns the deltas of one answer into chunks and, at the end, a completion.
#[derive(Debug, Clone)]
pub struct ResponseWriter {
    id: String,
    created: u64,
    model: String,
    content: String,
    reasoning: String,
    tool_calls: Vec<(u32, ToolCall)>,
    finish: Option<String>,
    usage: Option<TokenUsage>,
    started: bool,
}

impl ResponseWriter {
    /// `id` names the response (`chatcmpl-…`), `created` is in seconds since the epoch, `model`
    /// is the model asked for until the provider names the one answering.
    pub fn new(id: impl Into<String>, created: u64, model: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            created,
            model: model.into(),
            content: String::new(),
            reasoning: String::new(),
            tool_calls: Vec::new(),
            finish: None,
            usage: None,
            started: false,
        }
    }

    /// Takes one delta; the chunk to stream for it, if it shows something.
    pub fn apply(&mut self, delta: StreamDelta) -> Option<Value> {
        let mut out = serde_json::Map::new();
        match delta {
            StreamDelta::Content(text) if !text.is_empty() => {
                self.content.push_str(&text);
                out.insert("content".into(), Value::String(text));
            }
            StreamDelta::Reasoning(text) if !text.is_empty() => {
                self.reasoning.push_str(&text);
                out.insert("reasoning_content".into(), Value::String(text));
            }
            StreamDelta::ToolCall {
                index,
                id,
                name,
                arguments,
            } => {
                let position = match self.tool_calls.iter().position(|(i, _)| *i == index) {
                    Some(position) => position,
                    None => {
                        self.tool_calls.push((index, ToolCall::default()));
                        self.tool_calls.len() - 1
                    }
                };
                let call = &mut self.tool_calls[position].1;
                let mut piece = serde_json::Map::new();
                // OpenAI numbers the calls of one answer from 0.
                piece.insert("index".into(), json!(position));
                if let Some(id) = id {
                    call.id = id.clone();
                    piece.insert("id".into(), Value::String(id));
                    piece.insert("type".into(), json!("function"));
                }
                let mut function = serde_json::Map::new();
                if let Some(name) = name {
                    call.name.push_str(&name);
                    function.insert("name".into(), Value::String(name));
                }
                call.arguments.push_str(&arguments);
                function.insert("arguments".into(), Value::String(arguments));
                piece.insert("function".into(), Value::Object(function));
                out.insert("tool_calls".into(), json!([piece]));
            }
            StreamDelta::Model(model) if !model.is_empty() => self.model = model,
            StreamDelta::Finish(reason) => self.finish = Some(reason),
            StreamDelta::Usage(usage) => self.usage = Some(usage),
            _ => {}
        }
        if out.is_empty() {
            return None;
        }
        if !self.started {
            self.started = true;
            out.insert("role".into(), json!("assistant"));
        }
        Some(self.chunk(json!([{
            "index": 0, "delta": out, "logprobs": null, "finish_reason": null
        }])))
    }

    /// The chunks that end the stream: the finish reason, then (with `include_usage`) the usage.
    pub fn finish_chunks(&mut self, include_usage: bool) -> Vec<Value> {
        let mut delta = serde_json::Map::new();
        if !self.started {
            self.started = true;
            delta.insert("role".into(), json!("assistant"));
            delta.insert("content".into(), json!(""));
        }
        let mut chunks = vec![self.chunk(json!([{
            "index": 0, "delta": delta, "logprobs": null, "finish_reason": self.finish_reason()
        }]))];
        if include_usage {
            let mut last = self.chunk(json!([]));
            last["usage"] = self.usage_json();
            chunks.push(last);
        }
        chunks
    }

    /// The whole answer as one `chat.completion`.
    pub fn completion(&self) -> Value {
        let mut message = serde_json::Map::new();
        message.insert("role".into(), json!("assistant"));
        let no_text = self.content.is_empty() && !self.tool_calls.is_empty();
        message.insert(
            "content".into(),
            if no_text {
                Value::Null
            } else {
                json!(self.content)
            },
        );
        message.insert("refusal".into(), Value::Null);
        if !self.reasoning.is_empty() {
            message.insert("reasoning_content".into(), json!(self.reasoning));
        }
        if !self.tool_calls.is_empty() {
            let calls: Vec<Value> = self
                .tool_calls
                .iter()
                .map(|(_, call)| {
                    json!({
                        "id": call.id, "type": "function",
                        "function": { "name": call.name, "arguments": call.arguments }
                    })
                })
                .collect();
            message.insert("tool_calls".into(), Value::Array(calls));
        }
        let mut completion = json!({
            "id": self.id,
            "object": "chat.completion",
            "created": self.created,
            "model": self.model,
            "choices": [{
                "index": 0, "message": message, "logprobs": null,
                "finish_reason": self.finish_reason()
            }],
        });
        // OpenAI's `usage` is optional, never null: left out when the provider reported none.
        if self.usage.is_some() {
            completion["usage"] = self.usage_json();
        }
        completion
    }

    /// The provider's finish reason in OpenAI's words. A provider that calls tools and says
    /// only that it stopped (Gemini) finished with `tool_calls`.
    fn finish_reason(&self) -> &'static str {
        let said = self.finish.as_deref().unwrap_or_default();
        let reason = match StopKind::of(said) {
            StopKind::Length => "length",
            StopKind::Filtered => "content_filter",
            StopKind::Done
                if matches!(
                    said.to_ascii_lowercase().as_str(),
                    "tool_calls" | "tool_use" | "function_call"
                ) =>
            {
                "tool_calls"
            }
            StopKind::Done => "stop",
        };
        if reason == "stop" && !self.tool_calls.is_empty() {
            "tool_calls"
        } else {
            reason
        }
    }

    fn usage_json(&self) -> Value {
        self.usage.map_or(Value::Null, |u| {
            json!({
                "prompt_tokens": u.prompt_tokens,
                "completion_tokens": u.completion_tokens,
                "total_tokens": u.prompt_tokens.saturating_add(u.completion_tokens),
            })
        })
    }

    fn chunk(&self, choices: Value) -> Value {
        json!({
            "id": self.id,
            "object": "chat.completion.chunk",
            "created": self.created,
            "model": self.model,
            "choices": choices,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn writer() -> ResponseWriter {
        ResponseWriter::new("chatcmpl-1", 1_700_000_000, "asked")
    }

    #[test]
    fn text_streams_as_openai_chunks_then_a_finish_and_a_usage_chunk() {
        let mut w = writer();
        assert_eq!(w.apply(StreamDelta::Model("served".into())), None);
        let first = w.apply(StreamDelta::Content("Hel".into())).unwrap();
        assert_eq!(first["object"], "chat.completion.chunk");
        assert_eq!(first["id"], "chatcmpl-1");
        assert_eq!(first["model"], "served");
        assert_eq!(
            first["choices"][0]["delta"],
            json!({ "role": "assistant", "content": "Hel" })
        );
        assert_eq!(first["choices"][0]["finish_reason"], Value::Null);
        let second = w.apply(StreamDelta::Content("lo".into())).unwrap();
        assert_eq!(second["choices"][0]["delta"], json!({ "content": "lo" }));
        assert_eq!(w.apply(StreamDelta::Finish("end_turn".into())), None);
        assert_eq!(
            w.apply(StreamDelta::Usage(TokenUsage::reported(3, 2))),
            None
        );
        let end = w.finish_chunks(true);
        assert_eq!(end[0]["choices"][0]["delta"], json!({}));
        assert_eq!(end[0]["choices"][0]["finish_reason"], "stop");
        assert_eq!(end[1]["choices"], json!([]));
        assert_eq!(
            end[1]["usage"],
            json!({ "prompt_tokens": 3, "completion_tokens": 2, "total_tokens": 5 })
        );
        let done = w.completion();
        assert_eq!(done["object"], "chat.completion");
        assert_eq!(done["choices"][0]["message"]["content"], "Hello");
        assert_eq!(done["choices"][0]["finish_reason"], "stop");
        assert_eq!(done["usage"]["total_tokens"], 5);
        assert_eq!(writer().finish_chunks(false).len(), 1);
    }

    #[test]
    fn tool_calls_are_numbered_from_zero_gathered_and_finish_with_tool_calls() {
        let mut w = writer();
        let piece =
            |index, id: Option<&str>, name: Option<&str>, args: &str| StreamDelta::ToolCall {
                index,
                id: id.map(Into::into),
                name: name.map(Into::into),
                arguments: args.into(),
            };
        let first = w
            .apply(piece(3, Some("call_a"), Some("look"), "{\"x\""))
            .unwrap();
        assert_eq!(
            first["choices"][0]["delta"]["tool_calls"],
            json!([{ "index": 0, "id": "call_a", "type": "function", "function": { "name": "look", "arguments": "{\"x\"" } }])
        );
        let more = w.apply(piece(3, None, None, ":1}")).unwrap();
        assert_eq!(
            more["choices"][0]["delta"]["tool_calls"][0],
            json!({ "index": 0, "function": { "arguments": ":1}" } })
        );
        w.apply(piece(4, Some("call_b"), Some("find"), "{}"));
        w.apply(StreamDelta::Finish("STOP".into()));
        let done = w.completion();
        let message = &done["choices"][0]["message"];
        assert_eq!(message["content"], Value::Null);
        assert_eq!(
            message["tool_calls"][0]["function"]["arguments"],
            "{\"x\":1}"
        );
        assert_eq!(message["tool_calls"][1]["id"], "call_b");
        assert_eq!(done["choices"][0]["finish_reason"], "tool_calls");
    }

    #[test]
    fn reasoning_and_finish_reasons_use_openai_words() {
        let mut w = writer();
        let chunk = w.apply(StreamDelta::Reasoning("hmm".into())).unwrap();
        assert_eq!(chunk["choices"][0]["delta"]["reasoning_content"], "hmm");
        assert_eq!(
            w.completion()["choices"][0]["message"]["reasoning_content"],
            "hmm"
        );
        for (raw, openai) in [
            ("MAX_TOKENS", "length"),
            ("max_tokens", "length"),
            ("SAFETY", "content_filter"),
            ("tool_use", "tool_calls"),
            ("stop_sequence", "stop"),
        ] {
            let mut w = writer();
            w.apply(StreamDelta::Finish(raw.into()));
            assert_eq!(
                w.completion()["choices"][0]["finish_reason"],
                openai,
                "{raw}"
            );
        }
        // An answer with nothing in it still streams a role and ends.
        let end = writer().finish_chunks(false);
        assert_eq!(
            end[0]["choices"][0]["delta"],
            json!({ "role": "assistant", "content": "" })
        );
    }
}
