//! A page killed in the middle of an answer: the text that arrived after the last save comes
//! back from the stream journal, and only text that belongs to the message does.

use super::*;
use crate::chat::TurnContext;
use crate::domain::message::MessageStatus;
use crate::domain::message_part::{ToolApproval, ToolCall};
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken, Role, Transport};
use futures_executor::block_on;
use std::future::Future;
use std::task::{Context, Poll};

const WORDS: [&str; 5] = ["Hello ", "from ", "before ", "the ", "kill."];

/// Runs `future` until it waits for good (the stream stalled), then drops it: the page dies.
fn kill_when_stalled(future: impl Future) {
    let mut future = std::pin::pin!(future);
    let waker = futures::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    for _ in 0..1_000 {
        assert!(
            matches!(future.as_mut().poll(&mut cx), Poll::Pending),
            "the answer ended before the kill"
        );
    }
}

/// A service whose answer streams `WORDS` and then stalls, with a clock that never moves (so
/// the answer is not saved again after it was placed).
fn stalling(temporary: bool) -> Service {
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks: vec![
            content_chunks(&WORDS[..2], false),
            content_chunks(&WORDS[2..], false),
            STALL.to_vec(),
        ],
    }]);
    service.clock().step_ms.set(0.0);
    let sink = crate::chat::EventLog::default();
    let (settings, assistant, cancel) = (settings(), Assistant::default(), CancelToken::new());
    let context = TurnContext {
        temporary,
        ..TurnContext::new(&settings, &assistant, &cancel, &sink)
    };
    kill_when_stalled(service.send_message(None, "Go", &context));
    service
}

fn answer_of(nodes: &[MessageNode]) -> &MessageNode {
    nodes.iter().find(|n| n.role == Role::Assistant).unwrap()
}

#[test]
fn a_killed_page_loses_none_of_the_text_that_arrived() {
    let service = stalling(false);
    let (conversation, nodes) = stored(&service);
    let saved = answer_of(&nodes);
    assert_eq!(saved.status, MessageStatus::Streaming);
    assert_eq!(saved.text(), "", "the store holds none of the text yet");

    let (opened, interrupted) = block_on(service.open_conversation(&conversation, false)).unwrap();
    assert_eq!(answer_of(&opened).status, MessageStatus::Incomplete);
    assert_eq!(interrupted, std::slice::from_ref(&saved.id));
    let changed = block_on(service.recover_interrupted(&conversation, &interrupted)).unwrap();
    assert_eq!(changed, 1);
    let (_, nodes) = stored(&service);
    let answer = answer_of(&nodes);
    assert_eq!(
        answer.text(),
        WORDS.concat(),
        "every word that arrived is back, saved"
    );
    assert_eq!(answer.status, MessageStatus::Incomplete);
    assert!(answer.error.as_deref().unwrap().contains("interrupted"));
    assert!(
        block_on(
            service
                .client()
                .transport()
                .read_journal(&conversation.id, &answer.id)
        )
        .is_none(),
        "the journal is gone once the answer is saved"
    );
}

#[test]
fn without_a_journal_the_answer_keeps_what_was_saved() {
    let service = stalling(false);
    let (conversation, _) = stored(&service);
    let answer_id = answer_of(&stored(&service).1).id.clone();
    service
        .client()
        .transport()
        .drop_journal(&conversation.id, Some(&answer_id));
    let (_, interrupted) = block_on(service.open_conversation(&conversation, false)).unwrap();
    let changed = block_on(service.recover_interrupted(&conversation, &interrupted)).unwrap();
    assert_eq!(changed, 0);
    let (_, nodes) = stored(&service);
    assert_eq!(answer_of(&nodes).text(), "");
    assert_eq!(answer_of(&nodes).status, MessageStatus::Incomplete);
}

#[test]
fn a_temporary_chat_is_never_journaled() {
    let service = stalling(true);
    let journals = service.client().transport().journals.clone().unwrap();
    assert!(
        journals.borrow().is_empty(),
        "{:?}",
        journals.borrow().keys()
    );
}

#[test]
fn a_finished_answer_leaves_no_journal_and_a_deleted_conversation_none_either() {
    let service = service(vec![
        answer("Done."),
        sse(200, &content_chunks(&["Half"], false), 64),
    ]);
    let reply = send(&service, None, "Go");
    let journals = service.client().transport().journals.clone().unwrap();
    assert!(
        journals.borrow().is_empty(),
        "{:?}",
        journals.borrow().keys()
    );

    // A journal left by a killed answer goes with its conversation.
    journals
        .borrow_mut()
        .insert(format!("{}/lost", reply.conversation_id), b"{}\n".to_vec());
    block_on(service.delete_conversation(&reply.conversation_id)).unwrap();
    assert!(journals.borrow().is_empty());
}

