//! [`MemoryStore`]: a complete, non-persistent [`ChatStore`] kept in memory. Used by the engine's
//! own tests and by embedders that want no persistence.

use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode};
use crate::knowledge::citations::MessageCitations;
use crate::knowledge::memories::{Memory, MemoryScope};
use crate::knowledge::store::{sort_by_creation, sort_chunks, LibraryStore};
use crate::knowledge::{KnowledgeBase, KnowledgeChunk, KnowledgeDocument};
use crate::persona::dictionary_file::Dictionaries;
use crate::persona::user_persona::Personas;
use crate::persona::world_books::WorldBooks;
use crate::prompt::rolling_context::RollingContextSummary;
use crate::provider::settings::ProviderSettings;
use crate::store::{
    sort_in_creation_order, sort_newest_first, summary_key, touch_conversation, Blob, ChatStore,
    StoreError,
};
use std::cell::RefCell;

#[derive(Debug, Default)]
pub struct MemoryStore {
    conversations: RefCell<Vec<Conversation>>,
    messages: RefCell<Vec<MessageNode>>,
    settings: RefCell<Option<ProviderSettings>>,
    personas: RefCell<Personas>,
    world_books: RefCell<WorldBooks>,
    dictionaries: RefCell<Dictionaries>,
    mcp_servers: RefCell<crate::mcp::McpServers>,
    web_search: RefCell<crate::tools::search_backends::WebSearchSettings>,
    workflow_templates: RefCell<crate::workflow::WorkflowTemplates>,
    follow_ups: RefCell<crate::domain::follow_up::FollowUps>,
    workflow_runs: RefCell<Vec<crate::workflow::WorkflowRun>>,
    sync_state: RefCell<crate::sync::SyncState>,
    blobs: RefCell<Vec<Blob>>,
    summaries: RefCell<Vec<RollingContextSummary>>,
    usage: RefCell<Vec<crate::domain::usage::UsageEvent>>,
    citations: RefCell<Vec<MessageCitations>>,
    assistants: RefCell<Vec<Assistant>>,
    memories: RefCell<Vec<Memory>>,
    knowledge_bases: RefCell<Vec<KnowledgeBase>>,
    documents: RefCell<Vec<KnowledgeDocument>>,
    chunks: RefCell<Vec<KnowledgeChunk>>,
    /// How many `save_message` calls were made: lets tests check write throttling.
    message_writes: std::cell::Cell<usize>,
    /// Tests of the storage-full path: message writes after this many fail with a quota error.
    #[cfg(test)]
    full_after_writes: std::cell::Cell<Option<usize>>,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn message_writes(&self) -> usize {
        self.message_writes.get()
    }

    /// Makes every message write after the next `writes` fail as a full browser storage does.
    #[cfg(test)]
    pub(crate) fn fill_up_after(&self, writes: usize) {
        self.full_after_writes
            .set(Some(self.message_writes.get() + writes));
    }

    /// Loses a stored image, as a browser that evicted or a user who cleared site data would.
    #[cfg(test)]
    pub(crate) fn forget_blob(&self, id: &str) {
        self.blobs.borrow_mut().retain(|b| b.id != id);
    }

    /// Frees the storage filled by [`fill_up_after`](Self::fill_up_after).
    #[cfg(test)]
    pub(crate) fn make_room(&self) {
        self.full_after_writes.set(None);
    }

    #[cfg(test)]
    fn check_room(&self) -> Result<(), StoreError> {
        match self.full_after_writes.get() {
            Some(limit) if self.message_writes.get() > limit => {
                Err(StoreError::QuotaExceeded("simulated: no room left".into()))
            }
            _ => Ok(()),
        }
    }

    #[cfg(not(test))]
    fn check_room(&self) -> Result<(), StoreError> {
        Ok(())
    }
}

