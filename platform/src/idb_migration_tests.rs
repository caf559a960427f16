//! Schema migrations, tested in the browser against a database written exactly as each earlier
//! version wrote it (fixtures under `tests/fixtures/idb/`).
#![allow(
    clippy::unwrap_used,
    clippy::expect_used,
    reason = "test code: a panic is the test failing"
)]

use super::*;
use crate::StorageHealth;
use skein_engine::{MessagePart, MessageStatus};
use wasm_bindgen_test::*;

wasm_bindgen_test_configure!(run_in_browser);

const V1_RECORDS: &str = include_str!("../../tests/fixtures/idb/v1_records.json");
const V2_RECORDS: &str = include_str!("../../tests/fixtures/idb/v2_records.json");
const V3_RECORDS: &str = include_str!("../../tests/fixtures/idb/v3_records.json");
const V4_RECORDS: &str = include_str!("../../tests/fixtures/idb/v4_records.json");

fn field(fixture: &JsValue, key: &str) -> JsValue {
    js_sys::Reflect::get(fixture, &JsValue::from_str(key)).unwrap()
}

/// Writes a fixture's records with raw IndexedDB calls into a database created at `version`
/// (by the upgrade steps up to that version only), as that version wrote them.
async fn write_database(name: &str, version: u32, records: &str) {
    let db = idb::open(name, version, move |db, old, _| upgrade(db, old, version))
        .await
        .unwrap();
    let fixture = js_sys::JSON::parse(records).unwrap();
    let mut stores = vec![CONVERSATIONS, MESSAGES, SETTINGS];
    if version >= 2 {
        stores.push(BLOBS);
    }
    if version >= 3 {
        stores.push(SUMMARIES);
    }
    if version >= 4 {
        stores.push(USAGE);
    }
    let tx = db
        .transaction(stores.as_slice())
        .with_mode(TransactionMode::Readwrite)
        .build()
        .unwrap();
    for (store, key) in [(CONVERSATIONS, "conversations"), (MESSAGES, "messages")] {
        let object_store = tx.object_store(store).unwrap();
        for record in js_sys::Array::from(&field(&fixture, key)).iter() {
            object_store.put(record).primitive().unwrap();
        }
    }
    tx.object_store(SETTINGS)
        .unwrap()
        .put(field(&fixture, "settings"))
        .with_key(PROVIDER_KEY)
        .primitive()
        .unwrap();
    if version >= 2 {
        let blobs = tx.object_store(BLOBS).unwrap();
        for record in js_sys::Array::from(&field(&fixture, "blobs")).iter() {
            // Blob bytes were stored as a Uint8Array.
            let bytes = js_sys::Uint8Array::new(&field(&record, "bytes"));
            js_sys::Reflect::set(&record, &JsValue::from_str("bytes"), &bytes).unwrap();
            blobs.put(record).primitive().unwrap();
        }
    }
    if version >= 3 {
        let summaries = tx.object_store(SUMMARIES).unwrap();
        for entry in js_sys::Array::from(&field(&fixture, "summaries")).iter() {
            summaries
                .put(field(&entry, "record"))
                .with_key(field(&entry, "key"))
                .primitive()
                .unwrap();
        }
    }
    if version >= 4 {
        let usage = tx.object_store(USAGE).unwrap();
        for record in js_sys::Array::from(&field(&fixture, "usage")).iter() {
            usage.put(record).primitive().unwrap();
        }
    }
    idb::commit(tx).await.unwrap();
    db.close();
}

async fn open_migrated(version: u32, records: &str) -> IdbStore {
    use skein_engine::IdGenerator;
    let name = format!("skein-migration-v{version}-{}", crate::RandomIds.new_id());
    write_database(&name, version, records).await;
    let store = IdbStore::open(&name).await.unwrap();
    assert_eq!(store.db.version() as u32, SCHEMA_VERSION);
    store
}

async fn write_v1_database(name: &str) {
    write_database(name, 1, V1_RECORDS).await;
}

#[wasm_bindgen_test]
async fn a_version_2_database_keeps_its_parts_images_and_settings() {
    let store = open_migrated(2, V2_RECORDS).await;
    let messages = store.load_messages("c2").await.unwrap();
    assert_eq!(messages.len(), 2);
    assert_eq!(messages[1].text(), "Here: ");
    assert!(
        matches!(&messages[1].parts[0], MessagePart::Reasoning { text, .. } if text == "A dot is small.")
    );
    assert!(
        matches!(&messages[1].parts[2], MessagePart::Image { blob_id, .. } if blob_id == "img1")
    );
    assert_eq!(messages[1].usage.map(|u| u.completion_tokens), Some(5));
    let blob = store.load_blob("img1").await.unwrap().unwrap();
    assert_eq!(blob.bytes, [137, 80, 78, 71, 0, 255]);
    let settings = store.load_provider_settings().await.unwrap().unwrap();
    assert_eq!(
        (settings.api_key.as_str(), settings.kind),
        ("sk-v2", skein_engine::ProviderKind::OpenAi)
    );
    assert!(
        store.load_usage(0.0).await.unwrap().is_empty(),
        "version 4's store exists"
    );
    store.close();
}

#[wasm_bindgen_test]
async fn a_version_3_database_keeps_its_summaries() {
    let store = open_migrated(3, V3_RECORDS).await;
    assert_eq!(store.load_messages("c3").await.unwrap().len(), 3);
    let summaries = store.load_summaries("c3").await.unwrap();
    assert_eq!(summaries.len(), 1);
    assert_eq!(summaries[0].covered_ids, ["l1", "l2"]);
    assert_eq!(summaries[0].text, "They greeted.");
    let conversation = store.load_conversation("c3").await.unwrap().unwrap();
    assert_eq!(conversation.current_leaf_id.as_deref(), Some("l3"));
    store.close();
}

