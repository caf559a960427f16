//! Small pieces the views share: form fields, the clipboard.

use leptos::prelude::*;

/// A number box bound to a text signal (empty allowed: the form says what empty means).
pub(crate) fn number_input(
    value: RwSignal<String>,
    test_id: &'static str,
    step: &'static str,
) -> impl IntoView {
    view! {
        <input type="number" min="0" data-testid=test_id step=step
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev)) />
    }
}

/// A plain-text box (code-like: no spell checking) bound to a text signal.
pub(crate) fn code_area(
    value: RwSignal<String>,
    test_id: &'static str,
    placeholder: &'static str,
) -> impl IntoView {
    view! {
        <textarea data-testid=test_id rows="3" spellcheck="false" placeholder=placeholder
            prop:value=move || value.get()
            on:input=move |ev| value.set(event_target_value(&ev))></textarea>
    }
}

/// Copies `text` to the clipboard; false where the page has no window. Fire and forget: the
/// browser allows it without asking on a user's click.
pub(crate) fn copy_text(text: &str) -> bool {
    let Some(window) = web_sys::window() else {
        return false;
    };
    let _ = window.navigator().clipboard().write_text(text);
    true
}
