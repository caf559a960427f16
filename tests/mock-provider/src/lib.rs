//! # TEST FIXTURE: the mock provider server
//!
//! A scriptable stand-in for an LLM provider (OpenAI-compatible, Anthropic, Gemini), used by Skein's browser and
//! end-to-end tests (and by `cargo xtask serve --mock` for local trials). It is not a provider and
//! never pretends to be one: every answer it gives was scripted by a test, or is an echo that
//! says it comes from the mock.
//!
//! ## Endpoints
//! - `POST /v1/chat/completions`: streaming (SSE, `data: [DONE]` at the end) and non-streaming.
//!   Answers with the next queued [`Script`], or, when none is queued, with an echo of the last
//!   user message.
//! - `POST /v1/messages`: the same in Anthropic's Messages format (named SSE events).
//! - `POST /v1beta/models/{model}:streamGenerateContent` / `:generateContent`: the same in
//!   Google Gemini's format (the recorded request gets the path as `_path`).
//! - `GET /v1/models`: two models, `mock-model` and `mock-model-large` (with a stated
//!   `context_length` of 131072 and, as OpenRouter states them, image input and tools).
//! - `POST /v1/embeddings`: deterministic vectors (shared words, similar vectors); see
//!   `embeddings.rs`. `POST /admin/embeddings {"fail": true}` makes it fail, `GET` counts calls.
//! - `POST /admin/script`: queue one [`Script`] or an array of them.
//! - `GET /admin/requests`: the JSON bodies of the chat requests received so far.
//! - `POST /admin/reset`: forget queued scripts and recorded requests.
//! - `GET /admin/sent`: how many text chunks of the latest streamed answer were handed to its
//!   connection (`{"chunks": n}`), for measuring what a killed browser lost.
//! - `GET /files/pixel.png`: a small PNG, for answers that show a remote image.
//! - `GET /searxng/search?q=…&format=json`: SearXNG-shaped search results made from the query.
//! - `GET /pages/tides.html`: a small article page, for the page-reading tool.
//!
//! Every response carries permissive CORS headers, and `OPTIONS` preflights succeed, because the
//! callers are web pages on other origins; the same endpoints under `/nocors/` send none, like
//! a provider that does not allow browsers (reachable from an extension granted its origin).

use axum::body::{Body, Bytes};
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::VecDeque;

mod dialect;
mod embeddings;
pub mod fixture_server;
mod search;
use dialect::{Dialect, Frame};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

/// The model the mock lists first, and says wrote an answer to a request that names none
/// (answers otherwise come from the model the request names, as a provider's do).
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
    /// With `status`: a `Retry-After` header value (seconds or an HTTP date).
    #[serde(default)]
    pub retry_after: Option<String>,
    /// A pause before anything of the answer is sent (a slow first token, or a slow
    /// non-streaming answer).
    #[serde(default)]
    pub first_token_delay_ms: u64,
    /// After this many chunks the stream stays open and sends nothing more.
    #[serde(default)]
    pub stall_after: Option<usize>,
    /// After this many chunks the connection is dropped.
    #[serde(default)]
    pub drop_after: Option<usize>,
    /// The stream ends cleanly but without a finish reason / `[DONE]` / `message_stop`.
    #[serde(default)]
    pub end_early: bool,
    /// After this many chunks, a chunk that is not JSON.
    #[serde(default)]
    pub malformed_after: Option<usize>,
    /// After the text, a tool call (OpenAI dialect), possibly with malformed arguments or an
    /// unknown name: the answer then finishes with `tool_calls`.
    #[serde(default)]
    pub tool_call: Option<ScriptedToolCall>,
    /// Token counts reported at the end, in the dialect's own shape (OpenAI: a chunk with no
    /// choices after the finish; Anthropic: `message_delta`; Gemini: `usageMetadata`).
    #[serde(default)]
    pub usage: Option<ScriptedUsage>,
    /// Before the first chunk, llama.cpp's prompt-processing progress: `[processed, total]`
    /// pairs, each after `delay_ms` (OpenAI dialect only).
    #[serde(default)]
    pub prompt_progress: Vec<(u64, u64)>,
    /// Why the answer ends, in the dialect's own finish reason: done (the default), cut at the
    /// output limit (`length` / `max_tokens` / `MAX_TOKENS`), or stopped by a content filter
    /// (`content_filter` / `refusal`; Gemini's blocks are errors of their own).
    #[serde(default)]
    pub stop: Stop,
}

