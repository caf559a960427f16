//! The current conversation: its messages and the composer.
//!
//! Only the latest messages are in the page at first; older ones join as the reader scrolls
//! toward them, and leave again once they are far above the reader; newer ones likewise when
//! the reader is far above them (`crate::page_window`). A message asked for (a find match, a
//! message the summary or the branch map points to) is brought in first with the next few,
//! then scrolled to; jumping to the latest or sending brings the newest back.

use crate::attachments::Draft;
use crate::composer::Composer;
use crate::find_bar::FindBar;
use crate::i18n::{t, tf};
use crate::message_item::{MessageActions, MessageItem, MessageView};
use crate::near_viewport::NearViewport;
use crate::page_window::PageWindow;
use leptos::prelude::*;
use skein_engine::render::find;
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
    let near_viewport = NearViewport::new();
    provide_context(near_viewport);
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
    let page = PageWindow::new(messages, root, near_viewport);
    let scroller = page.scroller;
    Effect::new(move || {
        if let Some(element) = scroller.get() {
            near_viewport.attach(&element);
        }
    });
    let range = page.range;
    let first = Memo::new(move |_| range.with(|r| r.start));
    let shown = move || {
        let range = range.get();
        messages.with(|list| list.get(range).map(<[_]>::to_vec).unwrap_or_default())
    };
    if let Some(newest_in_page) = newest_in_page {
        Effect::new(move || {
            range.track();
            let newest = !page.leaves_out_newer();
            if newest_in_page.get_untracked() != newest {
                newest_in_page.set(newest);
            }
        });
        on_cleanup(move || newest_in_page.set(true));
    }
    // Messages that do not fill the screen bring more in after they are drawn.
    Effect::new(move || {
        range.track();
        request_animation_frame(move || page.fill());
    });
    // Scrolled away from the newest text (the reversed scroller's top is 0 at the bottom and
    // negative above it).
    let away = RwSignal::new(false);
    let on_scroll = move |_| {
        if let Some(el) = scroller.get_untracked() {
            let is_away = el.scroll_top() < -JUMP_THRESHOLD_PX || page.leaves_out_newer();
            if away.get_untracked() != is_away {
                away.set(is_away);
            }
        }
        page.release();
        page.fill();
    };
    if let Some(reveal) = reveal {
        Effect::new(move || {
            let Some(id) = reveal.get() else {
                return;
            };
            // Waits for the message when its branch is still being drawn (tracked).
            messages.track();
            if let Some(index) = page.index_of(&id) {
                page.bring(index, id, false);
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
            page.bring(index, id, true);
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
        } else {
            page.unmark();
        }
    });
    let step = move |forward: bool| {
        let count = matches.with_untracked(Vec::len);
        if count > 0 {
            show_match(find::step(current.get_untracked(), count, forward));
        }
    };
    // The newest messages, at the end of the scroller.
    let latest = move || {
        page.latest();
        away.set(false);
    };
    let jump = move |_| latest();
    // A question sent while the newest messages are left out brings them back, so it shows.
    let on_send = Callback::new(move |input: UserInput| {
        if page.leaves_out_newer() {
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
                <div class="messages" data-testid="messages" node_ref=page.list>
                    <Show when=move || { first.get() > 0 }>
                        <button type="button" class="show-earlier" data-testid="show-earlier"
                            on:click=move |_| page.older()>
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
