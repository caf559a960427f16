//! [`FetchTransport`]: the engine's [`Transport`] over the browser's `fetch`, through
//! `gloo-net` (which calls the global `fetch`, so it works in a page and in the extension's
//! service worker alike).
//!
//! The body is read chunk by chunk as a Rust `Stream` over the response's `ReadableStream`
//! (`wasm-streams`), so tokens reach the engine as they arrive. Cancelling the engine's token
//! aborts the request through an `AbortController`, which also ends a read that is waiting for
//! the network.
//!
//! Requests to providers never carry cookies or a referrer (`credentials: "omit"`,
//! `referrerPolicy: "no-referrer"`): the only credential a provider gets is the API key the user
//! configured for it.

use crate::js_error::describe;
use futures::StreamExt;
use gloo_net::http::{Method, RequestBuilder};
use skein_engine::{
    ByteStream, CancelToken, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError,
};
use wasm_bindgen::JsCast;
use web_sys::{AbortController, ReferrerPolicy, RequestCredentials};

#[derive(Debug, Clone, Copy, Default)]
pub struct FetchTransport;

/// A streaming response body. Dropping it before the end cancels the stream, which releases the
/// connection of a server that keeps it open after its last event.
pub struct FetchBody {
    chunks: Option<wasm_streams::readable::IntoStream<'static>>,
    cancel: CancelToken,
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
        let chunks = match response.body() {
            Some(raw) => Some(
                wasm_streams::ReadableStream::from_raw(raw.unchecked_into())
                    .try_into_stream()
                    .map_err(|(error, _)| network_error(url, describe(&error.into())))?,
            ),
            None => None,
        };
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
        let chunk = self.chunks.as_mut()?.next().await;
        let outcome = match chunk? {
            Ok(value) => match value.dyn_into::<js_sys::Uint8Array>() {
                Ok(bytes) => return Some(Ok(bytes.to_vec())),
                Err(_) => TransportError::Interrupted(
                    "the response stream produced something other than bytes".to_owned(),
                ),
            },
            Err(_) if self.cancel.is_cancelled() => TransportError::Aborted,
            Err(error) => TransportError::Interrupted(describe(&error)),
        };
        // A failed stream is over: nothing more is read, and dropping it cancels nothing twice.
        self.chunks = None;
        Some(Err(outcome))
    }
}
