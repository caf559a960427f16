//! The provider client through whole generations and its own calls: retries, backoff,
//! timeouts, fallbacks and limits on the manual clock (its timers move time forward at once, and
//! every wait asked for is recorded), the same fault in every protocol, the models list and
//! embeddings.

use crate::chat::TurnContext;
use crate::chat::{EventLog, GenerationEvent, GenerationSink};
use crate::provider::ProviderError;
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken, ChatStore, MessageNode, MessageStatus};
use futures_executor::block_on;

fn ok(text: &str) -> Script {
    sse(200, &content_chunks(&[text], true), 64)
}

fn run(scripts: Vec<Script>) -> (Service, MessageNode, EventLog) {
    let service = service(scripts);
    service.clock().timers_fire.set(true);
    let log = EventLog::default();
    let reply = send_observed(&service, "Hello", &log);
    (service, reply, log)
}

fn requests(service: &Service) -> usize {
    service.client().transport().requests.borrow().len()
}

/// The backoff sleeps: the waits between 0.1 s and a minute (the stream timeouts' timers are
/// longer, and streamed text asks for none).
fn backoffs(service: &Service) -> Vec<f64> {
    service
        .clock()
        .sleeps
        .borrow()
        .iter()
        .copied()
        .filter(|ms| (100.0..60_001.0).contains(ms))
        .collect()
}

#[test]
fn a_rate_limit_is_retried_no_earlier_than_retry_after() {
    let limited = Script::WithHeaders {
        headers: vec![("retry-after", "7")],
        then: Box::new(json_response(
            429,
            r#"{"error":{"message":"Rate limit reached"}}"#,
        )),
    };
    let (service, reply, log) = run(vec![limited, ok("Made it.")]);
    assert_eq!(reply.text(), "Made it.");
    assert_eq!(reply.status, MessageStatus::Complete);
    assert_eq!(requests(&service), 2);
    assert_eq!(backoffs(&service), [7_000.0]);
    let warnings = warnings(&log);
    assert_eq!(warnings.len(), 1);
    assert!(
        warnings[0].contains("Rate limited") && warnings[0].contains("in 7 s"),
        "{warnings:?}"
    );
    assert!(warnings[0].contains("attempt 2 of 3"));
}

