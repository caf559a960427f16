//! A picture a tool returns, through [`ChatService`] against the scripted transport: seen by the
//! model at the next step and on later questions, read for a model that cannot see it, or left
//! out and the user told.

use crate::chat::events::EventLog;
use crate::chat::TurnContext;
use crate::domain::base64;
use crate::domain::message::MessageNode;
use crate::provider::settings::ProviderSettings;
use crate::test_fixtures::*;
use crate::tools::{ApprovalPolicy, ToolImage, ToolOutput};
use crate::CancelToken;
use futures_executor::block_on;
use serde_json::{json, Value};
use std::rc::Rc;

/// The roles of the next question's request after an answer whose tool returned a picture: the
/// picture's user turn between the tool's result and the answer's text.
const LATER_QUESTION: [&str; 7] = [
    "system",
    "user",
    "assistant",
    "tool",
    "user",
    "assistant",
    "user",
];

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";
const NOTE: &str = "The picture the tool camera returned with its result above.";

fn camera() -> Rc<RecordingTool> {
    RecordingTool::with("camera", ApprovalPolicy::Auto, |_, _| {
        Ok(ToolOutput {
            images: vec![ToolImage {
                mime: "image/png".into(),
                base64: base64::encode(PNG),
            }],
            ..ToolOutput::text("[image/png image: shown to the user with your answer]")
        })
    })
}

fn blind(ocr_model: &str) -> ProviderSettings {
    ProviderSettings {
        supports_images: false,
        ocr_model: ocr_model.into(),
        ..settings()
    }
}

/// Asks `text` with the camera enabled, in `conversation` (a new one when `None`).
fn ask_in(
    service: &Service,
    conversation: Option<crate::Conversation>,
    text: &str,
    settings: &ProviderSettings,
    log: &EventLog,
) -> MessageNode {
    let assistant = assistant_with(&["camera"]);
    block_on(service.send_message(
        conversation,
        text,
        &TurnContext::new(settings, &assistant, &CancelToken::new(), log),
    ))
    .unwrap()
}

fn roles(body: &Value) -> Vec<&str> {
    body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect()
}

#[test]
fn the_model_sees_a_picture_its_tool_returned_at_the_next_step_and_later() {
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "camera", "{}")]),
            answer("A dark room."),
            answer("Still dark."),
        ],
        &[camera()],
    );
    let log = EventLog::default();
    ask_in(&service, None, "Take a picture", &settings(), &log);
    let shown = json!([
        {"type": "text", "text": NOTE},
        {"type": "image_url", "image_url": {
            "url": format!("data:image/png;base64,{}", base64::encode(PNG))
        }},
    ]);
    let step = request_body(&service, 1);
    assert_eq!(
        roles(&step),
        ["system", "user", "assistant", "tool", "user"]
    );
    assert_eq!(step["messages"][3]["tool_call_id"], "call_1");
    assert_eq!(step["messages"][4]["content"], shown);
    assert!(warnings(&log).is_empty(), "{:?}", warnings(&log));

    // The next question's request still shows it, between the result and the answer.
    let conversation = stored(&service).0;
    ask_in(&service, Some(conversation), "And now?", &settings(), &log);
    let later = request_body(&service, 2);
    assert_eq!(roles(&later), LATER_QUESTION);
    assert_eq!(later["messages"][4]["content"], shown);
    assert_eq!(later["messages"][5]["content"], "A dark room.");
}

#[test]
fn a_model_that_cannot_see_gets_the_text_the_reading_model_found_in_the_picture_read_once() {
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "camera", "{}")]),
            json_completion("EXIT 3"),
            answer("It shows exit 3."),
            // The next question: the picture read once is not read again.
            answer("Yes, exit 3."),
        ],
        &[camera()],
    );
    let log = EventLog::default();
    ask_in(&service, None, "Where am I?", &blind("reader-model"), &log);
    let read = request_body(&service, 1);
    assert_eq!(read["model"], "reader-model");
    assert!(read["messages"][0]["content"][1]["image_url"]["url"]
        .as_str()
        .unwrap()
        .starts_with("data:image/png;base64,"));
    let step = request_body(&service, 2);
    assert_eq!(step["model"], "mock-model");
    let pictures = step["messages"][4]["content"].as_str().unwrap();
    assert!(
        pictures.starts_with(NOTE)
            && pictures.contains("<image_text>")
            && pictures.contains("EXIT 3"),
        "{pictures}"
    );
    assert!(!step.to_string().contains("image_url"), "{step}");
    assert!(warnings(&log).is_empty(), "{:?}", warnings(&log));

    let conversation = stored(&service).0;
    ask_in(
        &service,
        Some(conversation),
        "Sure?",
        &blind("reader-model"),
        &log,
    );
    assert_eq!(request_count(&service), 4, "the picture was read once");
    let later = request_body(&service, 3);
    assert_eq!(later["model"], "mock-model");
    assert_eq!(roles(&later), LATER_QUESTION);
    let pictures = later["messages"][4]["content"].as_str().unwrap();
    assert!(
        pictures.starts_with(NOTE) && pictures.contains("EXIT 3"),
        "{pictures}"
    );
    assert_eq!(
        later["messages"][5]["content"], "It shows exit 3.",
        "the text read is not put in the model's mouth"
    );
    assert!(!later.to_string().contains("image_url"), "{later}");
}

#[test]
fn without_a_reading_model_the_picture_is_left_out_and_the_user_told_once() {
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "camera", "{}")]),
            tool_calls(&[("call_2", "camera", "{}")]),
            answer("I cannot see them."),
        ],
        &[camera()],
    );
    let log = EventLog::default();
    ask_in(&service, None, "Take two pictures", &blind(""), &log);
    assert_eq!(request_count(&service), 3, "no reading call");
    let last = request_body(&service, 2);
    assert!(!last.to_string().contains("image_url"), "{last}");
    assert_eq!(
        last["messages"][4]["content"],
        format!("{NOTE} It was shown to the user; this model cannot see pictures."),
        "the model is told it did not see it"
    );
    let said: Vec<String> = warnings(&log)
        .into_iter()
        .filter(|w| w.contains("cannot see images"))
        .collect();
    assert_eq!(said.len(), 2, "once for each picture's step: {said:?}");
    assert!(said.iter().all(|w| w.contains("1 image(s)")), "{said:?}");
}
