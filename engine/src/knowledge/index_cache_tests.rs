use super::*;
use crate::knowledge::ingest::prepare_document;
use crate::knowledge::{ChunkEmbedding, EmbeddingModel};
use crate::store::in_memory::MemoryStore;
use futures_executor::block_on;

fn base_with(store: &MemoryStore, texts: &[(&str, &str)]) -> KnowledgeBase {
    let base = KnowledgeBase::new("kb", "Handbook", 1.0);
    block_on(store.save_knowledge_base(&base)).unwrap();
    for (name, text) in texts {
        add(store, &base, name, text);
    }
    base
}

fn add(store: &MemoryStore, base: &KnowledgeBase, name: &str, text: &str) {
    let mut n = 0;
    let mut ids = || {
        n += 1;
        format!("{name}-{n}")
    };
    let (document, chunks) = prepare_document(base, name, "text/plain", text, 1.0, &mut ids);
    block_on(store.save_document(&document, &chunks)).unwrap();
}

fn words(indexed: &IndexedBase) -> Vec<&str> {
    indexed.chunks.iter().map(|c| c.text.as_str()).collect()
}

#[test]
fn an_unchanged_base_is_read_and_indexed_once() {
    let store = MemoryStore::new();
    let base = base_with(&store, &[("ferns.txt", "Ferns like shade.")]);
    let cache = KnowledgeIndexCache::default();
    let first = block_on(cache.indexed(&store, &base)).unwrap();
    let second = block_on(cache.indexed(&store, &base)).unwrap();
    assert!(
        Rc::ptr_eq(&first, &second),
        "the second question reuses the index"
    );
    assert_eq!(words(&second), ["Ferns like shade."]);
    assert_eq!(cache.len(), 1);
}

#[test]
fn a_document_added_or_deleted_by_anyone_is_seen_at_the_next_question() {
    let store = MemoryStore::new();
    let base = base_with(&store, &[("ferns.txt", "Ferns like shade.")]);
    let cache = KnowledgeIndexCache::default();
    let before = block_on(cache.indexed(&store, &base)).unwrap();
    // Written straight to the store, as another tab or a restored backup would.
    add(&store, &base, "cacti.txt", "Cacti like sun.");
    let after = block_on(cache.indexed(&store, &base)).unwrap();
    assert!(!Rc::ptr_eq(&before, &after));
    assert_eq!(words(&after), ["Cacti like sun.", "Ferns like shade."]);

    let ferns = after
        .documents
        .iter()
        .find(|d| d.name == "ferns.txt")
        .unwrap();
    block_on(store.delete_document(&ferns.id)).unwrap();
    let last = block_on(cache.indexed(&store, &base)).unwrap();
    assert_eq!(words(&last), ["Cacti like sun."]);
}

#[test]
fn vectors_written_later_are_seen_after_the_cache_forgets_and_are_held_once() {
    let store = MemoryStore::new();
    let mut base = base_with(&store, &[("ferns.txt", "Ferns like shade.")]);
    let cache = KnowledgeIndexCache::default();
    base.embedding_model = Some(EmbeddingModel {
        model: "embed".into(),
        dimension: 2,
    });
    block_on(store.save_knowledge_base(&base)).unwrap();
    // A new model is a changed base record: rebuilt, with nothing embedded yet.
    let unembedded = block_on(cache.indexed(&store, &base)).unwrap();
    assert_eq!(unembedded.index.embedded(), 0);

    let mut chunks = block_on(store.load_chunks("kb")).unwrap();
    for chunk in &mut chunks {
        chunk.embedding = Some(ChunkEmbedding {
            model: "embed".into(),
            dimension: 2,
            vector: vec![0.6, 0.8],
        });
    }
    block_on(store.save_chunk_embeddings(&chunks)).unwrap();
    // Vectors change neither the base nor its documents: whoever wrote them says so.
    let stale = block_on(cache.indexed(&store, &base)).unwrap();
    assert!(Rc::ptr_eq(&unembedded, &stale));
    cache.forget_all();
    assert!(cache.is_empty());
    let fresh = block_on(cache.indexed(&store, &base)).unwrap();
    assert_eq!(fresh.index.embedded(), 1);
    // The vector lives in the index only; the cached chunk keeps which model made it.
    let embedding = fresh.chunks[0].embedding.as_ref().unwrap();
    assert_eq!(
        (embedding.model.as_str(), embedding.vector.len()),
        ("embed", 0)
    );
}

#[test]
fn a_deleted_base_fails_nothing_and_holds_nothing() {
    let store = MemoryStore::new();
    let base = base_with(&store, &[("ferns.txt", "Ferns like shade.")]);
    let cache = KnowledgeIndexCache::default();
    block_on(cache.indexed(&store, &base)).unwrap();
    block_on(store.delete_knowledge_base("kb")).unwrap();
    let gone = block_on(cache.indexed(&store, &base)).unwrap();
    assert!(gone.chunks.is_empty() && gone.documents.is_empty());
}
