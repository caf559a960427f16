//! Each knowledge base's chunks and search index, kept in memory between questions.
//!
//! Reading every chunk of a large base from storage and indexing its words and vectors takes far
//! longer than searching it (100,000 chunks: seconds against milliseconds), so a base is read
//! and indexed once and reused until it changes.
//!
//! The rules:
//! - An entry is valid while the base's record and its list of documents are what they were
//!   when it was built. Both are read for every question (a few small records), so a document
//!   added or deleted, a new embedding model or a deleted base is seen whoever wrote it: this
//!   tab, another tab, a restored backup.
//! - New vectors change neither: whoever writes them forgets the base
//!   ([`KnowledgeIndexCache::forget_all`]); the service does after each batch of an embedding
//!   run, and the app when another tab says it embedded.
//! - The cached chunks keep their text, not their vectors: those live once, in the index.

use super::retrieval::ChunkIndex;
use super::store::LibraryStore;
use super::{KnowledgeBase, KnowledgeChunk, KnowledgeDocument};
use crate::store::StoreError;
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// One base read and indexed.
#[derive(Debug)]
pub struct IndexedBase {
    /// Every chunk, by document and position, without its vector.
    pub chunks: Vec<KnowledgeChunk>,
    pub documents: Vec<KnowledgeDocument>,
    pub index: ChunkIndex,
}

#[derive(Debug)]
struct Entry {
    base: KnowledgeBase,
    indexed: Rc<IndexedBase>,
}

/// The indexed bases of this page, by base id.
#[derive(Debug, Default)]
pub struct KnowledgeIndexCache {
    entries: RefCell<HashMap<String, Entry>>,
}

impl KnowledgeIndexCache {
    /// `base` read and indexed: from memory while it is unchanged, else from `store`.
    pub async fn indexed(
        &self,
        store: &impl LibraryStore,
        base: &KnowledgeBase,
    ) -> Result<Rc<IndexedBase>, StoreError> {
        let documents = store.list_documents(&base.id).await?;
        if let Some(entry) = self.entries.borrow().get(&base.id) {
            if entry.base == *base && entry.indexed.documents == documents {
                return Ok(entry.indexed.clone());
            }
        }
        let mut chunks = store.load_chunks(&base.id).await?;
        let model = base.embedding_model.as_ref();
        let index = ChunkIndex::build(&chunks, model);
        for chunk in &mut chunks {
            if let Some(embedding) = &mut chunk.embedding {
                embedding.vector = Vec::new();
            }
        }
        let indexed = Rc::new(IndexedBase {
            chunks,
            documents,
            index,
        });
        self.entries.borrow_mut().insert(
            base.id.clone(),
            Entry {
                base: base.clone(),
                indexed: indexed.clone(),
            },
        );
        Ok(indexed)
    }

    /// Forgets every base: the next question reads them again (after vectors were written).
    pub fn forget_all(&self) {
        self.entries.borrow_mut().clear();
    }

    /// How many bases are held.
    pub fn len(&self) -> usize {
        self.entries.borrow().len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.borrow().is_empty()
    }
}

#[cfg(test)]
#[path = "index_cache_tests.rs"]
mod tests;
