//! The [`LibraryStore`] contract (assistants, memories, knowledge) as one suite for every
//! backend, like its parent module's [`ChatStore`](crate::ChatStore) suite.

use crate::domain::assistant::Assistant;
use crate::knowledge::memories::{Memory, MemoryScope};
use crate::knowledge::store::LibraryStore;
use crate::knowledge::{
    ChunkEmbedding, EmbeddingModel, KnowledgeBase, KnowledgeChunk, KnowledgeDocument,
};
use std::future::Future;

fn memory(id: &str, scope: MemoryScope, at: f64) -> Memory {
    Memory {
        id: id.into(),
        scope,
        text: format!("remembered {id} ✓"),
        created_at_ms: at,
        updated_at_ms: at,
        embedding: None,
    }
}

fn document(id: &str, base: &str, at: f64) -> KnowledgeDocument {
    KnowledgeDocument {
        id: id.into(),
        knowledge_base_id: base.into(),
        name: format!("{id}.md"),
        mime: "text/markdown".into(),
        text_bytes: 42,
        chunk_count: 2,
        created_at_ms: at,
    }
}

/// A vector with values a lossy encoding would change: negatives, tiny and large magnitudes.
fn vector(seed: f32, dimension: usize) -> Vec<f32> {
    (0..dimension)
        .map(|i| (seed + i as f32).sin() * 10f32.powi(i as i32 % 7 - 3))
        .collect()
}

fn chunk(id: &str, base: &str, doc: &str, position: u32, embedded: bool) -> KnowledgeChunk {
    KnowledgeChunk {
        id: id.into(),
        knowledge_base_id: base.into(),
        document_id: doc.into(),
        position,
        heading_path: vec!["Guide".into(), "Install".into()],
        text: format!("text of {id}"),
        embedding: embedded.then(|| ChunkEmbedding {
            model: "embed-small".into(),
            dimension: 5,
            vector: vector(position as f32, 5),
        }),
    }
}

fn ids<T>(items: &[T], id: impl Fn(&T) -> &str) -> Vec<String> {
    items.iter().map(|item| id(item).to_owned()).collect()
}

/// Assistants round-trip with every field; deleting one takes the memories only it could see.
pub async fn assistants_round_trip_and_take_their_memories<S: LibraryStore>(store: S) {
    let writer = Assistant {
        id: "writer".into(),
        name: "Writer".into(),
        system_prompt: "Write clearly.".into(),
        follow_up_suggestions: true,
        ..Assistant::default()
    };
    let coder = Assistant {
        id: "coder".into(),
        stream: false,
        ..Assistant::default()
    };
    store.save_assistant(&writer).await.unwrap();
    store.save_assistant(&coder).await.unwrap();
    let renamed = Assistant {
        name: "Editor".into(),
        ..writer
    };
    store.save_assistant(&renamed).await.unwrap();
    assert_eq!(
        store.list_assistants().await.unwrap(),
        [coder.clone(), renamed]
    );
    for m in [
        memory("global", MemoryScope::Global, 1.0),
        memory("mine", MemoryScope::Assistant("writer".into()), 2.0),
        memory("theirs", MemoryScope::Assistant("coder".into()), 3.0),
    ] {
        store.save_memory(&m).await.unwrap();
    }
    store.delete_assistant("writer").await.unwrap();
    assert_eq!(store.list_assistants().await.unwrap(), [coder]);
    let left = store.list_memories().await.unwrap();
    assert_eq!(ids(&left, |m| &m.id), ["global", "theirs"]);
}

/// Memories come back oldest first, an update replaces, a delete removes only that one.
pub async fn memories_round_trip<S: LibraryStore>(store: S) {
    // A memory's vector comes back as it went in (stores may keep it apart from the record).
    let late = Memory {
        embedding: Some(crate::knowledge::ChunkEmbedding {
            model: "embed".into(),
            dimension: 3,
            vector: vec![0.25, -1.5, 3.0],
        }),
        ..memory("late", MemoryScope::Global, 20.0)
    };
    let early = memory("early", MemoryScope::Assistant("a".into()), 10.0);
    store.save_memory(&late).await.unwrap();
    store.save_memory(&early).await.unwrap();
    assert_eq!(store.list_memories().await.unwrap(), [early.clone(), late]);
    let edited = Memory {
        text: "edited".into(),
        updated_at_ms: 30.0,
        ..early
    };
    store.save_memory(&edited).await.unwrap();
    store.delete_memory("late").await.unwrap();
    assert_eq!(store.list_memories().await.unwrap(), [edited]);
}

