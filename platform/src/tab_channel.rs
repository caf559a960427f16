//! Tabs of Skein telling each other what changed (`BroadcastChannel`), so a conversation
//! updated in one tab shows in the others without a reload.

use crate::js_error::describe;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// This tab's end of the channel. Messages it posts reach the other tabs, not itself.
pub struct TabChannel {
    channel: web_sys::BroadcastChannel,
}

impl TabChannel {
    /// Joins channel `name`; `on_message` gets each text another tab posts.
    pub fn open(name: &str, on_message: impl Fn(String) + 'static) -> Result<Self, String> {
        let channel = web_sys::BroadcastChannel::new(name).map_err(|e| describe(&e))?;
        let listener =
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |event: web_sys::MessageEvent| {
                if let Some(text) = event.data().as_string() {
                    on_message(text);
                }
            });
        channel.set_onmessage(Some(listener.as_ref().unchecked_ref()));
        // The listener lives as long as the page.
        listener.forget();
        Ok(Self { channel })
    }

    /// Tells the other tabs `text`. Best effort: a closed channel only means nobody listens.
    pub fn post(&self, text: &str) {
        let _ = self.channel.post_message(&JsValue::from_str(text));
    }
}
