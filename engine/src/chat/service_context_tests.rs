//! The rolling summary in a whole generation: it replaces the prefix in the request, and a
//! failed one falls back to the recent window.

use super::*;
use crate::test_fixtures::*;
use futures_executor::block_on;

#[test]
fn a_long_branch_is_summarised_and_the_summary_replaces_the_prefix_in_the_request() {
    let (service, _) = long_conversation(json_completion("<think>hmm</think>They discussed Q1."));
    // Request 3 is the summary request: non-streaming, with the first turn's transcript.
    let summary_request = request_body(&service, 3);
    assert_eq!(summary_request["stream"], false);
    // The summary's length target: a quarter of the 4,000-token threshold.
    assert_eq!(summary_request["max_tokens"], 1_000);
    let transcript = summary_request["messages"][1]["content"].as_str().unwrap();
    assert!(
        transcript.contains("User: Q1") && !transcript.contains("Q3"),
        "only the covered prefix"
    );

    // Request 4 answers Q4 with the summary in the system prompt and only the recent window.
    let answer_request = request_body(&service, 4);
    let messages = answer_request["messages"].as_array().unwrap();
    let system = messages[0]["content"].as_str().unwrap();
    assert!(system.contains("<conversation_summary>") && system.contains("They discussed Q1."));
    assert!(
        !system.contains("hmm"),
        "reasoning is not part of the summary"
    );
    let sent: Vec<&str> = messages[1..]
        .iter()
        .map(|m| m["content"].as_str().unwrap())
        .collect();
    assert!(
        sent[0].starts_with("Q2"),
        "the window starts at a user turn: {:?}",
        &sent[0][..10]
    );
    assert!(
        sent.iter().all(|m| !m.starts_with("Q1")),
        "Q1 is only in the summary"
    );

    // The summary is stored with the exact prefix it covers, and nothing local was deleted.
    let (conversation, nodes) = stored(&service);
    let summaries = block_on(service.store.load_summaries(&conversation.id)).unwrap();
    assert_eq!(summaries.len(), 1);
    assert_eq!(
        summaries[0].covered_ids,
        [nodes[0].id.clone(), nodes[1].id.clone()]
    );
    assert_eq!(nodes.len(), 8);
}