#[wasm_bindgen_test]
async fn a_version_4_database_keeps_its_tool_calls_settings_and_usage() {
    let store = open_migrated(4, V4_RECORDS).await;
    let conversation = store.load_conversation("c4").await.unwrap().unwrap();
    assert!(conversation.title_locked);
    assert_eq!(conversation.suggestions, ["Why?"]);
    let messages = store.load_messages("c4").await.unwrap();
    assert_eq!(messages[1].status, MessageStatus::AwaitingApproval);
    assert!(matches!(
        &messages[1].parts[0],
        MessagePart::ToolCall(call) if call.approval == skein_engine::ToolApproval::Pending
    ));
    let settings = store.load_provider_settings().await.unwrap().unwrap();
    assert_eq!(settings.kind, skein_engine::ProviderKind::Anthropic);
    assert_eq!(settings.fallbacks[0].model, "llama3.2");
    let usage: Vec<(String, Option<u64>)> = store
        .load_usage(0.0)
        .await
        .unwrap()
        .into_iter()
        .map(|e| (e.id, e.prompt_tokens))
        .collect();
    assert_eq!(usage, [("u2".into(), None), ("u1".into(), Some(120))]);
    // Version 5's stores exist and start empty.
    use skein_engine::LibraryStore;
    assert!(store.list_knowledge_bases().await.unwrap().is_empty());
    assert!(store.load_citations("c4").await.unwrap().is_empty());
    store.close();
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
    let mut summary = skein_engine::prompt::rolling_context::RollingContextSummary {
        conversation_id: "c1".into(),
        text: "They said hello.".into(),
        covered_ids: vec!["m1".into()],
        created_at_ms: 5.0,
        origin: Default::default(),
    };
    store.save_summary(&summary).await.unwrap();
    summary.text = "They said hello, refreshed.".into();
    store.save_summary(&summary).await.unwrap();
    assert_eq!(store.load_summaries("c1").await.unwrap(), [summary]);
    assert!(store.load_summaries("other").await.unwrap().is_empty());
    store.close();
}

/// Records every health change a store reports.
fn health_log() -> (
    std::rc::Rc<std::cell::RefCell<Vec<StorageHealth>>>,
    crate::HealthListener,
) {
    let seen = std::rc::Rc::new(std::cell::RefCell::new(Vec::new()));
    let log = seen.clone();
    (
        seen,
        std::rc::Rc::new(move |h: &StorageHealth| log.borrow_mut().push(h.clone())),
    )
}

/// Waits (on real timers, at most two seconds) until `done` holds.
async fn wait_until(done: impl Fn() -> bool) {
    use skein_engine::Clock;
    for _ in 0..100 {
        if done() {
            return;
        }
        crate::BrowserClock.sleep(20.0).await;
    }
}

#[wasm_bindgen_test]
async fn another_tabs_upgrade_closes_this_connection_says_so_at_once_and_later_use_says_reload() {
    use skein_engine::IdGenerator;
    let name = format!("skein-versionchange-{}", crate::RandomIds.new_id());
    let (seen, listener) = health_log();
    let store = IdbStore::open_watched(&name, Some(listener)).await.unwrap();
    assert_eq!(
        *seen.borrow(),
        [],
        "a fresh store is writable; nothing to report"
    );
    // "Another tab" opens a newer schema: it is not blocked, because this tab lets go.
    let newer = idb::open(&name, SCHEMA_VERSION + 1, |_, _, _| Ok(()))
        .await
        .unwrap();
    assert_eq!(newer.version() as u32, SCHEMA_VERSION + 1);
    assert!(store.closed_for_upgrade());
    assert_eq!(
        *seen.borrow(),
        [StorageHealth::ClosedForUpgrade],
        "the user is told before they try anything"
    );
    let err = store.list_conversations().await.unwrap_err();
    assert!(err.to_string().contains("reload this page"), "{err}");
    newer.close();
}

#[wasm_bindgen_test]
async fn an_upgrade_blocked_by_an_older_tab_waits_says_so_and_goes_ahead_when_it_closes() {
    use skein_engine::IdGenerator;
    let name = format!("skein-blocked-{}", crate::RandomIds.new_id());
    write_database(&name, 4, V4_RECORDS).await;
    // An older Skein tab: a version 4 connection that ignores `versionchange`.
    let older_tab = idb::open(&name, 4, |db, old, _| upgrade(db, old, 4))
        .await
        .unwrap();
    let (seen, listener) = health_log();
    let opened = std::rc::Rc::new(std::cell::RefCell::new(None));
    wasm_bindgen_futures::spawn_local({
        let opened = opened.clone();
        let name = name.clone();
        async move {
            let store = IdbStore::open_watched(&name, Some(listener)).await;
            *opened.borrow_mut() = Some(store);
        }
    });
    wait_until(|| !seen.borrow().is_empty()).await;
    assert_eq!(*seen.borrow(), [StorageHealth::WaitingForOtherTabs]);
    assert!(opened.borrow().is_none(), "the upgrade waits");

    older_tab.close();
    wait_until(|| opened.borrow().is_some()).await;
    let store = opened.borrow_mut().take().unwrap().unwrap();
    assert_eq!(
        *seen.borrow(),
        [StorageHealth::WaitingForOtherTabs, StorageHealth::Writable]
    );
    assert_eq!(store.db.version() as u32, SCHEMA_VERSION);
    assert_eq!(
        store.load_messages("c4").await.unwrap().len(),
        2,
        "nothing lost"
    );
    store.close();
}