/// Documents are stored with their chunks; vectors keep every bit; saving a document again
/// replaces its chunks; deletes take exactly what they name.
pub async fn knowledge_documents_keep_their_chunks_and_vectors<S: LibraryStore>(store: S) {
    let mut base = KnowledgeBase::new("kb", "Manuals", 1.0);
    base.embedding_model = Some(EmbeddingModel {
        model: "embed-small".into(),
        dimension: 5,
    });
    let other_base = KnowledgeBase::new("other", "Notes", 2.0);
    store.save_knowledge_base(&other_base).await.unwrap();
    store.save_knowledge_base(&base).await.unwrap();
    assert_eq!(
        store.list_knowledge_bases().await.unwrap(),
        [base.clone(), other_base.clone()]
    );

    let guide = document("guide", "kb", 5.0);
    let guide_chunks = vec![
        chunk("g1", "kb", "guide", 1, true),
        chunk("g0", "kb", "guide", 0, false),
    ];
    store.save_document(&guide, &guide_chunks).await.unwrap();
    let faq = document("faq", "kb", 6.0);
    store
        .save_document(&faq, &[chunk("f0", "kb", "faq", 0, true)])
        .await
        .unwrap();
    let note = document("note", "other", 7.0);
    store
        .save_document(&note, &[chunk("n0", "other", "note", 0, true)])
        .await
        .unwrap();

    assert_eq!(
        store.list_documents("kb").await.unwrap(),
        [guide.clone(), faq.clone()]
    );
    let loaded = store.load_chunks("kb").await.unwrap();
    assert_eq!(ids(&loaded, |c| &c.id), ["f0", "g0", "g1"]);
    let g1 = &loaded[2];
    assert_eq!(g1, &guide_chunks[0]);
    let stored_bits: Vec<u32> = g1
        .embedding
        .as_ref()
        .unwrap()
        .vector
        .iter()
        .map(|v| v.to_bits())
        .collect();
    let saved_bits: Vec<u32> = vector(1.0, 5).iter().map(|v| v.to_bits()).collect();
    assert_eq!(stored_bits, saved_bits);
    assert_eq!(base.stale_embeddings(&loaded), 1, "g0 has no vector");

    // A re-import of the guide replaces its chunks.
    let rechunked = vec![chunk("g9", "kb", "guide", 0, false)];
    store.save_document(&guide, &rechunked).await.unwrap();
    let loaded = store.load_chunks("kb").await.unwrap();
    assert_eq!(ids(&loaded, |c| &c.id), ["f0", "g9"]);

    store.delete_document("faq").await.unwrap();
    assert_eq!(store.list_documents("kb").await.unwrap(), [guide]);
    assert_eq!(
        ids(&store.load_chunks("kb").await.unwrap(), |c| &c.id),
        ["g9"]
    );

    store.delete_knowledge_base("kb").await.unwrap();
    assert_eq!(store.list_knowledge_bases().await.unwrap(), [other_base]);
    assert!(store.list_documents("kb").await.unwrap().is_empty());
    assert!(store.load_chunks("kb").await.unwrap().is_empty());
    assert_eq!(store.list_documents("other").await.unwrap(), [note]);
    assert_eq!(store.load_chunks("other").await.unwrap().len(), 1);
}

/// Embedding batches update stored chunks only: a chunk whose document went meanwhile stays
/// gone.
pub async fn embedding_batches_update_only_stored_chunks<S: LibraryStore>(store: S) {
    store
        .save_knowledge_base(&KnowledgeBase::new("kb", "Manuals", 1.0))
        .await
        .unwrap();
    let chunks = vec![
        chunk("a0", "kb", "a", 0, false),
        chunk("a1", "kb", "a", 1, false),
    ];
    store
        .save_document(&document("a", "kb", 1.0), &chunks)
        .await
        .unwrap();
    let mut batch: Vec<KnowledgeChunk> = chunks
        .iter()
        .map(|c| chunk(&c.id, "kb", "a", c.position, true))
        .collect();
    batch.push(chunk("gone", "kb", "deleted-doc", 0, true));
    assert_eq!(store.save_chunk_embeddings(&batch).await.unwrap(), 2);
    let loaded = store.load_chunks("kb").await.unwrap();
    assert_eq!(loaded, batch[..2]);
}

/// Runs every case, each on a fresh store from `make`.
pub async fn run_all<S, F, Fut>(make: F)
where
    S: LibraryStore,
    F: Fn(&'static str) -> Fut,
    Fut: Future<Output = S>,
{
    assistants_round_trip_and_take_their_memories(make("assistants").await).await;
    memories_round_trip(make("memories").await).await;
    knowledge_documents_keep_their_chunks_and_vectors(make("knowledge").await).await;
    embedding_batches_update_only_stored_chunks(make("embeddings").await).await;
}
