//! Find in the conversation on screen: a field, how many messages match, and the way from one
//! to the next. The chat view does the finding (`skein_engine::render::find`) and brings each
//! match into the page, since only part of a long conversation is in it.

use crate::i18n::{t, tf};
use leptos::prelude::*;

#[component]
pub fn FindBar(
    /// What is looked for.
    query: RwSignal<String>,
    /// How many messages match, and which one is shown (0-based).
    #[prop(into)]
    count: Signal<usize>,
    #[prop(into)] current: Signal<usize>,
    /// Called with `true` for the next match, `false` for the previous one.
    #[prop(into)]
    on_step: Callback<bool>,
    #[prop(into)] on_close: Callback<()>,
) -> impl IntoView {
    let input = NodeRef::<leptos::html::Input>::new();
    // Focused when it opens.
    Effect::new(move || {
        if let Some(input) = input.get() {
            let _ = input.focus();
        }
    });
    let status = move || {
        let n = count.get();
        if query.with(|q| q.trim().is_empty()) {
            String::new()
        } else if n == 0 {
            t("find-no-matches").to_owned()
        } else {
            tf(
                "find-position",
                &[("current", (current.get() + 1).into()), ("total", n.into())],
            )
        }
    };
    let on_key = move |ev: web_sys::KeyboardEvent| match ev.key().as_str() {
        "Enter" => {
            ev.prevent_default();
            on_step.run(!ev.shift_key());
        }
        "Escape" => {
            ev.prevent_default();
            ev.stop_propagation();
            on_close.run(());
        }
        _ => {}
    };
    view! {
        <div class="find-bar" role="search" data-testid="find-bar">
            <input type="search" node_ref=input data-testid="find-input"
                aria-label=t("find-label") placeholder=t("find-label")
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev))
                on:keydown=on_key />
            <span class="find-count" data-testid="find-count" aria-live="polite">{status}</span>
            <button type="button" data-testid="find-prev" aria-label=t("find-previous")
                disabled=move || count.get() == 0
                on:click=move |_| on_step.run(false)>"↑"</button>
            <button type="button" data-testid="find-next" aria-label=t("find-next")
                disabled=move || count.get() == 0
                on:click=move |_| on_step.run(true)>"↓"</button>
            <button type="button" data-testid="find-close" aria-label=t("find-close")
                on:click=move |_| on_close.run(())>"×"</button>
        </div>
    }
}
