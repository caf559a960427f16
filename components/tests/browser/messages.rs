//! Messages: model output as text, streaming into one message, branches, annotations, images,
//! Markdown, reasoning, documents, tool approval, citations and lazy rendering.

use super::*;

#[wasm_bindgen_test]
async fn model_output_is_shown_as_text_never_as_markup() {
    english();
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
    english();
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

#[wasm_bindgen_test]
async fn alternatives_show_their_position_and_actions_report_the_message() {
    english();
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
async fn honesty_annotations_show_as_a_dismissable_note_and_chips() {
    english();
    let chat = mount_chat(true);
    let mut reply = node(
        "a",
        Role::Assistant,
        "I've sent it. I'll let you know.",
        MessageStatus::Complete,
    );
    reply.annotations = vec![
        skein_engine::Annotation::HonestyCorrection {
            claimed: "I've sent".into(),
            dismissed: false,
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
    assert_eq!(chips.len(), 1, "{chips:?}");
    assert!(chips[0].contains("cannot follow up"));
    let note = query(&chat.root, "[data-testid=honesty-note]");
    assert!(note
        .text_content()
        .unwrap()
        .contains("nothing was actually done"));
    let dismiss: web_sys::HtmlElement =
        query(&note, "[data-testid=honesty-note-dismiss]").unchecked_into();
    dismiss.click();
    settle().await;
    assert!(chat
        .actions
        .lock()
        .unwrap()
        .contains(&"dismiss-correction:a".to_owned()));
}

#[wasm_bindgen_test]
async fn image_parts_ask_for_their_url_and_show_it_when_known() {
    english();
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

#[wasm_bindgen_test]
async fn math_and_code_show_their_source_until_their_parts_load() {
    english();
    use skein_components::{LazyMarkup, MarkdownText, MARKUP_PARTS};
    let root = container();
    let parts = RwSignal::new(None);
    let requests = RwSignal::new(0);
    let lazy = LazyMarkup {
        parts,
        request: Callback::new(move |()| requests.update(|n| *n += 1)),
    };
    let text = "Growth is $n^2$.\n\n```rust\nfn x() {}\n```\n";
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(lazy);
        view! { <MarkdownText text=text.to_owned() streaming=false /> }
    });
    std::mem::forget(handle);
    settle().await;
    // Waiting: the TeX source and the code as text, nothing lost; the parts were asked for.
    assert_eq!(
        query(&root, "[data-testid=math-source]")
            .text_content()
            .unwrap(),
        "n^2"
    );
    assert!(query_all(&root, "math").is_empty());
    assert!(query_all(&root, ".tok-kw").is_empty());
    assert_eq!(
        query(&root, "pre code").text_content().unwrap(),
        "fn x() {}\n"
    );
    assert!(
        requests.get_untracked() >= 1,
        "the first block asks for the parts"
    );

    // Loaded: every waiting block is drawn again with them.
    parts.set(Some(MARKUP_PARTS));
    settle().await;
    assert!(query_all(&root, "[data-testid=math-source]").is_empty());
    assert_eq!(query_all(&root, "math msup").len(), 1);
    assert_eq!(query(&root, ".tok-kw").text_content().unwrap(), "fn");
    assert_eq!(
        query(&root, "pre code").text_content().unwrap(),
        "fn x() {}\n"
    );
}

#[wasm_bindgen_test]
async fn streaming_markdown_keeps_finished_blocks_and_rebuilds_only_the_tail() {
    english();
    use skein_components::MarkdownText;
    let root = container();
    let text = RwSignal::new(String::new());
    let streaming = RwSignal::new(true);
    let handle = leptos::mount::mount_to(root.clone(), move || {
        provide_context(skein_components::LazyMarkup::ready(
            skein_components::MARKUP_PARTS,
        ));
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
    english();
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
    english();
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
        query(&chat.root, "[data-testid=message-details]")
            .text_content()
            .unwrap(),
        "25 tokens/s"
    );
    assert_eq!(query_all(&chat.root, "[data-testid=copy-button]").len(), 1);
}

#[wasm_bindgen_test]
async fn a_questions_documents_open_to_their_text_and_images_show() {
    english();
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

#[wasm_bindgen_test]
async fn only_answers_near_the_viewport_are_rendered_in_full() {
    english();
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
    let content = |id: &str| {
        query(
            &chat.root,
            &format!("[data-message-id={id}] [data-testid=message-content]"),
        )
    };
    let rendered = |id: &str| query_all(&content(id), "strong").len() == 1;
    assert!(
        until(|| rendered("m299")).await,
        "the latest answer is Markdown"
    );
    assert!(rendered("m276"), "the latest answers render at once");
    // Only the latest 40 are in the page; the oldest of them waits.
    let contents = query_all(&chat.root, "[data-testid=message-content]");
    assert_eq!(contents.len(), 40);
    assert!(!rendered("m260"), "the oldest answer in the page waits");
    assert_eq!(
        content("m260").get_attribute("data-pending").as_deref(),
        Some("true")
    );
    assert!(
        content("m260")
            .text_content()
            .unwrap()
            .starts_with("Answer **260**"),
        "meanwhile its text is there"
    );
    let waiting = contents
        .iter()
        .filter(|c| c.has_attribute("data-pending"))
        .count();
    assert!(waiting > 10, "{waiting} of 40 wait");

    // Scrolled to the top (a reversed scroller's top is negative): older messages join, the
    // reader stays where they were, and what is near renders.
    scroller.set_scroll_top(-scroller.scroll_height());
    assert!(
        until(|| query_all(&chat.root, "[data-testid=message]").len() > 40).await,
        "older messages joined"
    );
    assert!(
        until(|| rendered("m260")).await,
        "the answer at the reader's place rendered once near"
    );
    assert!(!content("m260").has_attribute("data-pending"));
}

#[wasm_bindgen_test]
async fn citations_under_an_answer_are_numbered_and_open_to_their_passage() {
    english();
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

#[wasm_bindgen_test]
async fn a_long_conversation_has_its_latest_messages_in_the_page_and_brings_others_in_when_asked() {
    english();
    let chat = mount_chat(true);
    // A screen's height of tall messages (fewer would bring older ones in to fill it).
    query(&chat.root, ".messages-scroller")
        .set_attribute(
            "style",
            "height: 400px; overflow-y: auto; display: flex; flex-direction: column-reverse",
        )
        .unwrap();
    let list: Vec<MessageView> = (0..300)
        .map(|i| {
            let role = if i % 2 == 0 {
                Role::User
            } else {
                Role::Assistant
            };
            let text = format!("message {i}\n\n{}", "A long line of text. ".repeat(20));
            MessageView::new(&node(
                &format!("m{i}"),
                role,
                &text,
                MessageStatus::Complete,
            ))
        })
        .collect();
    chat.messages.set(list.clone());
    settle().await;
    let ids = |root: &HtmlElement| -> Vec<String> {
        query_all(root, "[data-testid=message]")
            .iter()
            .map(|e| e.get_attribute("data-message-id").unwrap())
            .collect()
    };
    let shown = ids(&chat.root);
    assert_eq!(shown.len(), 40);
    assert_eq!(shown.first().map(String::as_str), Some("m260"));
    assert_eq!(shown.last().map(String::as_str), Some("m299"));
    assert_eq!(
        query(&chat.root, "[data-testid=show-earlier]")
            .text_content()
            .unwrap(),
        "Show earlier messages (260 more)"
    );

    // A new message joins without moving where the page starts.
    let mut longer = list.clone();
    longer.push(MessageView::new(&node(
        "m300",
        Role::User,
        "one more",
        MessageStatus::Complete,
    )));
    chat.messages.set(longer.clone());
    settle().await;
    assert_eq!(ids(&chat.root).len(), 41);

    // "Show earlier" brings 40 more.
    let button: HtmlElement = query(&chat.root, "[data-testid=show-earlier]").unchecked_into();
    button.click();
    settle().await;
    assert_eq!(ids(&chat.root).first().map(String::as_str), Some("m220"));

    // A message asked for (a summary's or the branch map's) comes in with the next ones, not
    // with everything after it; the newest are left out until the reader comes back to them.
    chat.reveal.set(Some("m5".to_owned()));
    settle().await;
    let shown = ids(&chat.root);
    assert_eq!(shown.first().map(String::as_str), Some("m3"));
    assert_eq!(shown.last().map(String::as_str), Some("m42"));
    assert_eq!(shown.len(), 40);
    assert_eq!(chat.reveal.get_untracked(), None, "done, so cleared");

    // Another conversation opens at its own end.
    chat.messages.set(
        (0..100)
            .map(|i| {
                MessageView::new(&node(
                    &format!("x{i}"),
                    Role::User,
                    "x",
                    MessageStatus::Complete,
                ))
            })
            .collect(),
    );
    settle().await;
    assert_eq!(ids(&chat.root).first().map(String::as_str), Some("x60"));
}
