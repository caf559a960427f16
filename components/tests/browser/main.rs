//! Browser tests of the views, run in headless Chromium by `cargo xtask test`: the shared
//! mounting and DOM helpers here, the tests by concept in the modules below.
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use leptos::prelude::*;
use skein_components::{
    ChatView, ConversationSummary, Draft, MessageActions, MessageView, PendingAttachment, Sidebar,
};
use skein_engine::domain::attachment::read_attachment;
use skein_engine::{MessageNode, MessagePart, MessageStatus, Role, UserInput};
use std::sync::{Arc, Mutex};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
}

/// The views' words in English. The app fetches its language's file before it mounts; these
/// tests compile English in (`Localizer::english`) and install it first thing.
fn english() {
    skein_components::install_localizer(skein_engine::i18n::Localizer::english());
}

/// A fresh container for one test's view.
fn container() -> HtmlElement {
    let div: HtmlElement = document().create_element("div").unwrap().unchecked_into();
    document().body().unwrap().append_child(&div).unwrap();
    div
}

/// Tells the views an input's value changed, as typing would.
fn fire_input(element: &web_sys::EventTarget) {
    let init = web_sys::EventInit::new();
    init.set_bubbles(true);
    element
        .dispatch_event(&web_sys::Event::new_with_event_init_dict("input", &init).unwrap())
        .unwrap();
}

/// Lets Leptos run its scheduled effects (they run asynchronously after a signal changes).
async fn settle() {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        web_sys::window()
            .unwrap()
            .set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, 20)
            .unwrap();
    });
    wasm_bindgen_futures::JsFuture::from(promise).await.unwrap();
}

fn query_all(root: &HtmlElement, selector: &str) -> Vec<HtmlElement> {
    let list = root.query_selector_all(selector).unwrap();
    (0..list.length())
        .filter_map(|i| list.item(i))
        .map(|n| n.unchecked_into())
        .collect()
}

fn query(root: &HtmlElement, selector: &str) -> HtmlElement {
    query_all(root, selector)
        .into_iter()
        .next()
        .unwrap_or_else(|| panic!("no element matches {selector}"))
}

fn node(id: &str, role: Role, text: &str, status: MessageStatus) -> MessageNode {
    MessageNode::new(id, "c", role, 0.0)
        .with_text(text)
        .with_status(status)
}

struct Mounted {
    root: HtmlElement,
    messages: RwSignal<Vec<MessageView>>,
    generating: RwSignal<bool>,
    read_only: RwSignal<bool>,
    enter_sends: RwSignal<bool>,
    draft: Draft,
    sent: Arc<Mutex<Vec<String>>>,
    /// The names of the files the composer handed over (paste, drop, picker).
    files: Arc<Mutex<Vec<String>>>,
    /// The names of the files each send carried.
    sent_files: Arc<Mutex<Vec<Vec<String>>>>,
    stops: Arc<Mutex<u32>>,
    /// Every message action the view reported, as "action:id[:detail]".
    actions: Arc<Mutex<Vec<String>>>,
    /// A message the view is asked to show.
    reveal: RwSignal<Option<String>>,
}

fn recording_actions(log: Arc<Mutex<Vec<String>>>) -> MessageActions {
    let record = move |entry: String| log.lock().unwrap().push(entry);
    let (r1, r2, r3, r4, r5, r6, r7, r8, r9) = (
        record.clone(),
        record.clone(),
        record.clone(),
        record.clone(),
        record.clone(),
        record.clone(),
        record.clone(),
        record.clone(),
        record,
    );
    MessageActions {
        regenerate: Callback::new(move |id| r1(format!("regenerate:{id}"))),
        continue_reply: Callback::new(move |id| r2(format!("continue:{id}"))),
        edit: Callback::new(move |(id, text)| {
            r3(format!("edit:{id}:{text}"));
            true
        }),
        switch_branch: Callback::new(move |(id, offset)| r4(format!("switch:{id}:{offset}"))),
        delete: Callback::new(move |id| r5(format!("delete:{id}"))),
        decide: Callback::new(move |(id, call, decision)| {
            r6(format!("decide:{id}:{call}:{decision:?}"))
        }),
        regenerate_with: Callback::new(move |(id, model)| r7(format!("regenerate:{id}:{model}"))),
        models: Signal::derive(|| None),
        list_models: Callback::new(|()| {}),
        inspect: Callback::new(move |id| r8(format!("inspect:{id}"))),
        open_message: Callback::new(|(_, _)| {}),
        dismiss_correction: Callback::new(move |id| r9(format!("dismiss-correction:{id}"))),
    }
}

