//! The message box with its send / stop button, and files attached by paste, drop or picker.

use crate::attachments::{Draft, PendingAttachments};
use crate::i18n::t;
use crate::icons::{icon, Icon};
use leptos::prelude::*;
use skein_engine::UserInput;
use wasm_bindgen::JsCast;

/// The files of a file list (a paste, a drop, the picker).
fn files_of(list: Option<web_sys::FileList>) -> Vec<web_sys::File> {
    let Some(list) = list else { return Vec::new() };
    (0..list.length()).filter_map(|i| list.get(i)).collect()
}

#[component]
pub fn Composer(
    /// The text being typed and the files attached. Owned by the app, so it can put them back
    /// if sending fails late.
    draft: Draft,
    #[prop(into)] generating: Signal<bool>,
    /// Nothing new can be saved (storage full or closed): typing goes on, sending waits.
    #[prop(into)]
    read_only: Signal<bool>,
    /// Enter sends (Shift+Enter is a new line); otherwise Ctrl/Cmd+Enter sends and Enter is a
    /// new line.
    #[prop(into)]
    enter_sends: Signal<bool>,
    #[prop(into)] on_send: Callback<UserInput, bool>,
    #[prop(into)] on_stop: Callback<()>,
    /// Files pasted, dropped or picked; the app reads them into the draft (or says why not).
    #[prop(into)]
    on_files: Callback<Vec<web_sys::File>>,
) -> impl IntoView {
    let send = move || {
        if generating.get_untracked() || read_only.get_untracked() {
            return;
        }
        if draft.is_empty() {
            return;
        }
        if on_send.run(draft.input()) {
            draft.clear();
        }
    };
    let dragging = RwSignal::new(false);
    let on_paste = move |ev: leptos::ev::ClipboardEvent| {
        let files = files_of(ev.clipboard_data().and_then(|d| d.files()));
        // Pasted text stays the browser's business; only files are taken.
        if !files.is_empty() {
            ev.prevent_default();
            on_files.run(files);
        }
    };
    let on_drop = move |ev: leptos::ev::DragEvent| {
        ev.prevent_default();
        dragging.set(false);
        let files = files_of(ev.data_transfer().and_then(|d| d.files()));
        if !files.is_empty() {
            on_files.run(files);
        }
    };
    let on_picked = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let files = files_of(input.files());
        // The same file can be picked again after it was removed.
        input.set_value("");
        if !files.is_empty() {
            on_files.run(files);
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
            class:dragging=move || dragging.get()
            on:submit=move |ev| { ev.prevent_default(); send(); }
            on:dragover=move |ev: leptos::ev::DragEvent| {
                ev.prevent_default();
                dragging.set(true);
            }
            on:dragleave=move |_| dragging.set(false)
            on:drop=on_drop>
            <PendingAttachments draft />
            <textarea dir="auto"
                data-testid="composer-input"
                aria-label=t("composer-label")
                placeholder=move || if enter_sends.get() {
                    t("composer-placeholder-enter")
                } else {
                    t("composer-placeholder-ctrl-enter")
                }
                rows="3"
                prop:value=move || draft.text.get()
                on:input=move |ev| draft.text.set(event_target_value(&ev))
                on:keydown=on_keydown
                on:paste=on_paste
            ></textarea>
            <label class="attach-button with-icon" title=t("composer-attach-title")>
                {icon(Icon::Attach)}
                <span aria-hidden="true" class="wide-only">{t("composer-attach")}</span>
                <input type="file" multiple data-testid="attach-input" class="visually-hidden"
                    aria-label=t("composer-attach-label")
                    accept="image/png,image/jpeg,image/gif,image/webp,text/*,.md,.csv,.json,.yaml,.yml,.toml,.xml,.log,.rs,.py,.js,.ts,.go,.java,.c,.h,.cpp,.sh,.sql"
                    on:change=on_picked />
            </label>
            <Show
                when=move || generating.get()
                fallback=move || view! {
                    <button type="submit" class="primary with-icon" data-testid="send-button"
                        disabled=move || read_only.get() || draft.is_empty()>{icon(Icon::Send)}{t("composer-send")}</button>
                }
            >
                <button type="button" data-testid="stop-button" class="stop"
                    on:click=move |_| on_stop.run(())>{t("composer-stop")}</button>
            </Show>
        </form>
    }
}