/// The journal of a call that wrote `body` onto `before`.
fn journal(before: &MessageNode, body: &[u8]) -> Vec<u8> {
    let mut bytes = super::journal_head::target(before, crate::ProviderKind::OpenAi)
        .unwrap()
        .head;
    bytes.extend_from_slice(body);
    bytes
}

fn recovered(journal: &[u8], stored: &MessageNode) -> Option<MessageNode> {
    let conversation = crate::Conversation::new("c", "t", 0.0);
    block_on(recover(
        journal,
        stored,
        &conversation,
        &crate::MemoryStore::new(),
        0.0,
    ))
}

fn streaming(text: &str) -> MessageNode {
    MessageNode::new("a", "c", Role::Assistant, 0.0)
        .with_text(text)
        .with_status(MessageStatus::Streaming)
}

#[test]
fn a_journal_continues_the_text_before_its_call_and_reads_think_tags_and_cut_events() {
    let before = streaming("Earlier text. ");
    let mut body = content_chunks(&["<think>weigh", " it</think>", "Then ", "more"], false);
    // The page died in the middle of the next event.
    body.extend_from_slice(br#"data: {"choices":[{"index":0,"delta":{"content":"lo"#);
    let stored = streaming("Earlier text. ");
    let back = recovered(&journal(&before, &body), &stored).unwrap();
    assert_eq!(back.text(), "Earlier text. Then more");
    assert!(
        back.parts
            .iter()
            .any(|p| matches!(p, MessagePart::Reasoning { text, .. } if text == "weigh it")),
        "{:?}",
        back.parts
    );
}

#[test]
fn a_journal_that_adds_nothing_or_is_another_messages_is_not_used() {
    let before = streaming("");
    let body = content_chunks(&["Hello"], false);
    let kept = journal(&before, &body);
    // Saved after the journal's bytes: nothing to add.
    assert_eq!(recovered(&kept, &streaming("Hello")), None);
    // The stored text is not where the journal's starts.
    assert_eq!(recovered(&kept, &streaming("Other words")), None);
    // Another message's journal.
    let other = MessageNode::new("b", "c", Role::Assistant, 0.0);
    assert_eq!(recovered(&journal(&other, &body), &streaming("")), None);
    // Not a journal at all.
    assert_eq!(recovered(b"garbage\nmore", &streaming("")), None);
    // The answer's tools ran after the call the journal kept: their results are not lost.
    let mut ran = streaming("");
    ran.parts.push(MessagePart::ToolCall(ToolCall {
        id: "c1".into(),
        name: "clock".into(),
        arguments: "{}".into(),
        approval: ToolApproval::Auto,
        result: Some(crate::domain::message_part::ToolResult {
            content: "noon".into(),
            is_error: false,
        }),
        step: 0,
    }));
    let call = serde_json::json!({"choices": [{"delta": {"tool_calls": [{"index": 0,
        "id": "c1", "type": "function", "function": {"name": "clock", "arguments": "{}"}}]}}]});
    let body = format!("data: {call}\n\n");
    assert_eq!(recovered(&journal(&before, body.as_bytes()), &ran), None);
}

#[test]
fn signed_reasoning_before_the_call_keeps_its_times_and_does_not_stop_the_recovery() {
    let mut before = streaming("");
    before.parts.insert(
        0,
        MessagePart::Reasoning {
            text: "weighing".into(),
            started_at_ms: Some(100.0),
            finished_at_ms: Some(900.0),
            signature: Some("sig".into()),
        },
    );
    let mut stored = before.clone();
    stored.push_text("The ");
    let body = content_chunks(&["The ", "answer."], false);
    let back = recovered(&journal(&before, &body), &stored).unwrap();
    assert_eq!(back.text(), "The answer.");
    assert_eq!(
        back.parts[0], before.parts[0],
        "the reasoning as it was written"
    );
}

#[test]
fn a_journal_not_taken_back_is_named_again_at_the_next_opening_and_continue_takes_it_first() {
    let service = stalling(false);
    let (conversation, _) = stored(&service);
    // The page closed before the journal was taken back.
    let (_, first) = block_on(service.open_conversation(&conversation, false)).unwrap();
    let (_, again) = block_on(service.open_conversation(&conversation, false)).unwrap();
    assert_eq!(first, again, "named again while its journal is there");
    assert_eq!(again.len(), 1);

    // Continue takes the journal back before it streams (its own journal replaces it).
    service
        .client()
        .transport()
        .script
        .borrow_mut()
        .push(answer(" More."));
    let log = crate::chat::EventLog::default();
    let (settings, assistant, cancel) = (settings(), Assistant::default(), CancelToken::new());
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let reply =
        block_on(service.continue_reply(conversation.clone(), &again[0], &context)).unwrap();
    assert_eq!(reply.text(), format!("{} More.", WORDS.concat()));
    let (_, after) = block_on(service.open_conversation(&conversation, false)).unwrap();
    assert!(after.is_empty(), "no journal left");
}
