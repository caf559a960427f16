//! Temporary chats on screen: on an empty new chat, a switch that makes it temporary (never
//! saved); in a temporary chat, a bar that says so and keeps it on request.

use crate::i18n::t;
use leptos::prelude::*;

#[component]
pub fn TemporaryChatBar(
    /// No conversation is on screen yet (a new chat).
    #[prop(into)]
    new_chat: Signal<bool>,
    /// The new chat will be temporary.
    temporary_next: RwSignal<bool>,
    /// The conversation on screen is temporary.
    #[prop(into)]
    temporary: Signal<bool>,
    /// Keeping is not possible now (an answer is being written, or a keep runs).
    #[prop(into)]
    busy: Signal<bool>,
    #[prop(into)] on_keep: Callback<()>,
) -> impl IntoView {
    move || {
        if temporary.get() {
            Some(
                view! {
                    <div class="temporary-bar" data-testid="temporary-bar" role="status">
                        <span>
                            <strong>{t("temporary-banner")}" "</strong>
                            {t("temporary-banner-detail")}
                        </span>
                        <button type="button" data-testid="keep-chat" disabled=move || busy.get()
                            on:click=move |_| on_keep.run(())>{t("temporary-keep")}</button>
                    </div>
                }
                .into_any(),
            )
        } else if new_chat.get() {
            Some(
                view! {
                    <div class="temporary-switch">
                        <label>
                            <input type="checkbox" data-testid="temporary-toggle"
                                prop:checked=move || temporary_next.get()
                                on:change=move |ev| temporary_next.set(event_target_checked(&ev)) />
                            {t("temporary-toggle")}
                        </label>
                        <span class="hint">{move || if temporary_next.get() {
                            t("temporary-next-hint")
                        } else {
                            t("temporary-hint")
                        }}</span>
                    </div>
                }
                .into_any(),
            )
        } else {
            None
        }
    }
}
