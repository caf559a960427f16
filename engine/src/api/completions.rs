//! One OpenAI-shaped chat completion, run end to end: the model routed to a provider, the
//! request checked, the answer streamed through the app's [`ProviderClient`] (fallbacks,
//! retries, limits), each delta written as a chunk, and how it ended turned into the completion
//! or an [`ApiError`]. Also the models list in OpenAI's shape.
//!
//! The provider is always asked to stream, also for `stream: false`: a long answer then keeps
//! the first-token and idle timeouts, and the caller gets the same completion either way.

use super::providers::Providers;
use super::request::CompletionRequest;
use super::response::ResponseWriter;
use super::ApiError;
use crate::domain::failure::FailureKind;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::Transport;
use crate::provider::client::{CallEnd, DeltaSink};
use crate::provider::{ChatRequest, ProviderClient, StreamDelta, TokenUsage};
use serde_json::{json, Value};
use std::cell::RefCell;

/// Where a streamed completion goes as it arrives.
pub trait ChunkSink {
    /// One `chat.completion.chunk`.
    fn chunk(&mut self, chunk: Value);
    /// Something that does not stop the answer (a retry after a wait, a fallback provider).
    fn warn(&mut self, message: String);
}

/// Runs `request`: with `request.stream` every chunk goes to `out` as it arrives; either way
/// the whole answer comes back as a `chat.completion`. `id` names the response.
pub async fn create<T: Transport, C: Clock>(
    client: &ProviderClient<T, C>,
    providers: &Providers,
    request: &CompletionRequest,
    id: &str,
    cancel: &CancelToken,
    out: &mut impl ChunkSink,
) -> Result<Value, ApiError> {
    let settings = providers.route(&request.model)?;
    let chat = ChatRequest {
        messages: &request.messages,
        tools: &request.tools,
        params: request.params,
        stream: true,
    };
    crate::provider::validation::validate(&chat)?;
    let created = (client.clock().now_ms() / 1_000.0).max(0.0);
    // Whole seconds since the epoch, as OpenAI's `created`.
    #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
    let created = created as u64;
    let mut sink = Sink {
        writer: ResponseWriter::new(id, created, settings.model_name()),
        clock: client.clock(),
        stream: request.stream,
        out: RefCell::new(out),
        received: 0,
        first_received_ms: None,
        finished: false,
        usage: None,
    };
    let mut reports = Vec::new();
    let end = client
        .stream(&settings, &chat, cancel, &mut sink, &mut reports)
        .await;
    match end {
        CallEnd::Finished => {
            if sink.stream {
                for chunk in sink.writer.finish_chunks(request.include_usage) {
                    sink.out.get_mut().chunk(chunk);
                }
            }
            Ok(sink.writer.completion())
        }
        CallEnd::Cancelled => Err(ApiError::aborted()),
        CallEnd::Truncated => Err(ApiError::failed(
            "The answer stopped arriving before the provider finished it; what arrived was \
             delivered."
                .into(),
            FailureKind::Network,
            None,
            None,
        )),
        CallEnd::Broken(message, kind) => {
            Err(ApiError::failed(message.to_string(), kind, None, None))
        }
        CallEnd::Failed(failure) => Err(ApiError::failed(
            failure.message.to_string(),
            failure.kind,
            failure.status,
            failure.retry_after_ms,
        )),
    }
}

/// The models of provider `id` (the first when `None`) as OpenAI's list.
pub async fn list_models<T: Transport, C: Clock>(
    client: &ProviderClient<T, C>,
    providers: &Providers,
    id: Option<&str>,
    cancel: &CancelToken,
) -> Result<Value, ApiError> {
    let settings = providers.provider(id)?;
    let owner = id.map_or_else(
        || providers.ids().next().unwrap_or_default().to_owned(),
        str::to_owned,
    );
    let models = client.list_models(settings, cancel).await?;
    let data: Vec<Value> = models
        .into_iter()
        .map(|m| {
            json!({
                "id": m.id, "object": "model", "created": 0, "owned_by": owner,
                "display_name": m.display_name, "context_window": m.context_window,
            })
        })
        .collect();
    Ok(json!({ "object": "list", "data": data }))
}

