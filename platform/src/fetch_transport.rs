//! [`FetchTransport`]: the engine's [`Transport`] over the browser's `fetch`.
//!
//! The body is read chunk by chunk from the response's `ReadableStream`, so tokens reach the
//! engine as they arrive. Cancelling the engine's token aborts the request through an
//! `AbortController`, which also ends a read that is waiting for the network.
//!
//! Requests to providers never carry cookies or a referrer (`credentials: "omit"`,
//! `referrerPolicy: "no-referrer"`): the only credential a provider gets is the API key the user
//! configured for it.

use crate::js_error::{describe, error_name};
use skein_engine::{ByteStream, CancelToken, HttpRequest, HttpResponse, Transport, TransportError};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    AbortController, Headers, ReadableStreamDefaultReader, ReferrerPolicy, RequestCredentials,
    RequestInit, Response,
};

#[derive(Debug, Clone, Copy, Default)]
pub struct FetchTransport;

/// A streaming response body. Dropping it before the end cancels the stream, which releases the
/// connection of a server that keeps it open after its last event.
pub struct FetchBody {
    reader: Option<ReadableStreamDefaultReader>,
    cancel: CancelToken,
    finished: bool,
}

fn network_error(url: &str, error: &JsValue) -> TransportError {
    TransportError::Network {
        url: url.to_owned(),
        detail: describe(error),
    }
}

/// `fetch` from whichever global this runs in (a window, or a worker for the extension).
fn global_fetch(url: &str, init: &RequestInit) -> Result<js_sys::Promise, TransportError> {
    let global = js_sys::global();
    if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        return Ok(window.fetch_with_str_and_init(url, init));
    }
    if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        return Ok(worker.fetch_with_str_and_init(url, init));
    }
    Err(TransportError::Network {
        url: url.to_owned(),
        detail: "fetch is not available in this context".to_owned(),
    })
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
        let controller = AbortController::new().map_err(|e| network_error(url, &e))?;
        let headers = Headers::new().map_err(|e| network_error(url, &e))?;
        for (name, value) in &request.headers {
            headers
                .append(name, value)
                .map_err(|e| network_error(url, &e))?;
        }
        let init = RequestInit::new();
        init.set_method(request.method.as_str());
        init.set_headers(&headers);
        init.set_signal(Some(&controller.signal()));
        init.set_credentials(RequestCredentials::Omit);
        init.set_referrer_policy(ReferrerPolicy::NoReferrer);
        if let Some(body) = &request.body {
            init.set_body(&JsValue::from_str(body));
        }
        let abort = controller.clone();
        cancel.on_cancel(move || abort.abort());

        let response = JsFuture::from(global_fetch(url, &init)?)
            .await
            .map_err(|e| {
                if cancel.is_cancelled() || error_name(&e).as_deref() == Some("AbortError") {
                    TransportError::Aborted
                } else {
                    network_error(url, &e)
                }
            })?;
        let response: Response = response.dyn_into().map_err(|e| network_error(url, &e))?;
        let content_type = response.headers().get("content-type").ok().flatten();
        // Only headers the server exposes (CORS) are readable; the engine reads these.
        let headers = skein_engine::provider::retry::RATE_LIMIT_HEADERS
            .iter()
            .filter_map(|name| {
                let value = response.headers().get(name).ok().flatten()?;
                Some(((*name).to_owned(), value))
            })
            .collect();
        let reader = match response.body() {
            Some(stream) => Some(
                stream
                    .get_reader()
                    .dyn_into::<ReadableStreamDefaultReader>()
                    .map_err(|e| network_error(url, &e))?,
            ),
            None => None,
        };
        Ok(HttpResponse {
            status: response.status(),
            content_type,
            headers,
            body: FetchBody {
                reader,
                cancel: cancel.clone(),
                finished: false,
            },
        })
    }
}

impl ByteStream for FetchBody {
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, TransportError>> {
        let reader = self.reader.as_ref()?;
        if self.finished {
            return None;
        }
        let result = match JsFuture::from(reader.read()).await {
            Ok(result) => result,
            Err(error) => {
                self.finished = true;
                return Some(Err(if self.cancel.is_cancelled() {
                    TransportError::Aborted
                } else {
                    TransportError::Interrupted(describe(&error))
                }));
            }
        };
        let done = js_sys::Reflect::get(&result, &"done".into())
            .ok()
            .and_then(|d| d.as_bool())
            .unwrap_or(true);
        if done {
            self.finished = true;
            return None;
        }
        let value = js_sys::Reflect::get(&result, &"value".into()).unwrap_or(JsValue::UNDEFINED);
        match value.dyn_into::<js_sys::Uint8Array>() {
            Ok(bytes) => Some(Ok(bytes.to_vec())),
            Err(_) => {
                self.finished = true;
                Some(Err(TransportError::Interrupted(
                    "the response stream produced something other than bytes".to_owned(),
                )))
            }
        }
    }
}

impl Drop for FetchBody {
    fn drop(&mut self) {
        if let (Some(reader), false) = (&self.reader, self.finished) {
            // The promise only reports whether cancelling worked; nothing waits for it.
            let _ = reader.cancel();
        }
    }
}
