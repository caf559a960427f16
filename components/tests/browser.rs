//! Browser tests of the views, run in headless Chromium by `cargo xtask test`.
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
use skein_engine::attachment::read_attachment;
use skein_engine::{MessageNode, MessagePart, MessageStatus, Role, UserInput};
use std::sync::{Arc, Mutex};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_test::*;
use web_sys::{HtmlElement, HtmlTextAreaElement};

wasm_bindgen_test_configure!(run_in_browser);

fn document() -> web_sys::Document {
    web_sys::window().unwrap().document().unwrap()
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
}

fn recording_actions(log: Arc<Mutex<Vec<String>>>) -> MessageActions {
    let record = move |entry: String| log.lock().unwrap().push(entry);
    let (r1, r2, r3, r4, r5, r6) = (
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
    }
}

fn mount_chat(accept: bool) -> Mounted {
    let root = container();
    let messages = RwSignal::new(Vec::<MessageView>::new());
    let generating = RwSignal::new(false);
    let read_only = RwSignal::new(false);
    let enter_sends = RwSignal::new(true);
    let draft = Draft::new();
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
    }
}

#[wasm_bindgen_test]
async fn model_output_is_shown_as_text_never_as_markup() {
    let chat = mount_chat(true);
    let hostile =
        r#"<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script><b>bold</b>"#;
    chat.messages.set(vec![MessageView::new(&node(
        "a",
        Role::Assistant,
        hostile,
        MessageStatus::Complete,
    ))]);
    settle().await;
    let text = query(&chat.root, "[data-testid=message-content]");
    assert_eq!(text.text_content().unwrap(), hostile);
    let tags: Vec<String> = query_all(&text, "*").iter().map(|e| e.tag_name()).collect();
    assert_eq!(
        tags,
        ["DIV", "P"],
        "only the Markdown view's own structure: no element was created from model text"
    );
    assert!(query_all(&chat.root, "img, script, b").is_empty());
    let pwned = js_sys::Reflect::get(&web_sys::window().unwrap(), &"__pwned".into()).unwrap();
    assert!(pwned.is_undefined());
}

#[wasm_bindgen_test]
async fn a_streamed_token_updates_only_its_own_message() {
    let chat = mount_chat(true);
    let first = MessageView::new(&node("u", Role::User, "question", MessageStatus::Complete));
    let second = MessageView::new(&node("a", Role::Assistant, "Hel", MessageStatus::Streaming));
    chat.messages.set(vec![first, second]);
    settle().await;
    let articles = query_all(&chat.root, "[data-testid=message]");
    assert_eq!(articles.len(), 2);
    let first_text_node = query_all(&chat.root, "[data-testid=message-content]")[0].clone();

    second.text.update(|t| t.push_str("lo"));
    settle().await;
    let texts = query_all(&chat.root, "[data-testid=message-content]");
    assert_eq!(texts[1].text_content().unwrap(), "Hello");
    assert!(
        texts[0].is_same_node(Some(&first_text_node)),
        "the other message's DOM was not rebuilt"
    );
    assert_eq!(
        articles[1].get_attribute("data-status").unwrap(),
        "streaming"
    );

    let mut done = node("a", Role::Assistant, "Hello", MessageStatus::Incomplete);
    done.error = None;
    second.update_from(&done);
    settle().await;
    assert_eq!(
        articles[1].get_attribute("data-status").unwrap(),
        "incomplete"
    );
    assert!(query(&chat.root, "[data-testid=message-note]")
        .text_content()
        .unwrap()
        .contains("incomplete"));
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

#[wasm_bindgen_test]
async fn send_passes_the_text_and_clears_the_box_only_when_accepted() {
    let chat = mount_chat(true);
    type_into(&chat.root, "hello there");
    settle().await;
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["hello there"]);
    assert_eq!(chat.draft.text.get_untracked(), "");

    let refusing = mount_chat(false);
    type_into(&refusing.root, "keep me");
    settle().await;
    query(&refusing.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*refusing.sent.lock().unwrap(), ["keep me"]);
    assert_eq!(
        refusing.draft.text.get_untracked(),
        "keep me",
        "a refused send keeps the text"
    );
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

#[wasm_bindgen_test]
async fn enter_sends_and_shift_enter_does_not() {
    let chat = mount_chat(true);
    type_into(&chat.root, "line one");
    settle().await;
    let input = query(&chat.root, "[data-testid=composer-input]");
    let key = enter_key;
    input.dispatch_event(&key(true)).unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty());
    input.dispatch_event(&key(false)).unwrap();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["line one"]);
}

