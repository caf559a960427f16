//! The knowledge bases as the user edits them: create one, add a document (cut into chunks by
//! the base's own settings, stored with them in one transaction), choose the embedding model,
//! set the chunking, and the overview the knowledge panel shows.
//!
//! The rules:
//! - A new embedding model starts with dimension 0: it is learnt from the model's first answer
//!   (see [`super::embedding_run`]); until its vectors are made the base is searched by words.
//!   Choosing the model the base already has changes nothing (its vectors stay valid).
//! - Chunking applies to documents added from now on, bounded as the chunker bounds it: at
//!   least `MIN_CHUNK_CHARS`, an overlap of at most half the size.

use super::chunking::MIN_CHUNK_CHARS;
use super::ingest::prepare_document;
use super::store::LibraryStore;
use super::{EmbeddingModel, KnowledgeBase, KnowledgeDocument};
use crate::store::StoreError;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum BaseEditError {
    #[error("That knowledge base no longer exists.")]
    NoSuchBase,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl crate::i18n::Explain for BaseEditError {
    fn phrase(&self) -> crate::i18n::Phrase {
        match self {
            Self::NoSuchBase => crate::i18n::phrase("error-knowledge-no-such-base"),
            Self::Store(err) => err.phrase(),
        }
    }
}

/// A base with its documents and how many of its chunks have a vector of its model.
#[derive(Debug, Clone, PartialEq)]
pub struct BaseOverview {
    pub base: KnowledgeBase,
    /// Each document with the texts of its chunks, in order.
    pub documents: Vec<(KnowledgeDocument, Vec<String>)>,
    pub embedded: usize,
    pub total: usize,
}

/// Every base, as the panel shows it.
pub async fn overview(store: &impl LibraryStore) -> Result<Vec<BaseOverview>, StoreError> {
    let mut out = Vec::new();
    for base in store.list_knowledge_bases().await? {
        let chunks = store.load_chunks(&base.id).await?;
        let documents = store
            .list_documents(&base.id)
            .await?
            .into_iter()
            .map(|document| {
                let texts = chunks
                    .iter()
                    .filter(|c| c.document_id == document.id)
                    .map(|c| c.text.clone())
                    .collect();
                (document, texts)
            })
            .collect();
        let embedded = base.embedding_model.as_ref().map_or(0, |model| {
            chunks
                .iter()
                .filter(|c| c.embedding.as_ref().is_some_and(|e| e.is_of(model)))
                .count()
        });
        out.push(BaseOverview {
            total: chunks.len(),
            embedded,
            documents,
            base,
        });
    }
    Ok(out)
}

/// The stored base `base_id`.
async fn find_base(
    store: &impl LibraryStore,
    base_id: &str,
) -> Result<KnowledgeBase, BaseEditError> {
    store
        .list_knowledge_bases()
        .await?
        .into_iter()
        .find(|b| b.id == base_id)
        .ok_or(BaseEditError::NoSuchBase)
}

/// Cuts `text` into chunks by its base's settings and stores the document with them.
pub async fn add_document(
    store: &impl LibraryStore,
    base_id: &str,
    (name, mime, text): (&str, &str, &str),
    now_ms: f64,
    new_id: &mut dyn FnMut() -> String,
) -> Result<(), BaseEditError> {
    let base = find_base(store, base_id).await?;
    let (document, chunks) = prepare_document(&base, name, mime, text, now_ms, new_id);
    Ok(store.save_document(&document, &chunks).await?)
}

/// Chooses the embedding model of a base (empty: none, searched by words only).
pub async fn set_embedding_model(
    store: &impl LibraryStore,
    base_id: &str,
    model: &str,
) -> Result<(), BaseEditError> {
    let mut base = find_base(store, base_id).await?;
    let model = model.trim();
    if base.embedding_model.as_ref().map(|m| m.model.as_str()) == Some(model) {
        return Ok(());
    }
    base.embedding_model = (!model.is_empty()).then(|| EmbeddingModel {
        model: model.to_owned(),
        dimension: 0,
    });
    Ok(store.save_knowledge_base(&base).await?)
}

/// Sets how documents added to a base from now on are cut.
pub async fn set_chunking(
    store: &impl LibraryStore,
    base_id: &str,
    size: u32,
    overlap: u32,
) -> Result<(), BaseEditError> {
    let mut base = find_base(store, base_id).await?;
    base.chunk_size = size.max(u32::try_from(MIN_CHUNK_CHARS).unwrap_or(u32::MAX));
    base.chunk_overlap = overlap.min(base.chunk_size / 2);
    Ok(store.save_knowledge_base(&base).await?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::ChunkEmbedding;
    use crate::MemoryStore;
    use futures_executor::block_on;

    fn store_with_base() -> MemoryStore {
        let store = MemoryStore::new();
        block_on(store.save_knowledge_base(&KnowledgeBase::new("kb", "Handbook", 1.0))).unwrap();
        store
    }

    fn ids() -> impl FnMut() -> String {
        let mut n = 0;
        move || {
            n += 1;
            format!("id{n}")
        }
    }

    #[test]
    fn a_document_is_cut_by_its_base_and_shown_in_the_overview() {
        let store = store_with_base();
        let mut new_id = ids();
        block_on(set_chunking(&store, "kb", 200, 20)).unwrap();
        let text = "Some words here. ".repeat(40);
        let file = ("notes.md", "text/markdown", text.as_str());
        block_on(add_document(&store, "kb", file, 2.0, &mut new_id)).unwrap();
        let bases = block_on(overview(&store)).unwrap();
        assert_eq!(bases.len(), 1);
        let (document, chunks) = &bases[0].documents[0];
        assert_eq!(document.name, "notes.md");
        assert!(chunks.len() > 2, "cut by the base's 200-character size");
        assert_eq!((bases[0].embedded, bases[0].total), (0, chunks.len()));
        let other = ("a", "text/plain", "x");
        let missing = block_on(add_document(&store, "gone", other, 2.0, &mut new_id));
        assert_eq!(missing, Err(BaseEditError::NoSuchBase));
    }

    #[test]
    fn a_new_embedding_model_starts_unknown_and_the_same_one_changes_nothing() {
        let store = store_with_base();
        block_on(set_embedding_model(&store, "kb", " embed-small ")).unwrap();
        let base = &block_on(overview(&store)).unwrap()[0].base;
        assert_eq!(
            base.embedding_model,
            Some(EmbeddingModel {
                model: "embed-small".into(),
                dimension: 0
            })
        );
        // Learnt dimension, vectors made: choosing the same model again keeps them valid.
        let mut learnt = base.clone();
        learnt.embedding_model = Some(EmbeddingModel {
            model: "embed-small".into(),
            dimension: 3,
        });
        block_on(store.save_knowledge_base(&learnt)).unwrap();
        block_on(set_embedding_model(&store, "kb", "embed-small")).unwrap();
        let after = &block_on(overview(&store)).unwrap()[0].base;
        assert_eq!(after.embedding_model.as_ref().unwrap().dimension, 3);
        // Empty: words only.
        block_on(set_embedding_model(&store, "kb", "")).unwrap();
        assert_eq!(
            block_on(overview(&store)).unwrap()[0].base.embedding_model,
            None
        );
    }

    #[test]
    fn chunking_is_bounded_like_the_chunker_and_embedded_chunks_are_counted() {
        let store = store_with_base();
        block_on(set_chunking(&store, "kb", 10, 500)).unwrap();
        let base = &block_on(overview(&store)).unwrap()[0].base;
        assert_eq!(base.chunk_size as usize, MIN_CHUNK_CHARS);
        assert_eq!(base.chunk_overlap, base.chunk_size / 2);

        block_on(set_embedding_model(&store, "kb", "m")).unwrap();
        let mut base = block_on(overview(&store)).unwrap().remove(0).base;
        base.embedding_model = Some(EmbeddingModel {
            model: "m".into(),
            dimension: 2,
        });
        block_on(store.save_knowledge_base(&base)).unwrap();
        let text = "word ".repeat(100);
        block_on(add_document(
            &store,
            "kb",
            ("a.txt", "text/plain", &text),
            2.0,
            &mut ids(),
        ))
        .unwrap();
        let mut chunks = block_on(store.load_chunks("kb")).unwrap();
        chunks[0].embedding = Some(ChunkEmbedding {
            model: "m".into(),
            dimension: 2,
            vector: vec![1.0, 0.0],
        });
        block_on(store.save_chunk_embeddings(&chunks[..1])).unwrap();
        let shown = &block_on(overview(&store)).unwrap()[0];
        assert_eq!(shown.embedded, 1);
        assert_eq!(shown.total, chunks.len());
    }
}
