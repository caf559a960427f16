//! An answer whose tools returned pictures, as the provider sees it: the turns it expands into,
//! the text OCR read in them, and each protocol's body for them.

use super::*;
use crate::domain::message_part::{ToolApproval, ToolCall, ToolResult};
use crate::prompt::hooks::{HookFuture, OcrHook};
use crate::provider::settings::{ProviderKind, ProviderSettings};
use crate::provider::{build_chat_request, ChatRequest};
use futures_executor::block_on;
use serde_json::{json, Value};

fn call(id: &str, name: &str, step: u32, result: Option<&str>) -> MessagePart {
    MessagePart::ToolCall(ToolCall {
        id: id.into(),
        name: name.into(),
        arguments: "{}".into(),
        approval: ToolApproval::Auto,
        result: result.map(|content| ToolResult {
            content: content.into(),
            is_error: false,
        }),
        step,
    })
}

fn picture(blob_id: &str, name: &str) -> MessagePart {
    MessagePart::Image {
        blob_id: blob_id.into(),
        mime: "image/png".into(),
        name: Some(name.into()),
    }
}

/// An answer that called `snapshot` (which returned a picture) and a tool still pending in one
/// step, then answered, showing an image of its own.
fn answer_with_a_tool_picture() -> MessageNode {
    let mut answer = MessageNode::new("a", "c", Role::Assistant, 0.0);
    answer.parts = vec![
        MessagePart::text("Let me look."),
        call(
            "call_1",
            "snapshot",
            0,
            Some("A snapshot:\n[image/png image]"),
        ),
        call("call_2", "camera", 0, None),
        picture("shot", "snapshot"),
        // A picture of a call without a result is not sent with it.
        picture("never", "camera"),
        MessagePart::text("There it is: "),
        // The answer's own inline image belongs to no call.
        picture("drawn", "a cat"),
    ];
    answer
}

fn unloaded(blob_id: &str) -> ImageInput {
    ImageInput {
        blob_id: blob_id.into(),
        mime: "image/png".into(),
        data: String::new(),
    }
}

#[test]
fn a_tool_picture_follows_the_results_of_its_step_as_a_user_turn() {
    let mut messages = expand_node(&answer_with_a_tool_picture());
    let shape: Vec<(Role, bool, Option<&str>, &str)> = messages
        .iter()
        .map(|m| {
            (
                m.role,
                !m.tool_calls.is_empty(),
                m.tool_result_for.as_deref(),
                m.content.as_str(),
            )
        })
        .collect();
    assert_eq!(
        shape,
        [
            (Role::Assistant, true, None, "Let me look."),
            (
                Role::User,
                false,
                Some("call_1"),
                "A snapshot:\n[image/png image]"
            ),
            (
                Role::User,
                false,
                None,
                "The picture the tool snapshot returned with its result above."
            ),
            (Role::Assistant, false, None, "There it is: "),
        ]
    );
    assert_eq!(
        messages[0].tool_calls.len(),
        1,
        "the pending call is left out"
    );
    assert_eq!(messages[2].images, [unloaded("shot")]);
    assert!(messages
        .iter()
        .all(|m| m.role == Role::User || m.images.is_empty()));
    // The pictures' turn is neither a call nor a result: renaming IDs passes it by.
    let before = messages.clone();
    unique_call_ids(&mut messages);
    assert_eq!(messages, before);
}

#[test]
fn pictures_of_several_calls_of_a_step_come_after_all_their_results() {
    let mut answer = MessageNode::new("a", "c", Role::Assistant, 0.0);
    answer.parts = vec![
        call("call_1", "snapshot", 0, Some("one")),
        call("call_2", "camera", 0, Some("two")),
        picture("p1", "snapshot"),
        picture("p2", "camera"),
        picture("p3", "camera"),
        call("call_3", "snapshot", 1, Some("three")),
        picture("p4", "snapshot"),
    ];
    let messages = expand_node(&answer);
    let turns: Vec<(&str, Vec<&str>)> = messages
        .iter()
        .map(|m| {
            let what = m
                .tool_result_for
                .as_deref()
                .unwrap_or(if m.tool_calls.is_empty() {
                    "pictures"
                } else {
                    "calls"
                });
            (what, m.images.iter().map(|i| i.blob_id.as_str()).collect())
        })
        .collect();
    assert_eq!(
        turns,
        [
            ("calls", vec![]),
            ("call_1", vec![]),
            ("call_2", vec![]),
            ("pictures", vec!["p1", "p2", "p3"]),
            ("calls", vec![]),
            ("call_3", vec![]),
            ("pictures", vec!["p4"]),
        ]
    );
    assert_eq!(
        messages[3].content,
        "The 3 pictures the tools snapshot, camera returned with their results above."
    );
    assert_eq!(
        messages[6].content,
        "The picture the tool snapshot returned with its result above."
    );
}

