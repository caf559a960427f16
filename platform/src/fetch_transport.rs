//! [`FetchTransport`]: the engine's [`Transport`] over the browser's `fetch`, through
//! `gloo-net` (which calls the global `fetch`, so it works in a page and in the extension's
//! service worker alike).
//!
//! The body is read by a small JavaScript loop (`batched_body.js`) that hands the engine every
//! byte read so far, at most once per [`BATCH_WINDOW_MS`]: tokens reach the engine as they arrive
//! on a slow stream, and a fast one wakes wasm once a window instead of once per network chunk.
//! Cancelling the engine's token aborts the request through an `AbortController`, which also
//! ends a read that is waiting for the network.
//!
//! Requests to providers never carry cookies or a referrer (`credentials: "omit"`,
//! `referrerPolicy: "no-referrer"`): the only credential a provider gets is the API key the user
//! configured for it.

use crate::js_error::describe;
use gloo_net::http::{Method, RequestBuilder};
use skein_engine::{
    ByteStream, CancelToken, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError,
};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::JsCast;
use web_sys::{AbortController, ReferrerPolicy, RequestCredentials};

/// How long a fast stream's bytes are gathered before wasm gets them: a frame. The engine shows
/// text at most every 40 ms, so this adds no visible delay; the first bytes, and those of a stream
/// slower than this, are handed over at once.
pub const BATCH_WINDOW_MS: f64 = 16.0;

#[wasm_bindgen(module = "/src/batched_body.js")]
extern "C" {
    type BatchedBody;

    #[wasm_bindgen(constructor)]
    fn new(stream: &web_sys::ReadableStream, window_ms: f64) -> BatchedBody;

    /// Resolves with a `Uint8Array` of the bytes read since the last call, or `undefined` at
    /// the end; rejects with the read's error.
    #[wasm_bindgen(method)]
    fn take(this: &BatchedBody) -> js_sys::Promise;

    #[wasm_bindgen(method)]
    fn cancel(this: &BatchedBody);
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
    }
}

/// `fetch`'s failure as the engine's: an abort (the user stopped) or a network error.
fn send_error(url: &str, error: gloo_net::Error, cancel: &CancelToken) -> TransportError {
    match error {
        _ if cancel.is_cancelled() => TransportError::Aborted,
        gloo_net::Error::JsError(error) if error.name == "AbortError" => TransportError::Aborted,
        gloo_net::Error::JsError(error) => network_error(url, error.message),
        other => network_error(url, other),
    }
}

impl Transport for FetchTransport {
    type Body = FetchBody;

    async fn send(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<FetchBody>, TransportError> {
        if cancel.is_cancelled() {
            return Err(TransportError::Aborted);
        }
        let url = request.url.as_str();
        let controller = AbortController::new().map_err(|e| network_error(url, describe(&e)))?;
        let method = match request.method {
            HttpMethod::Get => Method::GET,
            HttpMethod::Post => Method::POST,
        };
        let mut builder = RequestBuilder::new(url)
            .method(method)
            .abort_signal(Some(&controller.signal()))
            .credentials(RequestCredentials::Omit)
            .referrer_policy(ReferrerPolicy::NoReferrer);
        for (name, value) in &request.headers {
            builder = builder.header(name, value);
        }
        let built = match &request.body {
            Some(body) => builder.body(body.as_str()),
            None => builder.build(),
        };
        let fetch = built.map_err(|e| network_error(url, e))?;
        let abort = controller.clone();
        cancel.on_cancel(move || abort.abort());

        let response = fetch.send().await.map_err(|e| send_error(url, e, cancel))?;
        let response_headers = response.headers();
        // Only headers the server exposes (CORS) are readable; the engine reads these (rate
        // limits, an MCP server's session).
        let headers = skein_engine::provider::retry::RATE_LIMIT_HEADERS
            .iter()
            .chain(&[skein_engine::mcp::SESSION_HEADER])
            .filter_map(|name| Some(((*name).to_owned(), response_headers.get(name)?)))
            .collect();
        let chunks = response
            .body()
            .map(|stream| BatchedBody::new(&stream, BATCH_WINDOW_MS));
        Ok(HttpResponse {
            status: response.status(),
            content_type: response_headers.get("content-type"),
            headers,
            body: FetchBody {
                chunks,
                cancel: cancel.clone(),
            },
        })
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
