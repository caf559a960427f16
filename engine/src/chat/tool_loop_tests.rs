//! Whole generations through the model/tool loop, against the scripted transport fixture, the
//! real [`MemoryStore`](crate::MemoryStore) and a manual clock.

use super::*;
use crate::chat::events::{EventLog, GenerationEvent};
use crate::domain::message::MessageStatus;
use crate::domain::message_part::Annotation;
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken};
use futures_executor::block_on;
use serde_json::json;

#[test]
fn a_multi_step_loop_runs_tools_and_feeds_their_results_back() {
    let search = RecordingTool::new("search", ApprovalPolicy::Auto);
    let clock = RecordingTool::new("clock", ApprovalPolicy::Auto);
    let service = with_tools(
        vec![
            tool_calls(&[
                ("call_1", "search", r#"{"q":"rust"}"#),
                ("call_2", "clock", "{}"),
            ]),
            tool_calls(&[("call_3", "search", r#"{"q":"wasm"}"#)]),
            answer("I searched twice: done."),
        ],
        &[search.clone(), clock.clone()],
    );
    let reply = ask(
        &service,
        "Look it up",
        &assistant_with(&["search", "clock"]),
    );

    assert_eq!(search.runs(), [r#"{"q":"rust"}"#, r#"{"q":"wasm"}"#]);
    assert_eq!(clock.runs(), ["{}"]);
    assert_eq!(request_count(&service), 3);
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(reply.text(), "I searched twice: done.");
    // A tool really ran, so the claim is not "fabricated".
    assert!(!reply
        .annotations
        .iter()
        .any(|a| matches!(a, Annotation::HonestyCorrection { .. })));
    let calls = calls_of(&reply);
    assert_eq!(calls.len(), 3);
    assert!(calls
        .iter()
        .all(|c| c.result.as_ref().is_some_and(|r| !r.is_error)));
    // Results stay on the assistant message: no extra message was stored.
    assert_eq!(stored(&service).1.len(), 2);

    // The third request carries both earlier steps, each call followed by its result.
    let body = request_body(&service, 2);
    let messages = body["messages"].as_array().unwrap();
    let roles: Vec<&str> = messages
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(
        roles,
        [
            "system",
            "user",
            "assistant",
            "tool",
            "tool",
            "assistant",
            "tool"
        ]
    );
    assert_eq!(messages[2]["tool_calls"][1]["id"], "call_2");
    assert_eq!(messages[4]["tool_call_id"], "call_2");
    assert_eq!(messages[6]["content"], r#"ran with {"q":"wasm"}"#);
    // Every request offers the tools, in order, with the built-ins last.
    let names: Vec<&str> = body["tools"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["function"]["name"].as_str().unwrap())
        .collect();
    assert_eq!(
        names,
        [
            "search",
            "clock",
            "read_tool_output",
            "get_session_capabilities"
        ]
    );
    assert!(messages[0]["content"]
        .as_str()
        .unwrap()
        .contains("You can call these tools"));
}

#[test]
fn a_call_that_needs_approval_pauses_and_never_runs_while_pending() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![tool_calls(&[("call_1", "send_mail", r#"{"to":"ada"}"#)])],
        std::slice::from_ref(&mail),
    );
    let log = EventLog::default();
    let assistant = assistant_with(&["send_mail"]);
    let reply = block_on(service.send_message(
        None,
        "Mail Ada",
        &TurnContext::new(&settings(), &assistant, &CancelToken::new(), &log),
    ))
    .unwrap();

    assert_eq!(reply.status, MessageStatus::AwaitingApproval);
    assert_eq!(calls_of(&reply)[0].approval, ToolApproval::Pending);
    assert!(calls_of(&reply)[0].result.is_none());
    assert!(mail.runs().is_empty(), "a pending call never runs");
    assert_eq!(request_count(&service), 1, "the loop paused");
    assert_eq!(stored(&service).1[1], reply, "the paused state is saved");
    assert!(log.0.borrow().iter().any(|e| matches!(e,
        GenerationEvent::MessageUpdated(m) if calls_of(m).first().is_some_and(|c| c.approval == ToolApproval::Pending))));
    assert!(!service.generations.is_running(&reply.conversation_id));
}

#[test]
fn approving_runs_the_call_and_resumes_the_answer() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "send_mail", r#"{"to":"ada"}"#)]),
            answer("Sent to Ada."),
        ],
        std::slice::from_ref(&mail),
    );
    let assistant = assistant_with(&["send_mail"]);
    let paused = ask(&service, "Mail Ada", &assistant);
    let done = decide(
        &service,
        &paused,
        "call_1",
        ToolDecision::Approve,
        &assistant,
    )
    .unwrap();

    assert_eq!(mail.runs(), [r#"{"to":"ada"}"#]);
    assert_eq!(done.id, paused.id, "the same answer goes on");
    assert_eq!(done.status, MessageStatus::Complete);
    assert_eq!(done.text(), "Sent to Ada.");
    let call = &calls_of(&done)[0];
    assert_eq!(call.approval, ToolApproval::Approved);
    assert_eq!(
        call.result.as_ref().map(|r| r.content.as_str()),
        Some(r#"ran with {"to":"ada"}"#)
    );
    // Deciding again is refused: nothing is pending any more.
    assert!(matches!(
        decide(&service, &done, "call_1", ToolDecision::Approve, &assistant),
        Err(ChatError::NotAwaitingDecision | ChatError::NoSuchAnswer(_))
    ));
}

#[test]
fn denying_gives_the_model_a_structured_error_and_the_tool_never_runs() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "send_mail", "{}")]),
            answer("Understood, I did not send it."),
        ],
        std::slice::from_ref(&mail),
    );
    let assistant = assistant_with(&["send_mail"]);
    let paused = ask(&service, "Mail Ada", &assistant);
    let deny = ToolDecision::Deny {
        reason: Some("not now".into()),
    };
    let done = decide(&service, &paused, "call_1", deny, &assistant).unwrap();

    assert!(mail.runs().is_empty());
    let result = calls_of(&done)[0].result.clone().unwrap();
    assert!(result.is_error);
    let error: serde_json::Value = serde_json::from_str(&result.content).unwrap();
    assert_eq!(error["error"], "denied_by_user");
    assert_eq!(error["reason"], "not now");
    let body = request_body(&service, 1);
    let tool_message = &body["messages"].as_array().unwrap()[3];
    assert_eq!(tool_message["role"], "tool");
    assert_eq!(tool_message["content"], result.content);
}

#[test]
fn answering_makes_the_users_text_the_result() {
    let ask_user = RecordingTool::new("ask_location", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "ask_location", "{}")]),
            answer("Then it is raining in Oslo."),
        ],
        std::slice::from_ref(&ask_user),
    );
    let assistant = assistant_with(&["ask_location"]);
    let paused = ask(&service, "Weather here?", &assistant);
    let done = decide(
        &service,
        &paused,
        "call_1",
        ToolDecision::Answer("Oslo".into()),
        &assistant,
    )
    .unwrap();
    assert!(ask_user.runs().is_empty());
    let call = &calls_of(&done)[0];
    assert_eq!(
        call.approval,
        ToolApproval::Answered {
            answer: "Oslo".into()
        }
    );
    assert_eq!(
        call.result,
        Some(ToolResult {
            content: "Oslo".into(),
            is_error: false
        })
    );
    assert_eq!(done.status, MessageStatus::Complete);
}

