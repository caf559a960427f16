//! The switch for "tell me when an answer is ready in a background tab".

use leptos::prelude::*;

/// What the browser allows, as the view shows it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotificationStatus {
    Unsupported,
    Ask,
    On,
    Blocked,
}

#[component]
pub fn NotificationToggle(
    #[prop(into)] status: Signal<NotificationStatus>,
    #[prop(into)] on_enable: Callback<()>,
) -> impl IntoView {
    view! {
        <div class="notification-toggle" data-testid="notifications">
            {move || match status.get() {
                NotificationStatus::Ask => view! {
                    <button type="button" data-testid="enable-notifications"
                        on:click=move |_| on_enable.run(())>
                        "Notify me when an answer is ready in a background tab"
                    </button>
                }.into_any(),
                NotificationStatus::On => view! {
                    <p>"Notifications are on: you are told when an answer finishes in a background tab."</p>
                }.into_any(),
                NotificationStatus::Blocked => view! {
                    <p>"Notifications are blocked for this site in the browser's settings."</p>
                }.into_any(),
                NotificationStatus::Unsupported => view! {
                    <p>"This browser cannot show notifications here."</p>
                }.into_any(),
            }}
        </div>
    }
}
