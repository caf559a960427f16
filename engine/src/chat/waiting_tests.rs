//! Questions written while offline: stored at once, answered when the connection returns, or
//! left unanswered when the user cancels; the wait survives a reload (it is stored).

use super::*;
use crate::chat::action::ChatAction;
use crate::chat::events::EventLog;
use crate::test_fixtures::*;
use crate::Assistant;
use futures_executor::block_on;

fn context_run<R>(f: impl FnOnce(&TurnContext<'_>) -> R) -> R {
    let (settings, assistant, cancel, log) = (
        settings(),
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );
    f(&TurnContext {
        settings: &settings,
        assistant: &assistant,
        cancel: &cancel,
        sink: &log,
        temporary: false,
        channel: crate::prompt::OutputChannel::Markdown,
    })
}

#[test]
fn a_queued_question_is_stored_without_asking_the_provider() {
    let service = service(vec![]);
    let question =
        context_run(|cx| block_on(service.queue_question(None, "Are you there?", cx))).unwrap();
    assert!(service.client.transport().requests.borrow().is_empty());
    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.title, "Are you there?");
    assert_eq!(conversation.question_to_send(), Some(question.id.as_str()));
    assert_eq!(messages, [question]);
}

#[test]
fn answering_the_waiting_question_ends_the_wait() {
    let service = service(vec![
        sse(200, &content_chunks(&["Yes."], true), 5),
        json_completion("\"Presence check\""),
    ]);
    let question =
        context_run(|cx| block_on(service.queue_question(None, "Are you there?", cx))).unwrap();
    let conversation = stored(&service).0;
    let retry = ChatAction::Retry(question.id.clone());
    let reply = context_run(|cx| block_on(service.run(Some(conversation), retry, cx))).unwrap();
    assert_eq!(reply.text(), "Yes.");
    assert_eq!(reply.parent_id.as_deref(), Some(question.id.as_str()));
    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.waiting_question, None);
    assert_eq!(messages.len(), 2);
    // The first exchange is named once it is answered, as after any first answer.
    assert_eq!(conversation.title, "Presence check");
}

#[test]
fn a_second_offline_question_waits_in_place_of_the_first_and_sending_online_ends_it() {
    let service = service(vec![sse(200, &content_chunks(&["Both."], true), 5)]);
    let first = context_run(|cx| block_on(service.queue_question(None, "One", cx))).unwrap();
    let conversation = stored(&service).0;
    let second =
        context_run(|cx| block_on(service.queue_question(Some(conversation), "Two", cx))).unwrap();
    assert_eq!(second.parent_id.as_deref(), Some(first.id.as_str()));
    let conversation = stored(&service).0;
    assert_eq!(conversation.question_to_send(), Some(second.id.as_str()));
    // Online again, the user sends a third: it is answered, and nothing waits any more.
    context_run(|cx| block_on(service.send_message(Some(conversation), "Three", cx))).unwrap();
    assert_eq!(stored(&service).0.waiting_question, None);
}

#[test]
fn cancelling_keeps_the_question_unanswered() {
    let service = service(vec![]);
    let question = context_run(|cx| block_on(service.queue_question(None, "Later", cx))).unwrap();
    let conversation = stored(&service).0;
    let cancelled = block_on(service.cancel_waiting(&conversation)).unwrap();
    assert_eq!(cancelled.question_to_send(), None);
    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.waiting_question, None);
    assert_eq!(
        conversation.current_leaf_id.as_deref(),
        Some(question.id.as_str())
    );
    assert_eq!(messages, [question]);
}

#[test]
fn an_empty_question_is_refused_and_nothing_is_stored() {
    let service = service(vec![]);
    let result = context_run(|cx| block_on(service.queue_question(None, "  ", cx)));
    assert!(matches!(result, Err(ChatError::EmptyMessage)));
    assert!(block_on(service.list_conversations()).unwrap().is_empty());
}

fn offline_send(service: &Service, base_url: &str, text: &str) -> MessageNode {
    let settings = crate::ProviderSettings {
        base_url: base_url.into(),
        ..settings()
    };
    let (assistant, cancel, log) = (
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    block_on(service.send_while_offline(None, text, &context)).unwrap()
}

#[test]
fn offline_a_local_server_that_runs_answers() {
    let service = service(vec![answer("Ollama here."), json_completion("Ollama")]);
    let reply = offline_send(&service, "http://127.0.0.1:11434/v1", "Are you there?");
    assert_eq!(reply.text(), "Ollama here.");
    assert_eq!(stored(&service).0.question_to_send(), None);
}

#[test]
fn offline_a_local_server_that_is_not_reached_leaves_the_question_waiting() {
    let service = service(vec![Script::Unreachable]);
    let question = offline_send(&service, "http://localhost:8080/v1", "Are you there?");
    assert_eq!(question.role, crate::Role::User, "the question is returned");
    let (conversation, messages) = stored(&service);
    assert_eq!(conversation.question_to_send(), Some(question.id.as_str()));
    assert_eq!(messages, [question], "no failed answer is kept");
}

#[test]
fn offline_a_provider_elsewhere_is_not_tried_the_question_waits() {
    let service = service(vec![]);
    let question = offline_send(&service, "https://api.openai.com/v1", "Are you there?");
    assert!(service.client.transport().requests.borrow().is_empty());
    assert_eq!(
        stored(&service).0.question_to_send(),
        Some(question.id.as_str())
    );
}
