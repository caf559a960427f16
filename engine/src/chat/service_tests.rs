//! Tests of [`ChatService`] against a scripted transport (a test fixture that replays recorded
//! provider bytes), the real [`MemoryStore`] and a manual clock.

use super::*;
use crate::chat::events::EventLog;
use crate::prompt::system_prompt::capability_block;
use crate::test_fixtures::*;
use crate::Assistant;
use futures_executor::block_on;
use std::cell::Cell;

#[test]
fn a_reply_streams_into_a_saved_assistant_message() {
    let service = service(vec![sse(200, STREAM_BASIC, 7)]);
    let log = EventLog::default();
    let reply = send_observed(&service, "Say hello", &log);

    assert_eq!(reply.text(), "Hello, wörld — 世界 🎉");
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(reply.model.as_deref(), Some("gpt-4o-mini-2024-07-18"));
    assert!(reply.finished_at_ms.is_some());

    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.title, "Say hello");
    assert_eq!(
        conversation.current_leaf_id.as_deref(),
        Some(reply.id.as_str())
    );
    assert_eq!(messages.len(), 2);
    assert_eq!(
        (messages[0].role, messages[0].text().as_str()),
        (Role::User, "Say hello")
    );
    assert_eq!(messages[1], reply);
    assert_eq!(
        messages[1].parent_id.as_deref(),
        Some(messages[0].id.as_str())
    );

    let deltas: Vec<String> = log
        .0
        .borrow()
        .iter()
        .filter_map(|e| match e {
            GenerationEvent::Delta { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(deltas, ["Hello", ", wörld", " — 世界 🎉"]);
    assert!(matches!(log.0.borrow().last(), Some(GenerationEvent::Finished(m)) if *m == reply));

    let request = &service.client.transport().requests.borrow()[0];
    assert_eq!(request.url, "http://127.0.0.1:9/v1/chat/completions");
    assert_eq!(request.header("authorization"), Some("Bearer sk-test"));
}

#[test]
fn the_second_turn_sends_the_whole_branch() {
    let service = service(vec![
        sse(200, &content_chunks(&["One."], true), 5),
        sse(200, &content_chunks(&["Two."], true), 5),
    ]);
    send(&service, None, "first");
    let (conversation, _) = stored(&service);
    send(&service, Some(conversation), "second");

    let body = request_body(&service, 1);
    assert_eq!(
        body["messages"],
        serde_json::json!([
            no_tools_note(),
            {"role": "user", "content": "first"},
            {"role": "assistant", "content": "One."},
            {"role": "user", "content": dated("second")},
        ])
    );
    let (_, messages) = stored(&service);
    assert_eq!(messages.len(), 4);
}

/// Cancels its token when it has seen `after` deltas: a user pressing stop mid-stream.
struct StopAfter {
    after: usize,
    seen: Cell<usize>,
    cancel: CancelToken,
}

impl GenerationSink for StopAfter {
    fn emit(&self, event: GenerationEvent) {
        if matches!(event, GenerationEvent::Delta { .. }) {
            self.seen.set(self.seen.get() + 1);
            if self.seen.get() == self.after {
                self.cancel.cancel();
            }
        }
    }
}

#[test]
fn stopping_keeps_the_partial_answer_marked_incomplete() {
    let body = content_chunks(&["a ", "b ", "c ", "d ", "e "], true);
    let service = service(vec![sse(200, &body, 10)]);
    let cancel = CancelToken::new();
    let sink = StopAfter {
        after: 2,
        seen: Cell::new(0),
        cancel: cancel.clone(),
    };
    let reply = block_on(service.send_message(
        None,
        "count",
        &TurnContext::new(&settings(), &Assistant::default(), &cancel, &sink),
    ))
    .unwrap();
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(reply.text().starts_with("a b "), "{:?}", reply.text());
    assert!(!reply.text().contains('e'));
    let (_, messages) = stored(&service);
    assert_eq!(messages[1], reply, "the partial answer is what was stored");
}

#[test]
fn an_http_error_is_recorded_on_the_reply_and_the_question_is_kept() {
    let body = br#"{"error":{"message":"Incorrect API key provided"}}"#;
    let service = service(vec![Script::Respond {
        status: 401,
        content_type: "application/json",
        chunks: vec![body.to_vec()],
    }]);
    let reply = send(&service, None, "hello?");
    assert_eq!(reply.status, MessageStatus::Error);
    let error = reply.error.unwrap();
    assert!(error.contains("Incorrect API key provided"), "{error}");
    assert!(error.contains("HTTP 401"), "{error}");
    let (_, messages) = stored(&service);
    assert_eq!(messages[0].text(), "hello?");
}

#[test]
fn an_unreachable_server_explains_cors_and_base_url() {
    let service = service(vec![Script::Unreachable]);
    let reply = send(&service, None, "hello?");
    assert_eq!(reply.status, MessageStatus::Error);
    let error = reply.error.unwrap();
    assert!(
        error.contains("http://127.0.0.1:9/v1/chat/completions"),
        "{error}"
    );
    assert!(error.contains("CORS"), "{error}");
}

#[test]
fn a_stream_that_just_stops_is_incomplete_not_complete() {
    let service = service(vec![sse(200, &content_chunks(&["half ", "an"], false), 9)]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.text(), "half an");
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(reply.error.unwrap().contains("ended before"));
}

#[test]
fn a_provider_error_mid_stream_keeps_the_words_already_received() {
    let mut body = content_chunks(&["partial "], false);
    body.extend_from_slice(b"data: {\"error\":{\"message\":\"model overloaded\"}}\n\n");
    let service = service(vec![sse(200, &body, 4)]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.text(), "partial ");
    // A broken stream is never presented as complete (this clock has no timers, so it is not
    // retried: the user has continue and regenerate).
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(reply.error.unwrap().contains("model overloaded"));
}

#[test]
fn a_non_streaming_json_answer_is_accepted() {
    let body =
        br#"{"model":"m2","choices":[{"message":{"content":"whole"},"finish_reason":"stop"}]}"#;
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "application/json; charset=utf-8",
        chunks: vec![body[..20].to_vec(), body[20..].to_vec()],
    }]);
    let reply = send(&service, None, "q");
    assert_eq!(
        (reply.text().as_str(), reply.status),
        ("whole", MessageStatus::Complete)
    );
    assert_eq!(reply.model.as_deref(), Some("m2"));
}

