//! The persistence boundary of what outlives one conversation: assistants, memories and
//! knowledge bases. The platform implements [`LibraryStore`] with IndexedDB; the engine's
//! [`MemoryStore`](crate::MemoryStore) keeps it in memory. Every multi-record change (a
//! document with its chunks, a knowledge base with everything in it) is all or nothing.

use super::{KnowledgeBase, KnowledgeChunk, KnowledgeDocument};
use crate::domain::assistant::Assistant;
use crate::knowledge::memories::Memory;
use crate::store::StoreError;

/// The order [`LibraryStore::load_chunks`] returns: by document, then position.
pub fn sort_chunks(chunks: &mut [KnowledgeChunk]) {
    chunks.sort_by(|a, b| {
        (a.document_id.as_str(), a.position).cmp(&(b.document_id.as_str(), b.position))
    });
}

/// The order of listed records with a creation time: oldest first, ties by ID.
pub fn sort_by_creation<T>(items: &mut [T], key: impl Fn(&T) -> (f64, &str)) {
    items.sort_by(|a, b| {
        let (at_a, id_a) = key(a);
        let (at_b, id_b) = key(b);
        at_a.total_cmp(&at_b).then_with(|| id_a.cmp(id_b))
    });
}

pub trait LibraryStore {
    /// Every assistant, by ID.
    async fn list_assistants(&self) -> Result<Vec<Assistant>, StoreError>;
    async fn save_assistant(&self, assistant: &Assistant) -> Result<(), StoreError>;
    /// Deletes an assistant and the memories only it could see, atomically.
    async fn delete_assistant(&self, id: &str) -> Result<(), StoreError>;

    /// Every memory of every scope, oldest first.
    async fn list_memories(&self) -> Result<Vec<Memory>, StoreError>;
    async fn save_memory(&self, memory: &Memory) -> Result<(), StoreError>;
    async fn delete_memory(&self, id: &str) -> Result<(), StoreError>;

    /// Every knowledge base, oldest first.
    async fn list_knowledge_bases(&self) -> Result<Vec<KnowledgeBase>, StoreError>;
    async fn save_knowledge_base(&self, base: &KnowledgeBase) -> Result<(), StoreError>;
    /// Deletes a knowledge base with all its documents and chunks, atomically.
    async fn delete_knowledge_base(&self, id: &str) -> Result<(), StoreError>;
    /// The documents of one knowledge base, oldest first.
    async fn list_documents(&self, base_id: &str) -> Result<Vec<KnowledgeDocument>, StoreError>;
    /// Stores a document with its chunks, replacing any chunks it had, atomically.
    async fn save_document(
        &self,
        document: &KnowledgeDocument,
        chunks: &[KnowledgeChunk],
    ) -> Result<(), StoreError>;
    /// Deletes a document with its chunks (and their vectors), atomically.
    async fn delete_document(&self, id: &str) -> Result<(), StoreError>;
    /// Every chunk of one knowledge base, with its vector, by document and position.
    async fn load_chunks(&self, base_id: &str) -> Result<Vec<KnowledgeChunk>, StoreError>;
    /// Writes the embeddings of chunks already stored (one batch of an embedding run), in one
    /// transaction. A chunk no longer stored (its document was deleted meanwhile) is skipped,
    /// never brought back. Returns how many were written.
    async fn save_chunk_embeddings(&self, chunks: &[KnowledgeChunk]) -> Result<usize, StoreError>;
}

/// A shared store is a store (tools and the chat service can hold the same one).
impl<T: LibraryStore + ?Sized> LibraryStore for std::rc::Rc<T> {
    async fn list_assistants(&self) -> Result<Vec<Assistant>, StoreError> {
        (**self).list_assistants().await
    }
    async fn save_assistant(&self, assistant: &Assistant) -> Result<(), StoreError> {
        (**self).save_assistant(assistant).await
    }
    async fn delete_assistant(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_assistant(id).await
    }
    async fn list_memories(&self) -> Result<Vec<Memory>, StoreError> {
        (**self).list_memories().await
    }
    async fn save_memory(&self, memory: &Memory) -> Result<(), StoreError> {
        (**self).save_memory(memory).await
    }
    async fn delete_memory(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_memory(id).await
    }
    async fn list_knowledge_bases(&self) -> Result<Vec<KnowledgeBase>, StoreError> {
        (**self).list_knowledge_bases().await
    }
    async fn save_knowledge_base(&self, base: &KnowledgeBase) -> Result<(), StoreError> {
        (**self).save_knowledge_base(base).await
    }
    async fn delete_knowledge_base(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_knowledge_base(id).await
    }
    async fn list_documents(&self, base_id: &str) -> Result<Vec<KnowledgeDocument>, StoreError> {
        (**self).list_documents(base_id).await
    }
    async fn save_document(
        &self,
        document: &KnowledgeDocument,
        chunks: &[KnowledgeChunk],
    ) -> Result<(), StoreError> {
        (**self).save_document(document, chunks).await
    }
    async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_document(id).await
    }
    async fn load_chunks(&self, base_id: &str) -> Result<Vec<KnowledgeChunk>, StoreError> {
        (**self).load_chunks(base_id).await
    }
    async fn save_chunk_embeddings(&self, chunks: &[KnowledgeChunk]) -> Result<usize, StoreError> {
        (**self).save_chunk_embeddings(chunks).await
    }
}