/// How a scripted answer ends.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Stop {
    #[default]
    Done,
    Length,
    Filtered,
}

#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedUsage {
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// Prompt tokens read from the provider's cache.
    #[serde(default)]
    pub cached_tokens: u64,
    /// Completion tokens spent reasoning.
    #[serde(default)]
    pub reasoning_tokens: u64,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptedToolCall {
    pub name: String,
    pub arguments: String,
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
            retry_after: None,
            first_token_delay_ms: 0,
            stall_after: None,
            drop_after: None,
            end_early: false,
            malformed_after: None,
            tool_call: None,
            usage: None,
            prompt_progress: Vec::new(),
            stop: Stop::Done,
        }
    }
}

#[derive(Default)]
struct MockState {
    queue: VecDeque<Script>,
    requests: Vec<Value>,
    embeddings_fail: bool,
    embedding_requests: usize,
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
        // A provider that sends no CORS headers (only a browser extension granted its origin
        // may call it from a page).
        .nest("/nocors", routes())
        .merge(routes().layer(middleware::from_fn(cors)))
        .with_state(mock)
}

fn routes() -> Router<Mock> {
    Router::new()
        .route("/v1/chat/completions", post(chat_completions))
        .route("/v1/messages", post(anthropic_messages))
        .route("/v1beta/models/{*rest}", post(gemini_models))
        .route("/v1/models", get(models))
        .route("/v1/embeddings", post(embeddings::embeddings))
        .route(
            "/admin/embeddings",
            post(embeddings::switch).get(embeddings::count),
        )
        .route("/admin/script", post(queue_script))
        .route("/admin/requests", get(recorded_requests))
        .route("/admin/reset", post(reset))
        .route("/admin/sent", get(sent))
        .route("/files/pixel.png", get(pixel))
        .route("/searxng/search", get(search::searxng))
        .route("/pages/tides.html", get(tides_page))
}

/// CORS for pages on other origins; without the exposed headers a page cannot read when to
/// come back.
async fn cors(request: Request, next: Next) -> Response {
    fixture_server::cors(request, next, "retry-after, retry-after-ms").await
}

/// A 4 × 4 blue PNG: a remote image a scripted answer can point at (served with the CORS
/// headers every response gets, as an image host that allows other pages would).
const PIXEL_PNG: [u8; 73] = [
    137, 80, 78, 71, 13, 10, 26, 10, 0, 0, 0, 13, 73, 72, 68, 82, 0, 0, 0, 4, 0, 0, 0, 4, 8, 2, 0,
    0, 0, 38, 147, 9, 41, 0, 0, 0, 16, 73, 68, 65, 84, 120, 156, 99, 176, 142, 190, 13, 71, 12,
    196, 113, 0, 77, 242, 23, 17, 106, 115, 93, 98, 0, 0, 0, 0, 73, 69, 78, 68, 174, 66, 96, 130,
];

/// A small article page (with a menu and a footer a reader leaves out), for the extension's
/// page-reading tool.
async fn tides_page() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>Spring tides</title>\
         <script>window.pwned = 1</script></head><body><header>Site menu</header><main>\
         <h1>Spring tides</h1><p>Spring tides happen at new and full moon, when the sun and the \
         moon pull together.</p><p>Neap tides come between them.</p></main>\
         <footer>&copy; tides.example</footer></body></html>",
    )
        .into_response()
}

async fn pixel() -> Response {
    ([(header::CONTENT_TYPE, "image/png")], PIXEL_PNG.to_vec()).into_response()
}

async fn models() -> Json<Value> {
    Json(json!({
        "object": "list",
        "data": [
            {"id": MOCK_MODEL, "object": "model", "owned_by": "skein-mock-provider"},
            // States its window and abilities as OpenRouter does.
            {"id": "mock-model-large", "object": "model", "owned_by": "skein-mock-provider",
             "context_length": 131072,
             "architecture": {"input_modalities": ["text", "image"]},
             "supported_parameters": ["tools", "temperature"]},
        ],
    }))
}