#[test]
fn server_errors_back_off_exponentially_and_give_up_after_three_attempts() {
    let busy = || json_response(503, r#"{"error":{"message":"busy"}}"#);
    let (service, reply, _) = run(vec![busy(), busy(), busy(), ok("never")]);
    assert_eq!(requests(&service), 3, "three attempts in all");
    // The manual clock's jitter is the middle (0.5): 1 s × 0.75, then 2 s × 0.75.
    assert_eq!(backoffs(&service), [750.0, 1_500.0]);
    assert_eq!(reply.status, MessageStatus::Error);
    assert!(reply.error.as_deref().unwrap().contains("HTTP 503"));

    let (service, reply, _) = run(vec![Script::Unreachable, ok("Back.")]);
    assert_eq!((requests(&service), reply.text().as_str()), (2, "Back."));
    let overloaded = json_response(
        529,
        r#"{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}"#,
    );
    let (service, reply, _) = run(vec![overloaded, ok("Back.")]);
    assert_eq!((requests(&service), reply.text().as_str()), (2, "Back."));
}

#[test]
fn requests_that_cannot_succeed_are_never_retried() {
    for status in [400, 401, 403, 404, 422] {
        let (service, reply, log) = run(vec![
            json_response(status, r#"{"error":{"message":"no"}}"#),
            ok("x"),
        ]);
        assert_eq!(requests(&service), 1, "{status}");
        assert_eq!(reply.status, MessageStatus::Error, "{status}");
        assert!(warnings(&log).is_empty(), "{status}");
    }
}

#[test]
fn a_wait_longer_than_a_minute_is_reported_not_waited_for() {
    let limited = Script::WithHeaders {
        headers: vec![("x-ratelimit-reset-requests", "6m0s")],
        then: Box::new(json_response(
            429,
            r#"{"error":{"message":"Rate limit reached"}}"#,
        )),
    };
    let (service, reply, _) = run(vec![limited, ok("x")]);
    assert_eq!(requests(&service), 1);
    assert!(
        reply.error.as_deref().unwrap().contains("wait 360 s"),
        "{:?}",
        reply.error
    );
}

fn broken_after_half() -> Script {
    let mut body = content_chunks(&["Half "], false);
    body.extend_from_slice(b"data: {\"error\":{\"message\":\"server crashed\"}}\n\n");
    sse(200, &body, 64)
}

#[test]
fn a_stream_that_breaks_after_text_is_tried_again_as_a_new_version() {
    let (service, reply, log) = run(vec![broken_after_half(), ok("Whole answer.")]);
    assert_eq!(requests(&service), 2);
    assert_eq!(reply.text(), "Whole answer.");
    assert_eq!(reply.status, MessageStatus::Complete);
    let (conversation, messages) = stored(&service);
    let broken = messages.iter().find(|m| m.text() == "Half ").unwrap();
    assert_eq!(
        broken.status,
        MessageStatus::Incomplete,
        "kept, never shown as complete"
    );
    assert!(broken.error.as_deref().unwrap().contains("server crashed"));
    assert_eq!(
        broken.parent_id, reply.parent_id,
        "the two are versions of one answer"
    );
    assert_eq!(
        conversation.current_leaf_id.as_deref(),
        Some(reply.id.as_str())
    );
    assert!(warnings(&log).iter().any(|w| w.contains("interrupted")));
    // The truncated kind too: a body that ends without the provider saying it was done.
    let cut = sse(200, &content_chunks(&["Cut "], false), 64);
    let (service, reply, _) = run(vec![cut, ok("Again.")]);
    assert_eq!((requests(&service), reply.text().as_str()), (2, "Again."));
}

#[test]
fn with_automatic_retry_off_the_broken_answer_stays_with_its_error() {
    let service = service(vec![broken_after_half(), ok("x")]);
    service.clock().timers_fire.set(true);
    let assistant = Assistant {
        retry_broken_streams: false,
        ..Assistant::default()
    };
    let reply = send_as(&service, None, "Hello", &assistant).unwrap();
    assert_eq!(requests(&service), 1);
    assert_eq!(reply.text(), "Half ");
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert!(reply.error.as_deref().unwrap().contains("server crashed"));
}

#[test]
fn retries_of_a_breaking_stream_are_bounded() {
    let (service, reply, _) = run(vec![
        broken_after_half(),
        broken_after_half(),
        broken_after_half(),
        ok("x"),
    ]);
    assert_eq!(requests(&service), 3, "three attempts in all");
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(
        stored(&service).1.len(),
        4,
        "the question and three kept versions"
    );
}

/// Stops the generation when it is told a retry is coming.
struct StopDuringBackoff(CancelToken);

impl GenerationSink for StopDuringBackoff {
    fn emit(&self, event: GenerationEvent) {
        if matches!(event, GenerationEvent::Waiting(Some(_))) {
            self.0.cancel();
        }
    }
}

#[test]
fn stopping_during_a_backoff_wait_sends_nothing_more() {
    let service = service(vec![
        json_response(503, r#"{"error":{"message":"busy"}}"#),
        ok("x"),
    ]);
    service.clock().timers_fire.set(true);
    let cancel = CancelToken::new();
    let reply = block_on(service.send_message(
        None,
        "Hello",
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &cancel,
            &StopDuringBackoff(cancel.clone()),
        ),
    ))
    .unwrap();
    assert_eq!(requests(&service), 1);
    assert_eq!(
        reply.status,
        MessageStatus::Incomplete,
        "stopped, not failed"
    );
}

#[test]
fn without_timers_nothing_is_retried() {
    // A clock that cannot wait (an embedder's) gets the error at once instead of a hang.
    let service = service(vec![
        json_response(503, r#"{"error":{"message":"busy"}}"#),
        ok("x"),
    ]);
    let reply = send_observed(&service, "Hello", &EventLog::default());
    assert_eq!(requests(&service), 1);
    assert_eq!(reply.status, MessageStatus::Error);
}

#[test]
fn a_server_that_never_answers_ends_with_a_first_token_timeout() {
    let (service, reply, _) = run(vec![Script::Hang]);
    assert_eq!(requests(&service), 1, "a timeout is not retried");
    assert_eq!(reply.status, MessageStatus::Error);
    assert!(reply
        .error
        .as_deref()
        .unwrap()
        .contains("first-token timeout"));
    let waited: f64 = service.clock().sleeps.borrow().iter().sum();
    assert!(
        (299_000.0..301_000.0).contains(&waited),
        "the default is five minutes: {waited}"
    );
}

#[test]
fn every_call_is_recorded_with_tokens_timing_and_retries() {
    let limited = Script::WithHeaders {
        headers: vec![("retry-after", "2")],
        then: Box::new(json_response(
            429,
            r#"{"error":{"message":"Rate limit reached"}}"#,
        )),
    };
    let with_usage = {
        let mut body = content_chunks(&["Counted."], false);
        body.extend_from_slice(
            b"data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}],\"usage\":{\"prompt_tokens\":11,\"completion_tokens\":3}}\n\ndata: [DONE]\n\n",
        );
        sse(200, &body, 64)
    };
    let (service, reply, _) = run(vec![limited, with_usage]);
    let events = block_on(service.store().load_usage(0.0)).unwrap();
    assert_eq!(events.len(), 1, "one call, however many attempts");
    let event = &events[0];
    assert_eq!(event.outcome, "ok");
    assert_eq!(event.retries, 1);
    assert_eq!(
        (event.prompt_tokens, event.completion_tokens),
        (Some(11), Some(3))
    );
    assert_eq!(event.message_id, reply.id);
    assert_eq!(event.host, "127.0.0.1:9");
    assert_eq!(event.model, "mock-model");
    assert!(
        event.duration_ms >= 2_000.0,
        "the wait is part of the call: {}",
        event.duration_ms
    );
    let first = event.first_token_ms.unwrap();
    assert!(first > 2_000.0 && first <= event.duration_ms);
    let call = reply
        .call
        .as_ref()
        .expect("the answer says which call wrote it");
    assert_eq!(
        (call.host.as_str(), call.first_token_ms, call.duration_ms),
        ("127.0.0.1:9", Some(first), event.duration_ms)
    );

    // The usage page adds the call up for the day (the test clock's day).
    let report = block_on(service.usage_report(7, &crate::usage::Prices::default())).unwrap();
    assert_eq!(
        (
            report.total.calls,
            report.total.prompt_tokens,
            report.total.completion_tokens
        ),
        (1, 11, 3)
    );
    assert!(
        block_on(service.usage_csv(&crate::usage::Prices::default()))
            .unwrap()
            .contains(",127.0.0.1:9,mock-model,ok,11,3,")
    );

    let (service, _, _) = run(vec![json_response(401, r#"{"error":{"message":"no"}}"#)]);
    let events = block_on(service.store().load_usage(0.0)).unwrap();
    assert_eq!(
        (events[0].outcome.as_str(), events[0].first_token_ms),
        ("error", None)
    );
}

fn with_fallback() -> crate::ProviderSettings {
    let mut main = settings();
    main.fallbacks = vec![crate::ProviderSettings {
        base_url: "http://fallback.example/v1".into(),
        model: "backup-model".into(),
        ..settings()
    }];
    main
}

fn ask_with(service: &Service, settings: &crate::ProviderSettings, log: &EventLog) -> MessageNode {
    block_on(service.send_message(
        None,
        "Hello",
        &TurnContext::new(settings, &Assistant::default(), &CancelToken::new(), log),
    ))
    .unwrap()
}

#[test]
fn a_failing_provider_falls_back_to_the_next_and_the_circuit_opens_after_repeated_failures() {
    let down = || json_response(500, r#"{"error":{"message":"down"}}"#);
    // Three attempts at the main provider, then the fallback answers.
    let service = service(vec![down(), down(), down(), ok("From the fallback.")]);
    service.clock().timers_fire.set(true);
    let log = EventLog::default();
    let settings = with_fallback();
    let reply = ask_with(&service, &settings, &log);
    assert_eq!(reply.text(), "From the fallback.");
    let urls: Vec<String> = service
        .client()
        .transport()
        .requests
        .borrow()
        .iter()
        .map(|r| r.url.clone())
        .collect();
    assert_eq!(
        urls.last().unwrap(),
        "http://fallback.example/v1/chat/completions"
    );
    assert!(warnings(&log)
        .iter()
        .any(|w| w.contains("fallback provider fallback.example")));
    let events = block_on(service.store().load_usage(0.0)).unwrap();
    let outcomes: Vec<(&str, &str)> = events
        .iter()
        .map(|e| (e.host.as_str(), e.outcome.as_str()))
        .collect();
    assert_eq!(
        outcomes,
        [("127.0.0.1:9", "error"), ("fallback.example", "ok")]
    );
    assert_eq!(
        reply.call.as_ref().map(|c| c.host.as_str()),
        Some("fallback.example"),
        "the answer says the fallback answered"
    );

    // Two more failed calls open the main provider's circuit: the next goes straight to the
    // fallback, without a request to the main one.
    for _ in 0..2 {
        let scripts = vec![down(), down(), down(), ok("again")];
        service
            .client()
            .transport()
            .script
            .borrow_mut()
            .extend(scripts);
        ask_with(&service, &settings, &log);
    }
    let before = service.client().transport().requests.borrow().len();
    service
        .client()
        .transport()
        .script
        .borrow_mut()
        .push(ok("Skipped the broken one."));
    let reply = ask_with(&service, &settings, &log);
    assert_eq!(reply.text(), "Skipped the broken one.");
    let requests = service.client().transport().requests.borrow();
    assert_eq!(requests.len(), before + 1);
    assert!(requests[before].url.starts_with("http://fallback.example"));
}

#[test]
fn without_fallbacks_a_failure_stays_a_failure() {
    let (service, reply, _) = run(vec![json_response(401, r#"{"error":{"message":"no"}}"#)]);
    assert_eq!(requests(&service), 1);
    assert_eq!(reply.status, MessageStatus::Error);
}

#[test]
fn a_requests_per_minute_limit_makes_requests_wait_instead_of_failing() {
    let service = service(vec![ok("one"), ok("two")]);
    service.clock().timers_fire.set(true);
    let mut limited = settings();
    limited.requests_per_minute = Some(1);
    let log = EventLog::default();
    ask_with(&service, &limited, &log);
    let second = ask_with(&service, &limited, &log);
    assert_eq!(second.text(), "two");
    let waited: Vec<f64> = service
        .clock()
        .sleeps
        .borrow()
        .iter()
        .copied()
        .filter(|ms| (50_000.0..=60_000.0).contains(ms))
        .collect();
    assert_eq!(waited.len(), 1, "the second request waited for the window");
    assert!(waited[0] <= 60_000.0);
    assert!(warnings(&log)
        .iter()
        .any(|w| w.contains("per-minute limit")));
}

/// One streamed answer in `kind`'s protocol: `words` as text events, then `fault` (raw SSE
/// bytes) if any, then the protocol's end unless a fault came first.
fn protocol_stream(kind: crate::ProviderKind, words: &[&str], fault: Option<&str>) -> Vec<u8> {
    use crate::ProviderKind as K;
    let mut body = String::new();
    if kind == K::Anthropic {
        body.push_str("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"model\":\"claude\",\"usage\":{\"input_tokens\":3}}}\n\n");
        body.push_str("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n");
    }
    for word in words {
        let text = serde_json::json!(word);
        body.push_str(&match kind {
            K::OpenAi => format!("data: {{\"choices\":[{{\"delta\":{{\"content\":{text}}}}}]}}\n\n"),
            K::Anthropic => format!("event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":{text}}}}}\n\n"),
            K::Gemini => format!("data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":{text}}}]}}}}]}}\n\n"),
        });
    }
    if let Some(fault) = fault {
        body.push_str(fault);
        return body.into_bytes();
    }
    body.push_str(match kind {
        K::OpenAi => "data: {\"choices\":[{\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n",
        K::Anthropic => "event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":2}}\n\nevent: message_stop\ndata: {\"type\":\"message_stop\"}\n\n",
        K::Gemini => "data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"\"}]},\"finishReason\":\"STOP\"}]}\n\n",
    });
    body.into_bytes()
}

