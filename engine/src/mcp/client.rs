//! The MCP client of one server, over Streamable HTTP. The current revision (2026-07-28) is
//! asked for first with `server/discover`: its requests stand alone (the revision and the client
//! in `_meta`, the method and tool in headers) and list changes come on the calls' streams or a
//! `subscriptions/listen` stream. A server of the earlier revisions gets the `initialize`
//! handshake, its session id, its GET event stream, and a new session when it forgot the old
//! one. Either way: `tools/list` (paged), `tools/call` with a progress token and cancellation,
//! answers as JSON or as an event stream.

use super::jsonrpc::{self, Incoming, RpcError};
use super::remote_tool::{read_call_result, read_tool_page, CallOutcome, RemoteTool, MAX_TOOLS};
use super::server::McpServer;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::{
    read_at_most, ByteStream, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError,
};
use crate::provider::sse::{SseDecoder, SseLimits};
use serde_json::{json, Value};
use std::cell::RefCell;
use std::rc::Rc;
use thiserror::Error;

/// The current revision: no handshake, no session; each request says the revision and who
/// asks in its `_meta`, and its method (and tool) in headers. Asked for first, with
/// `server/discover`.
pub const STATELESS_VERSION: &str = "2026-07-28";
/// The revision asked for with the `initialize` handshake, when a server does not speak
/// [`STATELESS_VERSION`]: the newest one with a handshake.
pub const PROTOCOL_VERSION: &str = "2025-11-25";
/// Handshake revisions whose Streamable HTTP transport Skein speaks.
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
        "The server speaks MCP revision {0}, which Skein does not (it speaks {STATELESS_VERSION} \
         and {list}).",
        list = SUPPORTED.join(", ")
    )]
    UnsupportedVersion(String),
    #[error("The call was stopped.")]
    Cancelled,
    /// The server no longer knows the session (HTTP 404, or 400 naming the session as the
    /// reference server answers after a restart): the client starts a new one.
    #[error("The server ended the session.")]
    SessionExpired,
    /// The server started a session but this page could not read its id: the server's CORS
    /// settings do not expose the `Mcp-Session-Id` header.
    #[error(
        "The server started a session, but this page cannot read its Mcp-Session-Id header, so \
         every request after the first is refused ({detail}). The server must list \
         Mcp-Session-Id in Access-Control-Expose-Headers."
    )]
    SessionHidden { detail: String },
}

impl crate::i18n::Explain for McpError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Unreachable { url, detail } => phrase("error-mcp-unreachable")
                .with("url", url)
                .with("detail", detail),
            Self::Auth(status) => phrase("error-mcp-auth").with("status", status.to_string()),
            Self::Http { status, detail } => phrase("error-mcp-http")
                .with("status", status.to_string())
                .with("detail", detail),
            Self::Protocol(detail) => phrase("error-mcp-protocol").with("detail", detail),
            Self::Rpc(err) => phrase("error-mcp-rpc")
                .with("code", err.code.to_string())
                .with("message", &err.message),
            Self::TooLarge => phrase("error-mcp-too-large").with("max", MAX_RESPONSE_BYTES >> 20),
            Self::UnsupportedVersion(version) => phrase("error-mcp-unsupported-version")
                .with("version", version)
                .with("stateless", STATELESS_VERSION)
                .with("list", SUPPORTED.join(", ")),
            Self::Cancelled => phrase("error-mcp-cancelled"),
            Self::SessionExpired => phrase("error-mcp-session-expired"),
            Self::SessionHidden { detail } => {
                phrase("error-mcp-session-hidden").with("detail", detail)
            }
        }
    }
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
    /// A first connection has been tried (whatever came of it): until then the server's tools
    /// may still come.
    pub tried: bool,
}

/// How requests are made.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
enum Mode {
    /// `initialize`, then a session id on every request.
    #[default]
    Handshake,
    /// [`STATELESS_VERSION`]: every request stands alone.
    Stateless,
}

