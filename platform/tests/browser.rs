//! Browser tests of the platform adapters, run in headless Chromium by `cargo xtask test`, which
//! starts the mock provider (a test fixture) and passes its URL in `SKEIN_MOCK_URL` at build time.
#![cfg(target_arch = "wasm32")]
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use skein_engine::chat::{EventLog, GenerationEvent, GenerationSink, TurnContext};
use skein_engine::{
    Assistant, CancelToken, ChatStore, Conversation, MessageNode, MessageStatus, ProviderSettings,
    Role,
};
use skein_platform::{BrowserClock, IdbStore};
use std::cell::Cell;
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

mod common;
use common::{mock_requests, mock_url, script_mock, send_new, service, settings, unique_name};

fn message(id: &str, conversation: &str, parent: Option<&str>, text: &str) -> MessageNode {
    MessageNode::new(id, conversation, Role::User, 1.0)
        .with_text(text)
        .with_parent(parent)
}

#[wasm_bindgen_test]
async fn indexeddb_round_trip_survives_reopening() {
    let name = unique_name("skein-test-roundtrip");
    let store = IdbStore::open(&name).await.unwrap();
    let mut conversation = Conversation {
        updated_at_ms: 2.0,
        current_leaf_id: Some("m2".into()),
        ..Conversation::new("c1", "Round trip ✓", 1.0)
    };
    let first = message("m1", "c1", None, "hello");
    let mut second = message("m2", "c1", Some("m1"), "world");
    second.created_at_ms = 2.0;
    store.save_message(&conversation, &first).await.unwrap();
    store.save_message(&conversation, &second).await.unwrap();
    // A message of another conversation must not show up in c1.
    let other = Conversation {
        id: "c2".into(),
        updated_at_ms: 5.0,
        ..conversation.clone()
    };
    store
        .save_message(&other, &message("x", "c2", None, "elsewhere"))
        .await
        .unwrap();
    // Rewriting one message replaces that record only.
    second.parts = vec![skein_engine::MessagePart::text("world, edited")];
    conversation.updated_at_ms = 9.0;
    store.save_message(&conversation, &second).await.unwrap();
    store.save_provider_settings(&settings()).await.unwrap();
    store.close();

    let reopened = IdbStore::open(&name).await.unwrap();
    let conversations = reopened.list_conversations().await.unwrap();
    assert_eq!(
        conversations
            .iter()
            .map(|c| c.id.as_str())
            .collect::<Vec<_>>(),
        ["c1", "c2"],
        "newest first"
    );
    assert_eq!(conversations[0], conversation);
    let messages = reopened.load_messages("c1").await.unwrap();
    assert_eq!(messages, [first, second]);
    assert_eq!(
        reopened.load_provider_settings().await.unwrap(),
        Some(settings())
    );
    reopened.close();
}

#[wasm_bindgen_test]
async fn the_indexeddb_store_keeps_the_store_contract() {
    skein_engine::store::conformance::run_all(|case| async move {
        IdbStore::open(&unique_name(&format!("skein-conformance-{case}")))
            .await
            .unwrap()
    })
    .await;
}

#[wasm_bindgen_test]
async fn the_indexeddb_store_keeps_the_library_contract() {
    skein_engine::store::conformance::library::run_all(|case| async move {
        IdbStore::open(&unique_name(&format!("skein-library-{case}")))
            .await
            .unwrap()
    })
    .await;
}

#[wasm_bindgen_test]
async fn the_browser_reports_storage_usage_quota_and_persistence() {
    let status = skein_platform::storage_status().await;
    assert!(status.quota_bytes.is_some_and(|q| q > 0.0), "{status:?}");
    assert!(status.usage_bytes.is_some(), "{status:?}");
    assert!(status.persisted.is_some(), "{status:?}");
    // Chromium decides without a prompt; either answer is an answer.
    assert!(skein_platform::request_persistent_storage().await.is_some());
}

#[wasm_bindgen_test]
async fn a_fresh_database_has_no_settings() {
    let store = IdbStore::open(&unique_name("skein-test-empty"))
        .await
        .unwrap();
    assert_eq!(store.load_provider_settings().await.unwrap(), None);
    assert!(store.list_conversations().await.unwrap().is_empty());
    store.close();
}

