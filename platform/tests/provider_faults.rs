//! Browser tests: the real fetch transport and browser clock against the mock provider's
//! scripted faults, asserting what the user ends up with (and, for retries, the timing the
//! mock recorded).
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use skein_engine::{
    Assistant, ChatStore, MessageNode, MessagePart, MessageStatus, ProviderSettings,
};
use skein_platform::IdbStore;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::{mock_requests, script_mock, send_new, service, settings, unique_name};

async fn ask(
    script: &str,
    settings: &ProviderSettings,
    assistant: &Assistant,
) -> (IdbStore, MessageNode) {
    script_mock(script).await;
    let store = IdbStore::open(&unique_name("skein-test-faults"))
        .await
        .unwrap();
    let service = service(store.clone());
    let reply = send_new(&service, "Hello", settings, assistant).await;
    (store, reply)
}

fn no_retry() -> Assistant {
    Assistant {
        retry_broken_streams: false,
        ..Assistant::default()
    }
}

fn arrival_times(requests: &serde_json::Value) -> Vec<u64> {
    requests
        .as_array()
        .unwrap()
        .iter()
        .filter(|r| r["stream"] == true)
        .map(|r| r["_received_ms"].as_u64().unwrap())
        .collect()
}

#[wasm_bindgen_test]
async fn a_rate_limit_is_retried_after_retry_after_and_a_refused_key_never() {
    let script = r#"[{"status": 429, "error_message": "slow down", "retry_after": "1"},
                     {"chunks": ["Made ", "it."]}]"#;
    let (store, reply) = ask(script, &settings(), &Assistant::default()).await;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    assert_eq!(reply.text(), "Made it.");
    let times = arrival_times(&mock_requests().await);
    assert_eq!(times.len(), 2);
    assert!(
        times[1] - times[0] >= 1_000,
        "never earlier than Retry-After: {times:?}"
    );
    store.close();

    let (store, reply) = ask(
        r#"[{"status": 401, "error_message": "bad key"}, {"chunks": ["no"]}]"#,
        &settings(),
        &Assistant::default(),
    )
    .await;
    assert_eq!(reply.status, MessageStatus::Error);
    assert!(reply
        .error
        .as_deref()
        .unwrap()
        .contains("refused the API key"));
    assert_eq!(
        arrival_times(&mock_requests().await).len(),
        1,
        "not retried"
    );
    store.close();
}

#[wasm_bindgen_test]
async fn a_dropped_connection_keeps_the_partial_answer_and_retries_as_a_new_version() {
    let script = r#"[{"chunks": ["Half ", "more"], "drop_after": 1, "delay_ms": 20},
                     {"chunks": ["Whole."]}]"#;
    let (store, reply) = ask(script, &settings(), &Assistant::default()).await;
    assert_eq!(reply.text(), "Whole.");
    assert_eq!(reply.status, MessageStatus::Complete);
    let conversation = &store.list_conversations().await.unwrap()[0];
    let stored = store.load_messages(&conversation.id).await.unwrap();
    let broken = stored.iter().find(|m| m.text() == "Half ").unwrap();
    assert_eq!(broken.status, MessageStatus::Incomplete);
    assert_eq!(broken.parent_id, reply.parent_id);
    store.close();
}

#[wasm_bindgen_test]
async fn stalls_early_ends_and_malformed_chunks_are_never_complete() {
    let quick = ProviderSettings {
        idle_timeout_s: 1,
        ..settings()
    };
    for (script, says) in [
        (
            r#"{"chunks": ["Some ", "more"], "stall_after": 1}"#,
            "idle timeout",
        ),
        (
            r#"{"chunks": ["Some ", "more"], "end_early": true}"#,
            "ended before",
        ),
        (
            r#"{"chunks": ["Some ", "more"], "malformed_after": 1}"#,
            "could not read",
        ),
    ] {
        let (store, reply) = ask(script, &quick, &no_retry()).await;
        assert_eq!(reply.status, MessageStatus::Incomplete, "{script}");
        assert!(reply.text().starts_with("Some "), "{script}: partial kept");
        let error = reply.error.clone().unwrap_or_default();
        assert!(error.contains(says), "{script}: {error}");
        store.close();
    }
}

#[wasm_bindgen_test]
async fn a_slow_first_token_past_its_timeout_is_an_error_that_says_so() {
    let impatient = ProviderSettings {
        first_token_timeout_s: 1,
        ..settings()
    };
    let script = r#"{"chunks": ["late"], "first_token_delay_ms": 2500}"#;
    let (store, reply) = ask(script, &impatient, &Assistant::default()).await;
    assert_eq!(reply.status, MessageStatus::Error);
    assert!(reply
        .error
        .as_deref()
        .unwrap()
        .contains("first-token timeout"));
    store.close();
}

#[wasm_bindgen_test]
async fn a_call_to_an_unknown_tool_gets_an_error_result_and_the_answer_goes_on() {
    let script = r#"[{"chunks": ["Let me check. "], "tool_call": {"name": "no_such_tool", "arguments": "{oops"}},
                     {"chunks": ["I could not use that tool."]}]"#;
    let (store, reply) = ask(script, &settings(), &Assistant::default()).await;
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    let call = reply
        .parts
        .iter()
        .find_map(|p| match p {
            MessagePart::ToolCall(call) => Some(call.clone()),
            _ => None,
        })
        .unwrap();
    let result = call.result.unwrap();
    assert!(result.is_error && result.content.contains("No tool named"));
    assert!(reply.text().ends_with("I could not use that tool."));
    store.close();
}
