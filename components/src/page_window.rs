//! The chat view's message window in the page: which of the conversation's messages are in the
//! DOM, kept in step with the scroller. Older (newer) messages join as the reader nears the
//! oldest (newest) one in the page and leave once they are far above (below) the screen; a
//! message asked for is brought in and scrolled to; the jump to the latest brings the newest
//! back. What the reader sees stays where it is through all of it. Which messages those are is
//! the engine's rule (`skein_engine::render::window`); this module measures the page for it.

use crate::message_item::MessageView;
use crate::near_viewport::NearViewport;
use leptos::html::Div;
use leptos::prelude::*;
use skein_engine::render::window::{MessageWindow, OPENING};
use std::ops::Range;
use wasm_bindgen::JsCast;

/// How near the oldest (newest) message in the page the reader must scroll for older (newer)
/// ones to join.
const NEAR_OLDEST_PX: i32 = 1500;
/// How far above (below) the viewport a message must end (start) to leave the page: well
/// beyond [`NEAR_OLDEST_PX`], so a message that left does not come straight back.
const FAR_PX: f64 = 6000.0;

/// The window and the page it is kept in step with.
#[derive(Clone, Copy)]
pub struct PageWindow {
    /// The reversed scroller (its top is 0 at the newest text and negative above it).
    pub scroller: NodeRef<Div>,
    /// The list of messages inside it.
    pub list: NodeRef<Div>,
    messages: Signal<Vec<MessageView>>,
    window: StoredValue<MessageWindow>,
    /// Counts the window's changes (the range is read again on each).
    moved: RwSignal<u32>,
    /// How many changes to the page are still being drawn (a message asked for brought in and
    /// scrolled to, messages added around the reader): until they are, the page is not filled
    /// or trimmed from a place the reader is about to leave.
    settling: StoredValue<u32>,
    near_viewport: NearViewport,
    /// The positions of the messages in the page (tracked).
    pub range: Memo<Range<usize>>,
}

impl PageWindow {
    /// The window over `messages`, the conversation on screen told apart by `root` (its first
    /// message's ID): another conversation opens at its end.
    pub fn new(
        messages: Signal<Vec<MessageView>>,
        root: Memo<Option<String>>,
        near_viewport: NearViewport,
    ) -> Self {
        let window = StoredValue::new(MessageWindow::default());
        let moved = RwSignal::new(0u32);
        let range = Memo::new(move |_| {
            moved.track();
            let len = messages.with(Vec::len);
            root.with(|root| window.update_value(|w| w.follow(root.as_deref(), len)));
            window.with_value(MessageWindow::range)
        });
        Self {
            scroller: NodeRef::new(),
            list: NodeRef::new(),
            messages,
            window,
            moved,
            settling: StoredValue::new(0),
            near_viewport,
            range,
        }
    }

    /// Whether the conversation's newest messages are out of the page.
    pub fn leaves_out_newer(self) -> bool {
        self.window.with_value(MessageWindow::leaves_out_newer)
    }

    /// Applies `change`; when it changed the window, the count says so.
    fn change(self, change: impl FnOnce(&mut MessageWindow) -> bool) -> bool {
        let changed = self.window.try_update_value(change) == Some(true);
        if changed {
            self.moved.update(|n| *n += 1);
        }
        changed
    }

    /// Changes which messages are in the page keeping what the reader sees where it is: the
    /// first message on screen is put back where it was once the page is drawn (Chromium's
    /// scroll anchoring in the reversed scroller would keep a reader at the very top there as
    /// messages are added above).
    fn in_place(self, change: fn(&mut MessageWindow) -> bool) {
        if self.window.try_update_value(change) != Some(true) {
            return;
        }
        let Self { scroller, list, .. } = self;
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
        self.settling.update_value(|n| *n += 1);
        self.moved.update(|n| *n += 1);
        request_animation_frame(move || {
            self.settling.update_value(|n| *n = n.saturating_sub(1));
            if let (Some(el), Some((element, was))) = (scroller.get_untracked(), anchor) {
                let shift = element.get_bounding_client_rect().top() - was;
                if element.is_connected() && shift.abs() >= 0.5 {
                    #[allow(clippy::cast_possible_truncation, reason = "a pixel offset")]
                    el.set_scroll_top(el.scroll_top() + shift.round() as i32);
                }
            }
            // The offset is back where it was, so no scroll event says what came near.
            self.near_viewport.schedule();
        });
    }

