//! Memory in the request (seed 000 §3, §5): the memories the answering assistant may see,
//! given to the model as information. With few memories all of them go (basic mode); with
//! more, the six most relevant to the latest message (retrieval mode): by meaning and words
//! together when an embedding model is set (each memory's vector is made once and stored with
//! it), by words alone when none is set or the embeddings fail (and the user is told).

use crate::knowledge::lexical::LexicalIndex;
use crate::knowledge::memories::Memory;
use crate::knowledge::ranking::fuse;
use crate::knowledge::retriever::QueryEmbedder;
use crate::knowledge::store::LibraryStore;
use crate::knowledge::vectors::VectorIndex;
use crate::knowledge::ChunkEmbedding;
use crate::prompt::hooks::{
    HookError, HookFuture, RetrievalHook, RetrievalScope, Retrieved, RetrievedItem,
};

/// At most this many memories join a request.
pub const MAX_MEMORIES: usize = 6;
/// Memories embedded per request at most (the rest are found by words until the next one).
const EMBED_PER_REQUEST: usize = 64;

pub struct MemoryRetriever<S, E, M> {
    pub store: S,
    pub embedder: E,
    /// The embedding model to use, read at each request (empty: words only).
    pub model: M,
}

/// The memories for `query`: every one when they fit, else the most relevant by words, and by
/// meaning too for those with a vector of the model that made `query_vector` (model, vector);
/// vectors of another model are never compared, whatever their length.
pub fn choose_memories(
    memories: &[Memory],
    query: &str,
    query_vector: Option<(&str, &[f32])>,
) -> Vec<usize> {
    if memories.len() <= MAX_MEMORIES {
        return (0..memories.len()).collect();
    }
    let index = LexicalIndex::new(memories.iter().map(|m| m.text.as_str()));
    let lexical = index.search(query, MAX_MEMORIES * 2);
    let Some((model, query_vector)) = query_vector else {
        return lexical
            .into_iter()
            .take(MAX_MEMORIES)
            .map(|(at, _)| at)
            .collect();
    };
    // The knowledge search's cosine index over the memories with a vector of this model.
    let mut index = VectorIndex::new(query_vector.len());
    let mut positions = Vec::new();
    for (at, memory) in memories.iter().enumerate() {
        if let Some(embedding) = memory
            .embedding
            .as_ref()
            .filter(|_| embedded_with(memory, model))
        {
            if index.push(&embedding.vector).is_ok() {
                positions.push(at);
            }
        }
    }
    let by_meaning: Vec<(usize, f32)> = index
        .search(query_vector, MAX_MEMORIES * 2)
        .unwrap_or_default()
        .into_iter()
        .map(|(position, score)| (positions[position], score))
        .collect();
    fuse(&[&by_meaning, &lexical])
        .into_iter()
        .take(MAX_MEMORIES)
        .map(|(at, _)| at)
        .collect()
}

/// Whether `memory` has a usable vector of `model`.
fn embedded_with(memory: &Memory, model: &str) -> bool {
    memory.embedding.as_ref().is_some_and(|e| {
        e.model == model && !e.vector.is_empty() && e.vector.len() == e.dimension as usize
    })
}

impl<S: LibraryStore, E: QueryEmbedder, M: Fn() -> String> MemoryRetriever<S, E, M> {
    /// Gives the memories lacking a vector of `model` one (stored with them), and the query
    /// its vector; an error when the provider could not.
    async fn embed(
        &self,
        model: &str,
        memories: &mut [Memory],
        query: &str,
    ) -> Result<Vec<f32>, HookError> {
        let missing: Vec<usize> = (0..memories.len())
            .filter(|&at| !embedded_with(&memories[at], model))
            .take(EMBED_PER_REQUEST)
            .collect();
        let mut texts: Vec<String> = missing
            .iter()
            .map(|&at| memories[at].text.clone())
            .collect();
        texts.push(query.to_owned());
        let mut vectors = self.embedder.embed_texts(model, &texts).await?;
        if vectors.len() != texts.len() {
            return Err(HookError(format!(
                "{} vectors for {} texts",
                vectors.len(),
                texts.len()
            )));
        }
        let query_vector = vectors.pop().unwrap_or_default();
        for (at, vector) in missing.into_iter().zip(vectors) {
            let memory = &mut memories[at];
            memory.embedding = Some(ChunkEmbedding {
                model: model.to_owned(),
                dimension: vector.len() as u32,
                vector,
            });
            // Kept for the next request; if it cannot be stored it is simply made again.
            let _ = self.store.save_memory(memory).await;
        }
        Ok(query_vector)
    }
}

