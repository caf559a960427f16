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

/// Implements [`LibraryStore`] for a type by handing every call to `$inner`, an expression of
/// `$s` (the `self` of each method): a shared store, or a wrapper that changes only the chat side.
#[macro_export]
#[doc(hidden)]
macro_rules! delegate_library_store {
    (impl [$($generics:tt)*] for $ty:ty, |$s:ident| $inner:expr) => {
        impl<$($generics)*> $crate::knowledge::store::LibraryStore for $ty {
            async fn list_assistants(&$s) -> Result<Vec<$crate::Assistant>, $crate::StoreError> {
                $inner.list_assistants().await
            }
            async fn save_assistant(&$s, assistant: &$crate::Assistant) -> Result<(), $crate::StoreError> {
                $inner.save_assistant(assistant).await
            }
            async fn delete_assistant(&$s, id: &str) -> Result<(), $crate::StoreError> {
                $inner.delete_assistant(id).await
            }
            async fn list_memories(&$s) -> Result<Vec<$crate::knowledge::memories::Memory>, $crate::StoreError> {
                $inner.list_memories().await
            }
            async fn save_memory(&$s, memory: &$crate::knowledge::memories::Memory) -> Result<(), $crate::StoreError> {
                $inner.save_memory(memory).await
            }
            async fn delete_memory(&$s, id: &str) -> Result<(), $crate::StoreError> {
                $inner.delete_memory(id).await
            }
            async fn list_knowledge_bases(&$s) -> Result<Vec<$crate::knowledge::KnowledgeBase>, $crate::StoreError> {
                $inner.list_knowledge_bases().await
            }
            async fn save_knowledge_base(&$s, base: &$crate::knowledge::KnowledgeBase) -> Result<(), $crate::StoreError> {
                $inner.save_knowledge_base(base).await
            }
            async fn delete_knowledge_base(&$s, id: &str) -> Result<(), $crate::StoreError> {
                $inner.delete_knowledge_base(id).await
            }
            async fn list_documents(&$s, base_id: &str) -> Result<Vec<$crate::knowledge::KnowledgeDocument>, $crate::StoreError> {
                $inner.list_documents(base_id).await
            }
            async fn save_document(
                &$s,
                document: &$crate::knowledge::KnowledgeDocument,
                chunks: &[$crate::knowledge::KnowledgeChunk],
            ) -> Result<(), $crate::StoreError> {
                $inner.save_document(document, chunks).await
            }
            async fn delete_document(&$s, id: &str) -> Result<(), $crate::StoreError> {
                $inner.delete_document(id).await
            }
            async fn load_chunks(&$s, base_id: &str) -> Result<Vec<$crate::knowledge::KnowledgeChunk>, $crate::StoreError> {
                $inner.load_chunks(base_id).await
            }
            async fn save_chunk_embeddings(&$s, chunks: &[$crate::knowledge::KnowledgeChunk]) -> Result<usize, $crate::StoreError> {
                $inner.save_chunk_embeddings(chunks).await
            }
        }
    };
}

// A shared store is a store (tools and the chat service can hold the same one).
crate::delegate_library_store!(impl [T: LibraryStore + ?Sized] for std::rc::Rc<T>, |self| (**self));
