//! # TEST FIXTURE: the mock provider server
//!
//! A scriptable stand-in for an OpenAI-compatible LLM provider, used by Skein's browser and
//! end-to-end tests (and by `cargo xtask serve --mock` for local trials). It is not a provider and
//! never pretends to be one: every answer it gives was scripted by a test, or is an echo that
//! says it comes from the mock.
//!
//! ## Endpoints
//! - `POST /v1/chat/completions`: streaming (SSE, `data: [DONE]` at the end) and non-streaming.
//!   Answers with the next queued [`Script`], or, when none is queued, with an echo of the last
//!   user message.
//! - `GET /v1/models`: one model, `mock-model`.
//! - `POST /admin/script`: queue one [`Script`] or an array of them.
//! - `GET /admin/requests`: the JSON bodies of the chat requests received so far.
//! - `POST /admin/reset`: forget queued scripts and recorded requests.
//!
//! Every response carries permissive CORS headers, and `OPTIONS` preflights succeed, because the
//! callers are web pages on other origins.

use axum::body::{Body, Bytes};
use axum::extract::{Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::VecDeque;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The model name the mock reports.
pub const MOCK_MODEL: &str = "mock-model";

/// One scripted answer to the next chat request.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Script {
    /// Text pieces sent as successive content deltas.
    #[serde(default)]
    pub chunks: Vec<String>,
    /// Pause before each chunk, in milliseconds.
    #[serde(default)]
    pub delay_ms: u64,
    /// An HTTP error status to answer with instead of text (with `error_message`).
    #[serde(default)]
    pub status: Option<u16>,
    #[serde(default)]
    pub error_message: Option<String>,
    /// Which requests this answers: streaming ones (the default: answers), or, when `false`,
    /// non-streaming ones (titles, suggestions, summaries). A request with no script of its
    /// kind queued gets the echo, so scripted answers are never used up by side requests.
    #[serde(default = "streaming")]
    pub stream: bool,
}

fn streaming() -> bool {
    true
}

impl Default for Script {
    fn default() -> Self {
        Self {
            chunks: Vec::new(),
            delay_ms: 0,
            status: None,
            error_message: None,
            stream: true,
        }
    }
}

#[derive(Default)]
struct MockState {
    queue: VecDeque<Script>,
    requests: Vec<Value>,
}

#[derive(Clone, Default)]
pub struct Mock(Arc<Mutex<MockState>>);

impl Mock {
    fn with<R>(&self, f: impl FnOnce(&mut MockState) -> R) -> R {
        // A panic while holding the lock cannot leave the state half-updated in a way that
        // matters for a test fixture, so a poisoned lock is simply reused.
        let mut state = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        f(&mut state)
    }
}

pub fn router(mock: Mock) -> Router {
    Router::new()
        .route("/v1/chat/completions", post(chat_completions))
        .route("/v1/models", get(models))
        .route("/admin/script", post(queue_script))
        .route("/admin/requests", get(recorded_requests))
        .route("/admin/reset", post(reset))
        .layer(middleware::from_fn(cors))
        .with_state(mock)
}

/// Allows any origin. Allowed headers are reflected from the preflight, because the `*` wildcard
/// does not cover `Authorization` (the Fetch standard excludes it).
async fn cors(request: Request, next: Next) -> Response {
    let requested_headers = request
        .headers()
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("*"));
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        (header::ACCESS_CONTROL_ALLOW_METHODS, "GET, POST, OPTIONS"),
        (header::ACCESS_CONTROL_MAX_AGE, "600"),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested_headers);
    response
}

async fn models() -> Json<Value> {
    Json(json!({
        "object": "list",
        "data": [{"id": MOCK_MODEL, "object": "model", "owned_by": "skein-mock-provider"}],
    }))
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(Script),
    Many(Vec<Script>),
}

async fn queue_script(State(mock): State<Mock>, Json(scripts): Json<OneOrMany>) -> StatusCode {
    let scripts = match scripts {
        OneOrMany::One(script) => vec![script],
        OneOrMany::Many(scripts) => scripts,
    };
    mock.with(|s| s.queue.extend(scripts));
    StatusCode::NO_CONTENT
}

async fn recorded_requests(State(mock): State<Mock>) -> Json<Value> {
    Json(Value::Array(mock.with(|s| s.requests.clone())))
}

async fn reset(State(mock): State<Mock>) -> StatusCode {
    mock.with(|s| *s = MockState::default());
    StatusCode::NO_CONTENT
}

/// The default answer when nothing is scripted: it says it is the mock.
fn echo_script(request: &Value) -> Script {
    let last_user = request["messages"]
        .as_array()
        .and_then(|m| m.iter().rev().find(|m| m["role"] == "user"))
        .and_then(|m| m["content"].as_str())
        .unwrap_or("");
    let text = format!("(mock provider) You said: {last_user}");
    Script {
        chunks: text.split_inclusive(' ').map(str::to_owned).collect(),
        delay_ms: 40,
        ..Script::default()
    }
}

async fn chat_completions(State(mock): State<Mock>, body: Bytes) -> Response {
    let Ok(request) = serde_json::from_slice::<Value>(&body) else {
        return error_response(StatusCode::BAD_REQUEST, "request body is not JSON");
    };
    let wants_stream = request["stream"] == true;
    let script = mock.with(|s| {
        s.requests.push(request.clone());
        let at = s.queue.iter().position(|q| q.stream == wants_stream)?;
        s.queue.remove(at)
    });
    let script = script.unwrap_or_else(|| echo_script(&request));
    if let Some(status) = script.status {
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let message = script.error_message.as_deref().unwrap_or("scripted error");
        return error_response(status, message);
    }
    if request["stream"] == true {
        stream_response(script)
    } else {
        let text: String = script.chunks.concat();
        Json(json!({
            "id": "chatcmpl-mock",
            "object": "chat.completion",
            "model": MOCK_MODEL,
            "choices": [{"index": 0, "message": {"role": "assistant", "content": text},
                         "finish_reason": "stop"}],
        }))
        .into_response()
    }
}

fn error_response(status: StatusCode, message: &str) -> Response {
    (
        status,
        Json(json!({"error": {"message": message, "type": "mock_error"}})),
    )
        .into_response()
}

fn sse_data(value: &Value) -> Bytes {
    Bytes::from(format!("data: {value}\n\n"))
}

fn chunk(delta: Value, finish_reason: Option<&str>) -> Value {
    json!({
        "id": "chatcmpl-mock",
        "object": "chat.completion.chunk",
        "model": MOCK_MODEL,
        "choices": [{"index": 0, "delta": delta, "finish_reason": finish_reason}],
    })
}

fn stream_response(script: Script) -> Response {
    let delay = Duration::from_millis(script.delay_ms);
    let first = futures_util::stream::once(async {
        sse_data(&chunk(json!({"role": "assistant", "content": ""}), None))
    });
    let pieces = futures_util::stream::iter(script.chunks).then(move |text| async move {
        tokio::time::sleep(delay).await;
        sse_data(&chunk(json!({"content": text}), None))
    });
    let last = futures_util::stream::iter([
        sse_data(&chunk(json!({}), Some("stop"))),
        Bytes::from_static(b"data: [DONE]\n\n"),
    ]);
    let body = first
        .chain(pieces)
        .chain(last)
        .map(Ok::<_, std::convert::Infallible>);
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from_stream(body))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

#[cfg(test)]
mod tests;
