//! How much the browser lets Skein keep (`navigator.storage`): usage, quota, and whether the
//! storage is persistent (not cleared by the browser under storage pressure).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// What the browser reports; fields are `None` where it does not say.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StorageStatus {
    pub usage_bytes: Option<f64>,
    pub quota_bytes: Option<f64>,
    pub persisted: Option<bool>,
}

/// `navigator.storage`, looked up dynamically: it is missing on insecure origins and in some
/// embedded views.
fn storage_manager() -> Option<JsValue> {
    let navigator = js_sys::Reflect::get(&js_sys::global(), &"navigator".into()).ok()?;
    let storage = js_sys::Reflect::get(&navigator, &"storage".into()).ok()?;
    (!storage.is_undefined() && !storage.is_null()).then_some(storage)
}

/// Calls `storage.{method}()` and awaits its promise.
async fn call(method: &str) -> Option<JsValue> {
    let storage = storage_manager()?;
    let function: js_sys::Function = js_sys::Reflect::get(&storage, &method.into())
        .ok()?
        .dyn_into()
        .ok()?;
    let promise: js_sys::Promise = function.call0(&storage).ok()?.into();
    JsFuture::from(promise).await.ok()
}

/// Usage, quota and persistence, as far as the browser tells.
pub async fn storage_status() -> StorageStatus {
    let estimate = call("estimate").await;
    let number = |key: &str| {
        estimate
            .as_ref()
            .and_then(|e| js_sys::Reflect::get(e, &key.into()).ok())
            .and_then(|v| v.as_f64())
    };
    StorageStatus {
        usage_bytes: number("usage"),
        quota_bytes: number("quota"),
        persisted: call("persisted").await.and_then(|v| v.as_bool()),
    }
}

/// Asks the browser to keep Skein's storage even under storage pressure
/// (`navigator.storage.persist()`); returns whether it is persistent now.
pub async fn request_persistent_storage() -> Option<bool> {
    call("persist").await.and_then(|v| v.as_bool())
}