    /// Brings older messages in.
    pub fn older(self) {
        self.in_place(MessageWindow::older);
    }

    /// Near the oldest (or newest) message in the page: brings older (newer) ones in.
    pub fn fill(self) {
        let Some(el) = self
            .scroller
            .get_untracked()
            .filter(|_| self.settling.get_value() == 0)
        else {
            return;
        };
        if el.client_height() == 0 {
            return;
        }
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if self.range.with_untracked(|r| r.start) > 0 && to_oldest < NEAR_OLDEST_PX {
            self.older();
        }
        if self.leaves_out_newer() && -el.scroll_top() < NEAR_OLDEST_PX {
            self.in_place(MessageWindow::newer);
        }
    }

    /// Messages far above or below the viewport leave the page. The reversed scroller counts
    /// its position from the newest text, so taking messages off the top moves nothing on
    /// screen; below, scroll anchoring keeps what the reader sees where it is.
    pub fn release(self) {
        let (Some(el), Some(list)) = (self.scroller.get_untracked(), self.list.get_untracked())
        else {
            return;
        };
        if self.settling.get_value() > 0 || self.range.with_untracked(|r| r.len()) <= OPENING {
            return;
        }
        // By the message's own ID: the page may not have caught up with the window yet.
        let index_of = |element: &web_sys::Element| {
            let id = element.get_attribute("data-message-id")?;
            self.index_of(&id)
        };
        let to_oldest = el.scroll_height() - el.client_height() + el.scroll_top();
        if f64::from(to_oldest) >= FAR_PX {
            // The oldest message that is not far above: those before it leave.
            let far_above = el.get_bounding_client_rect().top() - FAR_PX;
            let near = first_message(list.first_element_child(), Walk::Down, |r| {
                r.bottom() >= far_above
            });
            if near
                .as_ref()
                .and_then(index_of)
                .is_some_and(|keep| self.change(|w| w.release(keep)))
            {
                return;
            }
        }
        if f64::from(-el.scroll_top()) >= FAR_PX {
            // The newest message that is not far below: those after it leave.
            let far_below = el.get_bounding_client_rect().bottom() + FAR_PX;
            let near = first_message(list.last_element_child(), Walk::Up, |r| {
                r.top() <= far_below
            });
            if let Some(keep) = near.as_ref().and_then(index_of) {
                self.change(|w| w.release_newer(keep + 1));
            }
        }
    }

    /// The position of the message with `id` in the conversation.
    pub fn index_of(self, id: &str) -> Option<usize> {
        self.messages.with_untracked(|list| {
            list.iter()
                .position(|m| m.id.with_value(|other| *other == id))
        })
    }

    /// Brings the message at `index`, `id`, into the page and scrolls to it (drawn on the next
    /// frame, there on the one after); `mark` outlines it as the current find match.
    pub fn bring(self, index: usize, id: String, mark: bool) {
        self.settling.update_value(|n| *n += 1);
        self.change(|w| w.reveal(index));
        request_animation_frame(move || {
            request_animation_frame(move || {
                if let Some(root) = self.scroller.get_untracked() {
                    scroll_to_message(&root, &id, mark);
                }
                // Filling and trimming go on from the message's place.
                request_animation_frame(move || {
                    self.settling.update_value(|n| *n = n.saturating_sub(1));
                    self.fill();
                });
            })
        });
    }

    /// The newest messages, at the end of the scroller (put there again once they are drawn,
    /// when they had been left out).
    pub fn latest(self) {
        if self.change(MessageWindow::latest) {
            request_animation_frame(move || {
                if let Some(el) = self.scroller.get_untracked() {
                    el.set_scroll_top(0);
                }
                self.near_viewport.schedule();
            });
        }
        if let Some(el) = self.scroller.get_untracked() {
            el.set_scroll_top(0);
        }
    }

    /// Takes the find outline off every message.
    pub fn unmark(self) {
        if let Some(root) = self.scroller.get_untracked() {
            unmark(&root);
        }
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
