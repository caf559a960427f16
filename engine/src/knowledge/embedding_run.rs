//! The embedding run: every chunk of every base that lacks a vector of its base's model is
//! embedded, in batches, each batch stored as it arrives (a page closed mid-run resumes at the
//! next start with what is still missing).
//!
//! The rules:
//! - A chunk needs embedding when it has no vector of the base's model and dimension, or when
//!   the base does not know its model's dimension yet (0).
//! - The first answer tells the dimension. A different one later means another model answered
//!   (the provider changed what the name points to): the base takes the new dimension, and its
//!   chunks of the old one count as not embedded (searched by their words meanwhile, embedded
//!   by the next run), never mixed with the new ones in one search.
//! - A failed batch stops the run: the base is searched by its words until embeddings work.
//! - One run at a time ([`RunGate`]): asking for a run during one makes it look once more when
//!   it ends, so chunks added meanwhile are embedded now, not at the next start.

use super::retriever::QueryEmbedder;
use super::store::LibraryStore;
use super::{ChunkEmbedding, EmbeddingModel, KnowledgeChunk};
use crate::store::StoreError;
use std::cell::Cell;
use thiserror::Error;

/// Chunks embedded per request (and stored per transaction).
pub const BATCH: usize = 32;

/// Where a run is, for the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct EmbeddingProgress {
    pub base_name: String,
    pub done: usize,
    pub total: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum EmbeddingRunError {
    #[error(
        "Embeddings for {base} failed ({error}); it is searched by its words until they work."
    )]
    Embeddings { base: String, error: String },
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl crate::i18n::Explain for EmbeddingRunError {
    fn phrase(&self) -> crate::i18n::Phrase {
        match self {
            Self::Embeddings { base, error } => crate::i18n::phrase("error-embeddings-failed")
                .with("base", base)
                .with("error", error),
            Self::Store(err) => err.phrase(),
        }
    }
}

/// The chunks of `chunks` that need a vector of `model`.
pub fn chunks_to_embed(chunks: Vec<KnowledgeChunk>, model: &EmbeddingModel) -> Vec<KnowledgeChunk> {
    chunks
        .into_iter()
        .filter(|c| model.dimension == 0 || !c.embedding.as_ref().is_some_and(|e| e.is_of(model)))
        .collect()
}

/// `batch` with `vectors` attached (in order) as vectors of `model`.
pub fn with_vectors(
    batch: &[KnowledgeChunk],
    vectors: Vec<Vec<f32>>,
    model: &EmbeddingModel,
) -> Vec<KnowledgeChunk> {
    batch
        .iter()
        .cloned()
        .zip(vectors)
        .map(|(mut chunk, vector)| {
            chunk.embedding = Some(ChunkEmbedding {
                model: model.model.clone(),
                dimension: model.dimension,
                vector,
            });
            chunk
        })
        .collect()
}

/// Embeds what is missing in every base with an embedding model, telling `progress` before
/// each batch.
pub async fn embed_pending(
    store: &impl LibraryStore,
    embedder: &dyn QueryEmbedder,
    progress: &dyn Fn(EmbeddingProgress),
) -> Result<(), EmbeddingRunError> {
    for mut base in store.list_knowledge_bases().await? {
        let Some(mut model) = base.embedding_model.clone() else {
            continue;
        };
        let pending = chunks_to_embed(store.load_chunks(&base.id).await?, &model);
        let total = pending.len();
        for (at, batch) in pending.chunks(BATCH).enumerate() {
            progress(EmbeddingProgress {
                base_name: base.name.clone(),
                done: at * BATCH,
                total,
            });
            let texts: Vec<String> = batch.iter().map(|c| c.text.clone()).collect();
            let vectors = embedder
                .embed_texts(&model.model, &texts)
                .await
                .map_err(|err| EmbeddingRunError::Embeddings {
                    base: base.name.clone(),
                    error: err.0,
                })?;
            let dimension = u32::try_from(vectors.first().map_or(0, Vec::len)).unwrap_or(0);
            if model.dimension != dimension {
                model.dimension = dimension;
                base.embedding_model = Some(model.clone());
                store.save_knowledge_base(&base).await?;
            }
            store
                .save_chunk_embeddings(&with_vectors(batch, vectors, &model))
                .await?;
        }
    }
    Ok(())
}

