//! Seed 000's "Failure and Maintenance Invariants", one named test each, driven through whole
//! generations (scripted transport fixture, real memory store, manual clock).

use crate::chat::ToolDecision;
use crate::chat::TurnContext;
use crate::chat::{EventLog, GenerationEvent, GenerationSink};
use crate::domain::message::{MessageNode, MessageStatus};
use crate::domain::message_part::{Annotation, MessagePart};
use crate::prompt::hooks::{HookFuture, RetrievalHook, RetrievalScope, Retrieved, RetrievedItem};
use crate::store::ChatStore;
use crate::test_fixtures::*;
use crate::tools::{ApprovalPolicy, ToolError, ToolOutput};
use crate::{Assistant, CancelToken};
use futures_executor::block_on;
use std::cell::RefCell;
use std::future::Future;
use std::rc::Rc;

/// Test fixture: knowledge retrieval answering with the chunks it is given for each request.
struct FixtureKnowledge(RefCell<Vec<Vec<RetrievedItem>>>);

impl RetrievalHook for FixtureKnowledge {
    fn retrieve<'a>(
        &'a self,
        _query: &'a str,
        _scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Retrieved> {
        let mut queue = self.0.borrow_mut();
        let items = if queue.is_empty() {
            Vec::new()
        } else {
            queue.remove(0)
        };
        Box::pin(async move { Ok(items.into()) })
    }
}

fn chunk(id: &str, text: &str) -> RetrievedItem {
    RetrievedItem {
        id: id.into(),
        document_id: "handbook".into(),
        title: format!("Handbook {id}"),
        text: text.into(),
    }
}

fn cited_chunks(node: &MessageNode) -> Vec<String> {
    node.annotations
        .iter()
        .filter_map(|a| match a {
            Annotation::Citation { chunk_id, .. } => Some(chunk_id.clone()),
            _ => None,
        })
        .collect()
}

fn ask_in_conversation(service: &Service, text: &str, assistant: &Assistant) -> MessageNode {
    let conversation = block_on(service.store().list_conversations())
        .unwrap()
        .into_iter()
        .next();
    send_as(service, conversation, text, assistant).unwrap()
}

#[test]
fn invariant_full_local_history_is_never_deleted_to_fit_a_provider_context_limit() {
    let (service, _) = long_conversation(json_completion("They discussed Q1."));
    let answer_request = request_body(&service, 4).to_string();
    assert!(!answer_request.contains("Q1 "), "Q1 left the request…");
    let (_, messages) = stored(&service);
    assert_eq!(messages.len(), 8, "…but not the local history");
    assert!(messages.iter().any(|m| m.text().starts_with("Q1 ")));
    assert_eq!(
        messages
            .iter()
            .filter(|m| m.text().starts_with("answer "))
            .count(),
        3
    );
}

