//! Generations side by side: two conversations at once, and a second send in the same
//! conversation stopping the first.

use super::*;
use crate::chat::events::{EventLog, GenerationEvent};
use crate::domain::message::Conversation;
use crate::domain::message::MessageStatus;
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken};
use futures_executor::block_on;

fn new_conversation(id: &str) -> Conversation {
    Conversation::new(id, id, 0.0)
}

#[test]
fn two_conversations_generate_at_once() {
    let service = service(vec![
        sse(200, &content_chunks(&["A1 ", "A2 ", "A3"], true), 20),
        sse(200, &content_chunks(&["B1 ", "B2 ", "B3"], true), 20),
    ]);
    service.client.transport().yielding.set(true);
    let log = EventLog::default();
    let (assistant, c1, c2) = (Assistant::default(), CancelToken::new(), CancelToken::new());
    let s = settings();
    let (a, b) = block_on(futures_util::future::join(
        service.send_message(
            Some(new_conversation("a")),
            "first",
            &TurnContext::new(&s, &assistant, &c1, &log),
        ),
        service.send_message(
            Some(new_conversation("b")),
            "second",
            &TurnContext::new(&s, &assistant, &c2, &log),
        ),
    ));
    let (a, b) = (a.unwrap(), b.unwrap());
    assert_eq!(a.text(), "A1 A2 A3");
    assert_eq!(b.text(), "B1 B2 B3");
    assert_eq!(
        (a.status, b.status),
        (MessageStatus::Complete, MessageStatus::Complete)
    );
    // The deltas of the two answers interleave: neither waited for the other.
    let owners: Vec<String> = log
        .0
        .borrow()
        .iter()
        .filter_map(|e| match e {
            GenerationEvent::Delta { message_id, .. } => Some(message_id.clone()),
            _ => None,
        })
        .collect();
    let first_b = owners.iter().position(|id| *id == b.id).unwrap();
    let last_a = owners.iter().rposition(|id| *id == a.id).unwrap();
    assert!(first_b < last_a, "{owners:?}");
}

#[test]
fn a_second_send_in_the_same_conversation_stops_the_first_and_follows_its_saved_answer() {
    let service = service(vec![
        sse(
            200,
            &content_chunks(&["one ", "two ", "three ", "four"], true),
            12,
        ),
        answer("Second answer."),
    ]);
    service.client.transport().yielding.set(true);
    let log = EventLog::default();
    let assistant = Assistant::default();
    let s = settings();
    let (c1, c2) = (CancelToken::new(), CancelToken::new());
    let conversation = new_conversation("c");
    let second = async {
        // Let the first answer start streaming.
        while !log
            .0
            .borrow()
            .iter()
            .any(|e| matches!(e, GenerationEvent::Delta { .. }))
        {
            yield_now().await;
        }
        service
            .send_message(
                Some(conversation.clone()),
                "again",
                &TurnContext::new(&s, &assistant, &c2, &log),
            )
            .await
    };
    let (first, second) = block_on(futures_util::future::join(
        service.send_message(
            Some(conversation.clone()),
            "first",
            &TurnContext::new(&s, &assistant, &c1, &log),
        ),
        second,
    ));
    let (first, second) = (first.unwrap(), second.unwrap());
    assert!(c1.is_cancelled());
    assert_eq!(first.status, MessageStatus::Incomplete);
    assert!(!first.text().is_empty() && first.text() != "one two three four");
    assert_eq!(second.status, MessageStatus::Complete);
    let (stored_conversation, messages) = stored(&service);
    let question = messages.iter().find(|m| m.text() == "again").unwrap();
    assert_eq!(
        question.parent_id.as_deref(),
        Some(first.id.as_str()),
        "the new question follows the stopped answer, which was saved first"
    );
    assert_eq!(
        stored_conversation.current_leaf_id.as_deref(),
        Some(second.id.as_str())
    );
    assert_eq!(messages.iter().find(|m| m.id == first.id), Some(&first));
}

mod pending_never_runs {
    //! Property: whatever the policies and the order of the user's decisions, a call runs only
    //! once approved (or automatic), and never while any call of its step is pending.
    use super::*;
    use proptest::prelude::*;

    #[derive(Debug, Clone)]
    enum Choice {
        Approve,
        Deny,
        Answer,
    }

    fn choice() -> impl Strategy<Value = Choice> {
        prop_oneof![
            Just(Choice::Approve),
            Just(Choice::Deny),
            Just(Choice::Answer)
        ]
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]
        #[test]
        fn pending_calls_never_execute(
            asks in proptest::collection::vec(any::<bool>(), 1..5),
            choices in proptest::collection::vec(choice(), 5),
            order in Just(()).prop_perturb(|_, mut rng| rng.random::<u64>()),
        ) {
            let tool = RecordingTool::new("act_auto", ApprovalPolicy::Auto);
            let gated = RecordingTool::new("act_gated", ApprovalPolicy::Ask);
            let calls: Vec<(String, &str, String)> = asks
                .iter()
                .enumerate()
                .map(|(i, ask)| {
                    let name = if *ask { "act_gated" } else { "act_auto" };
                    (format!("call_{i}"), name, format!(r#"{{"n":{i}}}"#))
                })
                .collect();
            let call_refs: Vec<(&str, &str, &str)> = calls
                .iter()
                .map(|(id, name, args)| (id.as_str(), *name, args.as_str()))
                .collect();
            let service = with_tools(
                vec![tool_calls(&call_refs), answer("Done.")],
                &[tool.clone(), gated.clone()],
            );
            let assistant = assistant_with(&["act_auto", "act_gated"]);
            let mut message = ask(&service, "Act", &assistant);
            let mut pending: Vec<usize> = (0..asks.len()).filter(|i| asks[*i]).collect();
            // Decide the pending calls in a random order.
            let mut seed = order;
            let mut approved = Vec::new();
            while !pending.is_empty() {
                prop_assert!(tool.runs().is_empty() && gated.runs().is_empty());
                prop_assert_eq!(message.status, MessageStatus::AwaitingApproval);
                let at = (seed % pending.len() as u64) as usize;
                seed = seed / 7 + 3;
                let index = pending.remove(at);
                let decision = match choices[index] {
                    Choice::Approve => { approved.push(index); ToolDecision::Approve }
                    Choice::Deny => ToolDecision::Deny { reason: None },
                    Choice::Answer => ToolDecision::Answer("by hand".into()),
                };
                message = decide(&service, &message, &format!("call_{index}"), decision, &assistant).unwrap();
            }
            prop_assert_eq!(message.status, MessageStatus::Complete);
            let mut expected_gated: Vec<String> = approved.iter().map(|i| format!(r#"{{"n":{i}}}"#)).collect();
            expected_gated.sort();
            let mut ran_gated = gated.runs();
            ran_gated.sort();
            prop_assert_eq!(ran_gated, expected_gated);
            prop_assert_eq!(tool.runs().len(), asks.iter().filter(|a| !**a).count());
        }
    }
}
