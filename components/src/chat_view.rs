//! The current conversation: its messages and the composer.
//!
//! Only the latest messages are in the page at first; older ones join as the reader scrolls
//! toward them (`skein_engine::render::window`), and leave again once the reader has scrolled
//! back down and they are far above. A message asked for (a find match, a message the summary
//! or the branch map points to) is brought in first, then scrolled to.

use crate::attachments::Draft;
use crate::composer::Composer;
use crate::find_bar::FindBar;
use crate::i18n::{t, tf};
use crate::message_item::{MessageActions, MessageItem, MessageView};
use crate::near_viewport::NearViewport;
use leptos::prelude::*;
use skein_engine::render::find;
use skein_engine::render::window::{MessageWindow, OPENING};
use skein_engine::UserInput;
use wasm_bindgen::JsCast;

/// How far above the newest text the reader must be for the jump button to show.
const JUMP_THRESHOLD_PX: i32 = 120;
/// How near the oldest message in the page the reader must scroll for older ones to join.
const NEAR_OLDEST_PX: i32 = 1500;
/// How far above the viewport a message must end to leave the page: well beyond
/// [`NEAR_OLDEST_PX`], so a message that left does not come straight back.
const FAR_ABOVE_PX: f64 = 6000.0;
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
    /// A message to bring into the page and scroll to; cleared once it is shown.
    #[prop(optional)]
    reveal: Option<RwSignal<Option<String>>>,
    /// Whether the find bar shows.
    #[prop(optional)]
    find_open: Option<RwSignal<bool>>,
    /// Notices about this conversation, shown right above the composer.
    #[prop(optional)]
    children: Option<Children>,
) -> impl IntoView {
    let scroller = NodeRef::<leptos::html::Div>::new();
    let list = NodeRef::<leptos::html::Div>::new();
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
    // The conversation on screen, told apart by its first message.
    let root = Memo::new(move |_| messages.with(|list| list.first().map(|m| m.id.get_value())));
    // Which messages are in the page: from `first` on.
    let window = StoredValue::new(MessageWindow::default());
    let moved = RwSignal::new(0u32);
    let first = Memo::new(move |_| {
        moved.track();
        let len = messages.with(Vec::len);
        root.with(|root| window.update_value(|w| w.follow(root.as_deref(), len)));
        window.with_value(MessageWindow::first)
    });
    let shown = move || {
        let first = first.get();
        messages.with(|list| list.get(first..).map(<[_]>::to_vec).unwrap_or_default())
    };
    let older = move || {
        if window.try_update_value(MessageWindow::older) != Some(true) {
            return;
        }
        // The reversed scroller's position counts from the newest text; Chromium's scroll
        // anchoring would keep the reader at the very top as messages are added above, so
        // where they were is put back once the messages are drawn.
        let kept = scroller.get_untracked().map(|el| el.scroll_top());
        moved.update(|n| *n += 1);
        if let Some(kept) = kept {
            request_animation_frame(move || {
                if let Some(el) = scroller.get_untracked() {
                    el.set_scroll_top(kept);
                }
                // The offset is back where it was, so no scroll event says what came near.
                near_viewport.schedule();
            });
        }
    };
    // Near the oldest message in the page (and the chat on screen): bring older ones in.
    let fill = move || {
        let Some(el) = scroller.get_untracked() else {
            return;
        };
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if el.client_height() > 0 && first.get_untracked() > 0 && to_oldest < NEAR_OLDEST_PX {
            older();
        }
    };
    // Messages far above the viewport leave the page (the reader scrolled back down). The
    // reversed scroller counts its position from the newest text, so taking messages off the
    // top moves nothing on screen.
    let release = move || {
        let (Some(el), Some(list)) = (scroller.get_untracked(), list.get_untracked()) else {
            return;
        };
        let start = first.get_untracked();
        let in_page = messages.with_untracked(Vec::len).saturating_sub(start);
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if in_page <= OPENING || f64::from(to_oldest) < FAR_ABOVE_PX {
            return;
        }
        let far_above = el.get_bounding_client_rect().top() - FAR_ABOVE_PX;
        let mut far = 0;
        let mut item = list.first_element_child();
        while let Some(element) = item {
            if element.matches("[data-testid=message]").unwrap_or(false) {
                if element.get_bounding_client_rect().bottom() >= far_above {
                    break;
                }
                far += 1;
            }
            item = element.next_element_sibling();
        }
        if far > 0 && window.try_update_value(|w| w.release(start + far)) == Some(true) {
            moved.update(|n| *n += 1);
        }
    };
    // Messages that do not fill the screen bring more in after they are drawn.
    Effect::new(move || {
        first.track();
        request_animation_frame(fill);
    });
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
        release();
        fill();
    };
    // Brings the message at `index`, `id`, into the page and scrolls to it (drawn on the next
    // frame, there on the one after); `mark` outlines it as the current find match.
    let bring = move |index: usize, id: String, mark: bool| {
        if window.try_update_value(|w| w.reveal(index)) == Some(true) {
            moved.update(|n| *n += 1);
        }
        request_animation_frame(move || {
            request_animation_frame(move || {
                if let Some(root) = scroller.get_untracked() {
                    scroll_to_message(&root, &id, mark);
                }
            })
        });
    };
    if let Some(reveal) = reveal {
        Effect::new(move || {
            let Some(id) = reveal.get() else {
                return;
            };
            // Waits for the message when its branch is still being drawn.
            let index = messages.with(|list| {
                list.iter()
                    .position(|m| m.id.with_value(|other| *other == id))
            });
            if let Some(index) = index {
                bring(index, id, false);
                reveal.set(None);
            }
        });
    }
    // Find: the matching messages' positions, and which one is shown.
    let find_open = find_open.unwrap_or_else(|| RwSignal::new(false));
    let find_query = RwSignal::new(String::new());
    let matches = RwSignal::new(Vec::<usize>::new());
    let current = RwSignal::new(0usize);
    let show_match = move |at: usize| {
        current.set(at);
        let found = matches.with_untracked(|found| {
            found.get(at).and_then(|&index| {
                messages.with_untracked(|list| list.get(index).map(|m| (index, m.id.get_value())))
            })
        });
        if let Some((index, id)) = found {
            bring(index, id, true);
        }
    };
    Effect::new(move || {
        // Another conversation is searched afresh.
        root.track();
        let query = find_query.get();
        let found = if find_open.get() {
            messages.with_untracked(|list| {
                let texts: Vec<String> = list.iter().map(|m| m.text.get_untracked()).collect();
                find::find_messages(texts.iter().map(String::as_str), &query)
            })
        } else {
            Vec::new()
        };
        let start = find::start(found.len());
        let any = !found.is_empty();
        matches.set(found);
        if any {
            show_match(start);
        } else if let Some(root) = scroller.get_untracked() {
            unmark(&root);
        }
    });
    let step = move |forward: bool| {
        let count = matches.with_untracked(Vec::len);
        if count > 0 {
            show_match(find::step(current.get_untracked(), count, forward));
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
            <Show when=move || find_open.get()>
                <FindBar query=find_query
                    count=Signal::derive(move || matches.with(Vec::len))
                    current=Signal::derive(move || current.get())
                    on_step=step
                    on_close=move |()| find_open.set(false) />
            </Show>
            // A reversed flex scroller stays pinned to the newest text while it streams, and
            // stays where the reader is once they scroll up: no script runs per token.
            <div class="messages-scroller" node_ref=scroller on:scroll=on_scroll>
                <div class="messages" data-testid="messages" node_ref=list>
                    <Show when=move || { first.get() > 0 }>
                        <button type="button" class="show-earlier" data-testid="show-earlier"
                            on:click=move |_| older()>
                            {move || tf("chat-show-earlier", &[("n", first.get().into())])}
                        </button>
                    </Show>
                    <Show when=move || messages.with(Vec::is_empty)>
                        <div class="empty-hint" data-testid="empty-chat">
                            <h2>{t("chat-empty-heading")}</h2>
                            <ul>
                                <li>{t("chat-empty-type")}</li>
                                <li>{t("chat-empty-attach")}</li>
                                <li>{t("chat-empty-versions")}</li>
                                <li>{t("chat-empty-shortcuts")}</li>
                            </ul>
                        </div>
                    </Show>
                    <For
                        each=shown
                        key=|message| message.id.get_value()
                        children=move |message| {
                            let eager = eager(&message);
                            view! { <MessageItem message actions busy=generating eager /> }
                        }
                    />
                    <Show when=move || !generating.get() && suggestions.with(|s| !s.is_empty())>
                        <ul class="suggestions" data-testid="suggestions" aria-label=t("chat-follow-ups-label")>
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
                    on:click=jump>{t("chat-jump-latest")}</button>
            </Show>
            {children.map(|children| children())}
            <Composer draft generating read_only enter_sends on_send on_stop on_files />
        </section>
    }
}

/// Scrolls the message with `id` (inside `root`) into view and moves the focus to it; with
/// `mark`, outlines it as the current find match instead of any other.
fn scroll_to_message(root: &web_sys::HtmlDivElement, id: &str, mark: bool) {
    if mark {
        unmark(root);
    }
    let messages = root.get_elements_by_class_name("message");
    let found = (0..messages.length())
        .filter_map(|i| messages.item(i))
        .find(|el| el.get_attribute("data-message-id").as_deref() == Some(id));
    let Some(element) = found else {
        return;
    };
    if mark {
        let _ = element.set_attribute("data-find-current", "");
    }
    element.scroll_into_view_with_bool(true);
    if !mark {
        if let Ok(element) = element.dyn_into::<web_sys::HtmlElement>() {
            let _ = element.focus();
        }
    }
}

/// Takes the find outline off every message.
fn unmark(root: &web_sys::HtmlDivElement) {
    while let Ok(Some(el)) = root.query_selector("[data-find-current]") {
        if el.remove_attribute("data-find-current").is_err() {
            return;
        }
    }
}