#[test]
fn streaming_writes_are_throttled_but_the_final_text_is_saved() {
    let words: Vec<String> = (0..100).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let service = service(vec![sse(200, &content_chunks(&words, true), 64)]);
    let reply = send(&service, None, "long");
    assert_eq!(reply.text(), words.concat());
    // Two writes before streaming (user, empty reply) and one final write, plus intermediate
    // writes every 250 ms of clock time: far fewer than one per token, but more than none.
    let writes = service.store.message_writes();
    assert!(writes > 3, "intermediate writes happen: {writes}");
    assert!(
        writes < 3 + words.len() / 4,
        "writes are throttled: {writes}"
    );
    assert_eq!(stored(&service).1[1].text(), words.concat());
}

#[test]
fn empty_input_and_bad_settings_store_nothing() {
    let service = service(vec![]);
    let run = |text: &str, settings: &ProviderSettings| {
        block_on(service.send_message(
            None,
            text,
            &TurnContext::new(
                settings,
                &Assistant::default(),
                &CancelToken::new(),
                &EventLog::default(),
            ),
        ))
    };
    assert_eq!(run("  \n", &settings()), Err(ChatError::EmptyMessage));
    let mut bad = settings();
    bad.model.clear();
    assert_eq!(
        run("hi", &bad),
        Err(ChatError::Settings(crate::SettingsError::MissingModel))
    );
    assert!(block_on(service.store.list_conversations())
        .unwrap()
        .is_empty());
    assert!(service.client.transport().requests.borrow().is_empty());
}

#[test]
fn a_reply_left_streaming_by_a_closed_tab_reopens_as_incomplete() {
    let service = service(vec![]);
    let conversation = Conversation {
        current_leaf_id: Some("a".into()),
        ..Conversation::new("c", "t", 0.0)
    };
    let node = MessageNode::new("a", "c", Role::Assistant, 0.0)
        .with_text("words before the crash")
        .with_status(MessageStatus::Streaming);
    block_on(service.store.save_message(&conversation, &node)).unwrap();

    // While this tab is generating it, the message is left alone.
    let (nodes, interrupted) = block_on(service.open_conversation(&conversation, true)).unwrap();
    assert_eq!(nodes[0].status, MessageStatus::Streaming);
    assert!(interrupted.is_empty());

    let (nodes, interrupted) = block_on(service.open_conversation(&conversation, false)).unwrap();
    assert_eq!(nodes[0].status, MessageStatus::Incomplete);
    assert!(interrupted.is_empty(), "no journal to take back");
    assert_eq!(nodes[0].text(), "words before the crash");
    assert_eq!(stored(&service).1, nodes, "the recovery was saved");
}