#[test]
fn invariant_summary_prefix_ids_are_validated_before_a_summary_is_reused() {
    let (service, assistant) = long_conversation(json_completion("SUMMARY-OF-Q1"));
    service.client().transport().script.borrow_mut().push(sse(
        200,
        &content_chunks(&["Fresh."], true),
        64,
    ));
    // Editing the first question starts a branch the stored summary does not cover.
    let (conversation, messages) = stored(&service);
    let first = messages
        .iter()
        .find(|m| m.text().starts_with("Q1 "))
        .unwrap();
    block_on(service.edit_and_resend(
        conversation,
        &first.id,
        "A different first question",
        &TurnContext::new(
            &settings(),
            &assistant,
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    let request = request_body(&service, 5).to_string();
    assert!(
        !request.contains("SUMMARY-OF-Q1"),
        "a summary of another branch is not reused"
    );
    assert!(request.contains("A different first question"));
}

#[test]
fn invariant_a_failed_summary_never_falls_back_to_sending_the_complete_history() {
    let failure = Script::Respond {
        status: 500,
        content_type: "application/json",
        chunks: vec![br#"{"error":{"message":"boom"}}"#.to_vec()],
    };
    let (service, _) = long_conversation(failure);
    let request = request_body(&service, 4).to_string();
    assert!(!request.contains("Q1 "));
    assert!(request.contains("Q4 "));
}

#[test]
fn invariant_request_only_retrieval_context_never_overwrites_stored_user_messages() {
    let service = service(vec![sse(200, &content_chunks(&["Stop."], true), 64)]);
    let set = service
        .retrieval()
        .knowledge
        .set(Rc::new(FixtureKnowledge(RefCell::new(vec![vec![chunk(
            "c1",
            "Octagonal signs mean stop.",
        )]]))));
    assert!(set.is_ok(), "no library connected before");
    let reply = send(&service, None, "What does an octagon mean?");
    let request = request_body(&service, 0).to_string();
    assert!(
        request.contains("Octagonal signs mean stop."),
        "the request has the context"
    );
    let (_, messages) = stored(&service);
    assert_eq!(
        messages[0].text(),
        "What does an octagon mean?",
        "the stored question is as typed"
    );
    assert!(!messages.iter().any(|m| m.text().contains("Octagonal")));
    assert_eq!(cited_chunks(&reply), ["c1"]);
}

#[test]
fn invariant_approval_required_tools_never_execute_while_pending() {
    let mail = RecordingTool::new("send_mail", ApprovalPolicy::Ask);
    let service = with_tools(
        vec![tool_calls(&[("call_1", "send_mail", "{}")])],
        std::slice::from_ref(&mail),
    );
    let assistant = assistant_with(&["send_mail"]);
    let paused = send_as(&service, None, "Mail Ada", &assistant).unwrap();
    assert_eq!(paused.status, MessageStatus::AwaitingApproval);
    // Anything but a decision on that call leaves it pending and unexecuted.
    assert!(decide(
        &service,
        &paused,
        "call_unknown",
        ToolDecision::Approve,
        &assistant
    )
    .is_err());
    block_on(service.open_conversation(&stored(&service).0, false)).unwrap();
    assert!(mail.runs().is_empty());
    assert_eq!(
        stored(&service).1[1].status,
        MessageStatus::AwaitingApproval
    );
    // (The property test `pending_never_runs` covers every order of decisions.)
}

/// Cancels the generation when the first text reaches the screen.
struct StopOnFirstText(CancelToken);

impl GenerationSink for StopOnFirstText {
    fn emit(&self, event: GenerationEvent) {
        if matches!(event, GenerationEvent::Delta { .. }) {
            self.0.cancel();
        }
    }
}

#[test]
fn invariant_cancellation_propagates_through_stream_collection_and_tool_execution() {
    // Through the stream: stopped after the first text, the rest is never read.
    let service = service(vec![sse(
        200,
        &content_chunks(&["one ", "two ", "three"], true),
        8,
    )]);
    let cancel = CancelToken::new();
    let reply = block_on(service.send_message(
        None,
        "Count",
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &cancel,
            &StopOnFirstText(cancel.clone()),
        ),
    ))
    .unwrap();
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(reply.text(), "one ");

    // Through a tool: the cancellation is not turned into a result, and no step follows.
    let stopper = RecordingTool::with("long_job", ApprovalPolicy::Auto, |_, cancel| {
        cancel.cancel();
        Err(ToolError::Cancelled)
    });
    let service = with_tools(
        vec![
            tool_calls(&[("call_1", "long_job", "{}")]),
            answer("unused"),
        ],
        std::slice::from_ref(&stopper),
    );
    let reply = send_as(&service, None, "Run it", &assistant_with(&["long_job"])).unwrap();
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(matches!(&reply.parts[0], MessagePart::ToolCall(call) if call.result.is_none()));
    assert_eq!(service.client().transport().requests.borrow().len(), 1);
}

/// Checks, when the generation-ended event arrives, that every streamed word was handed on
/// and the final record was already saved.
struct FinalStateProbe<'a> {
    store: &'a crate::MemoryStore,
    shown: RefCell<String>,
    checked: RefCell<Option<(String, Option<MessageNode>, MessageNode)>>,
}

impl GenerationSink for FinalStateProbe<'_> {
    fn emit(&self, event: GenerationEvent) {
        match event {
            GenerationEvent::Delta { text, .. } => self.shown.borrow_mut().push_str(&text),
            GenerationEvent::Finished(node) => {
                let conversation_id = node.conversation_id.clone();
                let mut load = std::pin::pin!(self.store.load_messages(&conversation_id));
                let mut context = std::task::Context::from_waker(std::task::Waker::noop());
                let std::task::Poll::Ready(Ok(saved)) = load.as_mut().poll(&mut context) else {
                    panic!("the memory store answers at once");
                };
                let saved = saved.into_iter().find(|m| m.id == node.id);
                *self.checked.borrow_mut() = Some((self.shown.borrow().clone(), saved, node));
            }
            _ => {}
        }
    }
}

#[test]
fn invariant_the_final_stream_state_is_flushed_before_persistence_and_notification() {
    // The whole stream in one body chunk: its text is still held, merged, when the provider's
    // end arrives in that same chunk, so only the step's end can hand it on.
    let words: Vec<String> = (0..30).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let service = service(vec![sse(200, &content_chunks(&words, true), 4096)]);
    service.clock().step_ms.set(0.5);
    let probe = FinalStateProbe {
        store: service.store(),
        shown: RefCell::default(),
        checked: RefCell::default(),
    };
    send_observed(&service, "Go", &probe);
    let (shown, saved, finished) = probe.checked.into_inner().expect("the generation ended");
    assert_eq!(
        shown,
        words.concat(),
        "every word was shown before the end was announced"
    );
    assert_eq!(
        saved.as_ref(),
        Some(&finished),
        "the final record was saved before it"
    );
}

#[test]
fn invariant_citations_come_only_from_this_requests_retrieval_or_executed_knowledge_tools() {
    let lookup = RecordingTool::with("kb_lookup", ApprovalPolicy::Ask, |_, _| {
        Ok(ToolOutput {
            content: "Chunk k9 says yes.".into(),
            citations: vec![Annotation::Citation {
                chunk_id: "k9".into(),
                document_id: "handbook".into(),
                title: "Handbook k9".into(),
                snippet: "yes".into(),
            }],
            images: Vec::new(),
        })
    });
    let service = with_tools(
        vec![
            answer("First."),
            tool_calls(&[("call_1", "kb_lookup", "{}")]),
            answer("Without the lookup."),
            tool_calls(&[("call_2", "kb_lookup", "{}")]),
            answer("With the lookup."),
        ],
        std::slice::from_ref(&lookup),
    );
    let set = service
        .retrieval()
        .knowledge
        .set(Rc::new(FixtureKnowledge(RefCell::new(vec![vec![chunk(
            "c1",
            "retrieved for the first request only",
        )]]))));
    assert!(set.is_ok(), "no library connected before");
    let assistant = assistant_with(&["kb_lookup"]);
    let first = send_as(&service, None, "One", &assistant).unwrap();
    assert_eq!(cited_chunks(&first), ["c1"]);

    // A denied knowledge tool never ran: nothing of it is cited, nor the earlier request's chunk.
    let paused = ask_in_conversation(&service, "Two", &assistant);
    let denied = decide(
        &service,
        &paused,
        "call_1",
        ToolDecision::Deny { reason: None },
        &assistant,
    )
    .unwrap();
    assert!(cited_chunks(&denied).is_empty(), "{:?}", denied.annotations);

    // An executed one is cited.
    let paused = ask_in_conversation(&service, "Three", &assistant);
    let approved = decide(
        &service,
        &paused,
        "call_2",
        ToolDecision::Approve,
        &assistant,
    )
    .unwrap();
    assert_eq!(cited_chunks(&approved), ["k9"]);
    assert_eq!(lookup.runs().len(), 1);
}
