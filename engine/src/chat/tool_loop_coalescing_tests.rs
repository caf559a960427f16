//! Streamed text on its way to the sink: coalesced, shown on time while a stream stalls, and
//! flushed before a tool call.

use super::*;
use crate::chat::events::{EventLog, GenerationEvent, GenerationSink};
use crate::domain::message::MessageStatus;
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken};
use futures_executor::block_on;
use serde_json::json;
use std::cell::RefCell;

fn text_events(log: &EventLog) -> Vec<String> {
    log.0
        .borrow()
        .iter()
        .filter_map(|e| match e {
            GenerationEvent::Delta { text, .. } => Some(format!("text:{text}")),
            GenerationEvent::MessageUpdated(m) if !calls_of(m).is_empty() => Some("call".into()),
            _ => None,
        })
        .collect()
}

fn fast_stream(words: &[&str], timers_fire: bool) -> (Service, EventLog) {
    let service = service(vec![sse(200, &content_chunks(words, true), 40)]);
    service.clock().step_ms.set(1.0);
    service.clock().timers_fire.set(timers_fire);
    service.client.transport().yielding.set(true);
    let log = EventLog::default();
    send_observed(&service, "Go", &log);
    (service, log)
}

#[test]
fn fast_stream_updates_are_coalesced_and_the_first_token_shows_at_once() {
    let words: Vec<String> = (0..60).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    let (_, log) = fast_stream(&words, false);
    let events = text_events(&log);
    assert_eq!(events[0], "text:w0 ", "the first token is not held");
    assert!(events.len() < words.len() / 3, "{} events", events.len());
    let joined: String = events.iter().map(|e| &e["text:".len()..]).collect();
    assert_eq!(joined, words.concat(), "every word arrives, in order");
}

/// Records when (on the manual clock) each piece of text was handed on.
struct TimedText<'a>(&'a ManualClock, RefCell<Vec<(f64, String)>>);

impl GenerationSink for TimedText<'_> {
    fn emit(&self, event: GenerationEvent) {
        if let GenerationEvent::Delta { text, .. } = event {
            self.1.borrow_mut().push((self.0.now.get(), text));
        }
    }
}

/// "a ", then "b " in the next body chunk right after it, then the stream stalls for good.
fn stalling_stream(timers_fire: bool) -> (MessageNode, Vec<(f64, String)>, f64) {
    let chunks: Vec<Vec<u8>> = vec![
        content_chunks(&["a "], false),
        content_chunks(&["b "], false),
        STALL.to_vec(),
    ];
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks,
    }]);
    service.clock().step_ms.set(1.0);
    service.clock().timers_fire.set(timers_fire);
    let start = service.clock().now.get();
    let sink = TimedText(service.clock(), RefCell::default());
    let no_retry = Assistant {
        retry_broken_streams: false,
        ..Assistant::default()
    };
    let reply = block_on(service.send_message(
        None,
        "Go",
        &TurnContext::new(&settings(), &no_retry, &CancelToken::new(), &sink),
    ))
    .unwrap();
    (reply, sink.1.into_inner(), start)
}

#[test]
fn held_text_is_shown_on_time_and_a_stalled_stream_ends_with_an_idle_timeout() {
    let (reply, shown, start) = stalling_stream(true);
    let texts: Vec<&str> = shown.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["a ", "b "]);
    let b_at = shown[1].0 - start;
    assert!(
        b_at < 1_000.0,
        "held text went out by its timer, not at the end: {b_at} ms"
    );
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(reply.text(), "a b ", "what arrived is kept");
    assert!(reply.error.as_deref().unwrap().contains("idle timeout"));
}

#[test]
fn a_tool_call_flushes_held_text_first() {
    let clock = RecordingTool::new("clock", ApprovalPolicy::Auto);
    let mut body = String::from_utf8(content_chunks(&["Let ", "me ", "check."], false)).unwrap();
    let call = json!({"choices": [{"delta": {"tool_calls": [{"index": 0, "id": "c1",
        "type": "function", "function": {"name": "clock", "arguments": "{}"}}]}}]});
    body.push_str(&format!("data: {call}\n\n"));
    body.push_str("data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"tool_calls\"}]}\n\n");
    let service = with_tools(
        vec![sse(200, body.as_bytes(), 4096), answer("Noon.")],
        std::slice::from_ref(&clock),
    );
    service.clock().step_ms.set(1.0);
    let log = EventLog::default();
    block_on(service.send_message(
        None,
        "Time?",
        &TurnContext::new(
            &settings(),
            &assistant_with(&["clock"]),
            &CancelToken::new(),
            &log,
        ),
    ))
    .unwrap();
    let events = text_events(&log);
    let first_call = events.iter().position(|e| e == "call").unwrap();
    let before: String = events[..first_call]
        .iter()
        .map(|e| &e["text:".len()..])
        .collect();
    assert_eq!(before, "Let me check.", "{events:?}");
}