/// The client streams into this: each delta becomes a chunk (sent on when streaming).
struct Sink<'a, C, O> {
    writer: ResponseWriter,
    clock: &'a C,
    stream: bool,
    /// Shared because the client warns through `&self`.
    out: RefCell<&'a mut O>,
    received: usize,
    first_received_ms: Option<f64>,
    finished: bool,
    usage: Option<TokenUsage>,
}

impl<C: Clock, O: ChunkSink> DeltaSink for Sink<'_, C, O> {
    async fn apply(&mut self, delta: StreamDelta) -> bool {
        match &delta {
            StreamDelta::Content(_) | StreamDelta::Reasoning(_) | StreamDelta::ToolCall { .. } => {
                self.received += 1;
                self.first_received_ms
                    .get_or_insert_with(|| self.clock.now_ms());
            }
            StreamDelta::Finish(_) => self.finished = true,
            StreamDelta::Usage(usage) => self.usage = Some(*usage),
            StreamDelta::Done => {
                self.finished = true;
                return true;
            }
            _ => {}
        }
        if let Some(chunk) = self.writer.apply(delta) {
            if self.stream {
                self.out.get_mut().chunk(chunk);
            }
        }
        false
    }

    fn received(&self) -> usize {
        self.received
    }

    fn first_received_ms(&self) -> Option<f64> {
        self.first_received_ms
    }

    fn provider_finished(&self) -> bool {
        self.finished
    }

    fn step_usage(&self) -> Option<TokenUsage> {
        self.usage
    }

    fn flush_chunk(&mut self) {}

    fn warn(&self, message: crate::i18n::Cause) {
        self.out.borrow_mut().warn(message.to_string());
    }

    fn wait_notice(&mut self, message: crate::i18n::Cause) {
        self.warn(message);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::api::providers::Providers;
    use crate::test_fixtures::*;
    use futures_executor::block_on;
    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    #[derive(Default)]
    struct Collected {
        chunks: Vec<Value>,
        warnings: Vec<String>,
    }

    impl ChunkSink for Collected {
        fn chunk(&mut self, chunk: Value) {
            self.chunks.push(chunk);
        }
        fn warn(&mut self, message: String) {
            self.warnings.push(message);
        }
    }

    fn client(scripts: Vec<Script>) -> ProviderClient<ScriptedTransport, ManualClock> {
        ProviderClient::new(
            ScriptedTransport::new(scripts),
            ManualClock {
                now: Rc::new(Cell::new(1_700_000_000_000.0)),
                step_ms: Cell::new(10.0),
                timers_fire: Cell::new(true),
                sleeps: RefCell::default(),
            },
        )
    }

    fn providers() -> Providers {
        Providers::from_json(&json!([
            { "id": "local", "protocol": "openai", "baseUrl": "http://127.0.0.1:9/v1", "model": "mock-model" }
        ]))
        .unwrap()
    }

    fn run(
        client: &ProviderClient<ScriptedTransport, ManualClock>,
        request: Value,
    ) -> (Result<Value, ApiError>, Collected) {
        let request = CompletionRequest::from_json(&request).unwrap();
        let mut out = Collected::default();
        let result = block_on(create(
            client,
            &providers(),
            &request,
            "chatcmpl-t",
            &CancelToken::new(),
            &mut out,
        ));
        (result, out)
    }

    #[test]
    fn a_streamed_request_sends_chunks_and_returns_the_same_answer_whole() {
        let client = client(vec![sse(
            200,
            &content_chunks(&["Hi ", "there."], true),
            32,
        )]);
        let (result, out) = run(
            &client,
            json!({ "model": "local/mock-model", "stream": true, "stream_options": { "include_usage": true },
                    "messages": [{ "role": "user", "content": "Hello" }] }),
        );
        let completion = result.unwrap();
        assert_eq!(completion["choices"][0]["message"]["content"], "Hi there.");
        assert_eq!(completion["created"], 1_700_000_000);
        let texts: Vec<&str> = out
            .chunks
            .iter()
            .filter_map(|c| c["choices"][0]["delta"]["content"].as_str())
            .collect();
        assert_eq!(texts, ["Hi ", "there."]);
        assert_eq!(
            out.chunks[out.chunks.len() - 2]["choices"][0]["finish_reason"],
            "stop"
        );
        assert_eq!(out.chunks.last().unwrap()["choices"], json!([]));
        let sent = client.transport().requests.borrow()[0].clone();
        let body: Value = serde_json::from_str(sent.body.as_deref().unwrap()).unwrap();
        assert_eq!(
            body["model"], "mock-model",
            "the provider id prefix is not sent"
        );
        assert_eq!(body["stream"], true);
    }

    #[test]
    fn a_request_without_stream_sends_no_chunks() {
        let client = client(vec![answer("Whole.")]);
        let (result, out) = run(
            &client,
            json!({ "messages": [{ "role": "user", "content": "Hi" }] }),
        );
        assert_eq!(
            result.unwrap()["choices"][0]["message"]["content"],
            "Whole."
        );
        assert!(out.chunks.is_empty());
    }

    #[test]
    fn a_refused_request_is_a_typed_error_with_status_and_retry_after_and_retries_are_warned() {
        let limited = || Script::WithHeaders {
            headers: vec![("retry-after", "30")],
            then: Box::new(json_response(429, r#"{"error":{"message":"slow down"}}"#)),
        };
        // Three attempts, each refused: the error says what the provider said.
        let client = client(vec![limited(), limited(), limited()]);
        let (result, out) = run(
            &client,
            json!({ "messages": [{ "role": "user", "content": "Hi" }] }),
        );
        let error = result.unwrap_err();
        assert_eq!(error.kind, "rate_limit");
        assert_eq!(error.status, Some(429));
        assert_eq!(error.retry_after_ms, Some(30_000.0));
        assert!(error.message.contains("slow down"), "{}", error.message);
        assert_eq!(out.warnings.len(), 2, "{:?}", out.warnings);

        let client = super::tests::client(vec![json_response(
            401,
            r#"{"error":{"message":"bad key"}}"#,
        )]);
        let (result, _) = run(
            &client,
            json!({ "messages": [{ "role": "user", "content": "Hi" }] }),
        );
        let error = result.unwrap_err();
        assert_eq!(
            (error.kind.as_str(), error.status),
            ("authentication", Some(401))
        );
    }

    #[test]
    fn an_invalid_conversation_fails_before_anything_is_sent() {
        let client = client(vec![]);
        let (result, _) = run(
            &client,
            json!({ "messages": [{ "role": "system", "content": "Only rules" }] }),
        );
        let error = result.unwrap_err();
        assert_eq!(error.kind, "invalid_request");
        assert!(error.message.starts_with("messages:"), "{}", error.message);
        assert!(client.transport().requests.borrow().is_empty());
    }

    #[test]
    fn a_cancelled_request_is_aborted() {
        let client = client(vec![answer("never read")]);
        let request = CompletionRequest::from_json(
            &json!({ "messages": [{ "role": "user", "content": "Hi" }] }),
        )
        .unwrap();
        let cancel = CancelToken::new();
        cancel.cancel();
        let result = block_on(create(
            &client,
            &providers(),
            &request,
            "x",
            &cancel,
            &mut Collected::default(),
        ));
        assert_eq!(result.unwrap_err().kind, "aborted");
    }

    #[test]
    fn the_models_list_is_openais_shape() {
        let client = client(vec![json_response(
            200,
            r#"{"data":[{"id":"b"},{"id":"a"}]}"#,
        )]);
        let list = block_on(list_models(
            &client,
            &providers(),
            None,
            &CancelToken::new(),
        ))
        .unwrap();
        assert_eq!(list["object"], "list");
        assert_eq!(list["data"][0]["id"], "a");
        assert_eq!(list["data"][0]["object"], "model");
        assert_eq!(list["data"][0]["owned_by"], "local");
    }
}
