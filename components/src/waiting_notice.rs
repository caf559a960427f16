//! Under a question written while offline: it is saved and waits for the connection; the user
//! may stop it from being sent.

use crate::i18n::t;
use leptos::prelude::*;

#[component]
pub fn WaitingNotice(
    /// The conversation on screen has a question waiting for the connection.
    #[prop(into)]
    waiting: Signal<bool>,
    /// The browser is online again (the question is on its way).
    #[prop(into)]
    online: Signal<bool>,
    #[prop(into)] on_cancel: Callback<()>,
) -> impl IntoView {
    move || {
        waiting.get().then(|| {
            let text = if online.get() {
                t("waiting-back-online")
            } else {
                t("waiting-offline")
            };
            view! {
                <div class="waiting-notice" role="status" data-testid="waiting-notice">
                    <span>{text}</span>
                    <button type="button" data-testid="cancel-waiting"
                        on:click=move |_| on_cancel.run(())>{t("waiting-dont-send")}</button>
                </div>
            }
        })
    }
}