#[test]
fn reasoning_and_usage_are_kept_on_the_reply() {
    let body = concat!(
        "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"Let me \"}}]}\n\n",
        "data: {\"choices\":[{\"delta\":{\"reasoning_content\":\"think.\"}}]}\n\n",
        "data: {\"choices\":[{\"delta\":{\"content\":\"Answer.\"},\"finish_reason\":\"stop\"}]}\n\n",
        "data: {\"choices\":[],\"usage\":{\"prompt_tokens\":12,\"completion_tokens\":40}}\n\n",
        "data: [DONE]\n\n",
    );
    let service = service(vec![sse(200, body.as_bytes(), 16)]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.text(), "Answer.");
    let crate::MessagePart::Reasoning {
        text,
        started_at_ms: Some(started),
        finished_at_ms: Some(finished),
        ..
    } = &reply.parts[0]
    else {
        panic!("expected a closed reasoning part first: {:?}", reply.parts)
    };
    assert_eq!(text, "Let me think.");
    assert!(finished >= started);
    assert_eq!(
        reply.usage,
        Some(crate::provider::TokenUsage::reported(12, 40))
    );
    assert_eq!(stored(&service).1[1], reply);
}

#[test]
fn think_tags_in_the_answer_become_a_reasoning_part() {
    let body = content_chunks(
        &["<thi", "nk>Weighing it", " up.</th", "ink>\n\nYes."],
        true,
    );
    let service = service(vec![sse(200, &body, 7)]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.text(), "Yes.");
    assert!(matches!(
        &reply.parts[0],
        crate::MessagePart::Reasoning { text, finished_at_ms: Some(_), .. } if text == "Weighing it up."
    ));
}

#[test]
fn the_assistant_shapes_what_is_stored_and_what_is_sent() {
    use crate::prompt::regex_rules::{RegexRule, RuleScope};
    let service = service(vec![sse(200, &content_chunks(&["Sure!!!"], true), 8)]);
    let assistant = Assistant {
        name: "Tutor".into(),
        system_prompt: "You are {{char}}, helping {{user}}.".into(),
        user_name: "Ada".into(),
        message_template: Some("Q: {{ message }}".into()),
        regex_rules: vec![
            RegexRule {
                name: "mask phone".into(),
                pattern: r"\d{3}-\d{4}".into(),
                replacement: "<phone>".into(),
                scopes: vec![RuleScope::User],
                enabled: true,
            },
            RegexRule {
                name: "calm".into(),
                pattern: "!+".into(),
                replacement: ".".into(),
                scopes: vec![RuleScope::Assistant],
                enabled: true,
            },
        ],
        // The date block is another test's subject.
        time_reminder: false,
        ..Assistant::default()
    };
    let reply = send_as(&service, None, "My number is 555-1234", &assistant).unwrap();
    // Stored: the user rule changed the question, the output rule the answer.
    let (_, messages) = stored(&service);
    assert_eq!(messages[0].text(), "My number is <phone>");
    assert_eq!(reply.text(), "Sure.");
    assert_eq!(messages[1].text(), "Sure.");
    // Sent: system prompt with placeholders, and the templated (not stored) question.
    let body = request_body(&service, 0);
    assert_eq!(
        body["messages"],
        serde_json::json!([
            {"role": "system", "content": format!(
                "You are Tutor.\n\n{}\n\nYou are Tutor, helping Ada.\n\n{}\n\n{}",
                crate::prompt::system_prompt::BASE_RULES,
                crate::prompt::OutputChannel::Markdown.hint(),
                capability_block(&[])
            )},
            {"role": "user", "content": "Q: My number is <phone>"},
        ])
    );
}

#[test]
fn a_broken_assistant_is_refused_before_anything_is_stored() {
    let service = service(vec![]);
    let assistant = Assistant {
        message_template: Some("{% if %}".into()),
        ..Assistant::default()
    };
    let result = send_as(&service, None, "hi", &assistant);
    assert!(matches!(result, Err(ChatError::Assistant(_))));
    assert!(block_on(service.store.list_conversations())
        .unwrap()
        .is_empty());
}

