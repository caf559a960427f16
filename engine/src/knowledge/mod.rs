//! Knowledge bases: documents the user added, cut into chunks that retrieval ranks and answers
//! cite (seed 000 §5, §8).
//!
//! A [`KnowledgeBase`] holds [`KnowledgeDocument`]s; each document is stored with its
//! [`KnowledgeChunk`]s, and each chunk keeps where it came from (document, position, heading
//! path) so a citation can open it. A chunk's [`ChunkEmbedding`] names the embedding model and
//! dimension it was made with: vectors of different models are never compared, and a change of
//! model is detected ([`KnowledgeBase::stale_embeddings`]) so re-embedding can be offered.

pub mod bases;
pub(crate) mod chunking;
pub mod citations;
pub(crate) mod docx;
pub mod embedding_run;
mod entities;
pub mod index_cache;
pub mod ingest;
pub mod lexical;
pub mod memories;
pub(crate) mod memory_retrieval;
pub(crate) mod pdf;
pub(crate) mod provider_embedder;
pub mod ranking;
pub mod retrieval;
pub(crate) mod retriever;
pub mod store;
pub(crate) mod tools;
pub mod vectors;
pub(crate) mod zip;

// Types of this module's public surface that live in crate-private files.
pub use retriever::{KnowledgeRetriever, QueryEmbedder};

use serde::{Deserialize, Serialize};

/// The embedding model a knowledge base uses: the provider's model id and the vectors'
/// dimension (learned from the first answer).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EmbeddingModel {
    pub model: String,
    pub dimension: u32,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnowledgeBase {
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// `None` until an embedding model is chosen: lexical search only.
    #[serde(default)]
    pub embedding_model: Option<EmbeddingModel>,
    /// Target chunk size and overlap, in characters.
    pub chunk_size: u32,
    pub chunk_overlap: u32,
    pub created_at_ms: f64,
    pub updated_at_ms: f64,
}

impl KnowledgeBase {
    pub fn new(id: &str, name: &str, now_ms: f64) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            description: String::new(),
            embedding_model: None,
            chunk_size: 1_200,
            chunk_overlap: 150,
            created_at_ms: now_ms,
            updated_at_ms: now_ms,
        }
    }

    /// How many of `chunks` lack a vector of this base's current embedding model (none, or one
    /// made by another model or dimension): what re-embedding has to do.
    pub fn stale_embeddings(&self, chunks: &[KnowledgeChunk]) -> usize {
        let Some(model) = &self.embedding_model else {
            return 0;
        };
        chunks
            .iter()
            .filter(|chunk| !chunk.embedding.as_ref().is_some_and(|e| e.is_of(model)))
            .count()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnowledgeDocument {
    pub id: String,
    pub knowledge_base_id: String,
    /// The file name, or the title given to pasted text.
    pub name: String,
    pub mime: String,
    /// Size of the extracted text, in bytes.
    pub text_bytes: u64,
    pub chunk_count: u32,
    pub created_at_ms: f64,
}

/// A chunk's vector and the model that made it.
///
/// The vector is not part of the serialised (JSON) form: stores keep it compactly beside the
/// record (IndexedDB as `Float32Array` bytes), and backups leave it out (it can be recomputed).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ChunkEmbedding {
    pub model: String,
    pub dimension: u32,
    #[serde(skip)]
    pub vector: Vec<f32>,
}

impl ChunkEmbedding {
    /// Whether this vector was made by `model` and is complete.
    pub fn is_of(&self, model: &EmbeddingModel) -> bool {
        self.model == model.model
            && self.dimension == model.dimension
            && self.vector.len() == model.dimension as usize
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct KnowledgeChunk {
    pub id: String,
    pub knowledge_base_id: String,
    pub document_id: String,
    /// Order within its document, from 0.
    pub position: u32,
    /// The headings above this chunk, outermost first ("Guide › Install › Linux").
    #[serde(default)]
    pub heading_path: Vec<String>,
    pub text: String,
    #[serde(default)]
    pub embedding: Option<ChunkEmbedding>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn chunk(id: &str, embedding: Option<(&str, u32, usize)>) -> KnowledgeChunk {
        KnowledgeChunk {
            id: id.into(),
            knowledge_base_id: "kb".into(),
            document_id: "d".into(),
            position: 0,
            heading_path: Vec::new(),
            text: "text".into(),
            embedding: embedding.map(|(model, dimension, len)| ChunkEmbedding {
                model: model.into(),
                dimension,
                vector: vec![0.5; len],
            }),
        }
    }

    #[test]
    fn a_change_of_model_or_dimension_makes_vectors_stale_never_comparable() {
        let chunks = [
            chunk("current", Some(("small", 384, 384))),
            chunk("other-model", Some(("large", 384, 384))),
            chunk("other-dimension", Some(("small", 1536, 1536))),
            chunk("truncated", Some(("small", 384, 100))),
            chunk("none", None),
        ];
        let mut base = KnowledgeBase::new("kb", "Docs", 0.0);
        assert_eq!(base.stale_embeddings(&chunks), 0, "no model: words only");
        base.embedding_model = Some(EmbeddingModel {
            model: "small".into(),
            dimension: 384,
        });
        assert_eq!(base.stale_embeddings(&chunks), 4);
        base.embedding_model = Some(EmbeddingModel {
            model: "large".into(),
            dimension: 384,
        });
        assert_eq!(
            base.stale_embeddings(&chunks),
            4,
            "only other-model is of large"
        );
    }
}
