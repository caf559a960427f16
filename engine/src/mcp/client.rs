//! The MCP client of one server, over Streamable HTTP: the `initialize` handshake and its session
//! id, `tools/list` (paged), `tools/call` with a progress token and cancellation, answers as JSON
//! or as an event stream, the server's standalone event stream for list changes, and a new
//! session when the server forgot the old one.

use super::jsonrpc::{self, Incoming, RpcError};
use super::remote_tool::{read_call_result, read_tool_page, CallOutcome, RemoteTool, MAX_TOOLS};
use super::server::McpServer;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::{
    ByteStream, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError,
};
use crate::provider::sse::{SseDecoder, SseLimits};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use thiserror::Error;

/// The revision Skein asks for: the newest one with the `initialize` handshake.
pub const PROTOCOL_VERSION: &str = "2025-11-25";
/// Revisions whose Streamable HTTP transport Skein speaks.
const SUPPORTED: [&str; 3] = ["2025-11-25", "2025-06-18", "2025-03-26"];
/// The most a single answer may hold (JSON, or every event of a stream together).
pub const MAX_RESPONSE_BYTES: usize = 16 << 20;
/// At most this many pages of `tools/list` are read.
const MAX_PAGES: usize = 20;
/// How long the listener waits before opening a broken event stream again, at most.
const MAX_RETRY_MS: f64 = 60_000.0;

/// The response headers the client reads (the server must expose them to pages, CORS).
pub const SESSION_HEADER: &str = "mcp-session-id";

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum McpError {
    #[error(
        "Could not reach {url}: {detail}. Check the address and that the server runs. If it \
         does, it may not allow requests from this page (CORS): the server must allow this \
         site's origin and expose the Mcp-Session-Id header."
    )]
    Unreachable { url: String, detail: String },
    #[error(
        "The server refused the credentials (HTTP {0}). Check the token or header in this \
         server's settings."
    )]
    Auth(u16),
    #[error("The server answered HTTP {status}: {detail}")]
    Http { status: u16, detail: String },
    #[error("The server does not speak MCP as expected: {0}.")]
    Protocol(String),
    #[error("The server answered with an error ({}): {}", .0.code, .0.message)]
    Rpc(RpcError),
    #[error(
        "The server's answer is larger than {} MiB; it was not read.",
        MAX_RESPONSE_BYTES >> 20
    )]
    TooLarge,
    #[error(
        "The server speaks MCP revision {0}, which Skein does not (it speaks {list}).",
        list = SUPPORTED.join(", ")
    )]
    UnsupportedVersion(String),
    #[error("The call was stopped.")]
    Cancelled,
    /// The server no longer knows the session (HTTP 404): the client starts a new one.
    #[error("The server ended the session.")]
    SessionExpired,
}

/// Where a call has got to, as the server reported it.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub progress: f64,
    pub total: Option<f64>,
    pub message: Option<String>,
}

/// What the client knows of its server now, for the settings.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct McpState {
    pub connected: bool,
    /// The last connection or listing error, cleared by the next success.
    pub error: Option<String>,
    pub tools: Vec<RemoteTool>,
    /// Tools the server listed that could not be used, and why.
    pub skipped: Vec<String>,
    /// The server's name and version as it gave them.
    pub server_info: Option<String>,
    pub protocol: Option<String>,
}

#[derive(Default)]
struct Session {
    id: Option<String>,
    state: McpState,
    next_id: u64,
    /// The server said its tools changed since they were last read.
    tools_stale: bool,
}

type Listener = Rc<dyn Fn()>;

pub struct McpClient<T> {
    transport: Rc<T>,
    server: McpServer,
    session: RefCell<Session>,
    /// Told when the tool list or the connection state changed.
    on_change: RefCell<Option<Listener>>,
}

fn lower_header<'a, B>(response: &'a HttpResponse<B>, name: &str) -> Option<&'a str> {
    response
        .headers
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map(|(_, v)| v.as_str())
}

/// Reads a whole body, refusing one larger than [`MAX_RESPONSE_BYTES`].
async fn read_all<B: ByteStream>(body: &mut B) -> Result<Vec<u8>, McpError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next_chunk().await {
        bytes.extend(chunk.map_err(transport_error)?);
        if bytes.len() > MAX_RESPONSE_BYTES {
            return Err(McpError::TooLarge);
        }
    }
    Ok(bytes)
}

fn transport_error(err: TransportError) -> McpError {
    match err {
        TransportError::Aborted => McpError::Cancelled,
        TransportError::Network { url, detail } => McpError::Unreachable { url, detail },
        TransportError::Interrupted(detail) => McpError::Protocol(format!(
            "the connection broke while the server was answering ({detail})"
        )),
    }
}