#[test]
fn inline_images_in_an_answer_are_moved_to_the_blob_store() {
    let body = content_chunks(
        &[
            "Here: ",
            "![dot](data:image/png;base64,iVBORw0K",
            "GgoA)",
            " done",
        ],
        true,
    );
    let service = service(vec![sse(200, &body, 11)]);
    let reply = send(&service, None, "draw");
    assert_eq!(reply.text(), "Here:  done");
    let crate::MessagePart::Image {
        blob_id,
        mime,
        name,
    } = &reply.parts[1]
    else {
        panic!("expected an image part: {:?}", reply.parts)
    };
    assert_eq!((mime.as_str(), name.as_deref()), ("image/png", Some("dot")));
    let blob = block_on(service.store.load_blob(blob_id)).unwrap().unwrap();
    assert_eq!(
        blob.bytes,
        [0x89, b'P', b'N', b'G', 0x0d, 0x0a, 0x1a, 0x0a, 0x00]
    );
    assert_eq!(stored(&service).1[1], reply);
}

#[test]
fn an_answer_that_cannot_be_saved_is_handed_back_whole_with_the_storage_error() {
    let words: Vec<String> = (0..60).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let service = service(vec![sse(200, &content_chunks(&words, true), 64)]);
    // The question and the empty answer fit; then storage is full, and the answer is handed
    // back.
    let log = EventLog::default();
    let (conversation, message) = send_into_full_storage(&service, "q", &log);
    assert_eq!(message.text(), words.concat(), "every word");
    assert_eq!(message.status, MessageStatus::Complete);
    assert!(
        warnings(&log).iter().any(|w| w.contains("while streaming")),
        "the failed intermediate writes were reported"
    );
    assert_eq!(stored(&service).1[1].text(), "", "nothing half-written");

    // Once there is room, saving what was handed back stores exactly that answer.
    service.store.make_room();
    block_on(service.store.save_message(&conversation, &message)).unwrap();
    assert_eq!(stored(&service).1[1], message);
}

