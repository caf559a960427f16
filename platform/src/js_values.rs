//! Values crossing to and from the embedding page's JavaScript (`js_api.rs`, `js_chats.rs`):
//! JSON as plain objects, an engine error as the object a promise rejects with, and an
//! `AbortSignal` as a cancel token.

use skein_engine::api::ApiError;
use skein_engine::CancelToken;
use wasm_bindgen::prelude::*;
use web_sys::AbortSignal;

/// A token cancelled when `signal` aborts (at once if it already has). The listener stays on
/// the signal until it fires or the signal is collected (signals are per request).
pub(crate) fn cancel_token(signal: Option<&AbortSignal>) -> CancelToken {
    let cancel = CancelToken::new();
    if let Some(signal) = signal {
        if signal.aborted() {
            cancel.cancel();
        } else {
            let on_abort = cancel.clone();
            let listener = Closure::once_into_js(move || on_abort.cancel());
            let _ = signal.add_event_listener_with_callback("abort", listener.unchecked_ref());
        }
    }
    cancel
}

/// A page's value (plain objects, arrays, strings, numbers; `undefined` as `null`) as JSON.
pub fn json_from_js(value: &JsValue) -> Result<serde_json::Value, JsValue> {
    serde_wasm_bindgen::from_value(value.clone()).map_err(|err| {
        error_to_js(ApiError::invalid(
            "request",
            format!("not a JSON-like value: {err}"),
        ))
    })
}

/// JSON as plain JavaScript objects and arrays.
pub fn json_to_js(value: &serde_json::Value) -> JsValue {
    serde::Serialize::serialize(value, &serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL)
}

/// An engine error as the `{ kind, message, status?, retryAfterMs? }` a promise rejects with.
pub fn error_to_js(error: ApiError) -> JsValue {
    serde::Serialize::serialize(&error, &serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or_else(|_| JsValue::from_str(&error.message))
}
