//! How much the browser lets Skein keep (`navigator.storage`): usage, quota, and whether the
//! storage is persistent (not cleared by the browser under storage pressure).

use crate::js_global::global_path;
use wasm_bindgen::JsValue;
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
    global_path(&["navigator", "storage"])
}

/// Calls `storage.{method}()` and awaits its promise.
async fn call(method: &str) -> Option<JsValue> {
    let storage = storage_manager()?;
    let function = crate::js_global::method(&storage, method)?;
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