#[wasm_bindgen_test]
async fn with_enter_for_new_lines_ctrl_enter_sends() {
    let chat = mount_chat(true);
    chat.enter_sends.set(false);
    type_into(&chat.root, "two\nlines");
    settle().await;
    let input = query(&chat.root, "[data-testid=composer-input]");
    input.dispatch_event(&enter_key(false)).unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty(), "Enter is a new line");
    input.dispatch_event(&enter_key_with(false, true)).unwrap();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["two\nlines"]);
}

#[wasm_bindgen_test]
async fn read_only_storage_keeps_the_typed_text_and_sends_nothing_until_writable() {
    let chat = mount_chat(true);
    chat.read_only.set(true);
    type_into(&chat.root, "wait for space");
    settle().await;
    let send = query(&chat.root, "[data-testid=send-button]");
    assert!(send.has_attribute("disabled"));
    query(&chat.root, "[data-testid=composer-input]")
        .dispatch_event(&enter_key(false))
        .unwrap();
    settle().await;
    assert!(chat.sent.lock().unwrap().is_empty());
    assert_eq!(chat.draft.text.get_untracked(), "wait for space");
    chat.read_only.set(false);
    settle().await;
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(*chat.sent.lock().unwrap(), ["wait for space"]);
}

#[wasm_bindgen_test]
async fn storage_alerts_say_what_to_do_and_offer_the_way_out() {
    use skein_components::{StorageAlert, StorageAlertBar};
    let root = container();
    let alert = RwSignal::new(None::<StorageAlert>);
    let clicks = Arc::new(Mutex::new(Vec::new()));
    let (checks, reloads) = (clicks.clone(), clicks.clone());
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let checks = checks.clone();
        let reloads = reloads.clone();
        view! {
            <StorageAlertBar alert
                on_check=move |()| checks.lock().unwrap().push("check")
                on_reload=move |()| reloads.lock().unwrap().push("reload") />
        }
    });
    std::mem::forget(handle);
    settle().await;
    assert!(query_all(&root, "[data-testid=storage-alert]").is_empty());

    alert.set(Some(StorageAlert::Full));
    settle().await;
    let shown = query(&root, "[data-testid=storage-alert]");
    assert_eq!(shown.get_attribute("data-kind").as_deref(), Some("full"));
    let text = shown.text_content().unwrap();
    assert!(
        text.contains("read-only") && text.contains("Nothing saved was lost"),
        "{text}"
    );
    query(&root, "[data-testid=storage-check]").click();

    alert.set(Some(StorageAlert::Upgraded));
    settle().await;
    assert!(query_all(&root, "[data-testid=storage-check]").is_empty());
    query(&root, "[data-testid=storage-reload]").click();
    settle().await;
    assert_eq!(*clicks.lock().unwrap(), ["check", "reload"]);
    assert!(StorageAlert::Upgraded.read_only());
    assert!(!StorageAlert::WaitingForOtherTabs.read_only());
}

#[wasm_bindgen_test]
async fn while_generating_the_button_is_stop() {
    let chat = mount_chat(true);
    chat.generating.set(true);
    settle().await;
    assert!(query_all(&chat.root, "[data-testid=send-button]").is_empty());
    query(&chat.root, "[data-testid=stop-button]").click();
    settle().await;
    assert_eq!(*chat.stops.lock().unwrap(), 1);
    chat.generating.set(false);
    settle().await;
    assert_eq!(query_all(&chat.root, "[data-testid=send-button]").len(), 1);
}

