//! The browser-extension build (`cargo xtask dist --extension`): whether the app runs as an
//! extension page, the host permissions that let it reach providers without CORS headers, and
//! the questions the extension's context menu hands to the panel (`extension/background.js`
//! puts them in `chrome.storage.session` under `skeinAsk`). `chrome.*` has no `web-sys`
//! binding; it is reached through `js_sys::Reflect`.

use crate::js_error::describe;
use crate::js_global::{global_path, method as js_method};
use js_sys::{Array, Object, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Where the extension leaves a question for the panel.
const ASK_KEY: &str = "skeinAsk";

/// `chrome.<path…>`, if it exists.
fn chrome(path: &[&str]) -> Option<JsValue> {
    global_path(&[&["chrome"], path].concat())
}

/// Calls `chrome.<object>.<method>(argument)` and awaits its promise.
async fn call(object: &[&str], method: &str, argument: &JsValue) -> Result<JsValue, String> {
    let target = chrome(object).ok_or("this is not a browser extension")?;
    let function = js_method(&target, method)
        .ok_or_else(|| format!("chrome.{}.{method} is missing", object.join(".")))?;
    let promise: Promise = function
        .call1(&target, argument)
        .map_err(|e| describe(&e))?
        .dyn_into()
        .map_err(|_| format!("chrome.{}.{method} returned no promise", object.join(".")))?;
    JsFuture::from(promise).await.map_err(|e| describe(&e))
}

/// The app runs as a page of the browser extension.
pub fn in_extension() -> bool {
    chrome(&["runtime", "id"]).is_some_and(|id| id.is_string())
}

fn origins(pattern: &str) -> JsValue {
    let object = Object::new();
    let _ = Reflect::set(&object, &"origins".into(), &Array::of1(&pattern.into()));
    object.into()
}

/// Whether the extension may reach `pattern` (a host match pattern).
pub async fn has_host_permission(pattern: &str) -> Result<bool, String> {
    Ok(call(&["permissions"], "contains", &origins(pattern))
        .await?
        .is_truthy())
}

/// Asks the user to let the extension reach `pattern` (the browser shows its own prompt; call
/// it from a click). `Ok(false)`: the user said no.
pub async fn request_host_permission(pattern: &str) -> Result<bool, String> {
    Ok(call(&["permissions"], "request", &origins(pattern))
        .await?
        .is_truthy())
}

/// Takes back the permission to reach `pattern`.
pub async fn revoke_host_permission(pattern: &str) -> Result<bool, String> {
    Ok(call(&["permissions"], "remove", &origins(pattern))
        .await?
        .is_truthy())
}

/// The host patterns the user has granted.
pub async fn granted_hosts() -> Result<Vec<String>, String> {
    let all = call(&["permissions"], "getAll", &JsValue::UNDEFINED).await?;
    let list = Reflect::get(&all, &"origins".into()).map_err(|e| describe(&e))?;
    Ok(Array::from(&list)
        .iter()
        .filter_map(|v| v.as_string())
        .collect())
}

/// A question about a page, from the extension's context menu.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageQuestion {
    /// `selection` (the selected text), `page` (the page's main text) or `error` (why the page
    /// could not be read).
    pub kind: String,
    pub text: String,
    pub url: String,
    pub title: String,
}

fn text_field(value: &JsValue, name: &str) -> String {
    Reflect::get(value, &name.into())
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default()
}

/// Takes the question the context menu left, if any (it is removed, so it is asked once).
pub async fn take_page_question() -> Result<Option<PageQuestion>, String> {
    let session = ["storage", "session"];
    let stored = call(&session, "get", &ASK_KEY.into()).await?;
    let value = Reflect::get(&stored, &ASK_KEY.into()).map_err(|e| describe(&e))?;
    if value.is_undefined() || value.is_null() {
        return Ok(None);
    }
    call(&session, "remove", &ASK_KEY.into()).await?;
    Ok(Some(PageQuestion {
        kind: text_field(&value, "kind"),
        text: text_field(&value, "text"),
        url: text_field(&value, "url"),
        title: text_field(&value, "title"),
    }))
}

/// Calls `on_question` whenever the context menu leaves a new question (the panel is open).
pub fn on_page_question(on_question: impl Fn() + 'static) -> Result<(), String> {
    let changed = chrome(&["storage", "session", "onChanged"]).ok_or("no session storage")?;
    let add = js_method(&changed, "addListener").ok_or("no onChanged.addListener")?;
    let listener = Closure::<dyn Fn(JsValue)>::new(move |changes: JsValue| {
        let new_value = Reflect::get(&changes, &ASK_KEY.into())
            .and_then(|change| Reflect::get(&change, &"newValue".into()));
        if new_value.is_ok_and(|v| !v.is_undefined()) {
            on_question();
        }
    });
    add.call1(&changed, listener.as_ref().unchecked_ref())
        .map_err(|e| describe(&e))?;
    // Lives as long as the panel.
    listener.forget();
    Ok(())
}
