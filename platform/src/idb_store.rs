//! [`IdbStore`]: the engine's [`ChatStore`] in IndexedDB.
//!
//! ## Schema
//! Version 1:
//! - `conversations`: one record per conversation, key `id`.
//! - `messages`: one record per message node, key `id`, index `by_conversation` on
//!   `conversation_id`. Saving a streaming message rewrites that one record, never the
//!   conversation's other messages.
//! - `settings`: small settings records under fixed keys (`"provider"`).
//!
//! Version 2 adds `blobs` (key `id`: `mime` and the raw `bytes` as a `Uint8Array`), for images
//! referred to by message parts. Message records changed shape in version 2 (a `parts` list
//! instead of one `text` field); version 1 records are read as they are (see the engine's
//! `MessageNode`), so the upgrade rewrites nothing and cannot lose anything.
//!
//! Version 3 adds `summaries`: rolling-context summaries under the key
//! `{conversation}:{last covered message}`, indexed `by_conversation`.
//!
//! Version 4 adds `usage`: one record per provider call, key `id`, index `by_time` on `at_ms`.
//!
//! Version 5 adds what outlives a conversation (see [`crate::idb_library`]): `citations` (key
//! `message_id`, index `by_conversation`), `assistants`, `memories`, `knowledge_bases`,
//! `documents` (index `by_base`) and `chunks` (indexes `by_base`, `by_document`; a chunk's
//! vector is stored as `Float32Array` bytes inside its record).
//!
//! Every upgrade step only creates stores and indexes: no record is rewritten, so no upgrade
//! can lose one. Each version has a fixture written exactly as it wrote its records
//! (`tests/fixtures/idb/`) and a browser test that opens it at the current version.
//!
//! Records are plain objects of JSON's shapes (serde through `serde-wasm-bindgen`'s
//! JSON-compatible serializer: objects, arrays, strings, numbers, `null`), so they stay readable
//! in the browser's developer tools, and records written by earlier versions (through JSON
//! text) read the same.
//!
//! ## Many tabs
//! Another tab opening a newer schema fires `versionchange` here: this connection closes at
//! once (so the upgrade is never blocked by us), the app is told through
//! [`IdbStore::open_watched`]'s listener, and every later use says to reload.

use crate::idb::{self, store_error, Request};
use crate::js_error::describe;
use crate::storage_health::{HealthListener, HealthWatch, StorageHealth};
use indexed_db_futures::database::Database;
use indexed_db_futures::object_store::ObjectStore;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::{Transaction, TransactionMode};
use indexed_db_futures::KeyPath;
use serde::{de::DeserializeOwned, Serialize};
use skein_engine::knowledge::citations::MessageCitations;
use skein_engine::persona::dictionary_file::Dictionaries;
use skein_engine::persona::user_persona::Personas;
use skein_engine::persona::world_books::WorldBooks;
use skein_engine::prompt::rolling_context::RollingContextSummary;
use skein_engine::store::{
    sort_in_creation_order, sort_newest_first, summary_key, touch_conversation,
};
use skein_engine::{Blob, ChatStore, Conversation, MessageNode, ProviderSettings, StoreError};
use wasm_bindgen::{JsCast, JsValue};

pub(crate) const SCHEMA_VERSION: u32 = 5;
const CONVERSATIONS: &str = "conversations";
const MESSAGES: &str = "messages";
const BY_CONVERSATION: &str = "by_conversation";
pub(crate) const SETTINGS: &str = "settings";
const BLOBS: &str = "blobs";
const SUMMARIES: &str = "summaries";
const USAGE: &str = "usage";
const BY_TIME: &str = "by_time";
const PROVIDER_KEY: &str = "provider";
const PERSONAS_KEY: &str = "personas";
const WORLD_BOOKS_KEY: &str = "world_books";
const DICTIONARIES_KEY: &str = "dictionaries";
const MCP_SERVERS_KEY: &str = "mcp_servers";
const WEB_SEARCH_KEY: &str = "web_search";
const WORKFLOW_TEMPLATES_KEY: &str = "workflow_templates";
const FOLLOW_UPS_KEY: &str = "follow_ups";
const SYNC_STATE_KEY: &str = "sync_state";
/// Each workflow run is a settings record under this prefix and its ID; the key range from the
/// prefix to the next key after it ('0' follows '/') reads them all.
const WORKFLOW_RUN_PREFIX: &str = "workflow_run/";
const WORKFLOW_RUN_END: &str = "workflow_run0";
const PROBE_KEY: &str = "write-probe";
const CITATIONS: &str = "citations";
pub(crate) const ASSISTANTS: &str = "assistants";
pub(crate) const MEMORIES: &str = "memories";
pub(crate) const KNOWLEDGE_BASES: &str = "knowledge_bases";
pub(crate) const DOCUMENTS: &str = "documents";
pub(crate) const CHUNKS: &str = "chunks";
pub(crate) const BY_BASE: &str = "by_base";
pub(crate) const BY_DOCUMENT: &str = "by_document";