/// The faults a stream can carry, each as every protocol spells it.
fn stream_faults(kind: crate::ProviderKind) -> Vec<(&'static str, String)> {
    use crate::ProviderKind as K;
    let event = |data: &str| match kind {
        K::Anthropic => format!("event: content_block_delta\ndata: {data}\n\n"),
        _ => format!("data: {data}\n\n"),
    };
    let (cut, wrong_type, error) = match kind {
        K::OpenAi => (
            r#"{"choices":[{"delta":{"content":"wor"#,
            r#"{"choices":[{"delta":{"content":5}}]}"#,
            r#"{"error":{"message":"server crashed"}}"#,
        ),
        K::Anthropic => (
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"wor"#,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":5}}"#,
            r#"{"type":"error","error":{"type":"api_error","message":"server crashed"}}"#,
        ),
        K::Gemini => (
            r#"{"candidates":[{"content":{"parts":[{"text":"wor"#,
            r#"{"candidates":[{"content":{"parts":[{"text":5}]}}]}"#,
            r#"{"error":{"code":500,"message":"server crashed"}}"#,
        ),
    };
    let error = match kind {
        K::Anthropic => format!("event: error\ndata: {error}\n\n"),
        _ => event(error),
    };
    vec![
        ("not JSON", event("{\"choices\": [not json")),
        ("cut JSON", event(cut)),
        ("a field of the wrong type", event(wrong_type)),
        ("not an object", event("42")),
        ("an error event", error),
    ]
}

