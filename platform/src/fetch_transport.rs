//! [`FetchTransport`]: the engine's [`Transport`] over the browser's `fetch`.
//!
//! The request is sent, and its body read, by a small JavaScript module (`batched_body.js`): in a
//! dedicated worker where the browser allows one, else on the calling thread (the extension's
//! service worker, a host page that forbids the worker). Either way the engine gets every byte
//! read so far at most once per [`BATCH_WINDOW_MS`]: tokens reach it as they arrive on a slow
//! stream, a fast one wakes wasm once a window instead of once per network chunk, and in the
//! worker the page's thread is not woken by the network chunks at all. Cancelling the engine's
//! token aborts the request through an `AbortController`, which also ends a read that is waiting
//! for the network.
//!
//! Requests to providers never carry cookies or a referrer (`credentials: "omit"`,
//! `referrerPolicy: "no-referrer"`): the only credential a provider gets is the API key the user
//! configured for it.

use crate::js_error::describe;
use skein_engine::{
    ByteStream, CancelToken, HttpMethod, HttpRequest, HttpResponse, JournalTarget, Transport,
    TransportError,
};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::AbortController;

/// How long a fast stream's bytes are gathered before wasm gets them: the one throttle between
/// the stream and the screen (the engine hands on what each batch brought as one piece, and the
/// app shows it at once), so the rate the screen shows new text at. Each batch wakes wasm in a
/// task of its own and runs the engine's work for it. Gathering for this interval rather than
/// 40 ms took about 0.06 ms of the page's thread per token off a 200-token/s stream
/// (`node tests/bench/profile.mjs stream-cost`, same machine, same run of builds). The first
/// bytes, and those of a stream slower than this, are handed over at once.
pub const BATCH_WINDOW_MS: f64 = skein_engine::render::throttle::PUBLISH_INTERVAL_MS;

#[wasm_bindgen(module = "/src/batched_body.js")]
extern "C" {
    /// A response whose headers are in (`BodyResponse`).
    type BodyResponse;

    #[wasm_bindgen(method, getter)]
    fn status(this: &BodyResponse) -> u16;

    #[wasm_bindgen(method)]
    fn header(this: &BodyResponse, name: &str) -> Option<String>;

    #[wasm_bindgen(method, getter)]
    fn body(this: &BodyResponse) -> Option<BatchedBody>;

    /// A body read in batches, on this thread or in the worker (`take` and `cancel` alike).
    type BatchedBody;

    /// Resolves with a `Uint8Array` of the bytes read since the last call, or `undefined` at
    /// the end; rejects with the read's error.
    #[wasm_bindgen(method)]
    fn take(this: &BatchedBody) -> js_sys::Promise;

    #[wasm_bindgen(method)]
    fn cancel(this: &BatchedBody);

    /// Resolves with a `BodyResponse`; rejects as `fetch` does.
    #[wasm_bindgen(js_name = fetchBatched)]
    fn fetch_batched(
        url: &str,
        method: &str,
        headers: js_sys::Array,
        body: Option<String>,
        window_ms: f64,
        signal: &web_sys::AbortSignal,
        journal: &JsValue,
    ) -> js_sys::Promise;
}

#[derive(Debug, Clone, Copy, Default)]
pub struct FetchTransport;

/// A streaming response body. Dropping it before the end cancels the stream, which releases the
/// connection of a server that keeps it open after its last event.
pub struct FetchBody {
    /// `None` once the body ended or failed (nothing more to read or cancel).
    chunks: Option<BatchedBody>,
    cancel: CancelToken,
}

impl Drop for FetchBody {
    fn drop(&mut self) {
        if let Some(chunks) = &self.chunks {
            chunks.cancel();
        }
    }
}

fn network_error(url: &str, detail: impl ToString) -> TransportError {
    TransportError::Network {
        url: url.to_owned(),
        detail: detail.to_string(),
        in_extension: crate::in_extension(),
    }
}