#[wasm_bindgen_test]
async fn sidebar_lists_conversations_and_reports_the_choice() {
    let root = container();
    let chosen = Arc::new(Mutex::new(Vec::<String>::new()));
    let chosen_in = chosen.clone();
    let conversations = vec![
        ConversationSummary {
            id: "1".into(),
            title: "<i>first</i>".into(),
            generating: true,
            snippet: None,
        },
        ConversationSummary {
            id: "2".into(),
            title: "second".into(),
            generating: false,
            snippet: Some("…the words that <b>matched</b>…".into()),
        },
    ];
    let search_text = RwSignal::new(String::new());
    let renamed = Arc::new(Mutex::new(Vec::<(String, String)>::new()));
    let renamed_in = renamed.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let chosen = chosen_in.clone();
        let renamed = renamed_in.clone();
        let conversations = conversations.clone();
        view! {
            <Sidebar
                conversations=Signal::derive(move || conversations.clone())
                selected=Signal::derive(|| Some("2".to_owned()))
                query=search_text
                on_select=move |id| chosen.lock().unwrap().push(id)
                on_new=|()| {}
                on_rename=move |change| renamed.lock().unwrap().push(change)
                on_delete=|_id: String| {}
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    let items = query_all(&root, "[data-testid=conversation-item]");
    assert_eq!(items.len(), 2);
    assert!(items[0].text_content().unwrap().starts_with("<i>first</i>"));
    assert_eq!(query_all(&root, "i").len(), 0);
    assert_eq!(query_all(&root, ".generating-marker").len(), 1);
    assert_eq!(
        items[1].get_attribute("aria-current").as_deref(),
        Some("page")
    );
    assert_eq!(
        query(&root, "[data-testid=search-snippet]")
            .text_content()
            .unwrap(),
        "…the words that <b>matched</b>…"
    );
    assert_eq!(query_all(&root, "b").len(), 0, "snippets are text");
    items[0].click();
    settle().await;
    assert_eq!(*chosen.lock().unwrap(), ["1"]);

    // Typing in the search box reaches the app's query.
    let search: web_sys::HtmlInputElement =
        query(&root, "[data-testid=search-input]").unchecked_into();
    search.set_value("tea");
    fire_input(&search);
    assert_eq!(search_text.get_untracked(), "tea");

    // Rename: the inline box reports the trimmed new title on Enter.
    query_all(&root, "[data-testid=conversation-rename]")[1].click();
    settle().await;
    let input: web_sys::HtmlInputElement =
        query(&root, "[data-testid=rename-input]").unchecked_into();
    input.set_value("  Better title ");
    fire_input(&input);
    input.dispatch_event(&enter_key(false)).unwrap();
    settle().await;
    assert_eq!(
        *renamed.lock().unwrap(),
        [("2".to_owned(), "Better title".to_owned())]
    );
    assert!(query_all(&root, "[data-testid=rename-input]").is_empty());
}

#[wasm_bindgen_test]
async fn alternatives_show_their_position_and_actions_report_the_message() {
    let chat = mount_chat(true);
    let question = MessageView::new(&node("u", Role::User, "question", MessageStatus::Complete));
    let answer = MessageView::new(&node(
        "a",
        Role::Assistant,
        "partial",
        MessageStatus::Incomplete,
    ));
    answer.siblings.set((1, 3));
    chat.messages.set(vec![question, answer]);
    settle().await;
    assert_eq!(
        query_all(&chat.root, "[data-testid=branch-nav]").len(),
        1,
        "only where there are alternatives"
    );
    assert_eq!(
        query(&chat.root, "[data-testid=branch-indicator]")
            .text_content()
            .unwrap(),
        "2/3"
    );
    query(&chat.root, "[data-testid=branch-prev]").click();
    query(&chat.root, "[data-testid=regenerate-button]").click();
    query(&chat.root, "[data-testid=continue-button]").click();
    settle().await;
    assert_eq!(
        *chat.actions.lock().unwrap(),
        ["switch:a:-1", "regenerate:a", "continue:a"]
    );

    // Editing a question happens in place and reports the new text.
    query(&chat.root, "[data-testid=edit-button]").click();
    settle().await;
    let input: HtmlTextAreaElement = query(&chat.root, "[data-testid=edit-input]").unchecked_into();
    assert_eq!(input.value(), "question");
    input.set_value("better question");
    input
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    query(&chat.root, "[data-testid=edit-save]").click();
    settle().await;
    assert_eq!(
        chat.actions.lock().unwrap().last().unwrap(),
        "edit:u:better question"
    );
    assert!(
        query_all(&chat.root, "[data-testid=edit-input]").is_empty(),
        "the editor closed"
    );

    // While generating, actions wait.
    chat.generating.set(true);
    settle().await;
    let regenerate: web_sys::HtmlButtonElement =
        query(&chat.root, "[data-testid=regenerate-button]").unchecked_into();
    assert!(regenerate.disabled());
}

#[wasm_bindgen_test]
async fn honesty_annotations_show_as_chips() {
    let chat = mount_chat(true);
    let mut reply = node(
        "a",
        Role::Assistant,
        "Correction: … I'll let you know.",
        MessageStatus::Complete,
    );
    reply.annotations = vec![
        skein_engine::Annotation::HonestyCorrection {
            claimed: "I've sent".into(),
            original: "I've sent it. I'll let you know.".into(),
        },
        skein_engine::Annotation::FollowUpPromise {
            phrase: "I'll let you know".into(),
        },
        skein_engine::Annotation::HonestRefusal,
    ];
    chat.messages.set(vec![MessageView::new(&reply)]);
    settle().await;
    let chips: Vec<String> = query_all(&chat.root, "[data-testid=chip]")
        .iter()
        .map(|c| c.text_content().unwrap())
        .collect();
    assert_eq!(chips.len(), 2, "{chips:?}");
    assert!(chips[0].contains("no tool ran"));
    assert!(chips[1].contains("cannot follow up"));
}

#[wasm_bindgen_test]
async fn image_parts_ask_for_their_url_and_show_it_when_known() {
    use skein_components::ImageUrls;
    use std::collections::HashMap;
    let root = container();
    let urls = RwSignal::new(HashMap::<String, String>::new());
    let requested = Arc::new(Mutex::new(Vec::<String>::new()));
    let requested_in = requested.clone();
    let mut answer = node("a", Role::Assistant, "A dot:", MessageStatus::Complete);
    answer.parts.push(skein_engine::MessagePart::Image {
        blob_id: "blob-1".into(),
        mime: "image/png".into(),
        name: Some("dot".into()),
    });
    let view_model = MessageView::new(&answer);
    let actions = recording_actions(Arc::new(Mutex::new(Vec::new())));
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let requested = requested_in.clone();
        provide_context(ImageUrls {
            urls,
            request: Callback::new(move |id| requested.lock().unwrap().push(id)),
        });
        view! { <skein_components::MessageItem message=view_model actions busy=Signal::derive(|| false) /> }
    });
    std::mem::forget(handle);
    settle().await;
    assert_eq!(*requested.lock().unwrap(), ["blob-1"]);
    assert!(
        query_all(&root, "img").is_empty(),
        "no URL yet: a placeholder, not a broken image"
    );
    urls.update(|u| {
        u.insert("blob-1".into(), "blob:http://127.0.0.1/x".into());
    });
    settle().await;
    let img = query(&root, "[data-testid=message-image] img");
    assert_eq!(
        img.get_attribute("src").as_deref(),
        Some("blob:http://127.0.0.1/x")
    );
    assert_eq!(img.get_attribute("alt").as_deref(), Some("dot"));
}