/// Test fixture: "reads" every image as a sentence naming it.
struct NamingOcr;

impl OcrHook for NamingOcr {
    fn recognize<'a>(&'a self, blob_id: &'a str, _mime: &'a str) -> HookFuture<'a, String> {
        Box::pin(async move { Ok(format!("EXIT sign in {blob_id}")) })
    }
}

#[test]
fn text_ocr_read_in_a_tool_picture_goes_with_the_picture_not_into_the_answer() {
    let mut question = MessageNode::new("q", "c", Role::User, 0.0);
    question.parts = vec![MessagePart::text("Take a snapshot")];
    let pipeline = InputPipeline {
        ocr: Some(&NamingOcr),
        ..InputPipeline::default()
    };
    let prepared = block_on(pipeline.run(crate::prompt::PromptRequest {
        system: String::new(),
        messages: vec![question, answer_with_a_tool_picture()],
    }));
    let messages = chat_messages(&prepared);
    let pictures = &messages[3];
    assert_eq!(pictures.role, Role::User);
    assert!(
        pictures.content.starts_with(
            "The picture the tool snapshot returned with its result above.\n\n<image_text>\n"
        ),
        "{}",
        pictures.content
    );
    assert!(pictures.content.contains("EXIT sign in shot"));
    assert_eq!(pictures.images, [unloaded("shot")]);
    for message in messages.iter().filter(|m| m.role == Role::Assistant) {
        assert!(
            !message.content.contains("EXIT sign in shot"),
            "not said by the model: {}",
            message.content
        );
    }
}

/// The answer's turns after a question, with the picture loaded.
fn sent_messages() -> Vec<ChatMessage> {
    let mut messages = vec![ChatMessage::text(Role::User, "Take a snapshot")];
    messages.extend(expand_node(&answer_with_a_tool_picture()));
    for image in messages.iter_mut().flat_map(|m| m.images.iter_mut()) {
        image.data = "iVBORw0K".into();
    }
    messages
}

fn body(kind: ProviderKind, messages: &[ChatMessage]) -> Value {
    let settings = ProviderSettings {
        kind,
        base_url: kind.default_base_url().into(),
        model: "the-model".into(),
        ..ProviderSettings::default()
    };
    let request = ChatRequest {
        messages,
        ..ChatRequest::default()
    };
    let built = build_chat_request(&settings, &request).expect("a valid request");
    serde_json::from_str(built.body.as_deref().unwrap()).unwrap()
}

fn roles(turns: &Value) -> Vec<&str> {
    turns
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["role"].as_str().unwrap())
        .collect()
}

const NOTE: &str = "The picture the tool snapshot returned with its result above.";

#[test]
fn openai_and_anthropic_get_the_pictures_in_a_user_turn_after_the_tool_results_gemini_none() {
    let messages = sent_messages();

    let openai = body(ProviderKind::OpenAi, &messages);
    assert_eq!(
        roles(&openai["messages"]),
        ["user", "assistant", "tool", "user", "assistant"]
    );
    assert_eq!(
        openai["messages"][3]["content"],
        json!([
            {"type": "text", "text": NOTE},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K"}},
        ])
    );

    // Anthropic: the results and the pictures are one user turn, the results first.
    let anthropic = body(ProviderKind::Anthropic, &messages);
    assert_eq!(
        roles(&anthropic["messages"]),
        ["user", "assistant", "user", "assistant"],
        "strictly alternating"
    );
    let turn = &anthropic["messages"][2]["content"];
    assert_eq!(turn[0]["type"], "tool_result");
    assert_eq!(turn[0]["tool_use_id"], "call_1");
    assert_eq!(
        turn[1],
        json!({"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}})
    );
    assert_eq!(turn[2], json!({"type": "text", "text": NOTE}));
    assert_eq!(turn.as_array().unwrap().len(), 3);

    // Gemini takes nothing beside function responses in their turn: the pictures stay out.
    let gemini = body(ProviderKind::Gemini, &messages);
    assert_eq!(
        roles(&gemini["contents"]),
        ["user", "model", "user", "model"]
    );
    let turn = &gemini["contents"][2]["parts"];
    assert_eq!(turn[0]["functionResponse"]["name"], "snapshot");
    assert_eq!(turn.as_array().unwrap().len(), 1, "{turn}");
}
