//! The current conversation: its messages and the composer.
//!
//! Only the latest messages are in the page at first; older ones join as the reader scrolls
//! toward them (`skein_engine::render::window`), and leave again once they are far above the
//! reader; newer ones likewise when the reader is far above them. A message asked for (a find
//! match, a message the summary or the branch map points to) is brought in first with the
//! next few, then scrolled to; jumping to the latest or sending brings the newest back.

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
/// How near the oldest (newest) message in the page the reader must scroll for older (newer)
/// ones to join.
const NEAR_OLDEST_PX: i32 = 1500;
/// How far above (below) the viewport a message must end (start) to leave the page: well
/// beyond [`NEAR_OLDEST_PX`], so a message that left does not come straight back.
const FAR_PX: f64 = 6000.0;
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
    /// Set to whether the conversation's newest messages are in the page.
    #[prop(optional)]
    newest_in_page: Option<RwSignal<bool>>,
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
    // Which messages are in the page.
    let window = StoredValue::new(MessageWindow::default());
    let moved = RwSignal::new(0u32);
    let range = Memo::new(move |_| {
        moved.track();
        let len = messages.with(Vec::len);
        root.with(|root| window.update_value(|w| w.follow(root.as_deref(), len)));
        window.with_value(MessageWindow::range)
    });
    let first = Memo::new(move |_| range.with(|r| r.start));
    let shown = move || {
        let range = range.get();
        messages.with(|list| list.get(range).map(<[_]>::to_vec).unwrap_or_default())
    };
    let leaves_out_newer = move || window.with_value(MessageWindow::leaves_out_newer);
    if let Some(newest_in_page) = newest_in_page {
        Effect::new(move || {
            range.track();
            let newest = !leaves_out_newer();
            if newest_in_page.get_untracked() != newest {
                newest_in_page.set(newest);
            }
        });
        on_cleanup(move || newest_in_page.set(true));
    }
    // How many changes to the page are still being drawn (a message asked for brought in and
    // scrolled to, messages added around the reader): until they are, the page is not filled or
    // trimmed from a place the reader is about to leave.
    let settling = StoredValue::new(0u32);
    // Changes which messages are in the page keeping what the reader sees where it is: the
    // first message on screen is put back where it was once the page is drawn (Chromium's
    // scroll anchoring in the reversed scroller would keep a reader at the very top there as
    // messages are added above).
    let in_place = move |change: fn(&mut MessageWindow) -> bool| {
        if window.try_update_value(change) != Some(true) {
            return;
        }
        let anchor = scroller
            .get_untracked()
            .zip(list.get_untracked())
            .and_then(|(el, list)| {
                let top = el.get_bounding_client_rect().top();
                first_message(list.first_element_child(), Walk::Down, |r| r.bottom() > top)
            })
            .map(|element| {
                let top = element.get_bounding_client_rect().top();
                (element, top)
            });
        settling.update_value(|n| *n += 1);
        moved.update(|n| *n += 1);
        request_animation_frame(move || {
            settling.update_value(|n| *n = n.saturating_sub(1));
            if let (Some(el), Some((element, was))) = (scroller.get_untracked(), anchor) {
                let shift = element.get_bounding_client_rect().top() - was;
                if element.is_connected() && shift.abs() >= 0.5 {
                    #[allow(clippy::cast_possible_truncation, reason = "a pixel offset")]
                    el.set_scroll_top(el.scroll_top() + shift.round() as i32);
                }
            }
            // The offset is back where it was, so no scroll event says what came near.
            near_viewport.schedule();
        });
    };
    let older = move || in_place(MessageWindow::older);
    let newer = move || in_place(MessageWindow::newer);
    // Near the oldest (or newest) message in the page (and the chat on screen): bring older
    // (newer) ones in.
    let fill = move || {
        let Some(el) = scroller
            .get_untracked()
            .filter(|_| settling.get_value() == 0)
        else {
            return;
        };
        if el.client_height() == 0 {
            return;
        }
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if first.get_untracked() > 0 && to_oldest < NEAR_OLDEST_PX {
            older();
        }
        if leaves_out_newer() && -el.scroll_top() < NEAR_OLDEST_PX {
            newer();
        }
    };
    // Messages far above or below the viewport leave the page. The reversed scroller counts
    // its position from the newest text, so taking messages off the top moves nothing on
    // screen; below, scroll anchoring keeps what the reader sees where it is.
    let release = move || {
        let (Some(el), Some(list)) = (scroller.get_untracked(), list.get_untracked()) else {
            return;
        };
        if settling.get_value() > 0 || range.with_untracked(|r| r.len()) <= OPENING {
            return;
        }
        // By the message's own ID: the page may not have caught up with the window yet.
        let index_of = |element: &web_sys::Element| {
            let id = element.get_attribute("data-message-id")?;
            messages.with_untracked(|list| {
                list.iter()
                    .position(|m| m.id.with_value(|other| *other == id))
            })
        };
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if f64::from(to_oldest) >= FAR_PX {
            // The oldest message that is not far above: those before it leave.
            let far_above = el.get_bounding_client_rect().top() - FAR_PX;
            let near = first_message(list.first_element_child(), Walk::Down, |r| {
                r.bottom() >= far_above
            });
            let keep = near.as_ref().and_then(index_of);
            if keep.is_some_and(|keep| window.try_update_value(|w| w.release(keep)) == Some(true)) {
                moved.update(|n| *n += 1);
                return;
            }
        }
        if f64::from(-el.scroll_top()) >= FAR_PX {
            // The newest message that is not far below: those after it leave.
            let far_below = el.get_bounding_client_rect().bottom() + FAR_PX;
            let near = first_message(list.last_element_child(), Walk::Up, |r| {
                r.top() <= far_below
            });
            let keep = near.as_ref().and_then(index_of);
            if keep.is_some_and(|keep| {
                window.try_update_value(|w| w.release_newer(keep + 1)) == Some(true)
            }) {
                moved.update(|n| *n += 1);
            }
        }
    };
    // Messages that do not fill the screen bring more in after they are drawn.
    Effect::new(move || {
        range.track();
        request_animation_frame(fill);
    });
    // Scrolled away from the newest text (the reversed scroller's top is 0 at the bottom and
    // negative above it).
    let away = RwSignal::new(false);
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            let is_away = el.scroll_top() < -JUMP_THRESHOLD_PX || leaves_out_newer();
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
        settling.update_value(|n| *n += 1);
        if window.try_update_value(|w| w.reveal(index)) == Some(true) {
            moved.update(|n| *n += 1);
        }
        request_animation_frame(move || {
            request_animation_frame(move || {
                if let Some(root) = scroller.get_untracked() {
                    scroll_to_message(&root, &id, mark);
                }
                // Filling and trimming go on from the message's place.
                request_animation_frame(move || {
                    settling.update_value(|n| *n = n.saturating_sub(1));
                    fill();
                });
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
    // The newest messages, at the end of the scroller (put there again once they are drawn,
    // when they had been left out).
    let latest = move || {
        if window.try_update_value(MessageWindow::latest) == Some(true) {
            moved.update(|n| *n += 1);
            request_animation_frame(move || {
                if let Some(el) = scroller.get_untracked() {
                    el.set_scroll_top(0);
                }
                near_viewport.schedule();
            });
        }
        if let Some(el) = scroller.get_untracked() {
            el.set_scroll_top(0);
        }
        away.set(false);
    };
    let jump = move |_| latest();
    // A question sent while the newest messages are left out brings them back, so it shows.
    let on_send = Callback::new(move |input: UserInput| {
        if leaves_out_newer() {
            latest();
        }
        on_send.run(input)
    });
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

/// Which way [`first_message`] walks the page's messages.
#[derive(Clone, Copy)]
enum Walk {
    Down,
    Up,
}

/// The first message element from `from` on (walking `way`) whose box `near` accepts.
fn first_message(
    from: Option<web_sys::Element>,
    way: Walk,
    near: impl Fn(&web_sys::DomRect) -> bool,
) -> Option<web_sys::Element> {
    let mut item = from;
    while let Some(element) = item {
        if element.matches("[data-testid=message]").unwrap_or(false)
            && near(&element.get_bounding_client_rect())
        {
            return Some(element);
        }
        item = match way {
            Walk::Down => element.next_element_sibling(),
            Walk::Up => element.previous_element_sibling(),
        };
    }
    None
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
