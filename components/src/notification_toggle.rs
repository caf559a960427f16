//! The switch for "tell me when an answer is ready in a background tab".

use crate::i18n::t;
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
                        {t("notify-enable")}
                    </button>
                }.into_any(),
                NotificationStatus::On => view! {
                    <p>{t("notify-on")}</p>
                }.into_any(),
                NotificationStatus::Blocked => view! {
                    <p>{t("notify-blocked")}</p>
                }.into_any(),
                NotificationStatus::Unsupported => view! {
                    <p>{t("notify-unsupported")}</p>
                }.into_any(),
            }}
        </div>
    }
}
