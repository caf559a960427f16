//! Turning thrown JavaScript values into text a user can read.

use wasm_bindgen::{JsCast, JsValue};

/// A one-line description of a thrown value.
pub(crate) fn describe(value: &JsValue) -> String {
    if let Some(exception) = value.dyn_ref::<web_sys::DomException>() {
        return format!("{}: {}", exception.name(), exception.message());
    }
    if let Some(error) = value.dyn_ref::<js_sys::Error>() {
        return String::from(error.message());
    }
    value
        .as_string()
        .unwrap_or_else(|| "unknown browser error".to_owned())
}