/// The provider settings form with default settings and `listed` models; what it saves is
/// recorded.
async fn mount_settings_form(
    listed: Option<Vec<skein_engine::provider::model_list::ModelInfo>>,
) -> (HtmlElement, Arc<Mutex<Vec<skein_engine::ProviderSettings>>>) {
    use skein_components::SettingsForm;
    use skein_engine::ProviderSettings;
    let root = container();
    let saved = Arc::new(Mutex::new(Vec::<ProviderSettings>::new()));
    let saved_in = saved.clone();
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let saved = saved_in.clone();
        let listed = listed.clone();
        view! {
            <SettingsForm
                settings=Signal::derive(ProviderSettings::default)
                on_save=move |s: ProviderSettings| {
                    saved.lock().unwrap().push(s);
                    None
                }
                models=Signal::derive(move || listed.clone().map(Ok))
                on_fetch_models=|_s: ProviderSettings| {}
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    (root, saved)
}

#[wasm_bindgen_test]
async fn choosing_a_protocol_brings_its_url_and_is_saved() {
    use skein_engine::ProviderKind;
    let (root, saved) = mount_settings_form(None).await;
    let select: web_sys::HtmlSelectElement =
        query(&root, "[data-testid=provider-kind]").unchecked_into();
    select.set_value("anthropic");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    let url: web_sys::HtmlInputElement =
        query(&root, "[data-testid=provider-base-url]").unchecked_into();
    // The default local URL was not typed by the user, but it is not a protocol default
    // either: it is kept, and replaced once cleared.
    assert_eq!(url.value(), "http://127.0.0.1:11434/v1");
    url.set_value("");
    url.dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    select.set_value("gemini");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    assert_eq!(
        url.value(),
        "https://generativelanguage.googleapis.com/v1beta"
    );
    let model: web_sys::HtmlInputElement =
        query(&root, "[data-testid=settings-model]").unchecked_into();
    model.set_value("gemini-2.5-flash");
    model
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].kind, ProviderKind::Gemini);
    assert_eq!(
        saved[0].base_url,
        "https://generativelanguage.googleapis.com/v1beta"
    );
}

