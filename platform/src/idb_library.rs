//! [`LibraryStore`] in IndexedDB: assistants, memories and knowledge bases (schema version 5).
//!
//! A chunk's (or memory's) vector is kept as a `Float32Array` inside its record (`embedding.vector`):
//! four bytes a dimension, stored and read without any text encoding, with the embedding
//! model's id and dimension beside it.

use crate::idb::Request;
use crate::idb_store::{
    collect_all, from_js, from_js_records, to_js, IdbStore, ASSISTANTS, BY_BASE, BY_DOCUMENT,
    CHUNKS, DOCUMENTS, KNOWLEDGE_BASES, MEMORIES,
};
use crate::js_error::describe;
use indexed_db_futures::prelude::*;
use indexed_db_futures::transaction::TransactionMode;
use skein_engine::knowledge::memories::{Memory, MemoryScope};
use skein_engine::knowledge::store::{sort_by_creation, sort_chunks, LibraryStore};
use skein_engine::knowledge::{ChunkEmbedding, KnowledgeBase, KnowledgeChunk, KnowledgeDocument};
use skein_engine::{Assistant, StoreError};
use wasm_bindgen::{JsCast, JsValue};

const EMBEDDING: &str = "embedding";
const VECTOR: &str = "vector";

fn property(target: &JsValue, key: &str) -> Option<JsValue> {
    js_sys::Reflect::get(target, &JsValue::from_str(key))
        .ok()
        .filter(|value| !value.is_undefined() && !value.is_null())
}

/// A record whose `embedding` may carry a vector: a chunk or a memory.
trait WithVector: serde::Serialize + serde::de::DeserializeOwned {
    fn embedding(&mut self) -> Option<&mut ChunkEmbedding>;
    fn id(&self) -> &str;
}

impl WithVector for KnowledgeChunk {
    fn embedding(&mut self) -> Option<&mut ChunkEmbedding> {
        self.embedding.as_mut()
    }
    fn id(&self) -> &str {
        &self.id
    }
}

impl WithVector for Memory {
    fn embedding(&mut self) -> Option<&mut ChunkEmbedding> {
        self.embedding.as_mut()
    }
    fn id(&self) -> &str {
        &self.id
    }
}

/// The value as a record, its vector as a `Float32Array`.
fn vector_record<T: WithVector + Clone>(value: &T) -> Result<JsValue, StoreError> {
    let record = to_js(value)?;
    let mut value = value.clone();
    if let (Some(embedding), Some(stored)) = (value.embedding(), property(&record, EMBEDDING)) {
        let vector = js_sys::Float32Array::from(embedding.vector.as_slice());
        js_sys::Reflect::set(&stored, &JsValue::from_str(VECTOR), &vector)
            .map_err(|e| StoreError::Other(describe(&e)))?;
    }
    Ok(record)
}

/// A value from its record. The vector is taken off the record before the rest is decoded, so
/// it never goes through text.
fn from_vector_record<T: WithVector>(record: &JsValue) -> Result<T, StoreError> {
    let embedding = property(record, EMBEDDING);
    let vector = embedding.as_ref().and_then(|e| property(e, VECTOR));
    if let (Some(embedding), Some(_)) = (&embedding, &vector) {
        js_sys::Reflect::delete_property(
            embedding.unchecked_ref::<js_sys::Object>(),
            &JsValue::from_str(VECTOR),
        )
        .map_err(|e| StoreError::Corrupt(describe(&e)))?;
    }
    let mut value: T = from_js(record)?;
    if let Some(vector) = vector {
        let id = value.id().to_owned();
        if let Some(stored) = value.embedding() {
            let vector = vector
                .dyn_into::<js_sys::Float32Array>()
                .map_err(|_| StoreError::Corrupt(format!("{id}: vector is not a Float32Array")))?;
            stored.vector = vector.to_vec();
        }
    }
    Ok(value)
}

impl IdbStore {
    /// Writes or deletes records of one store in one transaction.
    pub(crate) async fn write_records(
        &self,
        store: &str,
        puts: &[JsValue],
        deletes: &[&str],
    ) -> Result<(), StoreError> {
        let tx = self.transaction(&[store], TransactionMode::Readwrite)?;
        let object_store = Self::object_store(&tx, store)?;
        for record in puts {
            object_store.put(record.clone()).primitive().queued()?;
        }
        for key in deletes {
            object_store.delete(*key).primitive().queued()?;
        }
        self.commit(tx).await
    }
}

impl LibraryStore for IdbStore {
    async fn list_assistants(&self) -> Result<Vec<Assistant>, StoreError> {
        // The store's key order is the ID order.
        from_js_records(self.read_all(ASSISTANTS).await?)
    }

    async fn save_assistant(&self, assistant: &Assistant) -> Result<(), StoreError> {
        self.write_records(ASSISTANTS, &[to_js(assistant)?], &[])
            .await
    }

    async fn delete_assistant(&self, id: &str) -> Result<(), StoreError> {
        let tx = self.transaction(&[ASSISTANTS, MEMORIES], TransactionMode::Readwrite)?;
        Self::object_store(&tx, ASSISTANTS)?
            .delete(id)
            .primitive()
            .queued()?;
        let memories = Self::object_store(&tx, MEMORIES)?;
        let all = memories.get_all::<JsValue>().primitive().result().await?;
        let all: Vec<Memory> = from_js_records(collect_all(all)?)?;
        let own = MemoryScope::Assistant(id.to_owned());
        for memory in all.iter().filter(|m| m.scope == own) {
            memories.delete(memory.id.as_str()).primitive().queued()?;
        }
        self.commit(tx).await
    }

