//! The keyboard shortcuts, listed in an overlay (opened with `?` or Ctrl+/).

use leptos::prelude::*;

/// Every shortcut the app handles, as (keys, what it does).
pub const SHORTCUTS: [(&str, &str); 6] = [
    ("Ctrl+Shift+O", "New chat"),
    ("Ctrl+K", "Search conversations"),
    ("Shift+Esc", "Focus the message box"),
    ("Esc", "Stop the answer being written"),
    (
        "Enter / Shift+Enter",
        "Send / new line (or Ctrl+Enter to send, in the settings)",
    ),
    ("? or Ctrl+/", "Show these shortcuts"),
];

#[component]
pub fn ShortcutsHelp(open: RwSignal<bool>) -> impl IntoView {
    view! {
        <Show when=move || open.get()>
            <div class="shortcuts-help" data-testid="shortcuts-help" role="dialog" aria-modal="true"
                aria-labelledby="shortcuts-title" on:click=move |_| open.set(false)>
                <div on:click=|ev| ev.stop_propagation()>
                    <h2 id="shortcuts-title">"Keyboard shortcuts"</h2>
                    <table>
                        <tbody>
                            {SHORTCUTS.iter().map(|(keys, action)| view! {
                                <tr><td><kbd>{*keys}</kbd></td><td>{*action}</td></tr>
                            }).collect_view()}
                        </tbody>
                    </table>
                    <button type="button" data-testid="close-shortcuts" autofocus
                        on:click=move |_| open.set(false)>"Close"</button>
                </div>
            </div>
        </Show>
    }
}