#[test]
fn an_answer_that_fails_before_any_content_is_removed_and_can_be_retried() {
    let body = br#"{"error":{"message":"Incorrect API key provided"}}"#;
    let service = service(vec![
        Script::Respond {
            status: 401,
            content_type: "application/json",
            chunks: vec![body.to_vec()],
        },
        answer("Now it works."),
    ]);
    let log = EventLog::default();
    let reply = send_observed(&service, "hello?", &log);
    assert_eq!(reply.status, MessageStatus::Error);
    assert_eq!(reply.error_kind, Some(crate::FailureKind::Authentication));
    let (conversation, messages) = stored(&service);
    assert_eq!(messages.len(), 1, "only the question is stored");
    assert_eq!(
        conversation.current_leaf_id.as_deref(),
        Some(messages[0].id.as_str())
    );
    let last_branch = log.0.borrow().iter().rev().find_map(|e| match e {
        GenerationEvent::BranchChanged { branch, .. } => Some(branch.len()),
        _ => None,
    });
    assert_eq!(last_branch, Some(1), "the view is told the answer went");

    let retried = block_on(service.retry_reply(
        conversation,
        &messages[0].id,
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    assert_eq!(retried.text(), "Now it works.");
    assert_eq!(retried.parent_id.as_deref(), Some(messages[0].id.as_str()));
    assert_eq!(stored(&service).1.len(), 2);
}

#[test]
fn a_failure_after_content_keeps_it_marked_incomplete_with_its_kind() {
    let service = service(vec![
        sse(200, &content_chunks(&["half ", "an"], false), 9),
        Script::Unreachable,
    ]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.error_kind, Some(crate::FailureKind::Network));
    let (conversation, _) = stored(&service);
    let continued = block_on(service.continue_reply(
        conversation,
        &reply.id,
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    assert_eq!(continued.status, MessageStatus::Incomplete);
    assert_eq!(continued.text(), "half an");
    assert_eq!(continued.error_kind, Some(crate::FailureKind::Network));
    assert_eq!(stored(&service).1[1], continued);
}

#[test]
fn every_prompt_layer_of_seed_004_is_sent_in_order() {
    let service = service(vec![
        sse(200, &content_chunks(&["I am Tutor."], true), 8),
        sse(200, &content_chunks(&["Fine."], true), 8),
    ]);
    let assistant = Assistant {
        name: "Tutor".into(),
        system_prompt: "Teach patiently.".into(),
        runtime_guidance: "Prefer metric units.".into(),
        ..Assistant::default()
    };
    send_as(
        &service,
        None,
        "Who are you, and can we meet at 5pm?",
        &assistant,
    )
    .unwrap();
    let body = request_body(&service, 0);
    let system = body["messages"][0]["content"].as_str().unwrap();
    let user = body["messages"][1]["content"].as_str().unwrap();
    let in_order = |text: &str, needles: &[&str]| {
        let at: Vec<usize> = needles
            .iter()
            .map(|n| {
                text.find(n)
                    .unwrap_or_else(|| panic!("{n} missing: {text}"))
            })
            .collect();
        assert!(at.windows(2).all(|w| w[0] < w[1]), "{text}");
    };
    in_order(
        system,
        &[
            "You are Tutor.",
            crate::prompt::system_prompt::BASE_RULES,
            "Teach patiently.",
            crate::prompt::OutputChannel::Markdown.hint(),
            "This model cannot call tools",
        ],
    );
    assert!(system.starts_with("You are Tutor."));
    in_order(
        user,
        &[
            "<context>\nThe user's current date and time:",
            "<guidance>\nStanding instructions from the user for this assistant:\n\nPrefer metric units.",
            "<about_you>\nYou are Tutor, an assistant in Skein",
            "This conversation uses the model mock-model",
            "<hints>\n- Times the user mentions are in their zone",
            "Who are you, and can we meet at 5pm?",
        ],
    );
    assert!(
        !system.contains("Prefer metric"),
        "guidance stays out of the system prompt"
    );

    // Switched off, and a question that is not about the assistant: only what applies. A
    // plain-text channel asks for plain text.
    let quiet = Assistant {
        name_preamble: false,
        time_reminder: false,
        optional_hints: false,
        ..assistant
    };
    let (conversation, _) = stored(&service);
    let log = EventLog::default();
    let cancel = CancelToken::new();
    let settings = settings();
    let context = TurnContext {
        channel: crate::prompt::OutputChannel::PlainText,
        ..TurnContext::new(&settings, &quiet, &cancel, &log)
    };
    block_on(service.send_message(Some(conversation), "Is 5pm fine?", &context)).unwrap();
    let body = request_body(&service, 1);
    let system = body["messages"][0]["content"].as_str().unwrap();
    assert!(
        system.starts_with(crate::prompt::system_prompt::BASE_RULES),
        "{system}"
    );
    assert!(system.contains("Answer in plain text without Markdown"));
    let last = body["messages"].as_array().unwrap().last().unwrap()["content"]
        .as_str()
        .unwrap();
    assert_eq!(
        last,
        "<guidance>\nStanding instructions from the user for this assistant:\n\nPrefer metric \
         units.\n</guidance>\n\nIs 5pm fine?"
    );
    let first_question = body["messages"][1]["content"].as_str().unwrap();
    assert_eq!(
        first_question, "Who are you, and can we meet at 5pm?",
        "earlier questions go as they were asked"
    );
}

/// Test fixture: a tool set that finds its tool only after `ready_at` on the clock.
struct Connecting {
    clock: ManualClock,
    ready_at: f64,
}

impl crate::tools::ToolSet for Connecting {
    fn tools(
        &self,
    ) -> Vec<(
        crate::tools::ToolSource,
        std::rc::Rc<dyn crate::tools::Tool>,
    )> {
        if self.settling() {
            return Vec::new();
        }
        let tool: std::rc::Rc<dyn crate::tools::Tool> =
            RecordingTool::new("remote_echo", crate::tools::ApprovalPolicy::Auto);
        vec![(
            crate::tools::ToolSource::Mcp {
                server: "fixture".into(),
            },
            tool,
        )]
    }

    fn settling(&self) -> bool {
        self.clock.now_ms() < self.ready_at
    }
}

#[test]
fn a_question_sent_while_tools_still_connect_waits_for_them_a_moment() {
    let service = service(vec![answer("Echoed.")]);
    service.clock().timers_fire.set(true);
    let ready_at = service.clock().now_ms() + 700.0;
    service.tools.add_set(std::rc::Rc::new(Connecting {
        clock: service.clock().clone(),
        ready_at,
    }));
    let assistant = Assistant {
        enabled_tools: vec![crate::tools::EnabledTool {
            name: "mcp__fixture__remote_echo".into(),
            approval: None,
        }],
        ..Assistant::default()
    };
    let log = EventLog::default();
    let reply = block_on(service.send_message(
        None,
        "Hello",
        &TurnContext::new(&settings(), &assistant, &CancelToken::new(), &log),
    ))
    .unwrap();
    assert_eq!(reply.text(), "Echoed.");
    let offered = request_body(&service, 0)["tools"].to_string();
    assert!(offered.contains("remote_echo"), "{offered}");
}
