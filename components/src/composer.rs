//! The message box with its send / stop button.

use leptos::prelude::*;

#[component]
pub fn Composer(
    /// The text being typed. Owned by the app, so it can put text back if sending fails late.
    draft: RwSignal<String>,
    #[prop(into)] generating: Signal<bool>,
    /// Nothing new can be saved (storage full or closed): typing goes on, sending waits.
    #[prop(into)]
    read_only: Signal<bool>,
    /// Enter sends (Shift+Enter is a new line); otherwise Ctrl/Cmd+Enter sends and Enter is a
    /// new line.
    #[prop(into)]
    enter_sends: Signal<bool>,
    #[prop(into)] on_send: Callback<String, bool>,
    #[prop(into)] on_stop: Callback<()>,
) -> impl IntoView {
    let send = move || {
        if generating.get_untracked() || read_only.get_untracked() {
            return;
        }
        let text = draft.get_untracked();
        if text.trim().is_empty() {
            return;
        }
        if on_send.run(text) {
            draft.set(String::new());
        }
    };
    let on_keydown = move |ev: leptos::ev::KeyboardEvent| {
        // Enter sends, Shift+Enter is a new line; never while an input method is composing
        // (Enter there confirms a CJK candidate, it is not "send").
        if ev.key() != "Enter" || ev.is_composing() {
            return;
        }
        let with_modifier = ev.ctrl_key() || ev.meta_key();
        let sends = if enter_sends.get_untracked() {
            !ev.shift_key()
        } else {
            with_modifier
        };
        if sends {
            ev.prevent_default();
            send();
        }
    };
    view! {
        <form class="composer" data-testid="composer"
            on:submit=move |ev| { ev.prevent_default(); send(); }>
            <textarea
                data-testid="composer-input"
                aria-label="Message"
                placeholder=move || if enter_sends.get() {
                    "Message (Enter to send, Shift+Enter for a new line)"
                } else {
                    "Message (Ctrl+Enter to send, Enter for a new line)"
                }
                rows="3"
                prop:value=move || draft.get()
                on:input=move |ev| draft.set(event_target_value(&ev))
                on:keydown=on_keydown
            ></textarea>
            <Show
                when=move || generating.get()
                fallback=move || view! {
                    <button type="submit" data-testid="send-button"
                        disabled=move || read_only.get() || draft.with(|d| d.trim().is_empty())>"Send"</button>
                }
            >
                <button type="button" data-testid="stop-button" class="stop"
                    on:click=move |_| on_stop.run(())>"Stop"</button>
            </Show>
        </form>
    }
}
