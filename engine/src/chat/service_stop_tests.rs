//! How the provider said an answer ended: at its output limit or by its content filter the
//! answer is incomplete, with the reason and Continue, never shown as finished.

use super::*;
use crate::test_fixtures::*;
use crate::Assistant;

fn ending_with(reason: &str, words: &[&str]) -> Vec<u8> {
    let mut body = content_chunks(words, false);
    body.extend_from_slice(
        format!("data: {{\"choices\":[{{\"delta\":{{}},\"finish_reason\":\"{reason}\"}}]}}\n\n")
            .as_bytes(),
    );
    body.extend_from_slice(b"data: [DONE]\n\n");
    body
}

#[test]
fn an_answer_cut_at_the_token_limit_is_incomplete_and_continues() {
    let service = service(vec![
        sse(200, &ending_with("length", &["The first half"]), 16),
        sse(200, &content_chunks(&[" and the rest."], true), 16),
    ]);
    let reply = send(&service, None, "Tell me everything");
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(
        reply.error_phrase.as_ref().map(|p| p.id.as_str()),
        Some("error-reply-length")
    );
    assert!(reply.error.as_deref().unwrap().contains("Continue"));
    assert_eq!(
        stored(&service).1[1].status,
        MessageStatus::Incomplete,
        "stored so"
    );

    let log = crate::chat::events::EventLog::default();
    let (settings, assistant, cancel) = (settings(), Assistant::default(), CancelToken::new());
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let conversation = stored(&service).0;
    let continued =
        futures_executor::block_on(service.continue_reply(conversation, &reply.id, &context))
            .unwrap();
    assert_eq!(continued.text(), "The first half and the rest.");
    assert_eq!(continued.status, MessageStatus::Complete);
    assert_eq!(continued.error, None);
}

#[test]
fn an_answer_stopped_by_a_content_filter_says_so() {
    let service = service(vec![sse(
        200,
        &ending_with("content_filter", &["Part"]),
        16,
    )]);
    let reply = send(&service, None, "q");
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(reply.error_kind, Some(crate::FailureKind::Blocked));
    assert!(reply.error.unwrap().contains("content filter"));
}

#[test]
fn every_protocol_names_its_stops() {
    use crate::provider::StopKind;
    for (reason, kind) in [
        ("stop", StopKind::Done),
        ("tool_calls", StopKind::Done),
        ("end_turn", StopKind::Done),
        ("STOP", StopKind::Done),
        ("length", StopKind::Length),
        ("max_tokens", StopKind::Length),
        ("MAX_TOKENS", StopKind::Length),
        ("content_filter", StopKind::Filtered),
        ("refusal", StopKind::Filtered),
        ("something_new", StopKind::Done),
    ] {
        assert_eq!(StopKind::of(reason), kind, "{reason}");
    }
}
