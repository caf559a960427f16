//! Schema migrations, tested in the browser against a database written exactly as each earlier
//! version wrote it (fixtures under `tests/fixtures/idb/`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use super::*;
use skein_engine::{MessagePart, MessageStatus};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const V1_RECORDS: &str = include_str!("../../tests/fixtures/idb/v1_records.json");

/// Writes the fixture's records with raw IndexedDB calls into a version-1 database.
async fn write_v1_database(name: &str) {
    let db = idb::open(name, 1, upgrade).await.unwrap();
    let fixture = js_sys::JSON::parse(V1_RECORDS).unwrap();
    let field = |key: &str| js_sys::Reflect::get(&fixture, &JsValue::from_str(key)).unwrap();
    let names = js_sys::Array::of3(&CONVERSATIONS.into(), &MESSAGES.into(), &SETTINGS.into());
    let tx = db
        .transaction_with_str_sequence_and_mode(&names, IdbTransactionMode::Readwrite)
        .unwrap();
    for (store, key) in [(CONVERSATIONS, "conversations"), (MESSAGES, "messages")] {
        let object_store = tx.object_store(store).unwrap();
        for record in js_sys::Array::from(&field(key)).iter() {
            object_store.put(&record).unwrap();
        }
    }
    tx.object_store(SETTINGS)
        .unwrap()
        .put_with_key(&field("settings"), &JsValue::from_str(PROVIDER_KEY))
        .unwrap();
    idb::transaction_done(&tx).await.unwrap();
    db.close();
}

#[wasm_bindgen_test]
async fn a_version_1_database_opens_at_the_current_version_with_nothing_lost() {
    use skein_engine::IdGenerator;
    let name = format!("skein-migration-{}", crate::RandomIds.new_id());
    write_v1_database(&name).await;

    let store = IdbStore::open(&name).await.unwrap();
    assert_eq!(store.db.version() as u32, SCHEMA_VERSION);

    let conversations = store.list_conversations().await.unwrap();
    assert_eq!(conversations.len(), 1);
    assert_eq!(conversations[0].title, "Old chat");
    assert_eq!(conversations[0].current_leaf_id.as_deref(), Some("m2"));

    let messages = store.load_messages("c1").await.unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[0].parts, [MessagePart::text("Hello from v1")]);
    assert_eq!(messages[1].text(), "Partial answ");
    assert_eq!(messages[1].status, MessageStatus::Incomplete);
    assert_eq!(messages[1].model.as_deref(), Some("llama3.2"));

    let settings = store.load_provider_settings().await.unwrap().unwrap();
    assert_eq!(settings.model, "llama3.2");

    // Version 2's blob store exists and round-trips bytes.
    let blob = Blob {
        id: "b1".into(),
        mime: "image/png".into(),
        bytes: vec![0x89, b'P', b'N', b'G', 0, 255],
    };
    store.save_blob(&blob).await.unwrap();
    assert_eq!(store.load_blob("b1").await.unwrap(), Some(blob));
    assert_eq!(store.load_blob("missing").await.unwrap(), None);

    // Version 3's summaries: stored by covered prefix, a refresh of the same prefix replaces it.
    let mut summary = skein_engine::rolling_context::RollingContextSummary {
        conversation_id: "c1".into(),
        text: "They said hello.".into(),
        covered_ids: vec!["m1".into()],
        created_at_ms: 5.0,
    };
    store.save_summary(&summary).await.unwrap();
    summary.text = "They said hello, refreshed.".into();
    store.save_summary(&summary).await.unwrap();
    assert_eq!(store.load_summaries("c1").await.unwrap(), [summary]);
    assert!(store.load_summaries("other").await.unwrap().is_empty());
    store.close();
}