fn read_progress(params: &Value) -> Progress {
    Progress {
        progress: params
            .get("progress")
            .and_then(Value::as_f64)
            .unwrap_or(0.0),
        total: params.get("total").and_then(Value::as_f64),
        message: params
            .get("message")
            .and_then(Value::as_str)
            .map(|m| m.chars().take(200).collect()),
    }
}

/// A response body being read, as JSON or as an event stream.
enum Reader {
    Json,
    Stream(SseDecoder),
}

impl<T: Transport> McpClient<T> {
    pub fn new(transport: Rc<T>, server: McpServer) -> Self {
        Self {
            transport,
            server,
            session: RefCell::default(),
            on_change: RefCell::default(),
        }
    }

    pub fn server(&self) -> &McpServer {
        &self.server
    }

    pub fn state(&self) -> McpState {
        self.session.borrow().state.clone()
    }

    /// Calls `listener` whenever the tools or the connection state change.
    pub fn on_change(&self, listener: Listener) {
        *self.on_change.borrow_mut() = Some(listener);
    }

    fn changed(&self) {
        let listener = self.on_change.borrow().clone();
        if let Some(listener) = listener {
            listener();
        }
    }

    fn headers(&self, accept: &str) -> Vec<(String, String)> {
        let session = self.session.borrow();
        let mut headers = vec![("Accept".to_owned(), accept.to_owned())];
        if let Some(id) = &session.id {
            headers.push(("Mcp-Session-Id".into(), id.clone()));
        }
        if let Some(protocol) = &session.state.protocol {
            headers.push(("MCP-Protocol-Version".into(), protocol.clone()));
        }
        headers.extend(self.server.auth.header());
        headers
    }