#[test]
fn a_failed_summary_falls_back_to_the_recent_window_not_the_full_history() {
    let failure = Script::Respond {
        status: 503,
        content_type: "application/json",
        chunks: vec![br#"{"error":{"message":"overloaded"}}"#.to_vec()],
    };
    let (service, _) = long_conversation(failure);
    let answer_request = request_body(&service, 4);
    let messages = answer_request["messages"].as_array().unwrap();
    assert!(messages
        .iter()
        .all(|m| !m["content"].as_str().unwrap().starts_with("Q1")));
    assert_eq!(
        messages[0],
        no_tools_note(),
        "no summary in the system prompt"
    );
    assert!(
        messages[1]["content"].as_str().unwrap().starts_with("Q2"),
        "the window only"
    );
    let conversation = stored(&service).0;
    assert!(block_on(service.store.load_summaries(&conversation.id))
        .unwrap()
        .is_empty());
}

#[test]
fn the_context_meter_reads_the_branch_and_its_summary_from_storage() {
    let (service, assistant) = long_conversation(json_completion("They discussed Q1."));
    let (conversation, _) = stored(&service);
    let usage =
        block_on(service.context_usage(&conversation, None, &assistant, &settings())).unwrap();
    assert_eq!(
        usage.summarized_messages, 2,
        "the summary stands in for Q1 and its answer"
    );
    assert_eq!(usage.threshold, 4_000);
    assert!(usage.tokens > 0);
    // The same with the branch in hand.
    let tree = block_on(service.load_tree(&conversation)).unwrap();
    let branch = tree.current_branch();
    let given =
        block_on(service.context_usage(&conversation, Some(&branch), &assistant, &settings()))
            .unwrap();
    assert_eq!(given, usage);
}

#[test]
fn a_failed_answer_in_the_branch_is_measured_as_the_request_leaves_it_out() {
    let (service, assistant) = long_conversation(json_completion("They discussed Q1."));
    let (conversation, nodes) = stored(&service);
    let before =
        block_on(service.context_usage(&conversation, None, &assistant, &settings())).unwrap();
    // A failed answer at the end of the branch, as a broken stream leaves one.
    let last = nodes.last().unwrap();
    let mut failed = MessageNode::new("failed", &conversation.id, Role::Assistant, 1e13)
        .with_text(&"lost words ".repeat(400));
    failed.parent_id = Some(last.id.clone());
    failed.status = MessageStatus::Error;
    let mut conversation = conversation;
    conversation.current_leaf_id = Some(failed.id.clone());
    block_on(service.store.save_message(&conversation, &failed)).unwrap();
    let after =
        block_on(service.context_usage(&conversation, None, &assistant, &settings())).unwrap();
    assert_eq!(after, before, "the meter, like the request, leaves it out");
    let summary = block_on(service.current_summary(&conversation)).unwrap();
    assert!(summary.is_some(), "the summary still stands in for Q1");
}

#[test]
fn an_answer_is_as_large_as_what_is_sent_again_and_its_steps_add_up() {
    use crate::domain::message_part::{ToolCall, ToolResult};
    use crate::prompt::rolling_context::message_tokens;
    let mut answer = MessageNode::new("a", "c", Role::Assistant, 0.0).with_text("Done.");
    answer.parts.push(MessagePart::ToolCall(ToolCall {
        id: "call_1".into(),
        name: "read".into(),
        arguments: "{}".into(),
        approval: crate::domain::message_part::ToolApproval::Auto,
        result: Some(ToolResult {
            content: "x".repeat(32 << 10),
            is_error: false,
        }),
        step: 0,
    }));
    answer.usage = Some(crate::provider::TokenUsage::reported(100, 54));
    assert!(
        message_tokens(&answer) > 5_000,
        "the tool's result is sent again: {}",
        message_tokens(&answer)
    );
    // Reasoning the provider counted is not sent again.
    let mut thought = MessageNode::new("b", "c", Role::Assistant, 0.0).with_text("Yes.");
    thought.usage = Some(crate::provider::TokenUsage::reported(10, 5_000).with_details(0, 4_990));
    assert!(
        message_tokens(&thought) < 100,
        "{}",
        message_tokens(&thought)
    );

    // A Continue adds what the second call wrote to what the first did.
    let usage = |completion: u32| {
        format!(
            "data: {{\"choices\":[],\"usage\":{{\"prompt_tokens\":7,\"completion_tokens\":{completion}}}}}\n\n"
        )
    };
    let mut first = content_chunks(&["Half"], false);
    first.extend_from_slice(
        b"data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"length\"}]}\n\n",
    );
    first.extend_from_slice(usage(10).as_bytes());
    first.extend_from_slice(b"data: [DONE]\n\n");
    let mut second = content_chunks(&[" and the rest."], true);
    second.splice(0..0, usage(20).into_bytes());
    let service = service(vec![sse(200, &first, 32), sse(200, &second, 32)]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.usage.unwrap().completion_tokens, 10);
    let (settings, assistant, cancel) =
        (settings(), crate::Assistant::default(), CancelToken::new());
    let log = crate::chat::events::EventLog::default();
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let continued =
        block_on(service.continue_reply(stored(&service).0, &reply.id, &context)).unwrap();
    assert_eq!(continued.usage.unwrap().completion_tokens, 30);
}

#[test]
fn counts_read_from_a_file_are_clamped_and_a_draft_never_overflows_the_meter() {
    let usage: crate::provider::TokenUsage = serde_json::from_str(&format!(
        r#"{{"prompt_tokens": {max}, "completion_tokens": {max}, "reasoning_tokens": {max}}}"#,
        max = u64::MAX
    ))
    .unwrap();
    assert_eq!(usage.prompt_tokens, crate::domain::message_part::MAX_COUNT);
    assert_eq!(
        usage.completion_tokens,
        crate::domain::message_part::MAX_COUNT
    );
    let meter = crate::prompt::context_meter::ContextUsage {
        tokens: u64::MAX,
        threshold: 4_000,
        window: None,
        summarized_messages: 0,
    };
    assert_eq!(meter.with_draft("one more question").tokens, u64::MAX);
}
