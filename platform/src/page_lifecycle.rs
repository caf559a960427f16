//! When the page may go away: `pagehide` (closed, reloaded, navigated) and the tab becoming
//! hidden (on mobile often the last moment a page runs). The app flushes streaming answers
//! there, so a closed tab loses no word that was already shown.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// Calls `on_hidden` on every `pagehide`, and on every `visibilitychange` to hidden.
pub fn on_page_hidden(on_hidden: impl Fn() + 'static) -> Result<(), String> {
    watch(on_hidden).map_err(|e| crate::js_error::describe(&e))
}

fn watch(on_hidden: impl Fn() + 'static) -> Result<(), JsValue> {
    let window = web_sys::window().ok_or_else(|| JsValue::from_str("no window"))?;
    let document = window
        .document()
        .ok_or_else(|| JsValue::from_str("no document"))?;
    let on_hidden = std::rc::Rc::new(on_hidden);
    let on_pagehide = {
        let on_hidden = on_hidden.clone();
        Closure::<dyn Fn()>::new(move || on_hidden())
    };
    window.add_event_listener_with_callback("pagehide", on_pagehide.as_ref().unchecked_ref())?;
    let watched = document.clone();
    let on_visibility = Closure::<dyn Fn()>::new(move || {
        if watched.visibility_state() == web_sys::VisibilityState::Hidden {
            on_hidden();
        }
    });
    document.add_event_listener_with_callback(
        "visibilitychange",
        on_visibility.as_ref().unchecked_ref(),
    )?;
    // The listeners live as long as the page.
    on_pagehide.forget();
    on_visibility.forget();
    Ok(())
}