    async fn send(
        &self,
        method: HttpMethod,
        body: Option<String>,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<T::Body>, McpError> {
        let accept = match method {
            HttpMethod::Get => "text/event-stream",
            HttpMethod::Post => "application/json, text/event-stream",
        };
        let mut headers = self.headers(accept);
        if body.is_some() {
            headers.push(("Content-Type".into(), "application/json".into()));
        }
        let request = HttpRequest {
            method,
            url: self.server.url.trim().to_owned(),
            headers,
            body,
        };
        let response = self
            .transport
            .send(request, cancel)
            .await
            .map_err(transport_error)?;
        match response.status {
            200..=299 => Ok(response),
            404 if self.session.borrow().id.is_some() => Err(McpError::SessionExpired),
            401 | 403 => Err(McpError::Auth(response.status)),
            status => {
                let mut body = response.body;
                let text = read_all(&mut body).await.unwrap_or_default();
                let detail: String = String::from_utf8_lossy(&text)
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(300)
                    .collect();
                Err(McpError::Http {
                    status,
                    detail: if detail.trim().is_empty() {
                        "no explanation".to_owned()
                    } else {
                        detail
                    },
                })
            }
        }
    }

    /// Sends a notification; the answer's body is not read.
    async fn notify(&self, method: &str, params: Option<Value>) -> Result<(), McpError> {
        let body = jsonrpc::notification(method, params);
        self.send(HttpMethod::Post, Some(body), &CancelToken::new())
            .await
            .map(drop)
    }

    /// Handles a message that is not the awaited answer.
    async fn handle(&self, message: Incoming, progress: &dyn Fn(Progress)) {
        match message {
            Incoming::Notification { method, params } => match method.as_str() {
                "notifications/progress" => progress(read_progress(&params)),
                "notifications/tools/list_changed" => self.session.borrow_mut().tools_stale = true,
                _ => {}
            },
            Incoming::Request { id, method } => {
                let answer = if method == "ping" {
                    json!({"jsonrpc": "2.0", "id": id, "result": {}}).to_string()
                } else {
                    jsonrpc::method_not_found(&id, &method)
                };
                let _ = self
                    .send(HttpMethod::Post, Some(answer), &CancelToken::new())
                    .await;
            }
            Incoming::Response { .. } => {}
        }
    }

    /// One request, answered as JSON or as an event stream.
    async fn request_once(
        &self,
        method: &str,
        params: Value,
        cancel: &CancelToken,
        progress: &dyn Fn(Progress),
    ) -> Result<Value, McpError> {
        let id = {
            let mut session = self.session.borrow_mut();
            session.next_id += 1;
            session.next_id
        };
        let result = self.exchange(id, method, params, cancel, progress).await;
        if result == Err(McpError::Cancelled) {
            let params = json!({"requestId": id, "reason": "The user stopped the call."});
            let _ = self.notify("notifications/cancelled", Some(params)).await;
        }
        result
    }

    async fn exchange(
        &self,
        id: u64,
        method: &str,
        params: Value,
        cancel: &CancelToken,
        progress: &dyn Fn(Progress),
    ) -> Result<Value, McpError> {
        let body = jsonrpc::request(id, method, params);
        let response = self.send(HttpMethod::Post, Some(body), cancel).await?;
        if method == "initialize" {
            let session_id = lower_header(&response, SESSION_HEADER).map(str::to_owned);
            self.session.borrow_mut().id = session_id;
        }
        let content_type = response.content_type.clone().unwrap_or_default();
        let mut reader = if content_type.starts_with("text/event-stream") {
            Reader::Stream(SseDecoder::new(SseLimits::default()))
        } else if content_type.starts_with("application/json") || content_type.is_empty() {
            Reader::Json
        } else {
            return Err(McpError::Protocol(format!(
                "it answered with content of type “{}”",
                content_type.chars().take(80).collect::<String>()
            )));
        };
        let mut body = response.body;
        let mut read = 0usize;
        let mut json = Vec::new();
        let mut events = Vec::new();
        while let Some(chunk) = body.next_chunk().await {
            let chunk = chunk.map_err(transport_error)?;
            read += chunk.len();
            if read > MAX_RESPONSE_BYTES {
                return Err(McpError::TooLarge);
            }
            let Reader::Stream(decoder) = &mut reader else {
                json.extend(chunk);
                continue;
            };
            decoder
                .push(&chunk, &mut events)
                .map_err(|err| McpError::Protocol(err.to_string()))?;
            for event in events.drain(..) {
                if event.data.trim().is_empty() {
                    continue;
                }
                if let Some(answer) = self.read_messages(id, &event.data, progress).await? {
                    return answer.map_err(McpError::Rpc);
                }
            }
        }
        if let Reader::Json = reader {
            let text = String::from_utf8_lossy(&json).into_owned();
            if let Some(answer) = self.read_messages(id, &text, progress).await? {
                return answer.map_err(McpError::Rpc);
            }
        }
        Err(McpError::Protocol(format!(
            "it closed the answer to {method} without answering"
        )))
    }

    /// Reads one JSON-RPC text: the answer to `id` if it holds it; other messages are handled.
    async fn read_messages(
        &self,
        id: u64,
        text: &str,
        progress: &dyn Fn(Progress),
    ) -> Result<Option<Result<Value, RpcError>>, McpError> {
        let messages =
            jsonrpc::parse(text).map_err(|err| McpError::Protocol(format!("it sent {err}")))?;
        let mut answer = None;
        for message in messages {
            match message {
                Incoming::Response { id: got, outcome } if got == id => answer = Some(outcome),
                other => self.handle(other, progress).await,
            }
        }
        Ok(answer)
    }

    /// A request on a ready session; a session the server forgot is replaced once.
    async fn request(
        &self,
        method: &str,
        params: Value,
        cancel: &CancelToken,
        progress: &dyn Fn(Progress),
    ) -> Result<Value, McpError> {
        self.ensure_connected(cancel).await?;
        match self
            .request_once(method, params.clone(), cancel, progress)
            .await
        {
            Err(McpError::SessionExpired) => {
                self.forget_session();
                self.ensure_connected(cancel).await?;
                self.request_once(method, params, cancel, progress).await
            }
            other => other,
        }
    }

    fn forget_session(&self) {
        let mut session = self.session.borrow_mut();
        session.id = None;
        session.state.connected = false;
        session.state.protocol = None;
    }

    async fn ensure_connected(&self, cancel: &CancelToken) -> Result<(), McpError> {
        if self.session.borrow().state.connected {
            return Ok(());
        }
        self.initialize(cancel).await
    }

    async fn initialize(&self, cancel: &CancelToken) -> Result<(), McpError> {
        let params = json!({
            "protocolVersion": PROTOCOL_VERSION,
            "capabilities": {},
            "clientInfo": {"name": "Skein", "version": env!("CARGO_PKG_VERSION")},
        });
        let result = self
            .request_once("initialize", params, cancel, &|_| {})
            .await?;
        let version = result
            .get("protocolVersion")
            .and_then(Value::as_str)
            .unwrap_or("");
        if !SUPPORTED.contains(&version) {
            return Err(McpError::UnsupportedVersion(
                version.chars().take(40).collect(),
            ));
        }
        let info = result.get("serverInfo").map(|info| {
            let text = |key: &str| info.get(key).and_then(Value::as_str).unwrap_or("");
            format!("{} {}", text("name"), text("version"))
                .trim()
                .chars()
                .take(100)
                .collect::<String>()
        });
        {
            let mut session = self.session.borrow_mut();
            session.state.protocol = Some(version.to_owned());
            session.state.server_info = info;
        }
        self.notify("notifications/initialized", None).await?;
        self.session.borrow_mut().state.connected = true;
        Ok(())
    }

    /// Connects (when not connected) and reads the tool list again; the state records how it
    /// went either way.
    pub async fn refresh(&self, cancel: &CancelToken) -> Result<(), McpError> {
        let result = self.read_tools(cancel).await;
        {
            let mut session = self.session.borrow_mut();
            match &result {
                Ok((tools, skipped)) => {
                    session.state.tools = tools.clone();
                    session.state.skipped = skipped.clone();
                    session.state.error = None;
                    session.tools_stale = false;
                }
                Err(McpError::Cancelled) => {}
                Err(err) => {
                    session.state.error = Some(err.to_string());
                    session.state.connected = false;
                }
            }
        }
        self.changed();
        result.map(drop)
    }

    async fn read_tools(
        &self,
        cancel: &CancelToken,
    ) -> Result<(Vec<RemoteTool>, Vec<String>), McpError> {
        let mut tools = Vec::new();
        let mut skipped = Vec::new();
        let mut cursor: Option<String> = None;
        for _ in 0..MAX_PAGES {
            let params = match &cursor {
                Some(cursor) => json!({"cursor": cursor}),
                None => json!({}),
            };
            let result = self.request("tools/list", params, cancel, &|_| {}).await?;
            let page = read_tool_page(&result).map_err(McpError::Protocol)?;
            tools.extend(page.tools);
            skipped.extend(page.skipped);
            cursor = page.next_cursor;
            if cursor.is_none() || tools.len() >= MAX_TOOLS {
                break;
            }
        }
        if tools.len() > MAX_TOOLS || cursor.is_some() {
            tools.truncate(MAX_TOOLS);
            skipped.push(format!("only the first {} tools are used", tools.len()));
        }
        Ok((tools, skipped))
    }

    /// Calls tool `name` (as the server knows it) with `arguments`; `progress` hears the
    /// server's progress reports. Cancelling `cancel` aborts the request and tells the server.
    pub(crate) async fn call_tool(
        &self,
        name: &str,
        arguments: Value,
        cancel: &CancelToken,
        progress: &dyn Fn(Progress),
    ) -> Result<CallOutcome, McpError> {
        let token = format!("skein-{}", self.session.borrow().next_id + 1);
        let params = json!({"name": name, "arguments": arguments,
            "_meta": {"progressToken": token}});
        let result = self
            .request("tools/call", params, cancel, &|report| progress(report))
            .await;
        if self.session.borrow().tools_stale {
            let _ = self.refresh(&CancelToken::new()).await;
        }
        read_call_result(&result?).map_err(McpError::Protocol)
    }

    /// Keeps the server's own event stream open while `cancel` is not cancelled, reading the
    /// tool list again when the server says it changed. A broken stream is opened again after
    /// the delay the server asked for (growing while it keeps failing); a server that offers no
    /// stream (HTTP 405) is left alone.
    pub async fn listen(&self, clock: &impl Clock, cancel: &CancelToken) {
        let mut delay_ms = 1_000.0;
        while !cancel.is_cancelled() {
            match self.listen_once(cancel).await {
                Err(McpError::Http { status: 405, .. }) | Err(McpError::Cancelled) => return,
                Err(McpError::SessionExpired) => self.forget_session(),
                Ok(retry) => delay_ms = retry.unwrap_or(delay_ms),
                Err(_) => delay_ms = (delay_ms * 2.0).min(MAX_RETRY_MS),
            }
            if !clock.has_timers() {
                return;
            }
            let sleep = clock.sleep(delay_ms);
            futures::pin_mut!(sleep);
            let stopped = cancel.cancelled();
            futures::pin_mut!(stopped);
            futures::future::select(sleep, stopped).await;
        }
    }

    /// One life of the event stream; the retry delay the server asked for, if any.
    async fn listen_once(&self, cancel: &CancelToken) -> Result<Option<f64>, McpError> {
        if !self.session.borrow().state.connected {
            self.refresh(cancel).await?;
        }
        let response = self.send(HttpMethod::Get, None, cancel).await?;
        let mut body = response.body;
        let mut decoder = SseDecoder::new(SseLimits::default());
        let mut events = Vec::new();
        while let Some(chunk) = body.next_chunk().await {
            let chunk = chunk.map_err(transport_error)?;
            decoder
                .push(&chunk, &mut events)
                .map_err(|err| McpError::Protocol(err.to_string()))?;
            for event in events.drain(..) {
                if event.data.trim().is_empty() {
                    continue;
                }
                // A stream message Skein cannot read is skipped, not fatal.
                for message in jsonrpc::parse(&event.data).unwrap_or_default() {
                    self.handle(message, &|_| {}).await;
                }
                if self.session.borrow().tools_stale {
                    self.refresh(cancel).await?;
                }
            }
        }
        Ok(decoder.retry_ms().map(|ms| (ms as f64).min(MAX_RETRY_MS)))
    }
}
