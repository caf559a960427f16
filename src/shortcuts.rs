//! The app's keyboard shortcuts (listed by the components' `SHORTCUTS`): one listener on the
//! window. Keys typed into a text field only act when they cannot be typing (with Ctrl or
//! Cmd, or Esc).

use crate::state::AppState;
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// Focuses the element with `data-testid` `id` (the stable handle views give their controls).
fn focus(id: &str) {
    let element = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| {
            d.query_selector(&format!("[data-testid={id}]"))
                .ok()
                .flatten()
        })
        .and_then(|e| e.dyn_into::<web_sys::HtmlElement>().ok());
    if let Some(element) = element {
        let _ = element.focus();
    }
}

fn typing(ev: &web_sys::KeyboardEvent) -> bool {
    ev.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|e| matches!(e.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

pub fn install(state: AppState, help: RwSignal<bool>) {
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let command = ev.ctrl_key() || ev.meta_key();
        let key = ev.key();
        let handled = match key.as_str() {
            "o" | "O" if command && ev.shift_key() => {
                crate::runtime::new_chat(state);
                focus("composer-input");
                true
            }
            "k" | "K" if command => {
                state.show_settings.set(false);
                focus("search-input");
                true
            }
            "/" if command => {
                help.update(|open| *open = !*open);
                true
            }
            "?" if !typing(&ev) => {
                help.set(true);
                true
            }
            "Escape" if ev.shift_key() => {
                state.show_settings.set(false);
                focus("composer-input");
                true
            }
            "Escape" if help.get_untracked() => {
                help.set(false);
                true
            }
            "Escape" => {
                let generating = state
                    .current
                    .get_untracked()
                    .is_some_and(|id| state.is_generating(&id));
                if generating {
                    crate::runtime::stop(state);
                }
                generating
            }
            _ => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    // The listener lives as long as the page.
    std::mem::forget(handle);
}
