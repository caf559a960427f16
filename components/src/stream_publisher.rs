//! [`StreamPublisher`]: streamed text reaches the per-message signals ([`MessageView`]) through
//! the engine's [`PublishThrottle`]: the first token at once, then about one update per
//! interval, and whatever is still held when the reply finishes. The engine decides *when*;
//! this module owns the timer and publishes (and clears it when an update goes at once first).

use crate::MessageView;
use leptos::prelude::*;
use skein_engine::render::throttle::{Decision, PublishThrottle};
use skein_engine::Clock;
use std::cell::RefCell;
use std::rc::Rc;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

#[derive(Default)]
struct Held {
    throttle: PublishThrottle,
    message_id: String,
    text: String,
    reasoning: String,
    /// The armed timer's handle: cleared when an update goes at once before it fires, so it
    /// does not wake the main thread for nothing.
    timer: Option<i32>,
}

/// Finds the view of a message on screen (none: the text is not shown, only dropped here).
pub type ViewLookup = Box<dyn Fn(&str) -> Option<MessageView>>;

pub struct StreamPublisher<C> {
    clock: C,
    view_of: ViewLookup,
    held: RefCell<Held>,
}

impl<C: Clock + 'static> StreamPublisher<C> {
    pub fn new(clock: C, view_of: ViewLookup) -> Rc<Self> {
        Rc::new(Self {
            clock,
            view_of,
            held: RefCell::default(),
        })
    }

    /// Queues streamed text or reasoning for `message_id` and publishes when the throttle says.
    pub fn push(self: &Rc<Self>, message_id: &str, text: &str, reasoning: &str) {
        let decision = {
            let mut held = self.held.borrow_mut();
            if held.message_id != message_id {
                held.message_id = message_id.to_owned();
            }
            held.text.push_str(text);
            held.reasoning.push_str(reasoning);
            held.throttle.update(self.clock.now_ms(), false)
        };
        match decision {
            Decision::Now => {
                self.disarm_timer();
                self.publish();
            }
            Decision::At(at) => self.arm_timer(at),
        }
    }

    /// Publishes whatever is held (the reply finished, or the branch is being replaced).
    pub fn flush(&self) {
        self.disarm_timer();
        if self.held.borrow_mut().throttle.finish() {
            self.publish();
        }
    }

    fn disarm_timer(&self) {
        let handle = self.held.borrow_mut().timer.take();
        if let (Some(handle), Some(window)) = (handle, web_sys::window()) {
            window.clear_timeout_with_handle(handle);
        }
    }

    fn arm_timer(self: &Rc<Self>, at: f64) {
        if self.held.borrow().timer.is_some() {
            return;
        }
        let this = Rc::clone(self);
        let callback = Closure::once_into_js(move || {
            this.held.borrow_mut().timer = None;
            let due = this.held.borrow_mut().throttle.due(this.clock.now_ms());
            if due {
                this.publish();
            }
        });
        let delay = (at - self.clock.now_ms()).max(0.0) as i32;
        let scheduled = web_sys::window().and_then(|w| {
            w.set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), delay)
                .ok()
        });
        match scheduled {
            Some(handle) => self.held.borrow_mut().timer = Some(handle),
            // No timer available: publish now rather than hold text back.
            None => self.publish(),
        }
    }

    fn publish(&self) {
        let (message_id, text, reasoning) = {
            let mut held = self.held.borrow_mut();
            (
                held.message_id.clone(),
                std::mem::take(&mut held.text),
                std::mem::take(&mut held.reasoning),
            )
        };
        if let Some(view) = (self.view_of)(&message_id) {
            if !text.is_empty() {
                view.text.update(|t| t.push_str(&text));
            }
            if !reasoning.is_empty() {
                view.reasoning.update(|r| r.push_str(&reasoning));
            }
        }
    }
}
