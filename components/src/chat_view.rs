//! The current conversation: its messages and the composer.

use crate::composer::Composer;
use crate::message_item::{MessageActions, MessageItem, MessageView};
use leptos::prelude::*;

#[component]
pub fn ChatView(
    #[prop(into)] messages: Signal<Vec<MessageView>>,
    draft: RwSignal<String>,
    #[prop(into)] generating: Signal<bool>,
    /// Nothing new can be saved: the composer waits.
    #[prop(into)]
    read_only: Signal<bool>,
    /// Called with the composer's text; returns whether it was accepted (the composer keeps the
    /// text otherwise, so nothing the user typed is lost).
    #[prop(into)]
    on_send: Callback<String, bool>,
    #[prop(into)] on_stop: Callback<()>,
    actions: MessageActions,
) -> impl IntoView {
    view! {
        <section class="chat" data-testid="chat">
            // A reversed flex scroller stays pinned to the newest text while it streams, and
            // stays where the reader is once they scroll up: no script runs per token.
            <div class="messages-scroller">
                <div class="messages" data-testid="messages">
                    <Show when=move || messages.with(Vec::is_empty)>
                        <p class="empty-hint">"Send a message to start a conversation."</p>
                    </Show>
                    <For
                        each=move || messages.get()
                        key=|message| message.id.get_value()
                        children=move |message| view! { <MessageItem message actions busy=generating /> }
                    />
                </div>
            </div>
            <Composer draft generating read_only on_send on_stop />
        </section>
    }
}