#[test]
fn the_loop_resumes_only_when_no_call_is_still_pending() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let clock = RecordingTool::new("clock", ApprovalPolicy::Auto);
    let service = with_tools(
        vec![
            tool_calls(&[
                ("call_1", "send_mail", r#"{"to":"a"}"#),
                ("call_2", "clock", "{}"),
                ("call_3", "send_mail", r#"{"to":"b"}"#),
            ]),
            answer("Both handled."),
        ],
        &[mail.clone(), clock.clone()],
    );
    let assistant = assistant_with(&["send_mail", "clock"]);
    let paused = ask(&service, "Mail both", &assistant);
    // The automatic call waits with the others: nothing of the step runs before the user decides.
    assert!(clock.runs().is_empty() && mail.runs().is_empty());

    let after_first = decide(
        &service,
        &paused,
        "call_3",
        ToolDecision::Approve,
        &assistant,
    )
    .unwrap();
    assert_eq!(after_first.status, MessageStatus::AwaitingApproval);
    assert!(
        mail.runs().is_empty(),
        "call_1 is still pending, so nothing resumes"
    );
    assert_eq!(request_count(&service), 1);

    let done = decide(
        &service,
        &after_first,
        "call_1",
        ToolDecision::Deny { reason: None },
        &assistant,
    )
    .unwrap();
    assert_eq!(mail.runs(), [r#"{"to":"b"}"#]);
    assert_eq!(clock.runs(), ["{}"]);
    assert_eq!(done.status, MessageStatus::Complete);
    assert_eq!(request_count(&service), 2);
}

#[test]
fn stopping_during_a_tool_keeps_the_answer_and_sends_nothing_more() {
    let slow = RecordingTool::with("slow", ApprovalPolicy::Auto, |_, cancel| {
        cancel.cancel(); // the user presses stop while it runs
        Err(ToolError::Cancelled)
    });
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "slow", "{}")]),
            answer("never sent"),
        ],
        std::slice::from_ref(&slow),
    );
    let reply = ask(&service, "Go", &assistant_with(&["slow"]));
    assert_eq!(slow.runs().len(), 1);
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(
        calls_of(&reply)[0].result.is_none(),
        "a cancellation is not turned into a tool error"
    );
    assert_eq!(request_count(&service), 1);
    assert_eq!(stored(&service).1[1], reply);
}