#[derive(Debug, Clone)]
pub struct IdbStore {
    db: Database,
    /// Whether writes work: full storage, or closed for another tab's upgrade.
    health: std::rc::Rc<HealthWatch>,
}

/// Brings a database from `old_version` up to `new_version`, one version step at a time.
pub(crate) fn upgrade(
    db: &Database,
    old_version: u32,
    new_version: u32,
) -> indexed_db_futures::Result<()> {
    let keyed_by = |name: &str, key: &'static str| {
        db.create_object_store(name)
            .with_key_path(KeyPath::from(key))
            .build()
    };
    let index = |store: &ObjectStore<'_>, name: &str, key_path: &'static str| {
        store
            .create_index(name, KeyPath::from(key_path))
            .build()
            .map(drop)
    };
    if old_version < 1 && new_version >= 1 {
        keyed_by(CONVERSATIONS, "id")?;
        let messages = keyed_by(MESSAGES, "id")?;
        index(&messages, BY_CONVERSATION, "conversation_id")?;
        db.create_object_store(SETTINGS).build()?;
    }
    if old_version < 2 && new_version >= 2 {
        keyed_by(BLOBS, "id")?;
    }
    if old_version < 3 && new_version >= 3 {
        let summaries = db.create_object_store(SUMMARIES).build()?;
        index(&summaries, BY_CONVERSATION, "conversation_id")?;
    }
    if old_version < 4 && new_version >= 4 {
        let usage = keyed_by(USAGE, "id")?;
        index(&usage, BY_TIME, "at_ms")?;
    }
    if old_version < 5 && new_version >= 5 {
        let citations = keyed_by(CITATIONS, "message_id")?;
        index(&citations, BY_CONVERSATION, "conversation_id")?;
        keyed_by(ASSISTANTS, "id")?;
        keyed_by(MEMORIES, "id")?;
        keyed_by(KNOWLEDGE_BASES, "id")?;
        let documents = keyed_by(DOCUMENTS, "id")?;
        index(&documents, BY_BASE, "knowledge_base_id")?;
        let chunks = keyed_by(CHUNKS, "id")?;
        index(&chunks, BY_BASE, "knowledge_base_id")?;
        index(&chunks, BY_DOCUMENT, "document_id")?;
    }
    Ok(())
}

/// A record as IndexedDB stores it: plain objects, arrays, strings, numbers and `null` (the
/// shapes JSON has, so records written before this used `serde-wasm-bindgen` read the same).
/// An integer no JavaScript number holds exactly is refused rather than stored rounded (the
/// engine clamps the counts it takes from providers, `MAX_COUNT`).
pub(crate) fn to_js<T: Serialize>(value: &T) -> Result<JsValue, StoreError> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|e| StoreError::Other(e.to_string()))
}

