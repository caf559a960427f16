//! Small pieces the views share: form fields, the clipboard.

use crate::i18n::t;
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

/// A checkbox bound to a flag.
pub(crate) fn check(
    label: &'static str,
    value: RwSignal<bool>,
    test_id: &'static str,
) -> impl IntoView {
    view! {
        <label class="check">
            <input type="checkbox" data-testid=test_id prop:checked=move || value.get()
                on:change=move |ev| value.set(event_target_checked(&ev)) />
            {label}
        </label>
    }
}

/// A labelled one-line input (`kind`: text, number, url…) bound to a text signal.
pub(crate) fn line(
    label: &'static str,
    value: RwSignal<String>,
    test_id: &'static str,
    kind: &'static str,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <input type=kind data-testid=test_id prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev)) />
        </label>
    }
}

/// A labelled select of (value, label) options bound to a text signal.
pub(crate) fn choice(
    label: &'static str,
    value: RwSignal<String>,
    test_id: &'static str,
    options: &'static [(&'static str, &'static str)],
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <select data-testid=test_id on:change=move |ev| value.set(event_target_value(&ev))>
                {options.iter().map(|(v, text)| view! {
                    <option value=*v selected=move || value.get() == *v>{t(text)}</option>
                }).collect_view()}
            </select>
        </label>
    }
}

/// A labelled text box bound to `value`.
pub(crate) fn text_field(
    label: &'static str,
    value: RwSignal<String>,
    test_id: &'static str,
    rows: &'static str,
) -> impl IntoView {
    view! {
        <label class="field">
            <span>{label}</span>
            <textarea data-testid=test_id rows=rows
                prop:value=move || value.get()
                on:input=move |ev| value.set(event_target_value(&ev))></textarea>
        </label>
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
