//! One knowledge search (seed 000 §5): the chunks of the bound bases ranked for a query, by
//! vectors, words or both, with the fallback said when embeddings cannot be used.
//!
//! Vectors are only compared with vectors of the same embedding model and dimension: chunks
//! embedded by another model (or not yet) take part by their words only.

use super::lexical::LexicalIndex;
use super::ranking::{dedup_and_cap, fuse, SearchMode};
use super::vectors::VectorIndex;
use super::{EmbeddingModel, KnowledgeChunk};
use crate::i18n::Cause;
use crate::prompt::notices;

/// The most chunks a request gets (seed 000 §5).
pub const MAX_CHUNKS: usize = 6;
/// How many candidates each ranking offers before fusion and dedup.
const CANDIDATES: usize = 30;

/// The query's embedding, as far as it could be had.
#[derive(Debug, Clone, PartialEq)]
pub enum QueryVector {
    /// Made by the base's embedding model.
    Ready(Vec<f32>),
    /// The base has no embedding model: words only, nothing to say.
    NotConfigured,
    /// The embeddings request failed: words only, and the user is told.
    Failed(String),
}

#[derive(Debug, Clone, PartialEq)]
pub struct SearchOutcome {
    /// Indexes into the chunks searched, best first, with their score.
    pub hits: Vec<(usize, f32)>,
    /// How they were ranked in the end.
    pub used: SearchMode,
    /// Why the wanted mode could not be used, in words for the user.
    pub notice: Option<Cause>,
}

/// The search structures of one base's chunks: the words of every chunk, and the vectors of
/// those embedded by the base's model. Built once per base and reused for every query until the
/// base changes (see [`super::index_cache`]).
#[derive(Debug)]
pub struct ChunkIndex {
    lexical: LexicalIndex,
    /// The vectors of the base's model, and which chunk each row is.
    vectors: Option<(VectorIndex, Vec<usize>)>,
}

impl ChunkIndex {
    /// Indexes `chunks`; their vectors only when `model` has a dimension.
    pub fn build(chunks: &[KnowledgeChunk], model: Option<&EmbeddingModel>) -> Self {
        Self {
            lexical: LexicalIndex::new(chunks.iter().map(|c| c.text.as_str())),
            vectors: model
                .filter(|m| m.dimension > 0)
                .map(|model| vector_index(chunks, model)),
        }
    }

    /// How many chunks have a vector of the model this index was built for.
    pub fn embedded(&self) -> usize {
        self.vectors.as_ref().map_or(0, |(index, _)| index.len())
    }
}

/// Ranks `chunks` for `query` in `mode` by their prebuilt `index` (made from the same chunks,
/// in the same order), at most `cap` of them, deduplicated.
pub fn search_indexed(
    chunks: &[KnowledgeChunk],
    index: &ChunkIndex,
    query: &str,
    vector: &QueryVector,
    mode: SearchMode,
    cap: usize,
) -> SearchOutcome {
    let lexical = || index.lexical.search(query, CANDIDATES);
    let words_only = |notice: Option<Cause>| SearchOutcome {
        hits: dedup_and_cap(&lexical(), |i| chunks[i].text.as_str(), cap),
        used: SearchMode::Lexical,
        notice,
    };
    if mode == SearchMode::Lexical {
        return words_only(None);
    }
    let query_vector = match vector {
        QueryVector::Ready(v) => v,
        QueryVector::NotConfigured => return words_only(None),
        QueryVector::Failed(why) => return words_only(Some(notices::knowledge_by_words(why))),
    };
    let Some((vectors, positions)) = index.vectors.as_ref() else {
        return words_only(None);
    };
    if vectors.is_empty() {
        return words_only(Some(notices::knowledge_not_embedded()));
    }
    let by_vector = match vectors.search(query_vector, CANDIDATES) {
        Ok(hits) => hits
            .into_iter()
            .map(|(at, score)| (positions[at], score))
            .collect::<Vec<_>>(),
        Err(err) => return words_only(Some(notices::knowledge_embedding_mismatch(&err))),
    };
    let ranked = match mode {
        SearchMode::Hybrid => fuse(&[&by_vector, &lexical()]),
        _ => by_vector,
    };
    SearchOutcome {
        hits: dedup_and_cap(&ranked, |i| chunks[i].text.as_str(), cap),
        used: mode,
        notice: None,
    }
}

/// The vectors of `chunks` made by `model`, and which chunk each is.
fn vector_index(chunks: &[KnowledgeChunk], model: &EmbeddingModel) -> (VectorIndex, Vec<usize>) {
    let mut index = VectorIndex::new(model.dimension as usize);
    let mut positions = Vec::new();
    for (at, chunk) in chunks.iter().enumerate() {
        let Some(embedding) = chunk.embedding.as_ref().filter(|e| e.is_of(model)) else {
            continue;
        };
        // A stored vector with a bad number is left out, not fatal.
        if index.push(&embedding.vector).is_ok() {
            positions.push(at);
        }
    }
    (index, positions)
}

#[cfg(test)]
#[path = "retrieval_tests.rs"]
mod tests;
