//! The knowledge retrieval hook (seed 000 §5): for the latest user message, the best chunks of
//! the knowledge bases bound to the answering assistant, each titled by its document and
//! headings so the answer can cite it.
//!
//! Ranking is by words (BM25) for now; vector and hybrid search take over once embeddings
//! are wired to a provider ([`search_chunks`] already does both).

use super::ranking::SearchMode;
use super::retrieval::{search_chunks, QueryVector, MAX_CHUNKS};
use super::store::LibraryStore;
use crate::prompt::hooks::{HookError, HookFuture, RetrievalHook, RetrievalScope, RetrievedItem};

pub struct KnowledgeRetriever<S> {
    pub store: S,
}

impl<S: LibraryStore> RetrievalHook for KnowledgeRetriever<S> {
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Vec<RetrievedItem>> {
        Box::pin(async move {
            if scope.knowledge_base_ids.is_empty() || query.trim().is_empty() {
                return Ok(Vec::new());
            }
            let failed = |err: crate::store::StoreError| HookError(err.to_string());
            let bases = self.store.list_knowledge_bases().await.map_err(failed)?;
            let mut found: Vec<(f32, RetrievedItem)> = Vec::new();
            for base in bases
                .iter()
                .filter(|b| scope.knowledge_base_ids.contains(&b.id))
            {
                let chunks = self.store.load_chunks(&base.id).await.map_err(failed)?;
                let documents = self.store.list_documents(&base.id).await.map_err(failed)?;
                let outcome = search_chunks(
                    &chunks,
                    None,
                    query,
                    &QueryVector::NotConfigured,
                    SearchMode::Lexical,
                    MAX_CHUNKS,
                );
                for (at, score) in outcome.hits {
                    let chunk = &chunks[at];
                    let document = documents
                        .iter()
                        .find(|d| d.id == chunk.document_id)
                        .map_or("a document", |d| d.name.as_str());
                    let title = std::iter::once(document)
                        .chain(chunk.heading_path.iter().map(String::as_str))
                        .collect::<Vec<_>>()
                        .join(" › ");
                    found.push((
                        score,
                        RetrievedItem {
                            id: chunk.id.clone(),
                            document_id: chunk.document_id.clone(),
                            title,
                            text: chunk.text.clone(),
                        },
                    ));
                }
            }
            found.sort_by(|a, b| b.0.total_cmp(&a.0));
            Ok(found
                .into_iter()
                .take(MAX_CHUNKS)
                .map(|(_, item)| item)
                .collect())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::ingest::prepare_document;
    use crate::knowledge::KnowledgeBase;
    use crate::memory_store::MemoryStore;
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
        let retriever = KnowledgeRetriever { store };
        let scope = RetrievalScope {
            assistant_id: "a".into(),
            knowledge_base_ids: vec!["kb1".into()],
        };
        let items = block_on(retriever.retrieve("which port does it listen on", &scope)).unwrap();
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
            .is_empty());
    }
}
