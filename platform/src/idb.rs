//! The three IndexedDB primitives the store is built from: open a database (running the schema
//! upgrade), await one request, await a transaction's end.
//!
//! Each event handler is a single one-shot closure registered for both the success and the error
//! event of its request: exactly one of them fires, the closure frees itself when called, and no
//! closure is leaked per request.

use crate::js_error::{describe, error_name};
use skein_engine::StoreError;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{IdbDatabase, IdbOpenDbRequest, IdbRequest, IdbTransaction};

/// Maps a failed IndexedDB operation to the engine's error, keeping quota failures apart (they
/// need a different action from the user).
pub(crate) fn store_error(error: &JsValue) -> StoreError {
    match error_name(error).as_deref() {
        Some("QuotaExceededError") => StoreError::QuotaExceeded(describe(error)),
        Some("InvalidStateError") | Some("SecurityError") => {
            StoreError::Unavailable(describe(error))
        }
        _ => StoreError::Other(describe(error)),
    }
}

/// Resolves with the request's result, or rejects with its error.
pub(crate) async fn request(req: &IdbRequest) -> Result<JsValue, StoreError> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let done = req.clone();
        let settle = Closure::once_into_js(move |_event: web_sys::Event| {
            let outcome = match done.error() {
                Ok(Some(error)) => reject.call1(&JsValue::UNDEFINED, &error),
                _ => resolve.call1(
                    &JsValue::UNDEFINED,
                    &done.result().unwrap_or(JsValue::UNDEFINED),
                ),
            };
            // Calling resolve/reject cannot throw; there is nobody to report to if it did.
            let _ = outcome;
        });
        req.set_onsuccess(Some(settle.unchecked_ref()));
        req.set_onerror(Some(settle.unchecked_ref()));
    });
    JsFuture::from(promise).await.map_err(|e| store_error(&e))
}

/// Resolves when the transaction commits; rejects when it aborts (with the abort's cause, e.g. a
/// `QuotaExceededError`). Nothing of an aborted transaction is applied.
pub(crate) async fn transaction_done(tx: &IdbTransaction) -> Result<(), StoreError> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let done = tx.clone();
        let settle = Closure::once_into_js(move |event: web_sys::Event| {
            let outcome = if event.type_() == "complete" {
                resolve.call0(&JsValue::UNDEFINED)
            } else {
                let error = done
                    .error()
                    .map(JsValue::from)
                    .unwrap_or_else(|| JsValue::from_str("the transaction was aborted"));
                reject.call1(&JsValue::UNDEFINED, &error)
            };
            let _ = outcome;
        });
        tx.set_oncomplete(Some(settle.unchecked_ref()));
        tx.set_onerror(Some(settle.unchecked_ref()));
        tx.set_onabort(Some(settle.unchecked_ref()));
    });
    JsFuture::from(promise)
        .await
        .map(|_| ())
        .map_err(|e| store_error(&e))
}

/// Opens `name` at `version`, calling `upgrade(db, old_version, version)` inside the upgrade
/// transaction when the stored schema is older.
#[cfg(test)]
pub(crate) async fn open(
    name: &str,
    version: u32,
    upgrade: impl Fn(&IdbDatabase, u32, u32) -> Result<(), JsValue> + 'static,
) -> Result<IdbDatabase, StoreError> {
    open_or_wait(name, version, upgrade, || {}).await
}

/// [`open`], calling `on_blocked` when connections of other tabs hold the old version open.
/// The open request then stays pending and the browser retries it by itself when they close
/// (Skein's own tabs close theirs at once on `versionchange`; an older or frozen tab may not),
/// so the caller only has to tell the user to close or reload those tabs.
pub(crate) async fn open_or_wait(
    name: &str,
    version: u32,
    upgrade: impl Fn(&IdbDatabase, u32, u32) -> Result<(), JsValue> + 'static,
    on_blocked: impl Fn() + 'static,
) -> Result<IdbDatabase, StoreError> {
    let factory = idb_factory()?;
    let req: IdbOpenDbRequest = factory
        .open_with_u32(name, version)
        .map_err(|e| StoreError::Unavailable(describe(&e)))?;
    let on_upgrade = Closure::<dyn FnMut(web_sys::IdbVersionChangeEvent)>::new({
        let req = req.clone();
        move |event: web_sys::IdbVersionChangeEvent| {
            let Ok(db) = req.result().and_then(|r| r.dyn_into::<IdbDatabase>()) else {
                return;
            };
            if upgrade(&db, event.old_version() as u32, version).is_err() {
                // Aborting the upgrade makes the open request fail with AbortError, which
                // surfaces below; the stored data stays at its old version, untouched.
                if let Some(tx) = req.transaction() {
                    let _ = tx.abort();
                }
            }
        }
    });
    let on_blocked = Closure::<dyn Fn()>::new(on_blocked);
    req.set_onupgradeneeded(Some(on_upgrade.as_ref().unchecked_ref()));
    req.set_onblocked(Some(on_blocked.as_ref().unchecked_ref()));
    let result = request(&req).await;
    req.set_onupgradeneeded(None);
    req.set_onblocked(None);
    drop(on_upgrade);
    drop(on_blocked);
    result?
        .dyn_into::<IdbDatabase>()
        .map_err(|e| StoreError::Unavailable(describe(&e)))
}

fn idb_factory() -> Result<web_sys::IdbFactory, StoreError> {
    let global = js_sys::global();
    let factory = if let Some(window) = global.dyn_ref::<web_sys::Window>() {
        window.indexed_db()
    } else if let Some(worker) = global.dyn_ref::<web_sys::WorkerGlobalScope>() {
        worker.indexed_db()
    } else {
        return Err(StoreError::Unavailable(
            "no IndexedDB in this context".into(),
        ));
    };
    factory
        .map_err(|e| StoreError::Unavailable(describe(&e)))?
        .ok_or_else(|| StoreError::Unavailable("IndexedDB is disabled".into()))
}
