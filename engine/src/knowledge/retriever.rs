//! The knowledge retrieval hook (seed 000 §5): for the latest user message, the best chunks of
//! the knowledge bases bound to the answering assistant, each titled by its document and
//! headings so the answer can cite it.
//!
//! A base with an embedding model is searched by vectors and words together (hybrid); one
//! without, or whose query embedding fails, by words (BM25), and a failure is said.

use super::index_cache::KnowledgeIndexCache;
use super::ranking::SearchMode;
use super::retrieval::{search_indexed, QueryVector, MAX_CHUNKS};
use super::store::LibraryStore;
use super::{KnowledgeChunk, KnowledgeDocument};
use crate::prompt::hooks::{
    HookError, HookFuture, RetrievalHook, RetrievalScope, Retrieved, RetrievedItem,
};
use std::rc::Rc;

/// Embeds texts with an embedding model (the app calls its provider).
pub trait QueryEmbedder {
    fn embed_query<'a>(&'a self, model: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>>;

    /// Several texts, one vector each in order (one request where the provider allows).
    fn embed_texts<'a>(
        &'a self,
        model: &'a str,
        texts: &'a [String],
    ) -> HookFuture<'a, Vec<Vec<f32>>> {
        Box::pin(async move {
            let mut vectors = Vec::with_capacity(texts.len());
            for text in texts {
                vectors.push(self.embed_query(model, text).await?);
            }
            Ok(vectors)
        })
    }
}

/// No embeddings: every base is searched by words.
pub struct NoEmbeddings;

impl QueryEmbedder for NoEmbeddings {
    fn embed_query<'a>(&'a self, _model: &'a str, _text: &'a str) -> HookFuture<'a, Vec<f32>> {
        Box::pin(async { Err(HookError("no embeddings provider".into())) })
    }
}

/// A chunk as the model and its citation see it, titled "document › headings".
pub fn retrieved_item(chunk: &KnowledgeChunk, documents: &[KnowledgeDocument]) -> RetrievedItem {
    let document = documents
        .iter()
        .find(|d| d.id == chunk.document_id)
        .map_or("a document", |d| d.name.as_str());
    RetrievedItem {
        id: chunk.id.clone(),
        document_id: chunk.document_id.clone(),
        title: std::iter::once(document)
            .chain(chunk.heading_path.iter().map(String::as_str))
            .collect::<Vec<_>>()
            .join(" › "),
        text: chunk.text.clone(),
    }
}

pub struct KnowledgeRetriever<S, E> {
    pub store: S,
    pub embedder: E,
    /// The bases read and indexed so far, shared with whoever else searches them.
    pub cache: Rc<KnowledgeIndexCache>,
}

