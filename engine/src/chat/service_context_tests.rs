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
