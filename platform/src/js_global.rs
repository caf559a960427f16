//! Browser objects `web-sys` does not bind, or that may be missing (`navigator.storage` on an
//! insecure origin, `navigator.locks`, `chrome.*` outside an extension), reached by name.

use wasm_bindgen::{JsCast, JsValue};

/// `globalThis.<path…>`, if every step exists (is neither `undefined` nor `null`).
pub(crate) fn global_path(path: &[&str]) -> Option<JsValue> {
    let mut value: JsValue = js_sys::global().into();
    for part in path {
        value = js_sys::Reflect::get(&value, &(*part).into()).ok()?;
        if value.is_undefined() || value.is_null() {
            return None;
        }
    }
    Some(value)
}

/// `target.<name>`, if it is a function.
pub(crate) fn method(target: &JsValue, name: &str) -> Option<js_sys::Function> {
    js_sys::Reflect::get(target, &name.into())
        .ok()?
        .dyn_into()
        .ok()
}