/// One run at a time; a request during a run makes it go once more.
#[derive(Debug, Default)]
pub struct RunGate(Cell<Gate>);

#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Gate {
    #[default]
    Idle,
    Running,
    /// Running, and asked to look again when done.
    Again,
}

impl RunGate {
    /// `true` when the caller should run now; `false` when a run is going (it will look again).
    pub fn enter(&self) -> bool {
        let idle = self.0.get() == Gate::Idle;
        self.0.set(if idle { Gate::Running } else { Gate::Again });
        idle
    }

    /// Called when a pass ends: `true` when the caller should run another pass.
    pub fn pass_done(&self) -> bool {
        let again = self.0.get() == Gate::Again;
        self.0.set(if again { Gate::Running } else { Gate::Idle });
        again
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::{KnowledgeBase, KnowledgeDocument};
    use crate::prompt::hooks::{HookError, HookFuture};
    use crate::MemoryStore;
    use futures_executor::block_on;
    use std::cell::RefCell;

    /// Test fixture: answers each text with a vector of `dimension` numbers (the text's length
    /// first), or fails.
    struct FixedEmbedder {
        dimension: Cell<usize>,
        fail: Cell<bool>,
        calls: RefCell<Vec<usize>>,
    }

    impl FixedEmbedder {
        fn new(dimension: usize) -> Self {
            Self {
                dimension: Cell::new(dimension),
                fail: Cell::new(false),
                calls: RefCell::default(),
            }
        }
    }

    impl QueryEmbedder for FixedEmbedder {
        fn embed_query<'a>(&'a self, _: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>> {
            let mut vector = vec![0.5; self.dimension.get()];
            vector[0] = text.len() as f32;
            Box::pin(async move { Ok(vector) })
        }

        fn embed_texts<'a>(&'a self, m: &'a str, t: &'a [String]) -> HookFuture<'a, Vec<Vec<f32>>> {
            self.calls.borrow_mut().push(t.len());
            if self.fail.get() {
                return Box::pin(async { Err(HookError("HTTP 500".into())) });
            }
            Box::pin(async move {
                let mut out = Vec::new();
                for text in t {
                    out.push(self.embed_query(m, text).await?);
                }
                Ok(out)
            })
        }
    }

    /// The one document of the test base, with `chunks` chunks.
    fn document(chunks: usize) -> KnowledgeDocument {
        KnowledgeDocument {
            id: "doc".into(),
            knowledge_base_id: "kb".into(),
            name: "guide.md".into(),
            mime: "text/markdown".into(),
            created_at_ms: 1.0,
            chunk_count: u32::try_from(chunks).unwrap(),
            text_bytes: 0,
        }
    }

    fn base_with_chunks(store: &MemoryStore, chunks: usize, model: Option<EmbeddingModel>) {
        let base = KnowledgeBase {
            embedding_model: model,
            ..KnowledgeBase::new("kb", "Handbook", 1.0)
        };
        block_on(store.save_knowledge_base(&base)).unwrap();
        let document = document(chunks);
        let chunks: Vec<KnowledgeChunk> = (0..chunks)
            .map(|i| KnowledgeChunk {
                id: format!("c{i:03}"),
                knowledge_base_id: "kb".into(),
                document_id: "doc".into(),
                position: u32::try_from(i).unwrap(),
                heading_path: Vec::new(),
                text: "x".repeat(i + 1),
                embedding: None,
            })
            .collect();
        block_on(store.save_document(&document, &chunks)).unwrap();
    }

    fn model(dimension: u32) -> EmbeddingModel {
        EmbeddingModel {
            model: "embed-small".into(),
            dimension,
        }
    }

    fn embedded(store: &MemoryStore) -> usize {
        let base = block_on(store.list_knowledge_bases()).unwrap().remove(0);
        let model = base.embedding_model.unwrap();
        let chunks = block_on(store.load_chunks("kb")).unwrap();
        chunks
            .iter()
            .filter(|c| c.embedding.as_ref().is_some_and(|e| e.is_of(&model)))
            .count()
    }

    #[test]
    fn missing_vectors_are_embedded_in_batches_with_progress_and_the_dimension_learnt() {
        let store = MemoryStore::new();
        base_with_chunks(&store, 70, Some(model(0)));
        let embedder = FixedEmbedder::new(4);
        let seen = RefCell::new(Vec::new());
        let progress = |p: EmbeddingProgress| seen.borrow_mut().push((p.done, p.total));
        block_on(embed_pending(&store, &embedder, &progress)).unwrap();
        assert_eq!(*embedder.calls.borrow(), [32, 32, 6]);
        assert_eq!(*seen.borrow(), [(0, 70), (32, 70), (64, 70)]);
        let base = block_on(store.list_knowledge_bases()).unwrap().remove(0);
        assert_eq!(
            base.embedding_model,
            Some(model(4)),
            "the first answer told the dimension"
        );
        assert_eq!(embedded(&store), 70);
        // A second run finds nothing to do.
        block_on(embed_pending(&store, &embedder, &progress)).unwrap();
        assert_eq!(embedder.calls.borrow().len(), 3);
    }

    #[test]
    fn another_dimension_means_another_model_and_old_vectors_no_longer_count() {
        let store = MemoryStore::new();
        base_with_chunks(&store, 10, Some(model(0)));
        block_on(embed_pending(&store, &FixedEmbedder::new(4), &|_| {})).unwrap();
        assert_eq!(embedded(&store), 10);
        // A chunk is added, and the provider now answers the same name with 8 numbers.
        let mut chunks = block_on(store.load_chunks("kb")).unwrap();
        let mut added = chunks[0].clone();
        added.id = "new".into();
        added.embedding = None;
        chunks.push(added);
        block_on(store.save_document(&document(chunks.len()), &chunks)).unwrap();
        let eight = FixedEmbedder::new(8);
        block_on(embed_pending(&store, &eight, &|_| {})).unwrap();
        let base = block_on(store.list_knowledge_bases()).unwrap().remove(0);
        assert_eq!(
            base.embedding_model,
            Some(model(8)),
            "the base takes the new dimension"
        );
        assert_eq!(
            embedded(&store),
            1,
            "4-number vectors no longer count; never mixed"
        );
        // The next run embeds the rest with the new dimension.
        block_on(embed_pending(&store, &eight, &|_| {})).unwrap();
        assert_eq!(embedded(&store), 11);
    }

    #[test]
    fn a_failed_batch_stops_the_run_and_names_the_base_and_bases_without_a_model_are_skipped() {
        let store = MemoryStore::new();
        base_with_chunks(&store, 5, Some(model(0)));
        let embedder = FixedEmbedder::new(4);
        embedder.fail.set(true);
        let err = block_on(embed_pending(&store, &embedder, &|_| {})).unwrap_err();
        assert!(err.to_string().contains("Handbook") && err.to_string().contains("HTTP 500"));
        assert!(err.to_string().contains("searched by its words"));
        let chunks = block_on(store.load_chunks("kb")).unwrap();
        assert!(
            chunks.iter().all(|c| c.embedding.is_none()),
            "nothing half-written"
        );

        let plain = MemoryStore::new();
        base_with_chunks(&plain, 5, None);
        let embedder = FixedEmbedder::new(4);
        block_on(embed_pending(&plain, &embedder, &|_| {})).unwrap();
        assert!(
            embedder.calls.borrow().is_empty(),
            "lexical-only bases are not embedded"
        );
    }

    #[test]
    fn one_run_at_a_time_and_a_request_meanwhile_makes_it_go_again() {
        let gate = RunGate::default();
        assert!(gate.enter(), "idle: run");
        assert!(!gate.enter(), "running: do not start a second");
        assert!(gate.pass_done(), "asked meanwhile: one more pass");
        assert!(!gate.pass_done(), "nothing asked since: done");
        assert!(gate.enter(), "idle again");
        assert!(!gate.pass_done());
    }
}