#[test]
fn a_failing_tool_an_unknown_tool_and_bad_arguments_become_error_results() {
    let strict = RecordingTool::with("strict", ApprovalPolicy::Auto, |args, _| {
        let parsed: serde_json::Value = crate::tools::parse_arguments(args)?;
        Err(ToolError::Failed(format!("cannot handle {parsed}")))
    });
    let service = with_tools(
        vec![
            tool_calls(&[
                ("call_1", "strict", "{not json"),
                ("call_2", "strict", r#"{"a":1}"#),
                ("call_3", "delete_everything", "{}"),
            ]),
            answer("Those failed."),
        ],
        &[strict],
    );
    let reply = ask(&service, "Try", &assistant_with(&["strict"]));
    let results: Vec<ToolResult> = calls_of(&reply)
        .into_iter()
        .map(|c| c.result.unwrap())
        .collect();
    assert!(results.iter().all(|r| r.is_error));
    assert!(results[0].content.contains("not valid"));
    assert!(results[1].content.contains(r#"cannot handle {\"a\":1}"#));
    assert!(results[2].content.contains("No tool named"));
    assert_eq!(reply.status, MessageStatus::Complete);
}

#[test]
fn the_loop_stops_after_256_model_steps() {
    let echo = RecordingTool::new("echo", ApprovalPolicy::Auto);
    let scripts: Vec<Script> = (0..MAX_STEPS + 5)
        .map(|i| tool_calls(&[(&format!("call_{i}"), "echo", "{}")]))
        .collect();
    let service = with_tools(scripts, std::slice::from_ref(&echo));
    let reply = ask(&service, "Loop forever", &assistant_with(&["echo"]));
    assert_eq!(request_count(&service), MAX_STEPS);
    assert_eq!(
        echo.runs().len(),
        MAX_STEPS - 1,
        "the last step's call is not run"
    );
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(reply.error.as_deref().unwrap().contains("256 model steps"));
    let calls = calls_of(&reply);
    assert_eq!(calls.len(), MAX_STEPS);
    assert!(calls.last().unwrap().result.is_none());
}

#[test]
fn a_large_output_is_stored_as_a_file_and_read_back_in_pieces() {
    let big: String = (0..40_000)
        .map(|i| char::from(b'a' + (i % 26) as u8))
        .collect();
    let expected = big.clone();
    let dump = RecordingTool::with("dump", ApprovalPolicy::Auto, move |_, _| {
        Ok(ToolOutput::text(big.clone()))
    });
    let service = with_tools(
        vec![
            tool_calls(&[("call_big", "dump", "{}")]),
            tool_calls(&[(
                "call_read",
                "read_tool_output",
                r#"{"call_id":"call_big","offset":4096,"length":100}"#,
            )]),
            tool_calls(&[("call_steal", "read_tool_output", r#"{"call_id":"other"}"#)]),
            answer("Read it."),
        ],
        &[dump],
    );
    let reply = ask(&service, "Dump", &assistant_with(&["dump"]));
    let calls = calls_of(&reply);
    let preview = &calls[0].result.as_ref().unwrap().content;
    assert!(preview.len() < 5_000);
    assert!(preview.starts_with(&expected[..4096]));
    assert!(preview.contains("/tool_outputs/call_big.txt"));
    let file = block_on(service.store.load_blob("/tool_outputs/call_big.txt"))
        .unwrap()
        .unwrap();
    assert_eq!(file.bytes, expected.as_bytes(), "the whole output is kept");
    let read = &calls[1].result.as_ref().unwrap().content;
    assert!(read.ends_with(&expected[4096..4196]));
    assert!(read.contains("read from offset 4196"));
    let refused = calls[2].result.as_ref().unwrap();
    assert!(refused.is_error && refused.content.contains("No tool call"));
}

#[test]
fn sending_a_new_message_completes_undecided_calls_first() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "send_mail", "{}")]),
            answer("OK, something else then."),
        ],
        std::slice::from_ref(&mail),
    );
    let assistant = assistant_with(&["send_mail"]);
    let paused = ask(&service, "Mail Ada", &assistant);
    let conversation = stored(&service).0;
    let next = send_as(&service, Some(conversation), "Never mind", &assistant).unwrap();
    assert_eq!(next.text(), "OK, something else then.");
    assert!(mail.runs().is_empty());
    let old = stored(&service)
        .1
        .into_iter()
        .find(|m| m.id == paused.id)
        .unwrap();
    assert_eq!(old.status, MessageStatus::Incomplete);
    let call = &calls_of(&old)[0];
    assert!(matches!(call.approval, ToolApproval::Denied { .. }));
    assert!(call.result.as_ref().unwrap().is_error);
    // The request is well formed: the call has its result right after it.
    let body = request_body(&service, 1);
    let roles: Vec<&str> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["system", "user", "assistant", "tool", "user"]);
}

