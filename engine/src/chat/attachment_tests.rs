//! Attachments through [`ChatService`]: stored with the question, sent in the request, kept by
//! an edit, and a lost image said rather than silently dropped.

use super::*;
use crate::chat::events::EventLog;
use crate::domain::attachment::read_attachment;
use crate::test_fixtures::*;
use crate::Assistant;
use futures_executor::block_on;

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

fn with_files(text: &str) -> UserInput {
    UserInput {
        text: text.into(),
        attachments: vec![
            read_attachment("dot.png", "image/png", PNG.to_vec()).unwrap(),
            read_attachment("notes.md", "", b"Revenue grew 4%.".to_vec()).unwrap(),
        ],
    }
}

fn ask(service: &Service, input: UserInput, log: &EventLog) -> Result<MessageNode, ChatError> {
    block_on(service.send_message(
        None,
        input,
        &TurnContext::new(&settings(), &Assistant::default(), &CancelToken::new(), log),
    ))
}

#[test]
fn attachments_are_stored_with_the_question_and_sent_with_it() {
    let service = service(vec![sse(200, &content_chunks(&["A dot."], true), 9)]);
    ask(&service, with_files("What is this?"), &EventLog::default()).unwrap();

    let (_, messages) = stored(&service);
    let question = &messages[0];
    let MessagePart::Image {
        blob_id,
        mime,
        name,
    } = &question.parts[1]
    else {
        panic!("expected the image after the text: {:?}", question.parts)
    };
    assert_eq!(
        (mime.as_str(), name.as_deref()),
        ("image/png", Some("dot.png"))
    );
    let blob = block_on(service.store.load_blob(blob_id)).unwrap().unwrap();
    assert_eq!(blob.bytes, PNG);
    assert!(matches!(&question.parts[2], MessagePart::Document { name, .. } if name == "notes.md"));

    let body = request_body(&service, 0);
    let content = &body["messages"][1]["content"];
    let text = content[0]["text"].as_str().unwrap();
    assert!(text.starts_with(&dated("What is this?")), "{text}");
    assert!(
        text.contains("Name: notes.md") && text.contains("Revenue grew 4%."),
        "{text}"
    );
    assert_eq!(
        content[1]["image_url"]["url"],
        format!(
            "data:image/png;base64,{}",
            crate::domain::base64::encode(PNG)
        )
    );
}

#[test]
fn files_alone_make_a_question_titled_by_the_first_file() {
    let service = service(vec![sse(200, &content_chunks(&["Ok."], true), 9)]);
    ask(&service, with_files(" "), &EventLog::default()).unwrap();
    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.title, "dot.png");
    assert!(!messages[0]
        .parts
        .iter()
        .any(|p| matches!(p, MessagePart::Text { .. })));
    // Nothing at all is still refused, and too many files are refused before anything is kept.
    assert!(matches!(
        ask(&service, UserInput::default(), &EventLog::default()),
        Err(ChatError::EmptyMessage)
    ));
    let mut many = with_files("x");
    many.attachments = vec![many.attachments[1].clone(); 11];
    let err = ask(&service, many, &EventLog::default()).unwrap_err();
    assert!(err.to_string().contains("at most 10"), "{err}");
    assert_eq!(stored(&service).1.len(), 2);
}