impl<S: LibraryStore, E: QueryEmbedder, M: Fn() -> String> RetrievalHook
    for MemoryRetriever<S, E, M>
{
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Retrieved> {
        Box::pin(async move {
            if !scope.memory {
                return Ok(Retrieved::default());
            }
            let mut visible: Vec<Memory> = self
                .store
                .list_memories()
                .await
                .map_err(|e| HookError(e.to_string()))?
                .into_iter()
                .filter(|m| m.scope.visible_to(&scope.assistant_id))
                .collect();
            let model = (self.model)();
            let mut notice = None;
            let query_vector = if visible.len() <= MAX_MEMORIES || model.trim().is_empty() {
                None
            } else {
                match self.embed(model.trim(), &mut visible, query).await {
                    Ok(vector) => Some(vector),
                    Err(err) => {
                        notice = Some(crate::prompt::notices::memories_by_words(&err));
                        None
                    }
                }
            };
            let items = choose_memories(
                &visible,
                query,
                query_vector.as_deref().map(|v| (model.trim(), v)),
            )
            .into_iter()
            .map(|at| RetrievedItem {
                id: visible[at].id.clone(),
                document_id: String::new(),
                title: "Memory".to_owned(),
                text: visible[at].text.clone(),
            })
            .collect::<Vec<_>>();
            Ok(Retrieved { items, notice })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::memories::MemoryScope;
    use crate::knowledge::retriever::NoEmbeddings;
    use crate::store::in_memory::MemoryStore;
    use futures_executor::block_on;
    use std::cell::RefCell;

    /// A test embedder: each text's vector counts a few topic words, so meaning can be close
    /// without sharing a word ("puppy" is near "dog"); it records what it was asked.
    struct Topics {
        asked: RefCell<Vec<String>>,
        fail: bool,
    }

    impl QueryEmbedder for Topics {
        fn embed_query<'a>(&'a self, _model: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>> {
            Box::pin(async move {
                self.asked.borrow_mut().push(text.to_owned());
                if self.fail {
                    return Err(HookError("embeddings down".into()));
                }
                let lower = text.to_lowercase();
                let topics = [
                    &["dog", "puppy", "rex"][..],
                    &["tea", "coffee"],
                    &["lyon", "city"],
                ];
                Ok(topics
                    .iter()
                    .map(|words| words.iter().filter(|w| lower.contains(*w)).count() as f32)
                    .collect())
            })
        }
    }

    fn many_with_a_dog() -> std::rc::Rc<MemoryStore> {
        let store = std::rc::Rc::new(MemoryStore::new());
        for i in 0..10 {
            let text = format!("fact number {i} about tea");
            block_on(store.save_memory(&memory(&format!("m{i}"), MemoryScope::Global, &text)))
                .unwrap();
        }
        block_on(store.save_memory(&memory("dog", MemoryScope::Global, "Has a dog called Rex")))
            .unwrap();
        store
    }

    fn memory(id: &str, scope: MemoryScope, text: &str) -> Memory {
        Memory {
            id: id.into(),
            scope,
            text: text.into(),
            created_at_ms: 1.0,
            updated_at_ms: 1.0,
            embedding: None,
        }
    }

    #[test]
    fn few_memories_all_go_many_are_chosen_by_relevance() {
        let few: Vec<Memory> = (0..3)
            .map(|i| memory(&format!("m{i}"), MemoryScope::Global, "likes tea"))
            .collect();
        assert_eq!(choose_memories(&few, "anything", None), [0, 1, 2]);
        let mut many: Vec<Memory> = (0..20)
            .map(|i| {
                memory(
                    &format!("m{i}"),
                    MemoryScope::Global,
                    &format!("fact number {i}"),
                )
            })
            .collect();
        many.push(memory("dog", MemoryScope::Global, "Has a dog called Rex"));
        let chosen = choose_memories(&many, "what is my dog called?", None);
        assert_eq!(chosen[0], 20);
        assert!(chosen.len() <= MAX_MEMORIES);
    }

    #[test]
    fn only_an_assistant_with_memory_on_sees_its_own_and_global_memories() {
        let store = MemoryStore::new();
        for m in [
            memory("g", MemoryScope::Global, "Lives in Lyon"),
            memory("mine", MemoryScope::Assistant("coach".into()), "Runs 10 km"),
            memory(
                "theirs",
                MemoryScope::Assistant("chef".into()),
                "Hates coriander",
            ),
        ] {
            block_on(store.save_memory(&m)).unwrap();
        }
        let retriever = MemoryRetriever {
            store,
            embedder: NoEmbeddings,
            model: String::new,
        };
        let scope = |memory| RetrievalScope {
            assistant_id: "coach".into(),
            knowledge_base_ids: Vec::new(),
            memory,
        };
        let found = block_on(retriever.retrieve("hello", &scope(true))).unwrap();
        let mut ids: Vec<String> = found.items.into_iter().map(|i| i.id).collect();
        ids.sort();
        assert_eq!(ids, ["g", "mine"]);
        assert!(block_on(retriever.retrieve("hello", &scope(false)))
            .unwrap()
            .items
            .is_empty());
    }

    #[test]
    fn with_an_embedding_model_memories_are_found_by_meaning_and_their_vectors_kept() {
        let store = many_with_a_dog();
        let retriever = MemoryRetriever {
            store: store.clone(),
            embedder: Topics {
                asked: RefCell::new(Vec::new()),
                fail: false,
            },
            model: || "embed-small".to_owned(),
        };
        let scope = RetrievalScope {
            assistant_id: "a".into(),
            knowledge_base_ids: Vec::new(),
            memory: true,
        };
        // No word in common with the dog memory: only its meaning finds it.
        let found = block_on(retriever.retrieve("how is my puppy?", &scope)).unwrap();
        assert_eq!(found.items[0].id, "dog");
        assert_eq!(found.notice, None);
        assert_eq!(
            retriever.embedder.asked.borrow().len(),
            12,
            "11 memories and the question"
        );
        let stored = block_on(store.list_memories()).unwrap();
        assert!(stored.iter().all(|m| embedded_with(m, "embed-small")));
        // The next question embeds only itself.
        block_on(retriever.retrieve("my puppy again", &scope)).unwrap();
        assert_eq!(retriever.embedder.asked.borrow().len(), 13);
        // Another model's vectors are not used: the memories are embedded again with it.
        let other = MemoryRetriever {
            store: store.clone(),
            embedder: Topics {
                asked: RefCell::new(Vec::new()),
                fail: false,
            },
            model: || "embed-large".to_owned(),
        };
        block_on(other.retrieve("puppy", &scope)).unwrap();
        assert_eq!(other.embedder.asked.borrow().len(), 12);
    }

    #[test]
    fn failing_embeddings_fall_back_to_words_and_say_so() {
        let retriever = MemoryRetriever {
            store: many_with_a_dog(),
            embedder: Topics {
                asked: RefCell::new(Vec::new()),
                fail: true,
            },
            model: || "embed-small".to_owned(),
        };
        let scope = RetrievalScope {
            assistant_id: "a".into(),
            knowledge_base_ids: Vec::new(),
            memory: true,
        };
        let found = block_on(retriever.retrieve("what is my dog called?", &scope)).unwrap();
        assert_eq!(found.items[0].id, "dog", "the words still find it");
        assert!(found.items.len() <= MAX_MEMORIES);
        assert!(found
            .notice
            .unwrap()
            .to_string()
            .contains("chosen by their words"));
    }

    #[test]
    fn a_vector_of_another_model_is_never_compared() {
        let mut memories: Vec<Memory> = (0..8)
            .map(|i| memory(&format!("m{i}"), MemoryScope::Global, &format!("fact {i}")))
            .collect();
        let with = |model: &str| {
            Some(ChunkEmbedding {
                model: model.into(),
                dimension: 3,
                vector: vec![1.0, 0.0, 0.0],
            })
        };
        memories[5].embedding = with("other");
        let query = [1.0, 0.0, 0.0];
        // Same length, same direction, other model: not found by meaning.
        assert!(!choose_memories(&memories, "puppy", Some(("mine", &query))).contains(&5));
        memories[5].embedding = with("mine");
        assert_eq!(
            choose_memories(&memories, "puppy", Some(("mine", &query)))[0],
            5
        );
    }
}