#[wasm_bindgen_test]
async fn storage_figures_read_plainly_and_say_whether_the_browser_may_clear_them() {
    use skein_components::{format_bytes, StorageFigures, StorageInfo};
    assert_eq!(format_bytes(512.0), "512 B");
    assert_eq!(format_bytes(1_500_000.0), "1.5 MB");
    assert_eq!(format_bytes(2_147_483_648.0), "2.1 GB");
    assert_eq!(format_bytes(-3.0), "0 B");
    let root = container();
    let figures = RwSignal::new(Some(StorageFigures {
        usage_bytes: Some(1_500_000.0),
        quota_bytes: Some(2_147_483_648.0),
        persisted: Some(false),
    }));
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <StorageInfo figures=figures /> }
    });
    std::mem::forget(handle);
    settle().await;
    let usage = query(&root, "[data-testid=storage-usage]")
        .text_content()
        .unwrap();
    assert_eq!(usage, "Using 1.5 MB of 2.1 GB this browser allows.");
    let persistence = query(&root, "[data-testid=storage-persistence]")
        .text_content()
        .unwrap();
    assert!(persistence.contains("not persistent"), "{persistence}");
    figures.set(Some(StorageFigures {
        persisted: Some(true),
        ..StorageFigures::default()
    }));
    settle().await;
    let persistence = query(&root, "[data-testid=storage-persistence]")
        .text_content()
        .unwrap();
    assert!(
        persistence.starts_with("Storage is persistent"),
        "{persistence}"
    );
}

#[wasm_bindgen_test]
async fn streaming_markdown_keeps_finished_blocks_and_rebuilds_only_the_tail() {
    use skein_components::MarkdownText;
    let root = container();
    let text = RwSignal::new(String::new());
    let streaming = RwSignal::new(true);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        view! { <MarkdownText text streaming /> }
    });
    std::mem::forget(handle);
    let mut written = String::new();
    for piece in [
        "# Title\n\n",
        "First para.\n\n",
        "Second para.\n\n",
        "Third ",
    ] {
        written.push_str(piece);
        text.set(written.clone());
        settle().await;
    }
    let heading = query(&root, "h3");
    assert_eq!(heading.text_content().unwrap(), "Title");
    for piece in ["and more.\n\n", "```rust\nfn x() {}\n```\n\n", "Last."] {
        written.push_str(piece);
        text.set(written.clone());
        settle().await;
    }
    assert!(
        query(&root, "h3") == heading,
        "the finished heading is the same DOM node, not rebuilt"
    );
    let paragraphs: Vec<String> = query_all(&root, "p")
        .iter()
        .map(|p| p.text_content().unwrap())
        .collect();
    assert_eq!(
        paragraphs,
        ["First para.", "Second para.", "Third and more.", "Last."]
    );

    // Complete: parsed whole once; the same reading keeps the same nodes.
    streaming.set(false);
    settle().await;
    assert!(query(&root, "h3") == heading);
    assert_eq!(query_all(&root, ".tok-kw").len(), 1);

    // A different text (another version) is rendered afresh.
    text.set("*new*".into());
    settle().await;
    assert!(query_all(&root, "h3").is_empty());
    assert_eq!(query(&root, "em").text_content().unwrap(), "new");
}

#[wasm_bindgen_test]
async fn a_pending_tool_call_offers_approve_deny_and_answer_and_reports_the_choice() {
    use skein_engine::{MessagePart, ToolApproval, ToolCall};
    let chat = mount_chat(true);
    let mut answer = node("a", Role::Assistant, "", MessageStatus::AwaitingApproval);
    answer.parts = vec![MessagePart::ToolCall(ToolCall {
        id: "call_1".into(),
        name: "create_memory".into(),
        arguments: r#"{"text":"<b>tea</b>"}"#.into(),
        approval: ToolApproval::Pending,
        result: None,
        step: 1,
    })];
    let view = MessageView::new(&answer);
    chat.messages.set(vec![view]);
    settle().await;
    let card = query(&chat.root, "[data-testid=tool-call]");
    assert_eq!(
        card.get_attribute("data-tool-name").as_deref(),
        Some("create_memory")
    );
    assert_eq!(
        card.get_attribute("data-approval").as_deref(),
        Some("pending")
    );
    assert!(query(&card, "[data-testid=tool-arguments]")
        .text_content()
        .unwrap()
        .contains("<b>tea</b>"));
    assert!(query_all(&card, "b").is_empty(), "arguments are text");
    query(&card, "[data-testid=approve-button]").click();
    query(&card, "[data-testid=deny-button]").click();
    query(&card, "[data-testid=answer-button]").click();
    settle().await;
    let input: HtmlTextAreaElement =
        query(&card, "[data-testid=tool-answer-input]").unchecked_into();
    input.set_value("a dog");
    fire_input(&input);
    query(&card, "[data-testid=tool-answer-send]").click();
    settle().await;
    assert_eq!(
        *chat.actions.lock().unwrap(),
        [
            "decide:a:call_1:Approve",
            "decide:a:call_1:Deny { reason: None }",
            "decide:a:call_1:Answer(\"a dog\")",
        ]
    );

    // Once decided, the card shows the outcome and no controls.
    let mut decided = answer.clone();
    if let MessagePart::ToolCall(call) = &mut decided.parts[0] {
        call.approval = ToolApproval::Approved;
        call.result = Some(skein_engine::ToolResult {
            content: "{\"saved\":\"m1\"}".into(),
            is_error: false,
        });
    }
    view.update_from(&decided);
    settle().await;
    let card = query(&chat.root, "[data-testid=tool-call]");
    assert_eq!(
        card.get_attribute("data-approval").as_deref(),
        Some("approved")
    );
    assert!(query_all(&card, "[data-testid=approve-button]").is_empty());
    assert_eq!(
        query(&card, "[data-testid=tool-result]")
            .text_content()
            .unwrap(),
        "{\"saved\":\"m1\"}"
    );
}