#[test]
fn a_model_without_tool_calling_gets_no_definitions_but_a_capability_block() {
    let clock = RecordingTool::new("clock", ApprovalPolicy::Auto);
    let service = with_tools(vec![answer("It is noon.")], &[clock]);
    let mut no_tools = settings();
    no_tools.supports_tools = false;
    block_on(service.send_message(
        None,
        "Time?",
        &TurnContext::new(
            &no_tools,
            &assistant_with(&["clock"]),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    let body = request_body(&service, 0);
    assert!(body.get("tools").is_none());
    let system = body["messages"][0]["content"].as_str().unwrap();
    assert!(system.contains("cannot call tools") && system.contains("clock"));
}

#[test]
fn assistant_parameters_reach_the_request_and_non_streaming_answers_normalise_the_same() {
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "application/json",
        chunks: vec![
            br#"{"choices":[{"message":{"role":"assistant","content":"Whole."},
            "finish_reason":"stop"}]}"#
                .to_vec(),
        ],
    }]);
    let assistant = Assistant {
        stream: false,
        params: crate::provider::GenerationParams {
            temperature: Some(0.25),
            max_output_tokens: Some(64),
            reasoning: crate::provider::ReasoningLevel::Max,
            ..Default::default()
        },
        ..Assistant::default()
    };
    let reply = send_as(&service, None, "Hi", &assistant).unwrap();
    assert_eq!(reply.text(), "Whole.");
    assert_eq!(reply.status, MessageStatus::Complete);
    let body = request_body(&service, 0);
    assert_eq!(body["stream"], false);
    assert_eq!(body["temperature"], 0.25);
    assert_eq!(body["max_tokens"], 64);
    // A server Skein does not know gets no optional field it might reject.
    assert!(body.get("reasoning_effort").is_none());
}