    async fn list_memories(&self) -> Result<Vec<Memory>, StoreError> {
        let records = self.read_all(MEMORIES).await?;
        let mut list = records
            .iter()
            .map(from_vector_record::<Memory>)
            .collect::<Result<Vec<_>, _>>()?;
        sort_by_creation(&mut list, |m| (m.created_at_ms, &m.id));
        Ok(list)
    }

    async fn save_memory(&self, memory: &Memory) -> Result<(), StoreError> {
        self.write_records(MEMORIES, &[vector_record(memory)?], &[])
            .await
    }

    async fn delete_memory(&self, id: &str) -> Result<(), StoreError> {
        self.write_records(MEMORIES, &[], &[id]).await
    }

    async fn list_knowledge_bases(&self) -> Result<Vec<KnowledgeBase>, StoreError> {
        let mut list: Vec<KnowledgeBase> = from_js_records(self.read_all(KNOWLEDGE_BASES).await?)?;
        sort_by_creation(&mut list, |b| (b.created_at_ms, &b.id));
        Ok(list)
    }

    async fn save_knowledge_base(&self, base: &KnowledgeBase) -> Result<(), StoreError> {
        self.write_records(KNOWLEDGE_BASES, &[to_js(base)?], &[])
            .await
    }

    async fn delete_knowledge_base(&self, id: &str) -> Result<(), StoreError> {
        let tx = self.transaction(
            &[KNOWLEDGE_BASES, DOCUMENTS, CHUNKS],
            TransactionMode::Readwrite,
        )?;
        Self::object_store(&tx, KNOWLEDGE_BASES)?
            .delete(id)
            .primitive()
            .queued()?;
        for store in [DOCUMENTS, CHUNKS] {
            Self::delete_by_index(&tx, store, BY_BASE, id).await?;
        }
        self.commit(tx).await
    }

    async fn list_documents(&self, base_id: &str) -> Result<Vec<KnowledgeDocument>, StoreError> {
        let mut list: Vec<KnowledgeDocument> =
            from_js_records(self.read_by_index(DOCUMENTS, BY_BASE, base_id).await?)?;
        sort_by_creation(&mut list, |d| (d.created_at_ms, &d.id));
        Ok(list)
    }

    async fn save_document(
        &self,
        document: &KnowledgeDocument,
        chunks: &[KnowledgeChunk],
    ) -> Result<(), StoreError> {
        // Encode everything first: a record that cannot be encoded opens no transaction.
        let record = to_js(document)?;
        let chunk_records = chunks
            .iter()
            .map(vector_record)
            .collect::<Result<Vec<_>, _>>()?;
        let tx = self.transaction(&[DOCUMENTS, CHUNKS], TransactionMode::Readwrite)?;
        Self::object_store(&tx, DOCUMENTS)?
            .put(record)
            .primitive()
            .queued()?;
        Self::delete_by_index(&tx, CHUNKS, BY_DOCUMENT, &document.id).await?;
        let chunk_store = Self::object_store(&tx, CHUNKS)?;
        for chunk in chunk_records {
            // A failed request returns early: the transaction, dropped uncommitted, rolls back.
            chunk_store.put(chunk).primitive().queued()?;
        }
        self.commit(tx).await
    }

    async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        let tx = self.transaction(&[DOCUMENTS, CHUNKS], TransactionMode::Readwrite)?;
        Self::object_store(&tx, DOCUMENTS)?
            .delete(id)
            .primitive()
            .queued()?;
        Self::delete_by_index(&tx, CHUNKS, BY_DOCUMENT, id).await?;
        self.commit(tx).await
    }

    async fn load_chunks(&self, base_id: &str) -> Result<Vec<KnowledgeChunk>, StoreError> {
        let records = self.read_by_index(CHUNKS, BY_BASE, base_id).await?;
        let mut chunks = records
            .iter()
            .map(from_vector_record)
            .collect::<Result<Vec<_>, _>>()?;
        sort_chunks(&mut chunks);
        Ok(chunks)
    }

    async fn save_chunk_embeddings(&self, chunks: &[KnowledgeChunk]) -> Result<usize, StoreError> {
        let records = chunks
            .iter()
            .map(vector_record)
            .collect::<Result<Vec<_>, _>>()?;
        let tx = self.transaction(&[CHUNKS], TransactionMode::Readwrite)?;
        let chunk_store = Self::object_store(&tx, CHUNKS)?;
        // Count first, then write only what is still stored (a key-only read per chunk, all
        // requests of this one transaction).
        let mut written = 0;
        for (chunk, record) in chunks.iter().zip(records) {
            let stored = chunk_store
                .count()
                .with_query(chunk.id.as_str())
                .primitive()
                .result()
                .await?;
            if stored == 1 {
                chunk_store.put(record).primitive().queued()?;
                written += 1;
            }
        }
        self.commit(tx).await?;
        Ok(written)
    }
}
