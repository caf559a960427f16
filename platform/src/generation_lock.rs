//! One tab generates a conversation at a time (Web Locks): a tab holds the lock
//! `skein-generating-{conversation}` while it generates, and another tab that opens the
//! conversation sees the answer is being written elsewhere (so it does not mark it
//! interrupted).

use std::cell::RefCell;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsValue;
use wasm_bindgen_futures::JsFuture;

use crate::js_global::{global_path, method};

fn lock_name(conversation_id: &str) -> String {
    format!("skein-generating-{conversation_id}")
}

/// `navigator.locks`, where the browser has it.
fn lock_manager() -> Option<JsValue> {
    global_path(&["navigator", "locks"])
}

/// Held while this tab generates the conversation; dropping it releases the lock.
pub struct GenerationLock {
    release: RefCell<Option<js_sys::Function>>,
}

impl Drop for GenerationLock {
    fn drop(&mut self) {
        if let Some(release) = self.release.borrow_mut().take() {
            let _ = release.call0(&JsValue::UNDEFINED);
        }
    }
}

/// Takes the lock of `conversation_id` for this tab (waiting behind another tab's, which the
/// browser queues). `None` where the browser has no Web Locks.
pub fn hold_generation_lock(conversation_id: &str) -> Option<GenerationLock> {
    let locks = lock_manager()?;
    let request = method(&locks, "request")?;
    let lock = GenerationLock {
        release: RefCell::new(None),
    };
    // The lock is held until the promise the callback returns settles: it settles when the
    // guard calls the stored `resolve`.
    let (promise, resolve) = {
        let mut resolve = None;
        let promise = js_sys::Promise::new(&mut |res, _rej| resolve = Some(res));
        (promise, resolve?)
    };
    *lock.release.borrow_mut() = Some(resolve);
    let callback = Closure::once_into_js(move |_lock: JsValue| promise);
    let _ = request.call2(&locks, &lock_name(conversation_id).into(), &callback);
    Some(lock)
}

/// Whether some tab (this one included) holds the lock of `conversation_id`.
pub async fn generating_in_some_tab(conversation_id: &str) -> bool {
    let Some(locks) = lock_manager() else {
        return false;
    };
    let Some(query) = method(&locks, "query") else {
        return false;
    };
    let Ok(promise) = query.call0(&locks) else {
        return false;
    };
    let Ok(state) = JsFuture::from(js_sys::Promise::from(promise)).await else {
        return false;
    };
    let name = lock_name(conversation_id);
    let held = js_sys::Reflect::get(&state, &"held".into()).unwrap_or(JsValue::UNDEFINED);
    js_sys::Array::from(&held).iter().any(|lock| {
        js_sys::Reflect::get(&lock, &"name".into())
            .ok()
            .and_then(|n| n.as_string())
            .is_some_and(|n| n == name)
    })
}
