//! Memory in the request (seed 000 §3): the memories the answering assistant may see, given to
//! the model as information. With few memories all of them go (basic mode); with more, the six
//! most relevant to the latest message by their words (retrieval mode).

use crate::knowledge::lexical::LexicalIndex;
use crate::knowledge::store::LibraryStore;
use crate::memories::Memory;
use crate::prompt::hooks::{
    HookError, HookFuture, RetrievalHook, RetrievalScope, Retrieved, RetrievedItem,
};

/// At most this many memories join a request.
pub const MAX_MEMORIES: usize = 6;

pub struct MemoryRetriever<S> {
    pub store: S,
}

/// The memories for `query`: every one when they fit, else the most relevant.
pub fn choose_memories(memories: &[Memory], query: &str) -> Vec<usize> {
    if memories.len() <= MAX_MEMORIES {
        return (0..memories.len()).collect();
    }
    let index = LexicalIndex::new(memories.iter().map(|m| m.text.as_str()));
    index
        .search(query, MAX_MEMORIES)
        .into_iter()
        .map(|(at, _)| at)
        .collect()
}

impl<S: LibraryStore> RetrievalHook for MemoryRetriever<S> {
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Retrieved> {
        Box::pin(async move {
            if !scope.memory {
                return Ok(Retrieved::default());
            }
            let visible: Vec<Memory> = self
                .store
                .list_memories()
                .await
                .map_err(|e| HookError(e.to_string()))?
                .into_iter()
                .filter(|m| m.scope.visible_to(&scope.assistant_id))
                .collect();
            let items = choose_memories(&visible, query)
                .into_iter()
                .map(|at| RetrievedItem {
                    id: visible[at].id.clone(),
                    document_id: String::new(),
                    title: "Memory".to_owned(),
                    text: visible[at].text.clone(),
                })
                .collect::<Vec<_>>();
            Ok(items.into())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::memories::MemoryScope;
    use crate::memory_store::MemoryStore;
    use futures_executor::block_on;

    fn memory(id: &str, scope: MemoryScope, text: &str) -> Memory {
        Memory {
            id: id.into(),
            scope,
            text: text.into(),
            created_at_ms: 1.0,
            updated_at_ms: 1.0,
        }
    }

    #[test]
    fn few_memories_all_go_many_are_chosen_by_relevance() {
        let few: Vec<Memory> = (0..3)
            .map(|i| memory(&format!("m{i}"), MemoryScope::Global, "likes tea"))
            .collect();
        assert_eq!(choose_memories(&few, "anything"), [0, 1, 2]);
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
        let chosen = choose_memories(&many, "what is my dog called?");
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
        let retriever = MemoryRetriever { store };
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
}