impl MemoryStore {
    /// The usage events of one conversation (a temporary chat's, when it is kept).
    pub(crate) fn usage_of(&self, conversation_id: &str) -> Vec<crate::domain::usage::UsageEvent> {
        self.usage
            .borrow()
            .iter()
            .filter(|e| e.conversation_id == conversation_id)
            .cloned()
            .collect()
    }

    /// Drops the usage events of a conversation and the images `blob_ids` (a temporary chat
    /// kept elsewhere, or deleted).
    pub(crate) fn forget(&self, conversation_id: &str, blob_ids: &[String]) {
        self.usage
            .borrow_mut()
            .retain(|e| e.conversation_id != conversation_id);
        self.blobs
            .borrow_mut()
            .retain(|b| !blob_ids.contains(&b.id));
    }
}

fn upsert<T>(items: &mut Vec<T>, item: T, same: impl Fn(&T) -> bool) {
    match items.iter_mut().find(|existing| same(existing)) {
        Some(existing) => *existing = item,
        None => items.push(item),
    }
}

impl ChatStore for MemoryStore {
    async fn list_conversations(&self) -> Result<Vec<Conversation>, StoreError> {
        let mut list = self.conversations.borrow().clone();
        sort_newest_first(&mut list);
        Ok(list)
    }

    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        Ok(self
            .conversations
            .borrow()
            .iter()
            .find(|c| c.id == id)
            .cloned())
    }

    async fn load_messages(&self, conversation_id: &str) -> Result<Vec<MessageNode>, StoreError> {
        let mut list: Vec<MessageNode> = self
            .messages
            .borrow()
            .iter()
            .filter(|m| m.conversation_id == conversation_id)
            .cloned()
            .collect();
        sort_in_creation_order(&mut list);
        Ok(list)
    }

    async fn save_message(
        &self,
        conversation: &Conversation,
        message: &MessageNode,
    ) -> Result<(), StoreError> {
        self.message_writes.set(self.message_writes.get() + 1);
        self.check_room()?;
        let mut conversations = self.conversations.borrow_mut();
        match conversations.iter_mut().find(|c| c.id == conversation.id) {
            Some(stored) => touch_conversation(stored, conversation),
            None => conversations.push(conversation.clone()),
        }
        drop(conversations);
        upsert(&mut self.messages.borrow_mut(), message.clone(), |m| {
            m.id == message.id
        });
        Ok(())
    }

    async fn save_streaming_snapshot(&self, message: &MessageNode) -> Result<bool, StoreError> {
        self.check_room()?;
        let mut messages = self.messages.borrow_mut();
        match messages.iter_mut().find(|m| m.id == message.id) {
            Some(stored) if stored.status != crate::MessageStatus::Streaming => Ok(false),
            Some(stored) => {
                *stored = message.clone();
                Ok(true)
            }
            None => {
                messages.push(message.clone());
                Ok(true)
            }
        }
    }

    async fn import_conversations(
        &self,
        conversations: &[(Conversation, Vec<MessageNode>)],
    ) -> Result<(), StoreError> {
        for (conversation, messages) in conversations {
            upsert(
                &mut self.conversations.borrow_mut(),
                conversation.clone(),
                |c| c.id == conversation.id,
            );
            for message in messages {
                upsert(&mut self.messages.borrow_mut(), message.clone(), |m| {
                    m.id == message.id
                });
            }
        }
        Ok(())
    }

    async fn save_conversation(&self, conversation: &Conversation) -> Result<(), StoreError> {
        upsert(
            &mut self.conversations.borrow_mut(),
            conversation.clone(),
            |c| c.id == conversation.id,
        );
        Ok(())
    }

    async fn delete_messages(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<(), StoreError> {
        self.messages.borrow_mut().retain(|m| !ids.contains(&m.id));
        self.citations
            .borrow_mut()
            .retain(|c| !ids.contains(&c.message_id));
        self.save_conversation(conversation).await
    }

    async fn delete_conversation(&self, conversation_id: &str) -> Result<(), StoreError> {
        self.conversations
            .borrow_mut()
            .retain(|c| c.id != conversation_id);
        self.messages
            .borrow_mut()
            .retain(|m| m.conversation_id != conversation_id);
        self.summaries
            .borrow_mut()
            .retain(|s| s.conversation_id != conversation_id);
        self.citations
            .borrow_mut()
            .retain(|c| c.conversation_id != conversation_id);
        Ok(())
    }

    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError> {
        Ok(self.settings.borrow().clone())
    }

    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError> {
        *self.settings.borrow_mut() = Some(settings.clone());
        Ok(())
    }

    async fn load_personas(&self) -> Result<Personas, StoreError> {
        Ok(self.personas.borrow().clone())
    }

    async fn save_personas(&self, personas: &Personas) -> Result<(), StoreError> {
        *self.personas.borrow_mut() = personas.clone();
        Ok(())
    }

    async fn load_world_books(&self) -> Result<WorldBooks, StoreError> {
        Ok(self.world_books.borrow().clone())
    }

    async fn save_world_books(&self, books: &WorldBooks) -> Result<(), StoreError> {
        *self.world_books.borrow_mut() = books.clone();
        Ok(())
    }

    async fn load_dictionaries(&self) -> Result<Dictionaries, StoreError> {
        Ok(self.dictionaries.borrow().clone())
    }

    async fn save_dictionaries(&self, dictionaries: &Dictionaries) -> Result<(), StoreError> {
        *self.dictionaries.borrow_mut() = dictionaries.clone();
        Ok(())
    }

    async fn load_mcp_servers(&self) -> Result<crate::mcp::McpServers, StoreError> {
        Ok(self.mcp_servers.borrow().clone())
    }

    async fn save_mcp_servers(&self, servers: &crate::mcp::McpServers) -> Result<(), StoreError> {
        *self.mcp_servers.borrow_mut() = servers.clone();
        Ok(())
    }

    async fn load_web_search(
        &self,
    ) -> Result<crate::tools::search_backends::WebSearchSettings, StoreError> {
        Ok(self.web_search.borrow().clone())
    }

    async fn save_web_search(
        &self,
        settings: &crate::tools::search_backends::WebSearchSettings,
    ) -> Result<(), StoreError> {
        *self.web_search.borrow_mut() = settings.clone();
        Ok(())
    }

    async fn load_follow_ups(&self) -> Result<crate::domain::follow_up::FollowUps, StoreError> {
        Ok(self.follow_ups.borrow().clone())
    }

    async fn save_follow_ups(
        &self,
        follow_ups: &crate::domain::follow_up::FollowUps,
    ) -> Result<(), StoreError> {
        *self.follow_ups.borrow_mut() = follow_ups.clone();
        Ok(())
    }

    async fn load_workflow_templates(
        &self,
    ) -> Result<crate::workflow::WorkflowTemplates, StoreError> {
        Ok(self.workflow_templates.borrow().clone())
    }

    async fn save_workflow_templates(
        &self,
        templates: &crate::workflow::WorkflowTemplates,
    ) -> Result<(), StoreError> {
        *self.workflow_templates.borrow_mut() = templates.clone();
        Ok(())
    }

    async fn list_workflow_runs(&self) -> Result<Vec<crate::workflow::WorkflowRun>, StoreError> {
        Ok(self.workflow_runs.borrow().clone())
    }

    async fn save_workflow_run(
        &self,
        run: &crate::workflow::WorkflowRun,
    ) -> Result<(), StoreError> {
        let mut runs = self.workflow_runs.borrow_mut();
        match runs.iter_mut().find(|r| r.id == run.id) {
            Some(stored) => *stored = run.clone(),
            None => runs.push(run.clone()),
        }
        Ok(())
    }

    async fn delete_workflow_run(&self, id: &str) -> Result<(), StoreError> {
        self.workflow_runs.borrow_mut().retain(|r| r.id != id);
        Ok(())
    }

    async fn save_blob(&self, blob: &Blob) -> Result<(), StoreError> {
        upsert(&mut self.blobs.borrow_mut(), blob.clone(), |b| {
            b.id == blob.id
        });
        Ok(())
    }

    async fn load_blob(&self, id: &str) -> Result<Option<Blob>, StoreError> {
        Ok(self.blobs.borrow().iter().find(|b| b.id == id).cloned())
    }

    async fn delete_blob(&self, id: &str) -> Result<(), StoreError> {
        self.blobs.borrow_mut().retain(|b| b.id != id);
        Ok(())
    }

    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError> {
        let key = summary_key(summary);
        upsert(&mut self.summaries.borrow_mut(), summary.clone(), |s| {
            summary_key(s) == key
        });
        Ok(())
    }

    async fn delete_summaries(
        &self,
        summaries: &[RollingContextSummary],
    ) -> Result<(), StoreError> {
        let keys: Vec<String> = summaries.iter().map(summary_key).collect();
        self.summaries
            .borrow_mut()
            .retain(|s| !keys.contains(&summary_key(s)));
        Ok(())
    }

    async fn load_summaries(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<RollingContextSummary>, StoreError> {
        Ok(self
            .summaries
            .borrow()
            .iter()
            .filter(|s| s.conversation_id == conversation_id)
            .cloned()
            .collect())
    }

    async fn save_citations(&self, citations: &MessageCitations) -> Result<(), StoreError> {
        let mut stored = self.citations.borrow_mut();
        stored.retain(|c| c.message_id != citations.message_id);
        if !citations.citations.is_empty() {
            stored.push(citations.clone());
        }
        Ok(())
    }

    async fn load_citations(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<MessageCitations>, StoreError> {
        Ok(self
            .citations
            .borrow()
            .iter()
            .filter(|c| c.conversation_id == conversation_id)
            .cloned()
            .collect())
    }

    async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<crate::store::search::SearchHit>, StoreError> {
        let Some(mut hits) = crate::store::search::SearchHits::new(query, limit) else {
            return Ok(Vec::new());
        };
        for message in self.messages.borrow().iter() {
            hits.offer(message);
        }
        Ok(hits.into_hits())
    }

    async fn save_usage(&self, event: &crate::domain::usage::UsageEvent) -> Result<(), StoreError> {
        self.usage.borrow_mut().push(event.clone());
        Ok(())
    }

    async fn load_sync_state(&self) -> Result<crate::sync::SyncState, StoreError> {
        Ok(self.sync_state.borrow().clone())
    }
    async fn save_sync_state(&self, state: &crate::sync::SyncState) -> Result<(), StoreError> {
        *self.sync_state.borrow_mut() = state.clone();
        Ok(())
    }
    async fn load_usage(
        &self,
        since_ms: f64,
    ) -> Result<Vec<crate::domain::usage::UsageEvent>, StoreError> {
        let mut events: Vec<_> = self
            .usage
            .borrow()
            .iter()
            .filter(|e| e.at_ms >= since_ms)
            .cloned()
            .collect();
        events.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
        Ok(events)
    }
}

impl LibraryStore for MemoryStore {
    async fn list_assistants(&self) -> Result<Vec<Assistant>, StoreError> {
        let mut list = self.assistants.borrow().clone();
        list.sort_by(|a, b| a.id.cmp(&b.id));
        Ok(list)
    }

    async fn save_assistant(&self, assistant: &Assistant) -> Result<(), StoreError> {
        upsert(&mut self.assistants.borrow_mut(), assistant.clone(), |a| {
            a.id == assistant.id
        });
        Ok(())
    }

    async fn delete_assistant(&self, id: &str) -> Result<(), StoreError> {
        self.assistants.borrow_mut().retain(|a| a.id != id);
        let own = MemoryScope::Assistant(id.to_owned());
        self.memories.borrow_mut().retain(|m| m.scope != own);
        Ok(())
    }

    async fn list_memories(&self) -> Result<Vec<Memory>, StoreError> {
        let mut list = self.memories.borrow().clone();
        sort_by_creation(&mut list, |m| (m.created_at_ms, &m.id));
        Ok(list)
    }

    async fn save_memory(&self, memory: &Memory) -> Result<(), StoreError> {
        upsert(&mut self.memories.borrow_mut(), memory.clone(), |m| {
            m.id == memory.id
        });
        Ok(())
    }

    async fn delete_memory(&self, id: &str) -> Result<(), StoreError> {
        self.memories.borrow_mut().retain(|m| m.id != id);
        Ok(())
    }

    async fn list_knowledge_bases(&self) -> Result<Vec<KnowledgeBase>, StoreError> {
        let mut list = self.knowledge_bases.borrow().clone();
        sort_by_creation(&mut list, |b| (b.created_at_ms, &b.id));
        Ok(list)
    }

    async fn save_knowledge_base(&self, base: &KnowledgeBase) -> Result<(), StoreError> {
        upsert(&mut self.knowledge_bases.borrow_mut(), base.clone(), |b| {
            b.id == base.id
        });
        Ok(())
    }

    async fn delete_knowledge_base(&self, id: &str) -> Result<(), StoreError> {
        self.knowledge_bases.borrow_mut().retain(|b| b.id != id);
        self.documents
            .borrow_mut()
            .retain(|d| d.knowledge_base_id != id);
        self.chunks
            .borrow_mut()
            .retain(|c| c.knowledge_base_id != id);
        Ok(())
    }

    async fn list_documents(&self, base_id: &str) -> Result<Vec<KnowledgeDocument>, StoreError> {
        let mut list: Vec<_> = self
            .documents
            .borrow()
            .iter()
            .filter(|d| d.knowledge_base_id == base_id)
            .cloned()
            .collect();
        sort_by_creation(&mut list, |d| (d.created_at_ms, &d.id));
        Ok(list)
    }

    async fn save_document(
        &self,
        document: &KnowledgeDocument,
        chunks: &[KnowledgeChunk],
    ) -> Result<(), StoreError> {
        upsert(&mut self.documents.borrow_mut(), document.clone(), |d| {
            d.id == document.id
        });
        let mut stored = self.chunks.borrow_mut();
        stored.retain(|c| c.document_id != document.id);
        stored.extend_from_slice(chunks);
        Ok(())
    }

    async fn delete_document(&self, id: &str) -> Result<(), StoreError> {
        self.documents.borrow_mut().retain(|d| d.id != id);
        self.chunks.borrow_mut().retain(|c| c.document_id != id);
        Ok(())
    }

    async fn load_chunks(&self, base_id: &str) -> Result<Vec<KnowledgeChunk>, StoreError> {
        let mut list: Vec<_> = self
            .chunks
            .borrow()
            .iter()
            .filter(|c| c.knowledge_base_id == base_id)
            .cloned()
            .collect();
        sort_chunks(&mut list);
        Ok(list)
    }

    async fn save_chunk_embeddings(&self, chunks: &[KnowledgeChunk]) -> Result<usize, StoreError> {
        let mut stored = self.chunks.borrow_mut();
        let mut written = 0;
        for chunk in chunks {
            if let Some(existing) = stored.iter_mut().find(|c| c.id == chunk.id) {
                existing.embedding.clone_from(&chunk.embedding);
                written += 1;
            }
        }
        Ok(written)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;

    #[test]
    fn the_memory_store_keeps_the_store_contract() {
        block_on(crate::store::conformance::run_all(|_| async {
            MemoryStore::new()
        }));
    }

    #[test]
    fn the_memory_store_keeps_the_library_contract() {
        block_on(crate::store::conformance::library::run_all(|_| async {
            MemoryStore::new()
        }));
    }
}
