//! Form fields the settings screens share.

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