impl<S: LibraryStore, E: QueryEmbedder> RetrievalHook for KnowledgeRetriever<S, E> {
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Retrieved> {
        Box::pin(async move {
            if scope.knowledge_base_ids.is_empty() || query.trim().is_empty() {
                return Ok(Retrieved::default());
            }
            let mut notice = None;
            let failed = |err: crate::store::StoreError| HookError(err.to_string());
            let bases = self.store.list_knowledge_bases().await.map_err(failed)?;
            let mut found: Vec<(f32, RetrievedItem)> = Vec::new();
            for base in bases
                .iter()
                .filter(|b| scope.knowledge_base_ids.contains(&b.id))
            {
                let indexed = self
                    .cache
                    .indexed(&self.store, base)
                    .await
                    .map_err(failed)?;
                let model = base.embedding_model.as_ref().filter(|m| m.dimension > 0);
                let vector = match model {
                    None => QueryVector::NotConfigured,
                    Some(model) => match self.embedder.embed_query(&model.model, query).await {
                        Ok(vector) => QueryVector::Ready(vector),
                        Err(err) => QueryVector::Failed(err.to_string()),
                    },
                };
                let outcome = search_indexed(
                    &indexed.chunks,
                    &indexed.index,
                    query,
                    &vector,
                    SearchMode::Hybrid,
                    MAX_CHUNKS,
                );
                notice = notice.or(outcome.notice);
                for (at, score) in outcome.hits {
                    found.push((
                        score,
                        retrieved_item(&indexed.chunks[at], &indexed.documents),
                    ));
                }
            }
            found.sort_by(|a, b| b.0.total_cmp(&a.0));
            Ok(Retrieved {
                items: found
                    .into_iter()
                    .take(MAX_CHUNKS)
                    .map(|(_, item)| item)
                    .collect(),
                notice,
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::ingest::prepare_document;
    use crate::knowledge::KnowledgeBase;
    use crate::store::in_memory::MemoryStore;
    use futures_executor::block_on;

    #[test]
    fn only_the_bound_bases_answer_with_titled_chunks() {
        let store = MemoryStore::new();
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("id{n}")
        };
        for (base_id, name, text) in [
            (
                "kb1",
                "ports.md",
                "# Network\n\nSkein's server listens on port 8080.",
            ),
            (
                "kb2",
                "other.md",
                "# Secret\n\nThe port of the vault is 9999.",
            ),
        ] {
            let base = KnowledgeBase::new(base_id, base_id, 1.0);
            block_on(store.save_knowledge_base(&base)).unwrap();
            let (document, chunks) =
                prepare_document(&base, name, "text/markdown", text, 1.0, &mut ids);
            block_on(store.save_document(&document, &chunks)).unwrap();
        }
        let retriever = KnowledgeRetriever {
            store,
            embedder: NoEmbeddings,
            cache: Rc::default(),
        };
        let scope = RetrievalScope {
            assistant_id: "a".into(),
            knowledge_base_ids: vec!["kb1".into()],
            ..RetrievalScope::default()
        };
        let found = block_on(retriever.retrieve("which port does it listen on", &scope)).unwrap();
        assert_eq!(found.notice, None, "no embedding model: words, quietly");
        let items = found.items;
        assert_eq!(items.len(), 1);
        assert_eq!(items[0].title, "ports.md › Network");
        assert!(items[0].text.contains("8080"));
        assert!(
            !items.iter().any(|i| i.text.contains("9999")),
            "kb2 is not bound"
        );
        let unbound = RetrievalScope::default();
        assert!(block_on(retriever.retrieve("port", &unbound))
            .unwrap()
            .items
            .is_empty());
    }

    /// Test fixture: embeds by topic words into 2 dimensions [network, storage], or fails.
    struct TopicEmbedder(bool);

    impl QueryEmbedder for TopicEmbedder {
        fn embed_query<'a>(&'a self, model: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>> {
            let works = self.0;
            Box::pin(async move {
                assert_eq!(model, "topics");
                if !works {
                    return Err(HookError("HTTP 500".into()));
                }
                let has =
                    |words: &[&str]| f32::from(u8::from(words.iter().any(|w| text.contains(w))));
                Ok(vec![has(&["traffic", "connect"]), has(&["disk", "saved"])])
            })
        }
    }

    #[test]
    fn an_embedded_base_finds_by_meaning_and_a_failed_embedding_falls_back_and_says_so() {
        let store = std::rc::Rc::new(MemoryStore::new());
        let mut base = KnowledgeBase::new("kb", "kb", 1.0);
        base.embedding_model = Some(crate::knowledge::EmbeddingModel {
            model: "topics".into(),
            dimension: 2,
        });
        block_on(store.save_knowledge_base(&base)).unwrap();
        let mut n = 0;
        let text = "# Network\n\nPort 8080 is open.\n\n# Storage\n\nIndexedDB holds messages.";
        let (document, mut chunks) =
            prepare_document(&base, "h.md", "text/markdown", text, 1.0, &mut || {
                n += 1;
                format!("id{n}")
            });
        for (chunk, vector) in chunks.iter_mut().zip([[1.0, 0.0], [0.0, 1.0]]) {
            chunk.embedding = Some(crate::knowledge::ChunkEmbedding {
                model: "topics".into(),
                dimension: 2,
                vector: vector.to_vec(),
            });
        }
        block_on(store.save_document(&document, &chunks)).unwrap();
        let scope = RetrievalScope {
            assistant_id: "a".into(),
            knowledge_base_ids: vec!["kb".into()],
            ..RetrievalScope::default()
        };
        // No word in common with "Port 8080 is open", but the same topic.
        let retriever = KnowledgeRetriever {
            store: store.clone(),
            embedder: TopicEmbedder(true),
            cache: Rc::default(),
        };
        let found =
            block_on(retriever.retrieve("how do I connect through traffic rules", &scope)).unwrap();
        assert_eq!(found.notice, None);
        assert!(found.items[0].text.contains("8080"), "{:?}", found.items);

        let failing = KnowledgeRetriever {
            store: store.clone(),
            embedder: TopicEmbedder(false),
            cache: Rc::default(),
        };
        let found =
            block_on(failing.retrieve("where are messages kept, IndexedDB?", &scope)).unwrap();
        assert!(found.items[0].text.contains("IndexedDB"));
        assert!(found
            .notice
            .unwrap()
            .to_string()
            .contains("Embeddings failed (HTTP 500)"));
    }
}
