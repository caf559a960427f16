//! Telling an embedding page something: a `CustomEvent` on an element, with a JSON detail,
//! that bubbles out of a shadow root (`composed`) so a listener on the element or above hears it.

use crate::js_error::describe;
use wasm_bindgen::JsValue;

/// Dispatches `name` on `target` with `detail` (a JSON value, parsed into a plain object).
pub fn dispatch_json_event(
    target: &web_sys::EventTarget,
    name: &str,
    detail: &str,
) -> Result<(), String> {
    let detail = js_sys::JSON::parse(detail).map_err(|e| describe(&e))?;
    let init = web_sys::CustomEventInit::new();
    init.set_bubbles(true);
    init.set_composed(true);
    init.set_detail(&detail);
    let event = web_sys::CustomEvent::new_with_event_init_dict(name, &init)
        .map_err(|e: JsValue| describe(&e))?;
    target.dispatch_event(&event).map_err(|e| describe(&e))?;
    Ok(())
}
