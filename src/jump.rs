//! Shows a message of the conversation on screen: scrolled into view, with the focus on it (a
//! message the summary panel or the branch map points to).

use wasm_bindgen::JsCast;

/// Scrolls the message with `id` into view and moves the focus to it.
pub fn jump_to(id: &str) {
    let Some(document) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let messages = document.get_elements_by_class_name("message");
    let found = (0..messages.length())
        .filter_map(|i| messages.item(i))
        .find(|el| el.get_attribute("data-message-id").as_deref() == Some(id));
    if let Some(element) = found {
        element.scroll_into_view_with_bool(true);
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    }
}
