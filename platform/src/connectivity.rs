//! Whether the browser has a network connection (`navigator.onLine` and the `online` /
//! `offline` events). "Online" only means a network is there, not that a provider answers;
//! "offline" is reliable, which is what the app needs to hold messages back.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::JsCast;

/// `navigator.onLine`; `true` where the browser cannot say.
pub fn is_online() -> bool {
    web_sys::window().is_none_or(|w| w.navigator().on_line())
}

/// Calls `on_change` with the new state whenever the connection comes or goes.
pub fn on_connectivity_change(on_change: impl Fn(bool) + 'static) -> Result<(), String> {
    let window = web_sys::window().ok_or("no window")?;
    let on_change = std::rc::Rc::new(on_change);
    for (event, online) in [("online", true), ("offline", false)] {
        let on_change = on_change.clone();
        let listener = Closure::<dyn Fn()>::new(move || on_change(online));
        window
            .add_event_listener_with_callback(event, listener.as_ref().unchecked_ref())
            .map_err(|e| crate::js_error::describe(&e))?;
        // Lives as long as the page.
        listener.forget();
    }
    Ok(())
}