#[wasm_bindgen_test]
async fn reasoning_shows_its_duration_and_provider_timings_their_speed() {
    use skein_engine::{MessagePart, ProviderTimings};
    let chat = mount_chat(true);
    let mut answer = node("a", Role::Assistant, "", MessageStatus::Complete);
    answer.parts = vec![
        MessagePart::Reasoning {
            text: "Think first.".into(),
            started_at_ms: Some(1_000.0),
            finished_at_ms: Some(3_500.0),
            signature: None,
        },
        MessagePart::text("Answer."),
    ];
    answer.timings = Some(ProviderTimings {
        predicted_tokens: 50,
        predicted_ms: 2_000.0,
        ..ProviderTimings::default()
    });
    chat.messages.set(vec![MessageView::new(&answer)]);
    settle().await;
    assert_eq!(
        query(&chat.root, "[data-testid=reasoning] summary")
            .text_content()
            .unwrap(),
        "Reasoned for 2.5 s"
    );
    assert_eq!(
        query(&chat.root, "[data-testid=tokens-per-second]")
            .text_content()
            .unwrap(),
        "25.0 tokens/s"
    );
    assert_eq!(query_all(&chat.root, "[data-testid=copy-button]").len(), 1);
}

/// Dispatches a paste (`clipboardData`) or drop (`dataTransfer`) event carrying a text file
/// named `name`, as Chromium builds them; returns whether the page prevented the default.
fn file_event(target: &HtmlElement, kind: &str, name: &str) -> bool {
    let make = js_sys::Function::new_with_args(
        "target, kind, name",
        "const data = new DataTransfer();
         data.items.add(new File(['notes'], name, { type: 'text/plain' }));
         const event = kind === 'paste'
             ? new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true })
             : new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true });
         return !target.dispatchEvent(event);",
    );
    make.call3(&JsValue::NULL, target, &kind.into(), &name.into())
        .unwrap()
        .as_bool()
        .unwrap()
}

#[wasm_bindgen_test]
async fn pasted_and_dropped_files_are_handed_over_and_files_alone_can_be_sent() {
    let chat = mount_chat(true);
    let input = query(&chat.root, "[data-testid=composer-input]");
    assert!(
        file_event(&input, "paste", "pasted.txt"),
        "the file is not pasted as text"
    );
    let composer = query(&chat.root, "[data-testid=composer]");
    assert!(
        file_event(&composer, "drop", "dropped.md"),
        "the browser does not open the file"
    );
    assert_eq!(*chat.files.lock().unwrap(), ["pasted.txt", "dropped.md"]);
    let picker = query(&chat.root, "[data-testid=attach-input]");
    assert_eq!(
        picker.get_attribute("aria-label").as_deref(),
        Some("Attach files")
    );

    // The app turned them into attachments: each shows with a remove button.
    let file = |name: &str| PendingAttachment {
        attachment: read_attachment(name, "text/plain", b"notes".to_vec()).unwrap(),
        preview: None,
    };
    chat.draft
        .attachments
        .set(vec![file("pasted.txt"), file("dropped.md")]);
    settle().await;
    let chips = query_all(&chat.root, "[data-testid=pending-attachment]");
    assert_eq!(chips.len(), 2);
    assert!(chips[0].text_content().unwrap().contains("pasted.txt"));
    let remove = query(&chips[0], "[data-testid=remove-attachment]");
    assert_eq!(
        remove.get_attribute("aria-label").as_deref(),
        Some("Remove pasted.txt")
    );
    remove.click();
    settle().await;
    assert_eq!(
        query_all(&chat.root, "[data-testid=pending-attachment]").len(),
        1
    );

    // No text, one file: Send is enabled and the file goes.
    assert!(!query(&chat.root, "[data-testid=send-button]").has_attribute("disabled"));
    query(&chat.root, "[data-testid=send-button]").click();
    settle().await;
    assert_eq!(
        *chat.sent_files.lock().unwrap(),
        [vec!["dropped.md".to_owned()]]
    );
    assert!(chat.draft.attachments.with_untracked(Vec::is_empty));
    assert!(query_all(&chat.root, "[data-testid=pending-attachment]").is_empty());
}

