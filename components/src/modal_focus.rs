//! Keyboard focus in a modal dialog (WCAG 2.4.3): it moves into the dialog when the dialog
//! opens, Tab and Shift+Tab go round inside it, and it goes back to the control that opened the
//! dialog when the dialog closes.

use leptos::html::ElementType;
use leptos::prelude::*;
use send_wrapper::SendWrapper;
use wasm_bindgen::JsCast;

/// What Tab can reach.
const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]), \
    select:not([disabled]), textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

fn active_element() -> Option<web_sys::HtmlElement> {
    web_sys::window()?
        .document()?
        .active_element()?
        .dyn_into::<web_sys::HtmlElement>()
        .ok()
}

/// The controls of `dialog` that Tab reaches, in order (hidden ones left out).
fn focusable(dialog: &web_sys::Element) -> Vec<web_sys::HtmlElement> {
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<web_sys::HtmlElement>().ok())
        .filter(|e| e.get_client_rects().length() > 0)
        .collect()
}

/// Holds the keyboard in the dialog `dialog` refers to. Call it while the dialog's view is
/// built (its `<Show>` children), when the control that opened it still has focus: that control
/// gets focus back when the view is dropped, unless the dialog sent focus elsewhere on its way
/// out (to a message it jumped to). Once the dialog is in the page, its `autofocus`
/// control (else its first) takes focus.
pub fn hold_focus<E>(dialog: NodeRef<E>)
where
    E: ElementType,
    E::Output: JsCast + Clone + 'static,
{
    let opener = SendWrapper::new(active_element());
    Effect::new(move |_| {
        let Some(dialog) = dialog.get() else { return };
        let dialog: &web_sys::Element = dialog.unchecked_ref();
        let first = dialog
            .query_selector("[autofocus]")
            .ok()
            .flatten()
            .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok())
            .or_else(|| focusable(dialog).into_iter().next());
        if let Some(first) = first {
            let _ = first.focus();
        }
    });
    on_cleanup(move || {
        let opener = opener.take();
        // Two frames later, when whatever the dialog did on its way out (a jump to a message
        // focuses it then) is done: only if nothing has focus does the opener get it back.
        request_animation_frame(move || {
            request_animation_frame(move || {
                let body = web_sys::window()
                    .and_then(|w| w.document())
                    .and_then(|d| d.body());
                let nothing = active_element()
                    .is_none_or(|active| !active.is_connected() || Some(&active) == body.as_ref());
                if let Some(opener) = opener.filter(|o| nothing && o.is_connected()) {
                    let _ = opener.focus();
                }
            });
        });
    });
}

/// The dialog's `keydown`: Tab past its last control comes back to its first, and Shift+Tab
/// before its first goes to its last.
pub fn keep_tab_inside(ev: &web_sys::KeyboardEvent, dialog: &web_sys::Element) {
    if ev.key() != "Tab" {
        return;
    }
    let controls = focusable(dialog);
    let (Some(first), Some(last)) = (controls.first(), controls.last()) else {
        ev.prevent_default();
        return;
    };
    let active = active_element();
    let target = if ev.shift_key() {
        (active.as_ref() == Some(first)).then_some(last)
    } else {
        (active.as_ref() == Some(last)).then_some(first)
    };
    if let Some(target) = target {
        ev.prevent_default();
        let _ = target.focus();
    }
}
