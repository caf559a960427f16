//! The keyboard shortcuts, listed in an overlay (opened with Ctrl+/ or from Settings).
//!
//! Every shortcut takes Ctrl (Cmd) or is Esc: a plain character key belongs to the page's text
//! and to a screen reader's browse mode (WCAG 2.1.4), so none is taken.

use crate::i18n::t;
use crate::modal_focus::{hold_focus, keep_tab_inside};
use leptos::prelude::*;

/// Every shortcut the app handles, as (keys, the message saying what it does).
pub const SHORTCUTS: [(&str, &str); 7] = [
    ("Ctrl+Shift+O", "shortcut-new-chat"),
    ("Ctrl+K", "shortcut-search"),
    ("Ctrl+Shift+F", "shortcut-find"),
    ("Shift+Esc", "shortcut-focus-composer"),
    ("Esc", "shortcut-escape"),
    ("Enter / Shift+Enter", "shortcut-send"),
    ("Ctrl+/", "shortcut-help"),
];

#[component]
pub fn ShortcutsHelp(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <Show when=move || open.get()>
            {
                let dialog = NodeRef::<leptos::html::Div>::new();
                hold_focus(dialog);
                view! {
            <div class="shortcuts-help" data-testid="shortcuts-help" role="dialog" aria-modal="true"
                aria-labelledby="shortcuts-title" node_ref=dialog on:click=move |_| open.set(false)
                on:keydown=move |ev| {
                    if let Some(dialog) = dialog.get_untracked() {
                        keep_tab_inside(&ev, &dialog);
                    }
                }>
                <div on:click=|ev| ev.stop_propagation()>
                    <h2 id="shortcuts-title">{t("shortcuts-heading")}</h2>
                    <table>
                        <tbody>
                            {SHORTCUTS.iter().map(|(keys, action)| view! {
                                <tr><td><kbd>{*keys}</kbd></td><td>{t(action)}</td></tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    <button type="button" data-testid="close-shortcuts" autofocus
                        on:click=move |_| open.set(false)>{t("shortcuts-close")}</button>
                </div>
            </div>
                }
            }
        </Show>
    }
}

/// What a key press asks for (the keys are listed in [`SHORTCUTS`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shortcut {
    NewChat,
    Search,
    /// Find in the conversation on screen (the browser's find sees only part of a long one).
    Find,
    ToggleHelp,
    FocusComposer,
    CloseOverlay,
    /// Stops the answer being written, if one is.
    Stop,
}

/// A key press as the window's listener saw it.
#[derive(Debug, Clone, Copy)]
pub struct KeyPress<'a> {
    pub key: &'a str,
    /// Ctrl, or Cmd on a Mac.
    pub command: bool,
    pub shift: bool,
}

/// The shortcut `press` asks for, given whether an overlay (the shortcuts, a panel) is open. Each
/// takes Ctrl (Cmd) or is Esc, so it acts the same in a text field and outside one.
pub fn shortcut_for(press: KeyPress<'_>, overlay_open: bool) -> Option<Shortcut> {
    let KeyPress {
        key,
        command,
        shift,
    } = press;
    Some(match key {
        "o" | "O" if command && shift => Shortcut::NewChat,
        "k" | "K" if command => Shortcut::Search,
        "f" | "F" if command && shift => Shortcut::Find,
        "/" if command => Shortcut::ToggleHelp,
        "Escape" if shift => Shortcut::FocusComposer,
        "Escape" if overlay_open => Shortcut::CloseOverlay,
        "Escape" => Shortcut::Stop,
        _ => return None,
    })
}