pub(crate) fn from_js<T: DeserializeOwned>(value: &JsValue) -> Result<T, StoreError> {
    serde_wasm_bindgen::from_value(value.clone()).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// Decodes every record of a read. One unreadable record fails the read rather than being
/// dropped silently; it stays stored, untouched, for a later version to read.
pub(crate) fn from_js_records<T: DeserializeOwned>(
    records: impl IntoIterator<Item = JsValue>,
) -> Result<Vec<T>, StoreError> {
    records.into_iter().map(|item| from_js(&item)).collect()
}

/// The values of a `get_all` read.
pub(crate) fn collect_all(
    records: impl IntoIterator<Item = indexed_db_futures::Result<JsValue>>,
) -> Result<Vec<JsValue>, StoreError> {
    records
        .into_iter()
        .map(|r| r.map_err(|e| store_error(&e)))
        .collect()
}

impl IdbStore {
    /// Opens (creating or upgrading) the database called `name`.
    pub async fn open(name: &str) -> Result<Self, StoreError> {
        Self::open_watched(name, None).await
    }

    /// Opens the database like [`open`](Self::open), telling `on_health` whenever writing
    /// becomes possible or impossible (storage full, closed for another tab's upgrade, waiting
    /// for other tabs to let an upgrade through).
    pub async fn open_watched(
        name: &str,
        on_health: Option<HealthListener>,
    ) -> Result<Self, StoreError> {
        let health = HealthWatch::new(on_health);
        let on_blocked = {
            let health = health.clone();
            move || health.set(StorageHealth::WaitingForOtherTabs)
        };
        let db = idb::open_or_wait(name, SCHEMA_VERSION, upgrade, on_blocked).await?;
        health.set(StorageHealth::Writable);
        // A newer Skein in another tab wants to upgrade the schema: close this connection at
        // once (keeping it open would block the upgrade), say so now, and on every later use.
        let mut changes = db.version_changes().map_err(|e| store_error(&e))?;
        let (closing, watch) = (db.clone(), health.clone());
        wasm_bindgen_futures::spawn_local(async move {
            if changes.recv().await.is_some() {
                closing.close();
                watch.set(StorageHealth::ClosedForUpgrade);
            }
        });
        Ok(Self { db, health })
    }

    /// Whether another tab's schema upgrade closed this connection.
    pub fn closed_for_upgrade(&self) -> bool {
        self.health.get() == StorageHealth::ClosedForUpgrade
    }

    /// Whether writing works now, as far as the last write showed.
    pub fn health(&self) -> StorageHealth {
        self.health.get()
    }

    /// Tries a small write (and removes it), to learn whether space was freed since storage
    /// was full; the health listener hears the answer.
    pub async fn probe_write(&self) -> Result<(), StoreError> {
        let tx = self.transaction(&[SETTINGS], TransactionMode::Readwrite)?;
        let settings = Self::object_store(&tx, SETTINGS)?;
        let probe = JsValue::from_str(&"probe ".repeat(64));
        settings
            .put(probe)
            .with_key(PROBE_KEY)
            .primitive()
            .queued()?;
        settings.delete(PROBE_KEY).primitive().queued()?;
        self.commit(tx).await?;
        self.health.set(StorageHealth::Writable);
        Ok(())
    }

    /// Waits for a write transaction's end, noting whether storage turned out full.
    pub(crate) async fn commit(&self, tx: Transaction<'_>) -> Result<(), StoreError> {
        let outcome = idb::commit(tx).await;
        self.health.note_write(&outcome);
        outcome
    }

    /// Closes the connection (tests delete their databases afterwards).
    pub fn close(&self) {
        self.db.clone().close();
    }

    pub(crate) fn transaction(
        &self,
        stores: &[&str],
        mode: TransactionMode,
    ) -> Result<Transaction<'_>, StoreError> {
        if self.closed_for_upgrade() {
            return Err(StoreError::Unavailable(
                "Skein was updated in another tab and this tab's storage connection was closed \
                 for the update; reload this page to continue (nothing saved was lost)"
                    .into(),
            ));
        }
        self.db
            .transaction(stores)
            .with_mode(mode)
            .build()
            .map_err(|e| store_error(&e))
    }

    pub(crate) fn object_store<'a>(
        tx: &'a Transaction<'_>,
        name: &str,
    ) -> Result<ObjectStore<'a>, StoreError> {
        tx.object_store(name).map_err(|e| store_error(&e))
    }

    /// The record under `key` in `store`, if any.
    pub(crate) async fn get_record(
        &self,
        store: &str,
        key: &str,
    ) -> Result<Option<JsValue>, StoreError> {
        let tx = self.transaction(&[store], TransactionMode::Readonly)?;
        let object_store = Self::object_store(&tx, store)?;
        let request = object_store.get::<JsValue, _, _>(key);
        let value = request.primitive().result().await?;
        Ok(value.filter(|v| !v.is_undefined()))
    }

    /// Writes one record (under `key` for stores without a key path) in its own transaction.
    pub(crate) async fn put_record(
        &self,
        store: &str,
        value: &JsValue,
        key: Option<&str>,
    ) -> Result<(), StoreError> {
        let tx = self.transaction(&[store], TransactionMode::Readwrite)?;
        let object_store = Self::object_store(&tx, store)?;
        match key {
            Some(key) => object_store
                .put(value.clone())
                .with_key(key)
                .primitive()
                .queued()?,
            None => object_store.put(value.clone()).primitive().queued()?,
        }
        self.commit(tx).await
    }

    /// Every record of `store` whose `conversation_id` is `conversation_id`.
    async fn read_by_conversation<T: DeserializeOwned>(
        &self,
        store: &str,
        conversation_id: &str,
    ) -> Result<Vec<T>, StoreError> {
        from_js_records(
            self.read_by_index(store, BY_CONVERSATION, conversation_id)
                .await?,
        )
    }

    /// The raw records of `store` whose `index` key is `key`.
    pub(crate) async fn read_by_index(
        &self,
        store: &str,
        index: &str,
        key: &str,
    ) -> Result<Vec<JsValue>, StoreError> {
        let tx = self.transaction(&[store], TransactionMode::Readonly)?;
        let object_store = Self::object_store(&tx, store)?;
        let index = object_store.index(index).map_err(|e| store_error(&e))?;
        let records = index
            .get_all::<JsValue>()
            .with_query(key)
            .primitive()
            .result()
            .await?;
        collect_all(records)
    }

    /// Queues the deletion of every record of `store` whose `index` key is `key`, inside `tx`
    /// (the await is a request of that same transaction, so it stays open).
    pub(crate) async fn delete_by_index(
        tx: &Transaction<'_>,
        store: &str,
        index: &str,
        key: &str,
    ) -> Result<(), StoreError> {
        let object_store = Self::object_store(tx, store)?;
        let index = object_store.index(index).map_err(|e| store_error(&e))?;
        let keys = index
            .get_all_keys::<JsValue>()
            .with_query(key)
            .primitive()
            .result()
            .await?;
        for record_key in keys {
            let record_key = record_key.map_err(|e| store_error(&e))?;
            object_store.delete(record_key).primitive().queued()?;
        }
        Ok(())
    }

    pub(crate) async fn read_all(&self, store: &str) -> Result<Vec<JsValue>, StoreError> {
        let tx = self.transaction(&[store], TransactionMode::Readonly)?;
        let object_store = Self::object_store(&tx, store)?;
        let records = object_store
            .get_all::<JsValue>()
            .primitive()
            .result()
            .await?;
        collect_all(records)
    }
}