fn mount_chat(accept: bool) -> Mounted {
    let root = container();
    let messages = RwSignal::new(Vec::<MessageView>::new());
    let generating = RwSignal::new(false);
    let read_only = RwSignal::new(false);
    let enter_sends = RwSignal::new(true);
    let draft = Draft::new();
    let reveal = RwSignal::new(None::<String>);
    let sent = Arc::new(Mutex::new(Vec::new()));
    let files = Arc::new(Mutex::new(Vec::new()));
    let sent_files = Arc::new(Mutex::new(Vec::new()));
    let stops = Arc::new(Mutex::new(0));
    let (sent_in, stops_in) = (sent.clone(), stops.clone());
    let (files_in, sent_files_in) = (files.clone(), sent_files.clone());
    let actions = Arc::new(Mutex::new(Vec::new()));
    let message_actions = recording_actions(actions.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let sent = sent_in.clone();
        let stops = stops_in.clone();
        let files = files_in.clone();
        let sent_files = sent_files_in.clone();
        view! {
            <ChatView
                messages=Signal::derive(move || messages.get())
                draft
                generating=Signal::derive(move || generating.get())
                read_only=Signal::derive(move || read_only.get())
                enter_sends=Signal::derive(move || enter_sends.get())
                on_send=move |input: UserInput| {
                    sent.lock().unwrap().push(input.text);
                    sent_files
                        .lock()
                        .unwrap()
                        .push(input.attachments.into_iter().map(|a| a.name).collect());
                    accept
                }
                on_stop=move |()| *stops.lock().unwrap() += 1
                on_files=Callback::new(move |list: Vec<web_sys::File>| {
                    files.lock().unwrap().extend(list.iter().map(|f| f.name()));
                })
                actions=message_actions
                reveal
            />
        }
    });
    // The view stays mounted for the rest of the test page's life.
    std::mem::forget(handle);
    Mounted {
        root,
        messages,
        generating,
        read_only,
        enter_sends,
        draft,
        sent,
        files,
        sent_files,
        stops,
        actions,
        reveal,
    }
}

fn type_into(root: &HtmlElement, text: &str) {
    let input: HtmlTextAreaElement = query(root, "[data-testid=composer-input]").unchecked_into();
    input.set_value(text);
    let event = web_sys::Event::new_with_event_init_dict("input", &{
        let init = web_sys::EventInit::new();
        init.set_bubbles(true);
        init
    })
    .unwrap();
    input.dispatch_event(&event).unwrap();
}

/// Waits until `check` holds, polling every 20 ms for up to 5 s.
async fn until(mut check: impl FnMut() -> bool) -> bool {
    for _ in 0..250 {
        if check() {
            return true;
        }
        settle().await;
    }
    check()
}

fn enter_key(shift: bool) -> web_sys::KeyboardEvent {
    enter_key_with(shift, false)
}

fn enter_key_with(shift: bool, ctrl: bool) -> web_sys::KeyboardEvent {
    let init = web_sys::KeyboardEventInit::new();
    init.set_key("Enter");
    init.set_shift_key(shift);
    init.set_ctrl_key(ctrl);
    init.set_bubbles(true);
    init.set_cancelable(true);
    web_sys::KeyboardEvent::new_with_keyboard_event_init_dict("keydown", &init).unwrap()
}

mod composer;
mod messages;
mod settings;
mod sidebar_and_storage;