#[test]
fn an_edit_keeps_the_questions_attachments() {
    let service = service(vec![
        sse(200, &content_chunks(&["One."], true), 9),
        sse(200, &content_chunks(&["Two."], true), 9),
    ]);
    ask(&service, with_files("What is this?"), &EventLog::default()).unwrap();
    let (conversation, messages) = stored(&service);
    block_on(service.edit_and_resend(
        conversation,
        &messages[0].id,
        "And now?",
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    let (_, messages) = stored(&service);
    let edited = messages.iter().find(|m| m.text() == "And now?").unwrap();
    assert_eq!(edited.parts[1..], messages[0].parts[1..]);
    let body = request_body(&service, 1);
    assert!(body["messages"][1]["content"][1]["image_url"]["url"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
}

#[test]
fn an_image_that_is_no_longer_stored_is_said_not_silently_dropped() {
    let service = service(vec![
        sse(200, &content_chunks(&["One."], true), 9),
        sse(200, &content_chunks(&["Two."], true), 9),
    ]);
    ask(&service, with_files("What is this?"), &EventLog::default()).unwrap();
    let (conversation, messages) = stored(&service);
    let MessagePart::Image { blob_id, .. } = &messages[0].parts[1] else {
        panic!("no image part")
    };
    service.store.forget_blob(blob_id);
    let log = EventLog::default();
    block_on(service.send_message(
        Some(conversation),
        "again",
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &log,
        ),
    ))
    .unwrap();
    let body = request_body(&service, 1);
    let first = &body["messages"][1]["content"];
    assert!(first.is_string(), "no image parts are left: {first}");
    assert!(first
        .as_str()
        .unwrap()
        .contains("[1 attached image(s) could not be loaded and were not sent.]"));
    assert!(log.0.borrow().iter().any(|e| matches!(
        e,
        GenerationEvent::Warning(w) if w.to_string().contains("no longer stored")
    )));
}

fn blind(ocr_model: &str) -> crate::provider::settings::ProviderSettings {
    crate::provider::settings::ProviderSettings {
        supports_images: false,
        ocr_model: ocr_model.into(),
        ..settings()
    }
}

fn ask_with(
    service: &Service,
    settings: &crate::provider::settings::ProviderSettings,
    log: &EventLog,
) -> MessageNode {
    block_on(service.send_message(
        None,
        with_files("What does it say?"),
        &TurnContext::new(settings, &Assistant::default(), &CancelToken::new(), log),
    ))
    .unwrap()
}

#[test]
fn a_model_that_cannot_see_gets_the_images_text_read_by_the_chosen_model() {
    let service = service(vec![
        json_completion("INVOICE 42\nTotal: 9 EUR"),
        sse(200, &content_chunks(&["It is invoice 42."], true), 9),
    ]);
    let log = EventLog::default();
    ask_with(&service, &blind(" reader-model "), &log);
    let read = request_body(&service, 0);
    assert_eq!(read["model"], "reader-model");
    assert_eq!(read["stream"], false);
    let asked = &read["messages"][0]["content"];
    assert_eq!(asked[0]["text"], crate::chat::ocr::OCR_INSTRUCTION);
    assert!(asked[1]["image_url"]["url"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
    let chat = request_body(&service, 1);
    assert_eq!(chat["model"], settings().model);
    let sent = chat["messages"].to_string();
    assert!(
        !sent.contains("image_url"),
        "no image for a blind model: {sent}"
    );
    assert!(
        sent.contains("INVOICE 42") && sent.contains("Total: 9 EUR"),
        "{sent}"
    );
    assert!(warnings(&log).is_empty(), "{:?}", warnings(&log));
    let (_, messages) = stored(&service);
    assert!(
        messages[0]
            .parts
            .iter()
            .any(|p| matches!(p, MessagePart::Image { .. })),
        "the stored question keeps its image"
    );
}

#[test]
fn without_a_reading_model_the_images_are_left_out_and_the_user_told() {
    let service = service(vec![sse(
        200,
        &content_chunks(&["I cannot see it."], true),
        9,
    )]);
    let log = EventLog::default();
    ask_with(&service, &blind(""), &log);
    assert_eq!(request_count(&service), 1, "no reading call");
    assert!(!request_body(&service, 0)["messages"]
        .to_string()
        .contains("image_url"));
    let said = warnings(&log);
    assert!(
        said.iter()
            .any(|w| w.contains("cannot see images") && w.contains("1 image(s)")),
        "{said:?}"
    );
    // A failing reader is said, and the chat still answers without the image.
    let service = service_with_failing_reader();
    let log = EventLog::default();
    ask_with(&service, &blind("reader-model"), &log);
    let said = warnings(&log);
    assert!(
        said.iter()
            .any(|w| w.contains("reader-model could not read it")),
        "{said:?}"
    );
    assert!(!request_body(&service, 1)["messages"]
        .to_string()
        .contains("image_url"));
}

fn service_with_failing_reader() -> Service {
    service(vec![
        json_response(500, r#"{"error": {"message": "no vision here"}}"#),
        sse(200, &content_chunks(&["Ok."], true), 9),
    ])
}