impl IdbStore {
    /// A record the user keeps beside the provider settings (personas, world books,
    /// dictionaries); none stored reads as empty.
    async fn library_record<T: DeserializeOwned + Default>(
        &self,
        key: &str,
    ) -> Result<T, StoreError> {
        Ok(self
            .get_record(SETTINGS, key)
            .await?
            .map(|value| from_js(&value))
            .transpose()?
            .unwrap_or_default())
    }
}

impl ChatStore for IdbStore {
    async fn list_conversations(&self) -> Result<Vec<Conversation>, StoreError> {
        let mut list: Vec<Conversation> = from_js_records(self.read_all(CONVERSATIONS).await?)?;
        sort_newest_first(&mut list);
        Ok(list)
    }

    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        self.get_record(CONVERSATIONS, id)
            .await?
            .map(|value| from_js(&value))
            .transpose()
    }

    async fn load_messages(&self, conversation_id: &str) -> Result<Vec<MessageNode>, StoreError> {
        let mut list: Vec<MessageNode> =
            self.read_by_conversation(MESSAGES, conversation_id).await?;
        sort_in_creation_order(&mut list);
        Ok(list)
    }

    async fn save_message(
        &self,
        conversation: &Conversation,
        message: &MessageNode,
    ) -> Result<(), StoreError> {
        // Serialise first: a record that cannot be encoded must not open a transaction at all.
        let whole = to_js(conversation)?;
        let message = to_js(message)?;
        let tx = self.transaction(&[CONVERSATIONS, MESSAGES], TransactionMode::Readwrite)?;
        Self::object_store(&tx, MESSAGES)?
            .put(message)
            .primitive()
            .queued()?;
        // Read and write the conversation in the same transaction (nothing but IndexedDB is
        // awaited in between), changing only what a message write owns.
        let conversations = Self::object_store(&tx, CONVERSATIONS)?;
        let existing = conversations
            .get::<JsValue, _, _>(conversation.id.as_str())
            .primitive()
            .result()
            .await?
            .filter(|v| !v.is_undefined());
        let record = match existing {
            None => whole,
            Some(existing) => {
                let mut stored: Conversation = from_js(&existing)?;
                touch_conversation(&mut stored, conversation);
                to_js(&stored)?
            }
        };
        conversations.put(record).primitive().queued()?;
        self.commit(tx).await
    }

    async fn save_streaming_snapshot(&self, message: &MessageNode) -> Result<bool, StoreError> {
        let record = to_js(message)?;
        let tx = self.transaction(&[MESSAGES], TransactionMode::Readwrite)?;
        let messages = Self::object_store(&tx, MESSAGES)?;
        // Read and write in one transaction: a finished answer stored meanwhile wins.
        let existing = messages
            .get::<JsValue, _, _>(message.id.as_str())
            .primitive()
            .result()
            .await?
            .filter(|v| !v.is_undefined());
        let still_streaming = existing.is_none_or(|existing| {
            js_sys::Reflect::get(&existing, &JsValue::from_str("status"))
                .ok()
                .and_then(|s| s.as_string())
                .is_some_and(|s| s == "streaming")
        });
        if !still_streaming {
            return Ok(false);
        }
        messages.put(record).primitive().queued()?;
        self.commit(tx).await?;
        Ok(true)
    }

    async fn import_conversations(
        &self,
        conversations: &[(Conversation, Vec<MessageNode>)],
    ) -> Result<(), StoreError> {
        // Serialise everything first: a record that cannot be encoded writes nothing.
        let mut records = Vec::new();
        for (conversation, messages) in conversations {
            let messages: Result<Vec<JsValue>, StoreError> = messages.iter().map(to_js).collect();
            records.push((to_js(conversation)?, messages?));
        }
        let tx = self.transaction(&[CONVERSATIONS, MESSAGES], TransactionMode::Readwrite)?;
        let conversation_store = Self::object_store(&tx, CONVERSATIONS)?;
        let message_store = Self::object_store(&tx, MESSAGES)?;
        for (conversation, messages) in records {
            // A failed request returns early: the transaction, dropped uncommitted, rolls back.
            conversation_store.put(conversation).primitive().queued()?;
            for message in messages {
                message_store.put(message).primitive().queued()?;
            }
        }
        self.commit(tx).await
    }

    async fn save_conversation(&self, conversation: &Conversation) -> Result<(), StoreError> {
        self.put_record(CONVERSATIONS, &to_js(conversation)?, None)
            .await
    }

    async fn delete_messages(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<(), StoreError> {
        let conversation = to_js(conversation)?;
        let tx = self.transaction(
            &[CONVERSATIONS, MESSAGES, CITATIONS],
            TransactionMode::Readwrite,
        )?;
        for store in [MESSAGES, CITATIONS] {
            let object_store = Self::object_store(&tx, store)?;
            for id in ids {
                object_store.delete(id.as_str()).primitive().queued()?;
            }
        }
        Self::object_store(&tx, CONVERSATIONS)?
            .put(conversation)
            .primitive()
            .queued()?;
        self.commit(tx).await
    }

    async fn delete_conversation(&self, conversation_id: &str) -> Result<(), StoreError> {
        let tx = self.transaction(
            &[CONVERSATIONS, MESSAGES, SUMMARIES, CITATIONS],
            TransactionMode::Readwrite,
        )?;
        Self::object_store(&tx, CONVERSATIONS)?
            .delete(conversation_id)
            .primitive()
            .queued()?;
        for store in [MESSAGES, SUMMARIES, CITATIONS] {
            Self::delete_by_index(&tx, store, BY_CONVERSATION, conversation_id).await?;
        }
        self.commit(tx).await
    }

    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError> {
        self.get_record(SETTINGS, PROVIDER_KEY)
            .await?
            .map(|value| from_js(&value))
            .transpose()
    }

    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(settings)?, Some(PROVIDER_KEY))
            .await
    }

    async fn load_personas(&self) -> Result<Personas, StoreError> {
        self.library_record(PERSONAS_KEY).await
    }

    async fn save_personas(&self, personas: &Personas) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(personas)?, Some(PERSONAS_KEY))
            .await
    }

    async fn load_world_books(&self) -> Result<WorldBooks, StoreError> {
        self.library_record(WORLD_BOOKS_KEY).await
    }

    async fn save_world_books(&self, books: &WorldBooks) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(books)?, Some(WORLD_BOOKS_KEY))
            .await
    }

    async fn load_dictionaries(&self) -> Result<Dictionaries, StoreError> {
        self.library_record(DICTIONARIES_KEY).await
    }

    async fn save_dictionaries(&self, dictionaries: &Dictionaries) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(dictionaries)?, Some(DICTIONARIES_KEY))
            .await
    }

    async fn load_mcp_servers(&self) -> Result<skein_engine::mcp::McpServers, StoreError> {
        self.library_record(MCP_SERVERS_KEY).await
    }

    async fn save_mcp_servers(
        &self,
        servers: &skein_engine::mcp::McpServers,
    ) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(servers)?, Some(MCP_SERVERS_KEY))
            .await
    }

    async fn load_web_search(
        &self,
    ) -> Result<skein_engine::tools::search_backends::WebSearchSettings, StoreError> {
        self.library_record(WEB_SEARCH_KEY).await
    }

    async fn save_web_search(
        &self,
        settings: &skein_engine::tools::search_backends::WebSearchSettings,
    ) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(settings)?, Some(WEB_SEARCH_KEY))
            .await
    }

    async fn load_sync_state(&self) -> Result<skein_engine::sync::SyncState, StoreError> {
        self.library_record(SYNC_STATE_KEY).await
    }

    async fn save_sync_state(
        &self,
        state: &skein_engine::sync::SyncState,
    ) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(state)?, Some(SYNC_STATE_KEY))
            .await
    }

    async fn load_follow_ups(
        &self,
    ) -> Result<skein_engine::domain::follow_up::FollowUps, StoreError> {
        self.library_record(FOLLOW_UPS_KEY).await
    }

    async fn save_follow_ups(
        &self,
        follow_ups: &skein_engine::domain::follow_up::FollowUps,
    ) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(follow_ups)?, Some(FOLLOW_UPS_KEY))
            .await
    }

    async fn load_workflow_templates(
        &self,
    ) -> Result<skein_engine::workflow::WorkflowTemplates, StoreError> {
        self.library_record(WORKFLOW_TEMPLATES_KEY).await
    }

    async fn save_workflow_templates(
        &self,
        templates: &skein_engine::workflow::WorkflowTemplates,
    ) -> Result<(), StoreError> {
        self.put_record(SETTINGS, &to_js(templates)?, Some(WORKFLOW_TEMPLATES_KEY))
            .await
    }

    async fn list_workflow_runs(
        &self,
    ) -> Result<Vec<skein_engine::workflow::WorkflowRun>, StoreError> {
        let tx = self.transaction(&[SETTINGS], TransactionMode::Readonly)?;
        let records = Self::object_store(&tx, SETTINGS)?
            .get_all::<JsValue>()
            .with_query(WORKFLOW_RUN_PREFIX..WORKFLOW_RUN_END)
            .primitive()
            .result()
            .await?;
        from_js_records(collect_all(records)?)
    }

    async fn save_workflow_run(
        &self,
        run: &skein_engine::workflow::WorkflowRun,
    ) -> Result<(), StoreError> {
        let key = format!("{WORKFLOW_RUN_PREFIX}{}", run.id);
        self.put_record(SETTINGS, &to_js(run)?, Some(&key)).await
    }

    async fn delete_workflow_run(&self, id: &str) -> Result<(), StoreError> {
        let tx = self.transaction(&[SETTINGS], TransactionMode::Readwrite)?;
        Self::object_store(&tx, SETTINGS)?
            .delete(format!("{WORKFLOW_RUN_PREFIX}{id}").as_str())
            .primitive()
            .queued()?;
        self.commit(tx).await
    }

    async fn save_blob(&self, blob: &Blob) -> Result<(), StoreError> {
        let record = js_sys::Object::new();
        let set = |key: &str, value: &JsValue| {
            js_sys::Reflect::set(&record, &JsValue::from_str(key), value)
                .map_err(|e| StoreError::Other(describe(&e)))
        };
        set("id", &JsValue::from_str(&blob.id))?;
        set("mime", &JsValue::from_str(&blob.mime))?;
        set("bytes", &js_sys::Uint8Array::from(blob.bytes.as_slice()))?;
        self.put_record(BLOBS, &record, None).await
    }

    async fn delete_blob(&self, id: &str) -> Result<(), StoreError> {
        self.write_records(BLOBS, &[], &[id]).await
    }

    async fn load_blob(&self, id: &str) -> Result<Option<Blob>, StoreError> {
        let Some(value) = self.get_record(BLOBS, id).await? else {
            return Ok(None);
        };
        let get = |key: &str| js_sys::Reflect::get(&value, &JsValue::from_str(key)).ok();
        let mime = get("mime").and_then(|m| m.as_string());
        let bytes = get("bytes").and_then(|b| b.dyn_into::<js_sys::Uint8Array>().ok());
        match (mime, bytes) {
            (Some(mime), Some(bytes)) => Ok(Some(Blob {
                id: id.to_owned(),
                mime,
                bytes: bytes.to_vec(),
            })),
            _ => Err(StoreError::Corrupt(format!(
                "blob {id} has no mime or bytes"
            ))),
        }
    }

    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError> {
        self.put_record(SUMMARIES, &to_js(summary)?, Some(&summary_key(summary)))
            .await
    }

    async fn delete_summaries(
        &self,
        summaries: &[RollingContextSummary],
    ) -> Result<(), StoreError> {
        let tx = self.transaction(&[SUMMARIES], TransactionMode::Readwrite)?;
        let object_store = Self::object_store(&tx, SUMMARIES)?;
        for summary in summaries {
            object_store
                .delete(summary_key(summary).as_str())
                .primitive()
                .queued()?;
        }
        self.commit(tx).await
    }

    async fn load_summaries(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<RollingContextSummary>, StoreError> {
        self.read_by_conversation(SUMMARIES, conversation_id).await
    }

    async fn save_citations(&self, citations: &MessageCitations) -> Result<(), StoreError> {
        if !citations.citations.is_empty() {
            return self.put_record(CITATIONS, &to_js(citations)?, None).await;
        }
        let tx = self.transaction(&[CITATIONS], TransactionMode::Readwrite)?;
        Self::object_store(&tx, CITATIONS)?
            .delete(citations.message_id.as_str())
            .primitive()
            .queued()?;
        self.commit(tx).await
    }

    async fn load_citations(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<MessageCitations>, StoreError> {
        self.read_by_conversation(CITATIONS, conversation_id).await
    }

    async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<skein_engine::store::search::SearchHit>, StoreError> {
        let Some(mut hits) = skein_engine::store::search::SearchHits::new(query, limit) else {
            return Ok(Vec::new());
        };
        // A cursor walks the messages one record at a time (every await is a request of this
        // one read transaction), so no search holds every message in memory at once.
        let tx = self.transaction(&[MESSAGES], TransactionMode::Readonly)?;
        let messages = Self::object_store(&tx, MESSAGES)?;
        let cursor = messages.open_cursor().primitive().result().await?;
        let Some(mut cursor) = cursor else {
            return Ok(Vec::new());
        };
        while let Some(value) = cursor
            .next_record::<JsValue>()
            .await
            .map_err(|e| store_error(&e))?
        {
            // A record this version cannot read is skipped by search, never altered.
            if let Ok(message) = from_js::<MessageNode>(&value) {
                hits.offer(&message);
            }
            if hits.is_full() {
                break;
            }
        }
        Ok(hits.into_hits())
    }

    async fn save_usage(
        &self,
        event: &skein_engine::domain::usage::UsageEvent,
    ) -> Result<(), StoreError> {
        self.put_record(USAGE, &to_js(event)?, None).await
    }

    async fn load_usage(
        &self,
        since_ms: f64,
    ) -> Result<Vec<skein_engine::domain::usage::UsageEvent>, StoreError> {
        let tx = self.transaction(&[USAGE], TransactionMode::Readonly)?;
        let usage = Self::object_store(&tx, USAGE)?;
        let by_time = usage.index(BY_TIME).map_err(|e| store_error(&e))?;
        let records = by_time
            .get_all::<JsValue>()
            .with_query(since_ms..)
            .primitive()
            .result()
            .await?;
        from_js_records(collect_all(records)?)
    }
}

#[cfg(test)]
#[path = "idb_migration_tests.rs"]
mod migration_tests;
