//! Rendering in full only what is near the viewport.
//!
//! A long conversation opens with its latest messages rendered as Markdown; older answers show
//! their plain text (one text node, cheap to create, still found by the browser's find) until
//! they come within [`MARGIN`] of the visible part of the scroller, and are parsed then, once.
//! One `IntersectionObserver` watches every waiting message.

use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How far outside the visible part a message starts rendering, so scrolling finds it ready.
const MARGIN: &str = "1500px 0px";
const KEY_ATTRIBUTE: &str = "data-near-key";

#[derive(Default)]
struct Watch {
    observer: Option<web_sys::IntersectionObserver>,
    /// Waiting elements by key, with the flag each sets when it comes near.
    waiting: HashMap<u32, (web_sys::Element, RwSignal<bool>)>,
    next_key: u32,
}

/// The watcher a chat view provides to its messages (a Leptos context).
#[derive(Clone, Copy)]
pub struct NearViewport(StoredValue<Watch, LocalStorage>);

impl Default for NearViewport {
    fn default() -> Self {
        Self::new()
    }
}

impl NearViewport {
    pub fn new() -> Self {
        Self(StoredValue::new_local(Watch::default()))
    }

    /// Starts watching, relative to the scroller `root`; messages that asked before are
    /// watched now. Without `IntersectionObserver` every message renders in full at once.
    pub fn attach(&self, root: &web_sys::Element) {
        let this = *self;
        let callback = Closure::<dyn Fn(js_sys::Array)>::new(move |entries: js_sys::Array| {
            for entry in entries.iter() {
                let Ok(entry) = entry.dyn_into::<web_sys::IntersectionObserverEntry>() else {
                    continue;
                };
                if entry.is_intersecting() {
                    this.arrived(&entry.target());
                }
            }
        });
        let options = web_sys::IntersectionObserverInit::new();
        options.set_root(Some(root));
        options.set_root_margin(MARGIN);
        let observer = web_sys::IntersectionObserver::new_with_options(
            callback.as_ref().unchecked_ref(),
            &options,
        );
        // The observer lives as long as the page's chat view; so does its callback.
        callback.forget();
        let Ok(observer) = observer else {
            return self.release_all();
        };
        self.0.update_value(|watch| {
            for (element, _) in watch.waiting.values() {
                observer.observe(element);
            }
            watch.observer = Some(observer);
        });
    }

    /// Sets `near` once `element` comes near the viewport. Returns the key to
    /// [`forget`](Self::forget) it by.
    pub fn watch(&self, element: web_sys::Element, near: RwSignal<bool>) -> u32 {
        let key = self.0.try_update_value(|watch| {
            let key = watch.next_key;
            watch.next_key += 1;
            let _ = element.set_attribute(KEY_ATTRIBUTE, &key.to_string());
            if let Some(observer) = &watch.observer {
                observer.observe(&element);
            }
            watch.waiting.insert(key, (element, near));
            key
        });
        // The chat view is gone: nothing will watch, so render now.
        key.unwrap_or_else(|| {
            near.set(true);
            u32::MAX
        })
    }

    /// Stops watching (the message left the view before it came near).
    pub fn forget(&self, key: u32) {
        self.0.try_update_value(|watch| {
            if let Some((element, _)) = watch.waiting.remove(&key) {
                if let Some(observer) = &watch.observer {
                    observer.unobserve(&element);
                }
            }
        });
    }

    fn arrived(&self, element: &web_sys::Element) {
        let Some(key) = element
            .get_attribute(KEY_ATTRIBUTE)
            .and_then(|k| k.parse::<u32>().ok())
        else {
            return;
        };
        let near = self.0.try_update_value(|watch| {
            let (element, near) = watch.waiting.remove(&key)?;
            if let Some(observer) = &watch.observer {
                observer.unobserve(&element);
            }
            Some(near)
        });
        if let Some(Some(near)) = near {
            near.set(true);
        }
    }

    fn release_all(&self) {
        let waiting = self
            .0
            .try_update_value(|watch| std::mem::take(&mut watch.waiting))
            .unwrap_or_default();
        for (_, near) in waiting.into_values() {
            near.set(true);
        }
    }
}