#[test]
fn an_anthropic_tool_loop_sends_signed_thinking_and_results_back() {
    let weather = RecordingTool::new("get_weather", ApprovalPolicy::Auto);
    let transcript = include_bytes!("../../../tests/fixtures/anthropic/stream_thinking_tools.sse");
    let done = "event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude-sonnet-4-5\",\"usage\":{\"input_tokens\":600}}}\n\n\
        event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n\
        event: content_block_delta\ndata: {\"type\":\"content_block_delta\",\"index\":0,\"delta\":{\"type\":\"text_delta\",\"text\":\"Oslo 4 °C, Lima 19 °C.\"}}\n\n\
        event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":12}}\n\n\
        event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n";
    let service = with_tools(
        vec![sse(200, transcript, 97), sse(200, done.as_bytes(), 50)],
        std::slice::from_ref(&weather),
    );
    let mut anthropic = settings();
    anthropic.kind = crate::provider::ProviderKind::Anthropic;
    let reply = block_on(service.send_message(
        None,
        "Weather in Oslo and Lima?",
        &TurnContext::new(
            &anthropic,
            &assistant_with(&["get_weather"]),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();

    assert_eq!(
        weather.runs(),
        [r#"{"city": "Oslo"}"#, r#"{"city": "Lima"}"#]
    );
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(
        reply.text(),
        "Checking Oslo and Lima — one moment. 🌦Oslo 4 °C, Lima 19 °C."
    );
    assert!(
        matches!(&reply.parts[0], MessagePart::Reasoning { signature: Some(s), .. }
        if s == "EqQBCgIYAhIM1gbcDa9GJwZA2b3h")
    );
    let second = request_body(&service, 1);
    let turns = second["messages"].as_array().unwrap();
    assert_eq!(turns.len(), 3, "user, assistant, user (tool results)");
    let blocks = turns[1]["content"].as_array().unwrap();
    assert_eq!(blocks[0]["type"], "thinking");
    assert_eq!(blocks[0]["signature"], "EqQBCgIYAhIM1gbcDa9GJwZA2b3h");
    assert_eq!(blocks[2]["id"], "toolu_01A");
    assert_eq!(blocks[3]["input"], json!({"city": "Lima"}));
    let results = turns[2]["content"].as_array().unwrap();
    assert_eq!(results[1]["tool_use_id"], "toolu_01B");
    assert!(second["system"].as_str().unwrap().contains("get_weather"));
}

#[test]
fn a_call_that_cannot_run_as_written_is_not_put_to_the_user() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "send_mail", r#"{"to": "ada", "#)]),
            answer("My arguments were broken; nothing was sent."),
        ],
        std::slice::from_ref(&mail),
    );
    let reply = ask(&service, "Mail Ada", &assistant_with(&["send_mail"]));
    let call = &calls_of(&reply)[0];
    assert_eq!(call.approval, ToolApproval::Auto, "never pending");
    let result = call.result.as_ref().unwrap();
    assert!(
        result.is_error && result.content.contains("not valid JSON"),
        "{result:?}"
    );
    assert!(mail.runs().is_empty(), "it never ran");
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(
        request_count(&service),
        2,
        "the model got the error and answered"
    );
}

#[test]
fn a_picture_a_tool_returns_is_shown_with_the_answer() {
    let png = crate::domain::base64::encode(b"\x89PNG\r\n\x1a\n");
    let camera = RecordingTool::with("camera", ApprovalPolicy::Auto, move |_, _| {
        Ok(ToolOutput {
            images: vec![
                crate::tools::ToolImage {
                    mime: "image/png".into(),
                    base64: png.clone(),
                },
                crate::tools::ToolImage {
                    mime: "image/png".into(),
                    base64: "not base64!".into(),
                },
            ],
            ..ToolOutput::text("[image/png image: shown to the user]")
        })
    });
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "camera", "{}")]),
            answer("Here is the shot."),
        ],
        &[camera],
    );
    let log = EventLog::default();
    let assistant = assistant_with(&["camera"]);
    let reply = block_on(service.send_message(
        None,
        "Take a picture",
        &TurnContext::new(&settings(), &assistant, &CancelToken::new(), &log),
    ))
    .unwrap();
    let images: Vec<(&str, &str)> = reply
        .parts
        .iter()
        .filter_map(|p| match p {
            MessagePart::Image { blob_id, name, .. } => {
                Some((blob_id.as_str(), name.as_deref().unwrap_or("")))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        images.len(),
        1,
        "the broken one is not shown: {:?}",
        reply.parts
    );
    assert_eq!(images[0].1, "camera");
    let stored = block_on(service.store.load_blob(images[0].0)).unwrap();
    assert!(
        stored.is_some_and(|b| b.bytes.starts_with(b"\x89PNG")),
        "stored first"
    );
    assert!(
        warnings(&log)
            .iter()
            .any(|w| w.contains("could not be shown")),
        "the broken one is said"
    );
    assert_eq!(reply.text(), "Here is the shot.");
}