#[derive(Default)]
struct Session {
    mode: Mode,
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
async fn read_all<B: ByteStream>(body: &mut B, cancel: &CancelToken) -> Result<Vec<u8>, McpError> {
    match read_at_most(body, MAX_RESPONSE_BYTES, cancel).await {
        Ok((_, true)) => Err(McpError::TooLarge),
        Ok((bytes, false)) => Ok(bytes),
        Err(err) => Err(transport_error(err)),
    }
}

fn transport_error(err: TransportError) -> McpError {
    match err {
        TransportError::Aborted => McpError::Cancelled,
        TransportError::Network { url, detail, .. } => McpError::Unreachable { url, detail },
        TransportError::Interrupted(detail) => McpError::Protocol(format!(
            "the connection broke while the server was answering ({detail})"
        )),
    }
}

/// A server's name and version as it gave them, bounded.
fn server_info(info: &Value) -> String {
    let text = |key: &str| info.get(key).and_then(Value::as_str).unwrap_or("");
    format!("{} {}", text("name"), text("version"))
        .trim()
        .chars()
        .filter(|c| !c.is_control())
        .take(100)
        .collect()
}

/// Who asks, in the `_meta` of every [`STATELESS_VERSION`] request.
fn with_meta(mut params: Value) -> Value {
    let meta = json!({
        "io.modelcontextprotocol/protocolVersion": STATELESS_VERSION,
        "io.modelcontextprotocol/clientInfo": {"name": "Skein", "version": env!("CARGO_PKG_VERSION")},
        "io.modelcontextprotocol/clientCapabilities": {},
    });
    if !params.is_object() {
        params = json!({});
    }
    if let (Some(object), Value::Object(extra)) = (params.as_object_mut(), meta) {
        let existing = object.entry("_meta").or_insert_with(|| json!({}));
        if let Some(existing) = existing.as_object_mut() {
            existing.extend(extra);
        }
    }
    params
}

/// A header value as the revision wants it: as written when it is plain printable ASCII
/// without spaces at its ends, else `=?base64?…?=`.
fn header_value(value: &str) -> String {
    let plain = !value.is_empty()
        && value.trim() == value
        && value.bytes().all(|b| (0x20..0x7f).contains(&b));
    if plain {
        value.to_owned()
    } else {
        format!(
            "=?base64?{}?=",
            crate::domain::base64::encode(value.as_bytes())
        )
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

/// The data of an event stream's events, one at a time (keep-alive events without data are
/// passed over); with a `limit`, a stream whose bytes add up to more is refused.
struct EventData<B> {
    body: B,
    decoder: SseDecoder,
    ready: std::collections::VecDeque<String>,
    read: usize,
    limit: Option<usize>,
}

impl<B: ByteStream> EventData<B> {
    fn new(body: B, limit: Option<usize>) -> Self {
        Self {
            body,
            decoder: SseDecoder::new(SseLimits::default()),
            ready: Default::default(),
            read: 0,
            limit,
        }
    }

    /// The next event's data; `None` when the stream ended.
    async fn next(&mut self) -> Result<Option<String>, McpError> {
        loop {
            if let Some(data) = self.ready.pop_front() {
                return Ok(Some(data));
            }
            let Some(chunk) = self.body.next_chunk().await else {
                return Ok(None);
            };
            let chunk = chunk.map_err(transport_error)?;
            self.read += chunk.len();
            if self.limit.is_some_and(|limit| self.read > limit) {
                return Err(McpError::TooLarge);
            }
            let mut events = Vec::new();
            self.decoder
                .push(&chunk, &mut events)
                .map_err(|err| McpError::Protocol(err.to_string()))?;
            self.ready.extend(
                events
                    .into_iter()
                    .map(|event| event.data)
                    .filter(|data| !data.trim().is_empty()),
            );
        }
    }

    /// The reconnection delay the server asked for, if any.
    fn retry_ms(&self) -> Option<f64> {
        self.decoder
            .retry_ms()
            .map(|ms| (ms as f64).min(MAX_RETRY_MS))
    }
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

    fn headers(&self, accept: &str, rpc: Option<(&str, Option<&str>)>) -> Vec<(String, String)> {
        let session = self.session.borrow();
        let mut headers = vec![("Accept".to_owned(), accept.to_owned())];
        if session.mode == Mode::Stateless {
            headers.push(("MCP-Protocol-Version".into(), STATELESS_VERSION.into()));
            if let Some((method, name)) = rpc {
                headers.push(("Mcp-Method".into(), method.to_owned()));
                if let Some(name) = name {
                    headers.push(("Mcp-Name".into(), header_value(name)));
                }
            }
            headers.extend(self.server.auth.header());
            return headers;
        }
        if let Some(id) = &session.id {
            headers.push(("Mcp-Session-Id".into(), id.clone()));
        }
        if let Some(protocol) = &session.state.protocol {
            headers.push(("MCP-Protocol-Version".into(), protocol.clone()));
        }
        headers.extend(self.server.auth.header());
        headers
    }

    /// Sends a request; `rpc` is its JSON-RPC method and the tool it names, if any.
    async fn send(
        &self,
        method: HttpMethod,
        body: Option<String>,
        rpc: Option<(&str, Option<&str>)>,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<T::Body>, McpError> {
        let accept = match method {
            HttpMethod::Get => "text/event-stream",
            HttpMethod::Post => "application/json, text/event-stream",
        };
        let mut headers = self.headers(accept, rpc);
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
                let text = read_all(&mut body, cancel).await.unwrap_or_default();
                let detail: String = String::from_utf8_lossy(&text)
                    .chars()
                    .filter(|c| !c.is_control())
                    .take(300)
                    .collect();
                // A refusal that names the session: forgotten (a restarted server), or never
                // seen because the page cannot read the header that carries it.
                let about_session = status == 400 && detail.to_lowercase().contains("session");
                let (has_id, shaken) = {
                    let session = self.session.borrow();
                    // `initialize` was answered (its revision is known), without a readable id.
                    let shaken =
                        session.mode == Mode::Handshake && session.state.protocol.is_some();
                    (session.id.is_some(), shaken)
                };
                if about_session && has_id {
                    return Err(McpError::SessionExpired);
                }
                if about_session && shaken {
                    return Err(McpError::SessionHidden { detail });
                }
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
        let params = match (self.mode(), params) {
            (Mode::Stateless, params) => Some(with_meta(params.unwrap_or_else(|| json!({})))),
            (Mode::Handshake, params) => params,
        };
        let body = jsonrpc::notification(method, params);
        self.send(
            HttpMethod::Post,
            Some(body),
            Some((method, None)),
            &CancelToken::new(),
        )
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
                    .send(HttpMethod::Post, Some(answer), None, &CancelToken::new())
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
        let id = self.next_id();
        let result = self.exchange(id, method, params, cancel, progress).await;
        if result == Err(McpError::Cancelled) {
            let params = json!({"requestId": id, "reason": "The user stopped the call."});
            let _ = self.notify("notifications/cancelled", Some(params)).await;
        }
        result
    }

    /// A number for the next request.
    fn next_id(&self) -> u64 {
        let mut session = self.session.borrow_mut();
        session.next_id += 1;
        session.next_id
    }

    /// Posts request `id` (with the current revision's `_meta` and headers when it is spoken).
    async fn post_request(
        &self,
        id: u64,
        method: &str,
        params: Value,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<T::Body>, McpError> {
        let name = (method == "tools/call")
            .then(|| {
                params
                    .get("name")
                    .and_then(Value::as_str)
                    .map(str::to_owned)
            })
            .flatten();
        let params = match self.mode() {
            Mode::Stateless => with_meta(params),
            Mode::Handshake => params,
        };
        let body = jsonrpc::request(id, method, params);
        let rpc = Some((method, name.as_deref()));
        self.send(HttpMethod::Post, Some(body), rpc, cancel).await
    }

    async fn exchange(
        &self,
        id: u64,
        method: &str,
        params: Value,
        cancel: &CancelToken,
        progress: &dyn Fn(Progress),
    ) -> Result<Value, McpError> {
        let response = self.post_request(id, method, params, cancel).await?;
        if method == "initialize" {
            let session_id = lower_header(&response, SESSION_HEADER).map(str::to_owned);
            self.session.borrow_mut().id = session_id;
        }
        let content_type = response.content_type.clone().unwrap_or_default();
        let mut body = response.body;
        if content_type.starts_with("text/event-stream") {
            let mut events = EventData::new(body, Some(MAX_RESPONSE_BYTES));
            while let Some(data) = events.next().await? {
                if let Some(answer) = self.read_messages(id, &data, progress).await? {
                    return answer.map_err(McpError::Rpc);
                }
            }
        } else if content_type.starts_with("application/json") || content_type.is_empty() {
            let text = String::from_utf8_lossy(&read_all(&mut body, cancel).await?).into_owned();
            if let Some(answer) = self.read_messages(id, &text, progress).await? {
                return answer.map_err(McpError::Rpc);
            }
        } else {
            return Err(McpError::Protocol(format!(
                "it answered with content of type “{}”",
                content_type.chars().take(80).collect::<String>()
            )));
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

    /// Starts afresh: a new session (the old one forgotten), then the tool list (the
    /// settings' Test).
    pub async fn reconnect(&self, cancel: &CancelToken) -> Result<(), McpError> {
        self.forget_session();
        self.refresh(cancel).await
    }

    fn forget_session(&self) {
        let mut session = self.session.borrow_mut();
        session.id = None;
        session.state.connected = false;
        session.state.protocol = None;
    }

    fn mode(&self) -> Mode {
        self.session.borrow().mode
    }

    async fn ensure_connected(&self, cancel: &CancelToken) -> Result<(), McpError> {
        if self.session.borrow().state.connected {
            return Ok(());
        }
        if self.discover(cancel).await? {
            return Ok(());
        }
        self.initialize(cancel).await
    }

    /// Asks the server, with `server/discover`, whether it speaks [`STATELESS_VERSION`];
    /// `false` (after a refusal, an unknown method, an older server's error) means the
    /// handshake is tried instead. A server that cannot be reached or refuses the credentials
    /// is an error either way.
    async fn discover(&self, cancel: &CancelToken) -> Result<bool, McpError> {
        self.session.borrow_mut().mode = Mode::Stateless;
        // Id 0: Skein's numbered requests start at 1.
        let answer = self
            .exchange(0, "server/discover", json!({}), cancel, &|_| {})
            .await;
        let result = match answer {
            Ok(result) => result,
            Err(
                err @ (McpError::Unreachable { .. }
                | McpError::Auth(_)
                | McpError::Cancelled
                | McpError::TooLarge),
            ) => {
                self.session.borrow_mut().mode = Mode::Handshake;
                return Err(err);
            }
            Err(_) => {
                self.session.borrow_mut().mode = Mode::Handshake;
                return Ok(false);
            }
        };
        let speaks = result
            .get("supportedVersions")
            .and_then(Value::as_array)
            .is_some_and(|v| v.iter().any(|v| v.as_str() == Some(STATELESS_VERSION)));
        let mut session = self.session.borrow_mut();
        if !speaks {
            session.mode = Mode::Handshake;
            return Ok(false);
        }
        session.state.protocol = Some(STATELESS_VERSION.to_owned());
        session.state.server_info = result
            .pointer("/_meta/io.modelcontextprotocol~1serverInfo")
            .map(server_info);
        session.state.connected = true;
        Ok(true)
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
        let info = result.get("serverInfo").map(server_info);
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
            session.state.tried = true;
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
                // No stream offered (405; a subscription refused, with 404 as rmcp does, or
                // as an error), or stopped.
                Err(McpError::Http {
                    status: 404 | 405, ..
                })
                | Err(McpError::Rpc(_))
                | Err(McpError::Cancelled) => return,
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
        // The handshake revisions' GET stream, or the current revision's subscription: a
        // request whose answer is a stream of notifications.
        let (response, listen_id) = match self.mode() {
            Mode::Handshake => (self.send(HttpMethod::Get, None, None, cancel).await?, None),
            Mode::Stateless => {
                let id = self.next_id();
                let params = json!({"notifications": {"toolsListChanged": true}});
                let response = self
                    .post_request(id, "subscriptions/listen", params, cancel)
                    .await?;
                (response, Some(id))
            }
        };
        let mut events = EventData::new(response.body, None);
        while let Some(data) = events.next().await? {
            // A stream message Skein cannot read is skipped, not fatal.
            for message in jsonrpc::parse(&data).unwrap_or_default() {
                match message {
                    // The subscription ended; refused, the server offers none.
                    Incoming::Response { id, outcome } if Some(id) == listen_id => {
                        if let Err(err) = outcome {
                            return Err(McpError::Rpc(err));
                        }
                    }
                    other => self.handle(other, &|_| {}).await,
                }
            }
            if self.session.borrow().tools_stale {
                self.refresh(cancel).await?;
            }
        }
        Ok(events.retry_ms())
    }
}
