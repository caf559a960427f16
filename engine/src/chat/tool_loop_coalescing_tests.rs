//! Streamed text on its way to the sink: what one body chunk brought goes on as one event per
//! kind, in order, as soon as the chunk is read; nothing waits for a timer, not even while a
//! stream stalls; a tool call hands on the text before it first.

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
            GenerationEvent::ReasoningDelta { text, .. } => Some(format!("reasoning:{text}")),
            GenerationEvent::MessageUpdated(m) if !calls_of(m).is_empty() => Some("call".into()),
            _ => None,
        })
        .collect()
}

/// Reasoning events in the OpenAI protocol (`reasoning_content`), one per piece.
fn reasoning_chunks(pieces: &[&str]) -> Vec<u8> {
    pieces
        .iter()
        .map(|piece| {
            let chunk = json!({"choices": [{"index": 0, "delta": {"reasoning_content": piece}}]});
            format!("data: {chunk}\n\n")
        })
        .collect::<String>()
        .into_bytes()
}

/// Streams `chunks` (one body chunk each) as the answer to a question; the clock's timers
/// never fire, so text can only go on because its chunk was read or the step ended.
fn stream_in_chunks(chunks: Vec<Vec<u8>>) -> (Service, EventLog) {
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks,
    }]);
    service.clock().step_ms.set(1.0);
    let log = EventLog::default();
    send_observed(&service, "Go", &log);
    (service, log)
}

#[test]
fn everything_one_chunk_brought_goes_on_as_one_event_per_kind_in_order() {
    let mut first = reasoning_chunks(&["Let ", "me ", "think."]);
    first.extend(content_chunks(&["The ", "answer"], false));
    let (service, log) = stream_in_chunks(vec![
        first,
        content_chunks(&[" is ", "4", "."], false),
        content_chunks(&["!"], true),
    ]);
    assert_eq!(
        text_events(&log),
        [
            "reasoning:Let me think.",
            "text:The answer",
            "text: is 4.",
            "text:!",
        ],
        "the reasoning goes first, then the answer; one event per kind and chunk"
    );
    assert!(
        service
            .clock()
            .sleeps
            .borrow()
            .iter()
            .all(|ms| *ms >= 60_000.0),
        "only the stream's timeouts asked for a timer: {:?}",
        service.clock().sleeps.borrow()
    );
}

#[test]
fn a_fast_stream_goes_on_once_per_chunk_starting_with_the_first() {
    let words: Vec<String> = (0..60).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    // Five events a chunk, as a transport that gathers bytes for its batch window hands them on.
    let mut chunks: Vec<Vec<u8>> = words
        .chunks(5)
        .map(|batch| content_chunks(batch, false))
        .collect();
    chunks.push(content_chunks(&[], true));
    let (_, log) = stream_in_chunks(chunks);
    let expected: Vec<String> = words
        .chunks(5)
        .map(|batch| format!("text:{}", batch.concat()))
        .collect();
    assert_eq!(text_events(&log), expected);
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

#[test]
fn a_stalled_stream_shows_what_arrived_without_a_timer_and_ends_with_an_idle_timeout() {
    // "a ", then "b " in the next body chunk right after it, then the stream stalls for good.
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks: vec![
            content_chunks(&["a "], false),
            content_chunks(&["b "], false),
            STALL.to_vec(),
        ],
    }]);
    service.clock().step_ms.set(1.0);
    service.clock().timers_fire.set(true);
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
    let shown = sink.1.into_inner();
    let texts: Vec<&str> = shown.iter().map(|(_, t)| t.as_str()).collect();
    assert_eq!(texts, ["a ", "b "], "each chunk's text, as it was read");
    let b_at = shown[1].0 - start;
    assert!(
        b_at < 1_000.0,
        "the last text went out once its chunk was read, before any timer fired: {b_at} ms"
    );
    let sleeps = service.clock().sleeps.borrow();
    assert!(
        sleeps.iter().all(|ms| *ms >= 60_000.0),
        "the stall armed the idle timeout only, no timer to flush text: {sleeps:?}"
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
    assert_eq!(
        events[..first_call],
        ["text:Let me check."],
        "the text before the call, one event, handed on before it: {events:?}"
    );
}
