//! Rendering in full only what is near the viewport.
//!
//! A long conversation opens with its latest messages rendered as Markdown; older answers show
//! their plain text (one text node, cheap to create, still found by the browser's find) until
//! they come within [`MARGIN_PX`] of the visible part of the scroller, and are parsed then,
//! once.
//!
//! Where the waiting messages are is checked when the scroller scrolls or changes size, or the
//! window resizes (at most once a frame), not by an `IntersectionObserver`: an observer recomputes every
//! target on every frame whose layout changed, and a streaming answer changes layout on every
//! frame: with hundreds of waiting messages that was most of the extra cost of streaming into a
//! long conversation (`cargo xtask bench`). Messages above a growing answer do not move, so
//! nothing needs checking until the user scrolls.

use leptos::prelude::*;
use std::collections::HashMap;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// How far outside the visible part a message starts rendering, so scrolling finds it ready.
const MARGIN_PX: f64 = 1500.0;

#[derive(Default)]
struct Watch {
    /// The scroller, once attached.
    root: Option<web_sys::Element>,
    /// The check, as the frame callback it is scheduled with; `scheduled` while one is pending.
    check: Option<js_sys::Function>,
    scheduled: bool,
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
    /// checked now.
    pub fn attach(&self, root: &web_sys::Element) {
        let this = *self;
        let check = Closure::<dyn Fn()>::new(move || this.check());
        let schedule = Closure::<dyn Fn()>::new(move || this.schedule());
        let options = web_sys::AddEventListenerOptions::new();
        options.set_passive(true);
        let listened = root
            .add_event_listener_with_callback_and_add_event_listener_options(
                "scroll",
                schedule.as_ref().unchecked_ref(),
                &options,
            )
            .and_then(|()| {
                web_sys::window().map_or(Ok(()), |window| {
                    window.add_event_listener_with_callback(
                        "resize",
                        schedule.as_ref().unchecked_ref(),
                    )
                })
            });
        // The scroller changing size (shown again after the settings, a narrower window)
        // moves messages without a scroll.
        let resized = Closure::<dyn Fn()>::new(move || this.schedule());
        let observed = web_sys::ResizeObserver::new(resized.as_ref().unchecked_ref())
            .map(|observer| observer.observe(root));
        if listened.is_err() || observed.is_err() {
            return self.release_all();
        }
        resized.forget();
        self.0.update_value(|watch| {
            watch.root = Some(root.clone());
            watch.check = Some(check.as_ref().unchecked_ref::<js_sys::Function>().clone());
        });
        // They live as long as the page's chat view.
        check.forget();
        schedule.forget();
        self.schedule();
    }

    /// Sets `near` once `element` comes near the viewport. Returns the key to
    /// [`forget`](Self::forget) it by.
    pub fn watch(&self, element: web_sys::Element, near: RwSignal<bool>) -> u32 {
        let key = self.0.try_update_value(|watch| {
            let key = watch.next_key;
            watch.next_key += 1;
            watch.waiting.insert(key, (element, near));
            key
        });
        match key {
            Some(key) => {
                self.schedule();
                key
            }
            // The chat view is gone: nothing will watch, so render now.
            None => {
                near.set(true);
                u32::MAX
            }
        }
    }

    /// Stops watching (the message left the view before it came near).
    pub fn forget(&self, key: u32) {
        self.0.try_update_value(|watch| watch.waiting.remove(&key));
    }

    /// Checks the waiting messages at the next frame (once, however often asked): also after
    /// messages moved without a scroll event (older ones added above the reader).
    pub fn schedule(&self) {
        let check = self.0.try_update_value(|watch| {
            if watch.scheduled || watch.waiting.is_empty() {
                return None;
            }
            let check = watch.check.clone()?;
            watch.scheduled = true;
            Some(check)
        });
        if let Some(Some(check)) = check {
            if web_sys::window()
                .and_then(|window| window.request_animation_frame(&check).ok())
                .is_none()
            {
                self.release_all();
            }
        }
    }

    /// Renders every waiting message within the margin of the scroller's visible part.
    fn check(&self) {
        let arrived: Vec<RwSignal<bool>> = self
            .0
            .try_update_value(|watch| {
                watch.scheduled = false;
                let Some(root) = &watch.root else {
                    return Vec::new();
                };
                let view = root.get_bounding_client_rect();
                let (top, bottom) = (view.top() - MARGIN_PX, view.bottom() + MARGIN_PX);
                let near: Vec<u32> = watch
                    .waiting
                    .iter()
                    .filter(|(_, (element, _))| {
                        let rect = element.get_bounding_client_rect();
                        // A message not laid out (hidden, detached) has an empty box: it waits.
                        rect.height() > 0.0 && rect.bottom() >= top && rect.top() <= bottom
                    })
                    .map(|(key, _)| *key)
                    .collect();
                near.into_iter()
                    .filter_map(|key| watch.waiting.remove(&key).map(|(_, near)| near))
                    .collect()
            })
            .unwrap_or_default();
        for near in arrived {
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