/// A property of a thrown value, if it is a string.
fn text_of(error: &JsValue, key: &str) -> Option<String> {
    js_sys::Reflect::get(error, &JsValue::from_str(key))
        .ok()?
        .as_string()
}

/// `fetch`'s failure as the engine's: an abort (the user stopped) or a network error.
fn send_error(url: &str, error: &JsValue, cancel: &CancelToken) -> TransportError {
    if cancel.is_cancelled() || text_of(error, "name").as_deref() == Some("AbortError") {
        return TransportError::Aborted;
    }
    network_error(
        url,
        text_of(error, "message").unwrap_or_else(|| describe(error)),
    )
}

impl Transport for FetchTransport {
    type Body = FetchBody;

    async fn send(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<FetchBody>, TransportError> {
        self.send_journaled(request, cancel, None).await
    }

    /// The worker keeps the journal (`batched_body.js`); where requests run on the calling
    /// thread nothing is kept.
    async fn send_journaled(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
        journal: Option<&JournalTarget>,
    ) -> Result<HttpResponse<FetchBody>, TransportError> {
        if cancel.is_cancelled() {
            return Err(TransportError::Aborted);
        }
        let url = request.url.as_str();
        let controller = AbortController::new().map_err(|e| network_error(url, describe(&e)))?;
        let method = match request.method {
            HttpMethod::Get => "GET",
            HttpMethod::Post => "POST",
        };
        let headers: js_sys::Array = request
            .headers
            .iter()
            .map(|(name, value)| {
                js_sys::Array::of2(&JsValue::from_str(name), &JsValue::from_str(value))
            })
            .collect();
        let abort = controller.clone();
        cancel.on_cancel(move || abort.abort());
        let sent = fetch_batched(
            url,
            method,
            headers,
            request.body,
            BATCH_WINDOW_MS,
            &controller.signal(),
            &journal.map_or(JsValue::UNDEFINED, crate::stream_journal::request),
        );
        let response: BodyResponse = wasm_bindgen_futures::JsFuture::from(sent)
            .await
            .map_err(|e| send_error(url, &e, cancel))?
            .unchecked_into();
        // Only headers the server exposes (CORS) are readable; the engine reads these (rate
        // limits, an MCP server's session).
        let headers = skein_engine::provider::retry::RATE_LIMIT_HEADERS
            .iter()
            .chain(&[skein_engine::mcp::SESSION_HEADER])
            .filter_map(|name| Some(((*name).to_owned(), response.header(name)?)))
            .collect();
        Ok(HttpResponse {
            status: response.status(),
            content_type: response.header("content-type"),
            headers,
            body: FetchBody {
                chunks: response.body(),
                cancel: cancel.clone(),
            },
        })
    }

    async fn read_journal(&self, conversation_id: &str, message_id: &str) -> Option<Vec<u8>> {
        crate::stream_journal::read(conversation_id, message_id).await
    }

    fn drop_journal(&self, conversation_id: &str, message_id: Option<&str>) {
        crate::stream_journal::remove(conversation_id, message_id);
    }
}

impl ByteStream for FetchBody {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, TransportError>> {
        let taken = wasm_bindgen_futures::JsFuture::from(self.chunks.as_ref()?.take()).await;
        let outcome = match taken {
            Ok(value) if value.is_undefined() => {
                self.chunks = None;
                return None;
            }
            Ok(value) => match value.dyn_into::<js_sys::Uint8Array>() {
                Ok(bytes) => return Some(Ok(bytes.to_vec())),
                Err(_) => TransportError::Interrupted(
                    "the response stream produced something other than bytes".to_owned(),
                ),
            },
            Err(_) if self.cancel.is_cancelled() => TransportError::Aborted,
            Err(error) => TransportError::Interrupted(describe(&error)),
        };
        // A failed stream is over: nothing more is read (cancelling releases a connection that
        // sent something other than bytes; an errored body ignores it).
        if let Some(chunks) = self.chunks.take() {
            chunks.cancel();
        }
        Some(Err(outcome))
    }
}
