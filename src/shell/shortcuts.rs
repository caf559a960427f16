//! The app's keyboard shortcuts: one listener on the window; which key means what is the
//! components' `shortcut_for` (beside the list the help overlay shows).

use crate::runtime::Engine;
use leptos::prelude::*;
use skein_components::{shortcut_for, KeyPress, Shortcut};
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

pub fn install(engine: Engine, help: RwSignal<bool>) {
    let state = engine.state;
    let handle = window_event_listener(leptos::ev::keydown, move |ev| {
        let key = ev.key();
        let press = KeyPress {
            key: &key,
            command: ev.ctrl_key() || ev.meta_key(),
            shift: ev.shift_key(),
        };
        // Esc closes an overlay first: the shortcuts, the summary panel, the branch map or
        // "This chat".
        let overlay = help.get_untracked() || untrack(|| state.panels.any_open());
        let handled = match shortcut_for(press, overlay) {
            Some(Shortcut::NewChat) => {
                crate::chat::conversation::new_chat(state);
                focus("composer-input");
                true
            }
            Some(Shortcut::Search) => {
                state.shell.show_settings.set(false);
                state.panels.workflows.open.set(false);
                focus("search-input");
                true
            }
            Some(Shortcut::Find) => {
                state.shell.show_settings.set(false);
                state.panels.workflows.open.set(false);
                state.chat.find_open.set(true);
                // Already open: back to its field (a new bar focuses itself).
                focus("find-input");
                true
            }
            Some(Shortcut::ToggleHelp) => {
                help.update(|open| *open = !*open);
                true
            }
            Some(Shortcut::FocusComposer) => {
                state.shell.show_settings.set(false);
                state.panels.workflows.open.set(false);
                focus("composer-input");
                true
            }
            Some(Shortcut::CloseOverlay) => {
                help.set(false);
                state.panels.summary.open.set(false);
                state.panels.branch_map.open.set(false);
                state.panels.chat_settings.set(false);
                state.panels.inspector.open.set(false);
                state.panels.workspace.open.set(false);
                state.panels.follow_ups.open.set(false);
                true
            }
            Some(Shortcut::Stop) => {
                let generating = (state.chat.current.get_untracked())
                    .is_some_and(|id| state.chat.is_generating(&id));
                if generating {
                    engine.act(crate::chat::turns::stop);
                }
                generating
            }
            None => false,
        };
        if handled {
            ev.prevent_default();
        }
    });
    // The listener lives as long as the page.
    std::mem::forget(handle);
}