/// A question to a `kind` provider whose first answer is `broken` and whose next is `whole`,
/// on a clock whose waits end.
fn broken_then_whole(
    kind: crate::ProviderKind,
    broken: &[u8],
    whole: &[u8],
) -> (Service, MessageNode) {
    let service = service(vec![sse(200, broken, 64), sse(200, whole, 64)]);
    service.clock().timers_fire.set(true);
    let settings = crate::ProviderSettings { kind, ..settings() };
    let reply = ask_with(&service, &settings, &EventLog::default());
    (service, reply)
}

#[test]
fn every_protocol_keeps_and_retries_an_answer_broken_by_any_fault() {
    use crate::ProviderKind as K;
    for kind in [K::OpenAi, K::Anthropic, K::Gemini] {
        for (fault, bytes) in stream_faults(kind) {
            let broken = protocol_stream(kind, &["Half "], Some(&bytes));
            let whole = protocol_stream(kind, &["Whole answer."], None);
            let (service, reply) = broken_then_whole(kind, &broken, &whole);
            let case = format!("{kind:?}, {fault}");
            assert_eq!(requests(&service), 2, "{case}: tried again");
            assert_eq!(reply.text(), "Whole answer.", "{case}");
            assert_eq!(reply.status, MessageStatus::Complete, "{case}");
            let (_, messages) = stored(&service);
            let kept = messages.iter().find(|m| m.text() == "Half ");
            let kept = kept.unwrap_or_else(|| panic!("{case}: the broken answer is kept"));
            assert_eq!(kept.status, MessageStatus::Incomplete, "{case}");
            assert!(kept.error.is_some(), "{case}: it says why");
            assert_eq!(
                kept.parent_id, reply.parent_id,
                "{case}: one answer's versions"
            );
        }
    }
}