#[wasm_bindgen_test]
async fn anthropic_and_gemini_stream_through_the_real_transport() {
    use skein_engine::ProviderKind;
    for (kind, path) in [
        (ProviderKind::Anthropic, "/v1"),
        (ProviderKind::Gemini, "/v1beta"),
    ] {
        script_mock(r#"{"chunks": ["Three ", "dialects, ", "one answer."], "delay_ms": 5}"#).await;
        let store = IdbStore::open(&unique_name("skein-test-dialect"))
            .await
            .unwrap();
        let service = service(store.clone());
        let settings = ProviderSettings {
            kind,
            base_url: format!("{}{path}", mock_url()),
            ..settings()
        };
        let reply = send_new(&service, "Which dialect?", &settings, &Assistant::default()).await;
        assert_eq!(
            reply.status,
            MessageStatus::Complete,
            "{kind:?}: {:?}",
            reply.error
        );
        assert_eq!(reply.text(), "Three dialects, one answer.", "{kind:?}");
        assert_eq!(reply.model.as_deref(), Some("mock-model"), "{kind:?}");
        store.close();
    }
}

#[wasm_bindgen_test]
async fn fetch_streams_a_reply_chunk_by_chunk_into_indexeddb() {
    script_mock(r#"{"chunks": ["Stream", "ed ", "from ", "the mock"], "delay_ms": 30}"#).await;
    let store = IdbStore::open(&unique_name("skein-test-stream"))
        .await
        .unwrap();
    let service = service(store.clone());
    let log = EventLog::default();
    let reply = service
        .send_message(
            None,
            "Hi mock",
            &TurnContext::new(
                &settings(),
                &Assistant::default(),
                &CancelToken::new(),
                &log,
            ),
        )
        .await
        .unwrap();
    assert_eq!(reply.status, MessageStatus::Complete, "{:?}", reply.error);
    assert_eq!(reply.text(), "Streamed from the mock");
    let deltas = log
        .0
        .borrow()
        .iter()
        .filter(|e| matches!(e, GenerationEvent::Delta { .. }))
        .count();
    // Pieces 30 ms apart reach the engine in more than one batch: at least two updates, it streamed.
    assert!(
        deltas >= 2,
        "the answer arrived in pieces, not at the end: {deltas}"
    );

    let conversation = &store.list_conversations().await.unwrap()[0];
    let stored = store.load_messages(&conversation.id).await.unwrap();
    assert_eq!(stored.len(), 2);
    assert_eq!(stored[1], reply);

    // The mock saw the request the engine built.
    let recorded = mock_requests().await;
    // The system prompt first, then the user's words after the date block (seed 004's
    // user-message wrapper, in the user's zone).
    assert_eq!(recorded[0]["messages"][0]["role"], "system");
    let question = recorded[0]["messages"][1]["content"].as_str().unwrap();
    assert!(
        question.starts_with("<context>\nThe user's current date and time: ")
            && question.ends_with("\n</context>\n\nHi mock"),
        "{question}"
    );
    assert_eq!(recorded[0]["stream"], true);
    store.close();
}

/// Presses "stop" after the first delta.
struct StopAfterFirstDelta {
    cancel: CancelToken,
    deltas: Cell<usize>,
}

impl GenerationSink for StopAfterFirstDelta {
    fn emit(&self, event: GenerationEvent) {
        if matches!(event, GenerationEvent::Delta { .. }) {
            self.deltas.set(self.deltas.get() + 1);
            self.cancel.cancel();
        }
    }
}

#[wasm_bindgen_test]
async fn stop_aborts_the_fetch_and_keeps_the_partial_text() {
    script_mock(r#"{"chunks": ["first ", "second ", "third ", "fourth"], "delay_ms": 400}"#).await;
    let store = IdbStore::open(&unique_name("skein-test-abort"))
        .await
        .unwrap();
    let service = service(store.clone());
    let cancel = CancelToken::new();
    let sink = StopAfterFirstDelta {
        cancel: cancel.clone(),
        deltas: Cell::new(0),
    };
    let reply = service
        .send_message(
            None,
            "count slowly",
            &TurnContext::new(&settings(), &Assistant::default(), &cancel, &sink),
        )
        .await
        .unwrap();
    assert_eq!(reply.status, MessageStatus::Incomplete);
    assert_eq!(reply.text(), "first ");
    assert_eq!(sink.deltas.get(), 1);
    let conversation = &store.list_conversations().await.unwrap()[0];
    let stored = store.load_messages(&conversation.id).await.unwrap();
    assert_eq!(stored[1].text(), "first ");
    assert_eq!(stored[1].status, MessageStatus::Incomplete);
    store.close();
}

#[wasm_bindgen_test]
async fn an_unreachable_provider_is_an_error_message_not_a_crash() {
    let store = IdbStore::open(&unique_name("skein-test-unreachable"))
        .await
        .unwrap();
    let service = service(store.clone());
    let mut settings = settings();
    // Port 9 (discard) on loopback: nothing listens there.
    settings.base_url = "http://127.0.0.1:9/v1".into();
    let reply = send_new(&service, "anyone?", &settings, &Assistant::default()).await;
    assert_eq!(reply.status, MessageStatus::Error);
    assert!(reply.error.as_deref().unwrap_or("").contains("CORS"));
    store.close();
}

#[wasm_bindgen_test]
fn the_browser_clock_reports_the_users_zone() {
    use skein_engine::Clock;
    let zone = BrowserClock.time_zone();
    assert!(!zone.is_empty());
    let offset = BrowserClock.utc_offset_minutes();
    assert!((-14 * 60..=14 * 60).contains(&offset), "{offset}");
    let now = BrowserClock.now_ms();
    assert!(now > 1.7e12, "{now}");
}

#[wasm_bindgen_test]
async fn the_browser_clock_sleeps_on_a_real_timer() {
    use skein_engine::Clock;
    let before = BrowserClock.now_ms();
    BrowserClock.sleep(30.0).await;
    let waited = BrowserClock.now_ms() - before;
    // A timer never fires early (allowing a millisecond of rounding); that it fired at all
    // is the point: the stream's timeouts rely on it while a stream stalls.
    assert!(waited >= 29.0, "{waited}");
}

/// A fast stream reaches wasm in a few pieces, not one per network chunk (`batched_body.js`
/// gathers what arrives within a frame), every byte once and in order, and its end is reported.
#[wasm_bindgen_test]
async fn a_fast_stream_reaches_wasm_in_a_few_pieces() {
    use skein_engine::{ByteStream, HttpMethod, HttpRequest, Transport};
    let words: Vec<String> = (0..40).map(|i| format!("w{i} ")).collect();
    // 40 events 2 ms apart: about five frames' worth.
    let script = serde_json::json!({ "chunks": words, "delay_ms": 2 });
    script_mock(&script.to_string()).await;
    let request = HttpRequest {
        method: HttpMethod::Post,
        url: format!("{}/v1/chat/completions", mock_url()),
        headers: vec![("Content-Type".into(), "application/json".into())],
        body: Some(r#"{"model":"mock-model","stream":true,"messages":[]}"#.into()),
    };
    let mut response = skein_platform::FetchTransport
        .send(request, &CancelToken::new())
        .await
        .unwrap();
    let mut pieces = Vec::new();
    while let Some(piece) = response.body.next_chunk().await {
        pieces.push(piece.unwrap());
    }
    let text = String::from_utf8(pieces.concat()).unwrap();
    // Read one by one, the 41 events (the last is `[DONE]`) come in about as many pieces.
    assert!(
        pieces.len() <= words.len() / 2,
        "{} pieces for {} events",
        pieces.len(),
        words.len() + 1
    );
    let mut from = 0;
    for word in &words {
        let at = text[from..].find(word.as_str()).map(|at| from + at);
        from = at.unwrap_or_else(|| panic!("{word:?} missing or out of order in {text}"));
    }
    assert!(text.trim_end().ends_with("data: [DONE]"), "{text}");
}

#[wasm_bindgen_test]
fn images_become_blob_urls_and_svg_does_not() {
    let png = skein_engine::Blob {
        id: "b".into(),
        mime: "image/png".into(),
        bytes: vec![0x89, b'P', b'N', b'G'],
    };
    let url = skein_platform::object_url(&png).unwrap();
    assert!(url.starts_with("blob:"), "{url}");
    let svg = skein_engine::Blob {
        mime: "image/svg+xml".into(),
        ..png
    };
    assert!(skein_platform::object_url(&svg).is_err());
}

#[wasm_bindgen_test]
async fn deleting_a_conversation_removes_its_messages_and_summaries_only() {
    let name = unique_name("skein-test-delete");
    let store = IdbStore::open(&name).await.unwrap();
    for id in ["keep", "drop"] {
        let conversation = Conversation::new(id, id, 1.0);
        for n in 0..3 {
            let message = message(&format!("{id}-{n}"), id, None, "text");
            store.save_message(&conversation, &message).await.unwrap();
        }
        store
            .save_summary(
                &skein_engine::prompt::rolling_context::RollingContextSummary {
                    conversation_id: id.into(),
                    text: "summary".into(),
                    covered_ids: vec![format!("{id}-0")],
                    created_at_ms: 1.0,
                    origin: Default::default(),
                },
            )
            .await
            .unwrap();
    }
    store.delete_conversation("drop").await.unwrap();
    store.close();

    let reopened = IdbStore::open(&name).await.unwrap();
    let ids: Vec<String> = reopened
        .list_conversations()
        .await
        .unwrap()
        .into_iter()
        .map(|c| c.id)
        .collect();
    assert_eq!(ids, ["keep"]);
    assert!(reopened.load_messages("drop").await.unwrap().is_empty());
    assert!(reopened.load_summaries("drop").await.unwrap().is_empty());
    assert_eq!(reopened.load_messages("keep").await.unwrap().len(), 3);
    assert_eq!(reopened.load_summaries("keep").await.unwrap().len(), 1);
    reopened.close();
}