#[wasm_bindgen_test]
async fn a_questions_documents_open_to_their_text_and_images_show() {
    let chat = mount_chat(true);
    let mut question = node("u", Role::User, "Summarise", MessageStatus::Complete);
    question.parts.push(MessagePart::Document {
        name: "notes.md".into(),
        mime: "text/markdown".into(),
        text: "<script>window.__pwned=3</script> Revenue grew.".into(),
    });
    chat.messages.set(vec![MessageView::new(&question)]);
    settle().await;
    let document = query(&chat.root, "[data-testid=message-attachment]");
    assert!(document.text_content().unwrap().contains("notes.md"));
    assert!(document.text_content().unwrap().contains("Revenue grew."));
    assert!(
        query_all(&document, "script").is_empty(),
        "document text stays text"
    );
}

fn set_field(root: &HtmlElement, testid: &str, value: &str) {
    let element = query(root, &format!("[data-testid={testid}]"));
    js_sys::Reflect::set(&element, &"value".into(), &value.into()).unwrap();
    element
        .dispatch_event(&web_sys::Event::new("input").unwrap())
        .unwrap();
}

#[wasm_bindgen_test]
async fn the_model_list_brings_the_window_and_custom_headers_and_body_are_checked_and_saved() {
    use skein_engine::provider::model_list::ModelInfo;
    let (root, saved) = mount_settings_form(Some(vec![ModelInfo {
        id: "long-model".into(),
        display_name: None,
        context_window: Some(131_072),
    }]))
    .await;
    let select: web_sys::HtmlSelectElement =
        query(&root, "[data-testid=model-select]").unchecked_into();
    select.set_value("long-model");
    select
        .dispatch_event(&web_sys::Event::new("change").unwrap())
        .unwrap();
    settle().await;
    let window: web_sys::HtmlInputElement =
        query(&root, "[data-testid=provider-context-window]").unchecked_into();
    assert_eq!(window.value(), "131072");

    set_field(&root, "provider-custom-headers", "X-Title Skein");
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let feedback = query(&root, "[data-testid=settings-feedback]");
    assert!(feedback.text_content().unwrap().contains("X-Title Skein"));
    set_field(&root, "provider-custom-headers", "X-Title: Skein");
    set_field(&root, "provider-custom-body", "[1, 2]");
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    assert!(query(&root, "[data-testid=settings-feedback]")
        .text_content()
        .unwrap()
        .contains("JSON object"));
    assert!(saved.lock().unwrap().is_empty(), "nothing invalid is saved");
    set_field(&root, "provider-custom-body", r#"{"top_k": 40}"#);
    query(&root, "[data-testid=settings-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    assert_eq!(saved.len(), 1);
    assert_eq!(saved[0].model, "long-model");
    assert_eq!(saved[0].context_window, Some(131_072));
    assert_eq!(
        saved[0].custom_headers,
        [("X-Title".to_owned(), "Skein".to_owned())]
    );
    assert_eq!(saved[0].custom_body["top_k"], 40);
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

#[wasm_bindgen_test]
async fn only_answers_near_the_viewport_are_rendered_in_full() {
    let chat = mount_chat(true);
    let scroller = query(&chat.root, ".messages-scroller");
    scroller
        .set_attribute(
            "style",
            "height: 400px; overflow-y: auto; display: flex; flex-direction: column-reverse",
        )
        .unwrap();
    let views: Vec<MessageView> = (0..300)
        .map(|i| {
            MessageView::new(&node(
                &format!("m{i}"),
                Role::Assistant,
                &format!("Answer **{i}**\n\n{}", "A long line of text. ".repeat(20)),
                MessageStatus::Complete,
            ))
        })
        .collect();
    chat.messages.set(views);
    settle().await;
    let contents = || query_all(&chat.root, "[data-testid=message-content]");
    let rendered = |at: usize| query_all(&contents()[at], "strong").len() == 1;
    assert!(
        until(|| rendered(299)).await,
        "the latest answer is Markdown"
    );
    assert!(rendered(276), "the latest answers render at once");
    assert!(!rendered(0), "the oldest answer waits");
    assert_eq!(
        contents()[0].get_attribute("data-pending").as_deref(),
        Some("true")
    );
    assert!(
        contents()[0]
            .text_content()
            .unwrap()
            .starts_with("Answer **0**"),
        "meanwhile its text is there (found by the browser's find)"
    );
    let waiting = contents()
        .iter()
        .filter(|c| c.has_attribute("data-pending"))
        .count();
    assert!(waiting > 200, "{waiting} of 300 wait");

    // Scrolled to the top (a reversed scroller's top is negative), the oldest renders.
    scroller.set_scroll_top(-scroller.scroll_height());
    assert!(
        until(|| rendered(0)).await,
        "the oldest answer rendered once near"
    );
    assert!(!contents()[0].has_attribute("data-pending"));
}

#[wasm_bindgen_test]
async fn the_assistant_form_sets_each_tools_policy_and_edits_regex_rules() {
    use skein_components::AssistantForm;
    use skein_engine::regex_rules::RuleScope;
    use skein_engine::tools::choice::ToolInfo;
    use skein_engine::tools::{ApprovalPolicy, EnabledTool};
    use skein_engine::Assistant;
    let root = container();
    let saved = Arc::new(Mutex::new(Vec::<Assistant>::new()));
    let saved_in = saved.clone();
    let tools = vec![
        ToolInfo {
            name: "search_memories".into(),
            description: "Search what you remember".into(),
            default_policy: ApprovalPolicy::Auto,
        },
        ToolInfo {
            name: "create_memory".into(),
            description: "Remember a fact".into(),
            default_policy: ApprovalPolicy::Ask,
        },
    ];
    let handle = leptos::mount::mount_to(root.clone(), move || {
        let saved = saved_in.clone();
        let tools = tools.clone();
        view! {
            <AssistantForm
                assistant=Signal::derive(Assistant::default)
                on_save=move |a: Assistant| {
                    saved.lock().unwrap().push(a);
                    None
                }
                tools=Signal::derive(move || tools.clone())
            />
        }
    });
    std::mem::forget(handle);
    settle().await;
    let rows = query_all(&root, "[data-testid=tool-policy]");
    assert_eq!(rows.len(), 2);
    assert!(rows[1]
        .text_content()
        .unwrap()
        .contains("On (default: asks first)"));
    let choose = |row: &HtmlElement, value: &str| {
        let select: web_sys::HtmlSelectElement = query(row, "select").unchecked_into();
        assert_eq!(select.value(), "off", "tools start off");
        select.set_value(value);
        select
            .dispatch_event(&web_sys::Event::new("change").unwrap())
            .unwrap();
    };
    choose(&rows[0], "default");
    choose(&rows[1], "auto");

    query(&root, "[data-testid=rule-add]").click();
    settle().await;
    set_field(&root, "rule-pattern", r"secret-\d+");
    set_field(&root, "rule-replacement", "[hidden]");
    query(&root, "[data-testid=assistant-save]").click();
    settle().await;
    let saved = saved.lock().unwrap();
    let assistant = &saved[0];
    assert_eq!(
        assistant.enabled_tools,
        [
            EnabledTool {
                name: "search_memories".into(),
                approval: None
            },
            EnabledTool {
                name: "create_memory".into(),
                approval: Some(ApprovalPolicy::Auto)
            },
        ]
    );
    let rule = &assistant.regex_rules[0];
    assert_eq!(
        (
            rule.name.as_str(),
            rule.pattern.as_str(),
            rule.replacement.as_str()
        ),
        ("Rule 1", r"secret-\d+", "[hidden]")
    );
    assert_eq!(rule.scopes, [RuleScope::Assistant]);
    assert!(rule.enabled);
}

#[wasm_bindgen_test]
async fn citations_under_an_answer_are_numbered_and_open_to_their_passage() {
    use skein_engine::Annotation;
    let chat = mount_chat(true);
    let mut answer = node("a", Role::Assistant, "Q3 grew.", MessageStatus::Complete);
    for (chunk, title) in [("c1", "report.md › Revenue"), ("c2", "notes.md")] {
        answer.annotations.push(Annotation::Citation {
            chunk_id: chunk.into(),
            document_id: "d".into(),
            title: title.into(),
            snippet: format!("<img src=x onerror=alert(1)> passage of {chunk}"),
        });
    }
    chat.messages.set(vec![MessageView::new(&answer)]);
    settle().await;
    let citations = query_all(&chat.root, "[data-testid=citation]");
    assert_eq!(citations.len(), 2);
    assert_eq!(
        citations[0].get_attribute("data-chunk-id").as_deref(),
        Some("c1")
    );
    let summary = query(&citations[0], "summary").text_content().unwrap();
    assert_eq!(summary, "[1] report.md › Revenue");
    query(&citations[1], "summary").click();
    settle().await;
    assert!(citations[1].has_attribute("open"));
    assert!(citations[1]
        .text_content()
        .unwrap()
        .contains("passage of c2"));
    assert!(
        query_all(&chat.root, "img").is_empty(),
        "the passage is text"
    );
}