// Models list and embeddings: bounded JSON requests.

#[test]
fn models_are_listed_and_a_busy_server_is_retried() {
    let service = service(vec![
        json_response(503, r#"{"error":{"message":"busy"}}"#),
        json_response(200, r#"{"data":[{"id":"b"},{"id":"a"}]}"#),
    ]);
    service.clock().timers_fire.set(true);
    let models = block_on(
        service
            .client()
            .list_models(&settings(), &CancelToken::new()),
    )
    .unwrap();
    let ids: Vec<&str> = models.iter().map(|m| m.id.as_str()).collect();
    assert_eq!(ids, ["a", "b"]);
    let request = &service.client().transport().requests.borrow()[1];
    assert!(request.url.ends_with("/v1/models"));
    assert_eq!(request.header("authorization"), Some("Bearer sk-test"));
}

#[test]
fn a_probe_asks_once_and_does_not_retry() {
    let service = service(vec![
        Script::Unreachable,
        json_response(200, r#"{"data":[{"id":"a"}]}"#),
    ]);
    service.clock().timers_fire.set(true);
    let probe = |s: &Service| block_on(s.client().probe_models(&settings(), &CancelToken::new()));
    assert!(probe(&service).is_err());
    assert_eq!(
        service.client().transport().requests.borrow().len(),
        1,
        "no retry"
    );
    assert_eq!(probe(&service).unwrap()[0].id, "a");
}

#[test]
fn embeddings_come_back_in_order_in_batches() {
    let texts: Vec<String> = (0..100).map(|i| format!("chunk {i}")).collect();
    let batch = |n: usize, base: f32| {
        let data: Vec<String> = (0..n)
            .map(|i| format!(r#"{{"index":{i},"embedding":[{},1.0]}}"#, base + i as f32))
            .collect();
        json_response(200, &format!(r#"{{"data":[{}]}}"#, data.join(",")))
    };
    let service = service(vec![batch(96, 0.0), batch(4, 96.0)]);
    let vectors = block_on(
        service
            .client()
            .embed(&settings(), &texts, &CancelToken::new()),
    )
    .unwrap();
    assert_eq!(vectors.len(), 100);
    assert!(vectors.iter().enumerate().all(|(i, v)| v[0] == i as f32));
    assert_eq!(service.client().transport().requests.borrow().len(), 2);
}

#[test]
fn a_refused_key_is_an_error_that_says_so() {
    let service = service(vec![json_response(
        401,
        r#"{"error":{"message":"bad key"}}"#,
    )]);
    let err = block_on(
        service
            .client()
            .list_models(&settings(), &CancelToken::new()),
    )
    .unwrap_err();
    assert!(matches!(err, ProviderError::Http { status: 401, .. }));
    assert!(err.to_string().contains("refused the API key"));
}

#[test]
fn a_long_stream_keeps_one_timer_across_its_reads_instead_of_one_per_chunk() {
    let words: Vec<String> = (0..300).map(|i| format!("w{i} ")).collect();
    let words: Vec<&str> = words.iter().map(String::as_str).collect();
    // 300 events in 300 network chunks; the timers never fire, so each one asked for is
    // recorded and none is used up.
    let body = content_chunks(&words, true);
    let events = body.split(|b| *b == b'\n').filter(|l| l.is_empty()).count();
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks: body
            .chunks(body.len() / events + 1)
            .map(<[u8]>::to_vec)
            .collect(),
    }]);
    let reply = send_observed(&service, "Hello", &EventLog::default());
    assert_eq!(reply.text(), words.concat());
    let sleeps = service.clock().sleeps.borrow();
    assert!(
        (1..10).contains(&sleeps.len()),
        "{} timers for about 300 reads",
        sleeps.len()
    );
    assert!(
        sleeps.iter().all(|ms| *ms >= 60_000.0),
        "only the timeouts' timers, none to hand text on: {sleeps:?}"
    );
}

#[test]
fn every_protocol_retries_a_malformed_event_before_the_first_text() {
    use crate::ProviderKind as K;
    for kind in [K::OpenAi, K::Anthropic, K::Gemini] {
        for (fault, bytes) in stream_faults(kind)
            .into_iter()
            .filter(|(fault, _)| *fault != "an error event")
        {
            let broken = protocol_stream(kind, &[], Some(&bytes));
            let whole = protocol_stream(kind, &["Whole answer."], None);
            let (service, reply) = broken_then_whole(kind, &broken, &whole);
            let case = format!("{kind:?}, {fault}");
            assert_eq!(requests(&service), 2, "{case}: tried again");
            assert_eq!(reply.text(), "Whole answer.", "{case}");
            assert_eq!(reply.status, MessageStatus::Complete, "{case}");
        }
    }
}

#[test]
fn a_wait_shown_before_a_retry_is_over_once_the_answer_arrives() {
    let busy = json_response(503, r#"{"error":{"message":"busy"}}"#);
    let (_, reply, log) = run(vec![busy, ok("Made it.")]);
    assert_eq!(reply.status, MessageStatus::Complete);
    let waits: Vec<bool> = log
        .0
        .borrow()
        .iter()
        .filter_map(|e| match e {
            GenerationEvent::Waiting(w) => Some(w.is_some()),
            _ => None,
        })
        .collect();
    assert_eq!(waits, [true, false], "shown, then over");
    let over = log
        .0
        .borrow()
        .iter()
        .position(|e| matches!(e, GenerationEvent::Waiting(None)));
    let text = log
        .0
        .borrow()
        .iter()
        .position(|e| matches!(e, GenerationEvent::Delta { .. }));
    assert!(over < text, "over before the text shows: {over:?} {text:?}");
}

#[test]
fn a_failure_names_the_provider_it_came_from() {
    let settings = crate::ProviderSettings {
        base_url: "https://api.openai.com/v1".into(),
        ..settings()
    };
    let service = service(vec![json_response(
        401,
        r#"{"error":{"message":"Incorrect API key"}}"#,
    )]);
    let reply = ask_with(&service, &settings, &EventLog::default());
    assert!(
        reply
            .error
            .as_deref()
            .unwrap()
            .starts_with("OpenAI: The provider refused the API key"),
        "{:?}",
        reply.error
    );
}