#[derive(Deserialize)]
#[serde(untagged)]
enum OneOrMany {
    One(Box<Script>),
    Many(Vec<Script>),
}

async fn queue_script(State(mock): State<Mock>, Json(scripts): Json<OneOrMany>) -> StatusCode {
    let scripts = match scripts {
        OneOrMany::One(script) => vec![*script],
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
/// The user's own words: the text after the blocks a client puts before them (Skein's date,
/// guidance, identity and hint blocks, each `<tag>…</tag>` and a blank line).
fn own_words(said: &str) -> &str {
    let mut rest = said;
    while rest.starts_with('<') {
        let Some(tag) = rest[1..].split(['>', ' ']).next() else {
            break;
        };
        let close = format!("</{tag}>\n\n");
        match rest.find(&close) {
            Some(at) => rest = &rest[at + close.len()..],
            None => break,
        }
    }
    rest
}

fn echo_script(said: &str) -> Script {
    let text = format!("(mock provider) You said: {}", own_words(said));
    Script {
        chunks: text.split_inclusive(' ').map(str::to_owned).collect(),
        delay_ms: 40,
        ..Script::default()
    }
}

async fn chat_completions(State(mock): State<Mock>, body: Bytes) -> Response {
    answer(&mock, Dialect::OpenAi, &body, None).await
}

async fn anthropic_messages(State(mock): State<Mock>, body: Bytes) -> Response {
    answer(&mock, Dialect::Anthropic, &body, None).await
}

/// `/v1beta/models/{model}:streamGenerateContent` and `…:generateContent`.
async fn gemini_models(
    State(mock): State<Mock>,
    Path(rest): Path<String>,
    body: Bytes,
) -> Response {
    let stream = if rest.ends_with(":streamGenerateContent") {
        true
    } else if rest.ends_with(":generateContent") {
        false
    } else {
        return Dialect::Gemini.error(StatusCode::NOT_FOUND, "unknown Gemini method");
    };
    answer(&mock, Dialect::Gemini, &body, Some((rest, stream))).await
}

/// Answers one chat request in `dialect`. Gemini says whether it streams (and which model) in
/// the path; the others in the body.
async fn answer(
    mock: &Mock,
    dialect: Dialect,
    body: &[u8],
    gemini_path: Option<(String, bool)>,
) -> Response {
    let Ok(mut request) = serde_json::from_slice::<Value>(body) else {
        return dialect.error(StatusCode::BAD_REQUEST, "request body is not JSON");
    };
    let wants_stream = match &gemini_path {
        Some((_, stream)) => *stream,
        None => request["stream"] == true,
    };
    // Answers are written by the model the request names (Gemini: in the path), like a
    // provider's; the mock's own name when it names none.
    let model = match &gemini_path {
        Some((path, _)) => path.split(':').next().unwrap_or_default().to_owned(),
        None => request["model"].as_str().unwrap_or_default().to_owned(),
    };
    let model = if model.is_empty() {
        MOCK_MODEL.to_owned()
    } else {
        model
    };
    if let Some((path, _)) = gemini_path {
        request["_path"] = json!(path);
    }
    // When it arrived, so tests can check the spacing of retries.
    request["_received_ms"] = json!(started().elapsed().as_millis() as u64);
    let script = mock.with(|s| {
        s.requests.push(request.clone());
        let at = s.queue.iter().position(|q| q.stream == wants_stream)?;
        s.queue.remove(at)
    });
    let script = script.unwrap_or_else(|| echo_script(&dialect.last_user_text(&request)));
    if let Some(status) = script.status {
        let status = StatusCode::from_u16(status).unwrap_or(StatusCode::INTERNAL_SERVER_ERROR);
        let message = script.error_message.as_deref().unwrap_or("scripted error");
        let mut response = dialect.error(status, message);
        if let Some(value) = script
            .retry_after
            .as_deref()
            .and_then(|v| HeaderValue::from_str(v).ok())
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        return response;
    }
    if wants_stream {
        stream_response(dialect, script, &model)
    } else {
        tokio::time::sleep(Duration::from_millis(script.first_token_delay_ms)).await;
        dialect.complete(&script.chunks.concat(), &model)
    }
}

/// The text chunks of the latest streamed answer handed to its connection so far.
static SENT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

async fn sent() -> Response {
    axum::Json(serde_json::json!({ "chunks": SENT.load(std::sync::atomic::Ordering::SeqCst) }))
        .into_response()
}

/// One step of a scripted stream.
enum Step {
    Send {
        delay: Duration,
        bytes: Bytes,
    },
    /// A chunk of the answer's text (counted in [`SENT`] once handed on).
    Text {
        delay: Duration,
        bytes: Bytes,
    },
    Stall,
    Drop,
}

fn steps(dialect: Dialect, script: Script, model: &str) -> VecDeque<Step> {
    let delay = Duration::from_millis(script.delay_ms);
    let mut steps = VecDeque::new();
    // The last bytes of a text frame are sent as `Step::Text` (counted once handed on).
    let mut send = |delay: Duration, frames: Vec<Bytes>, text: bool| {
        let count = frames.len();
        for (at, bytes) in frames.into_iter().enumerate() {
            steps.push_back(if text && at + 1 == count {
                Step::Text { delay, bytes }
            } else {
                Step::Send { delay, bytes }
            });
        }
    };
    send(
        Duration::from_millis(script.first_token_delay_ms),
        dialect.frame(Frame::Start, model),
        false,
    );
    for (processed, total) in script.prompt_progress {
        send(
            delay,
            dialect.frame(Frame::PromptProgress(processed, total), model),
            false,
        );
    }
    for (index, text) in script.chunks.into_iter().enumerate() {
        if script.malformed_after == Some(index) {
            send(
                delay,
                vec![Bytes::from_static(b"data: {\"choices\": [not json\n\n")],
                false,
            );
        }
        if script.stall_after == Some(index) {
            steps.push_back(Step::Stall);
            return steps;
        }
        if script.drop_after == Some(index) {
            steps.push_back(Step::Drop);
            return steps;
        }
        send(delay, dialect.frame(Frame::Text(text), model), true);
    }
    if let Some(call) = &script.tool_call {
        send(
            delay,
            dialect.frame(
                Frame::ToolCall(call.name.clone(), call.arguments.clone()),
                model,
            ),
            false,
        );
    }
    if !script.end_early {
        let finish = if script.tool_call.is_some() {
            Frame::EndWithToolCalls
        } else {
            Frame::End(script.usage, script.stop)
        };
        send(Duration::ZERO, dialect.frame(finish, model), false);
    }
    steps
}

fn stream_response(dialect: Dialect, script: Script, model: &str) -> Response {
    SENT.store(0, std::sync::atomic::Ordering::SeqCst);
    let body =
        futures_util::stream::unfold(steps(dialect, script, model), |mut steps| async move {
            match steps.pop_front()? {
                Step::Send { delay, bytes } => {
                    if !delay.is_zero() {
                        tokio::time::sleep(delay).await;
                    }
                    Some((Ok(bytes), steps))
                }
                Step::Text { delay, bytes } => {
                    if !delay.is_zero() {
                        tokio::time::sleep(delay).await;
                    }
                    SENT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
                    Some((Ok(bytes), steps))
                }
                Step::Stall => {
                    futures_util::future::pending::<()>().await;
                    None
                }
                Step::Drop => {
                    // Let what was sent reach the client before the connection goes.
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    Some((
                        Err(std::io::Error::new(
                            std::io::ErrorKind::ConnectionReset,
                            "scripted drop",
                        )),
                        VecDeque::new(),
                    ))
                }
            }
        });
    Response::builder()
        .header(header::CONTENT_TYPE, "text/event-stream")
        .header(header::CACHE_CONTROL, "no-cache")
        .body(Body::from_stream(body))
        .unwrap_or_else(|_| StatusCode::INTERNAL_SERVER_ERROR.into_response())
}

/// When the mock started (for the recorded arrival times).
fn started() -> std::time::Instant {
    static STARTED: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    *STARTED.get_or_init(std::time::Instant::now)
}

#[cfg(test)]
mod tests;
