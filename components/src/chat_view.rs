//! The current conversation: its messages and the composer.

use crate::attachments::Draft;
use crate::composer::Composer;
use crate::message_item::{MessageActions, MessageItem, MessageView};
use crate::near_viewport::NearViewport;
use leptos::prelude::*;
use skein_engine::UserInput;

/// How far above the newest text the reader must be for the jump button to show.
const JUMP_THRESHOLD_PX: i32 = 120;
/// The latest messages render in full at once; older ones when they come near the viewport.
const EAGER_MESSAGES: usize = 24;

#[component]
pub fn ChatView(
    #[prop(into)] messages: Signal<Vec<MessageView>>,
    draft: Draft,
    #[prop(into)] generating: Signal<bool>,
    /// Nothing new can be saved: the composer waits.
    #[prop(into)]
    read_only: Signal<bool>,
    /// Whether Enter sends (else Ctrl/Cmd+Enter).
    #[prop(into)]
    enter_sends: Signal<bool>,
    /// Called with the composer's text; returns whether it was accepted (the composer keeps the
    /// text otherwise, so nothing the user typed is lost).
    #[prop(into)]
    on_send: Callback<UserInput, bool>,
    #[prop(into)] on_stop: Callback<()>,
    #[prop(into)] on_files: Callback<Vec<web_sys::File>>,
    actions: MessageActions,
    /// Follow-up questions offered under the latest answer (none while it is being written).
    #[prop(into, optional)]
    suggestions: Signal<Vec<String>>,
    /// Notices about this conversation, shown right above the composer.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let scroller = NodeRef::<leptos::html::Div>::new();
    let near_viewport = NearViewport::new();
    provide_context(near_viewport);
    Effect::new(move || {
        if let Some(element) = scroller.get() {
            near_viewport.attach(&element);
        }
    });
    let eager = move |message: &MessageView| {
        let id = message.id.get_value();
        messages.with_untracked(|list| {
            list.iter()
                .rev()
                .take(EAGER_MESSAGES)
                .any(|m| m.id.with_value(|other| *other == id))
        })
    };
    // Scrolled away from the newest text (the reversed scroller's top is 0 at the bottom and
    // negative above it).
    let away = RwSignal::new(false);
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            let is_away = el.scroll_top() < -JUMP_THRESHOLD_PX;
            if away.get_untracked() != is_away {
                away.set(is_away);
            }
        }
    };
    let jump = move |_| {
        if let Some(el) = scroller.get_untracked() {
            el.set_scroll_top(0);
        }
        away.set(false);
    };
    view! {
        <section class="chat" data-testid="chat">
            // A reversed flex scroller stays pinned to the newest text while it streams, and
            // stays where the reader is once they scroll up: no script runs per token.
            <div class="messages-scroller" node_ref=scroller on:scroll=on_scroll>
                <div class="messages" data-testid="messages">
                    <Show when=move || messages.with(Vec::is_empty)>
                        <div class="empty-hint" data-testid="empty-chat">
                            <h2>"What can I help with?"</h2>
                            <ul>
                                <li>"Type below and press Enter; the answer streams in as it is written."</li>
                                <li>"Attach a document, a picture or a ZIP to ask about it."</li>
                                <li>"Regenerate or edit a message to try another version: every version is kept."</li>
                                <li>"Press ? for the keyboard shortcuts."</li>
                            </ul>
                        </div>
                    </Show>
                    <For
                        each=move || messages.get()
                        key=|message| message.id.get_value()
                        children=move |message| {
                            let eager = eager(&message);
                            view! { <MessageItem message actions busy=generating eager /> }
                        }
                    />
                    <Show when=move || !generating.get() && suggestions.with(|s| !s.is_empty())>
                        <ul class="suggestions" data-testid="suggestions" aria-label="Suggested follow-up questions">
                            {move || suggestions.get().into_iter().map(|text| {
                                let question = text.clone();
                                view! {
                                    <li>
                                        <button type="button" class="suggestion" data-testid="suggestion"
                                            disabled=move || read_only.get()
                                            on:click=move |_| { on_send.run(UserInput::from(question.as_str())); }>
                                            {text}
                                        </button>
                                    </li>
                                }
                            }).collect_view()}
                        </ul>
                    </Show>
                </div>
            </div>
            <Show when=move || away.get()>
                <button type="button" class="jump-latest" data-testid="jump-to-latest"
                    on:click=jump>"↓ Jump to latest"</button>
            </Show>
            {children.map(|children| children())}
            <Composer draft generating read_only enter_sends on_send on_stop on_files />
        </section>
    }
}
