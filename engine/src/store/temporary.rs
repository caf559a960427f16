//! Temporary chats: conversations that live in memory only and are never written to storage
//! (the seeds' non-persisted requests), until the user keeps one.
//!
//! [`TemporaryChats`] wraps the real store. Everything of a temporary conversation (its
//! record, messages, summaries, citations, usage events and images) goes to an in-memory store;
//! everything else goes to the real one, and reads merge both. A conversation is temporary when
//! its record says so ([`Conversation::temporary`], set when it is created and never stored) or
//! when it was written here as one. [`keep`](TemporaryChats::keep) copies one to the real store,
//! its messages last and in one transaction, so an interrupted keep leaves it temporary and
//! whole.

use crate::domain::message::{Conversation, MessageNode};
use crate::domain::usage::UsageEvent;
use crate::knowledge::citations::MessageCitations;
use crate::knowledge::store::LibraryStore;
use crate::persona::dictionary_file::Dictionaries;
use crate::persona::user_persona::Personas;
use crate::persona::world_books::WorldBooks;
use crate::prompt::rolling_context::RollingContextSummary;
use crate::provider::settings::ProviderSettings;
use crate::store::in_memory::MemoryStore;
use crate::store::search::SearchHit;
use crate::store::{sort_newest_first, Blob, ChatStore, StoreError};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

/// The real store `S`, with temporary conversations kept beside it in memory.
#[derive(Debug, Clone)]
pub struct TemporaryChats<S> {
    inner: S,
    memory: Rc<MemoryStore>,
    /// The temporary conversations, and the images each wrote.
    temporary: Rc<RefCell<HashMap<String, Vec<String>>>>,
}

impl<S> TemporaryChats<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            memory: Rc::new(MemoryStore::new()),
            temporary: Rc::default(),
        }
    }

    /// The real store.
    pub fn inner(&self) -> &S {
        &self.inner
    }

    pub fn is_temporary(&self, conversation_id: &str) -> bool {
        self.temporary.borrow().contains_key(conversation_id)
    }

    /// Whether writes about `conversation` go to memory; a temporary one is registered.
    fn temporary_record(&self, conversation: &Conversation) -> bool {
        if conversation.temporary {
            self.temporary
                .borrow_mut()
                .entry(conversation.id.clone())
                .or_default();
        }
        self.is_temporary(&conversation.id)
    }
}

impl<S: ChatStore + LibraryStore> TemporaryChats<S> {
    /// Writes temporary conversation `id` to the real store with everything it has, and
    /// returns its record, no longer temporary. Nothing changes when a write fails: it stays
    /// temporary and whole (images or summaries already copied are unused until a later keep
    /// writes them again).
    pub async fn keep(&self, id: &str) -> Result<Conversation, StoreError> {
        let Some(images) = self.temporary.borrow().get(id).cloned() else {
            return Err(StoreError::Other(
                "that chat is not temporary (already kept?)".into(),
            ));
        };
        let Some(mut conversation) = self.memory.load_conversation(id).await? else {
            return Err(StoreError::Other("that temporary chat is gone".into()));
        };
        let messages = self.memory.load_messages(id).await?;
        for image in &images {
            if let Some(blob) = self.memory.load_blob(image).await? {
                self.inner.save_blob(&blob).await?;
            }
        }
        for summary in self.memory.load_summaries(id).await? {
            self.inner.save_summary(&summary).await?;
        }
        for citations in self.memory.load_citations(id).await? {
            self.inner.save_citations(&citations).await?;
        }
        let usage = self.memory.usage_of(id);
        for event in &usage {
            self.inner.save_usage(event).await?;
        }
        conversation.temporary = false;
        self.inner
            .import_conversations(&[(conversation.clone(), messages)])
            .await?;
        // Kept: from now on it lives in the real store only.
        self.temporary.borrow_mut().remove(id);
        self.memory.delete_conversation(id).await?;
        self.memory.forget(id, &images);
        Ok(conversation)
    }
}

impl<S: ChatStore> ChatStore for TemporaryChats<S> {
    async fn list_conversations(&self) -> Result<Vec<Conversation>, StoreError> {
        let mut all = self.inner.list_conversations().await?;
        all.extend(self.memory.list_conversations().await?);
        sort_newest_first(&mut all);
        Ok(all)
    }
    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        if self.is_temporary(id) {
            return self.memory.load_conversation(id).await;
        }
        self.inner.load_conversation(id).await
    }
    async fn load_messages(&self, conversation_id: &str) -> Result<Vec<MessageNode>, StoreError> {
        if self.is_temporary(conversation_id) {
            return self.memory.load_messages(conversation_id).await;
        }
        self.inner.load_messages(conversation_id).await
    }
    async fn save_message(
        &self,
        conversation: &Conversation,
        message: &MessageNode,
    ) -> Result<(), StoreError> {
        if self.temporary_record(conversation) {
            let conversation = Conversation {
                temporary: true,
                ..conversation.clone()
            };
            return self.memory.save_message(&conversation, message).await;
        }
        self.inner.save_message(conversation, message).await
    }
    async fn save_streaming_snapshot(&self, message: &MessageNode) -> Result<bool, StoreError> {
        if self.is_temporary(&message.conversation_id) {
            return self.memory.save_streaming_snapshot(message).await;
        }
        self.inner.save_streaming_snapshot(message).await
    }
    async fn import_conversations(
        &self,
        conversations: &[(Conversation, Vec<MessageNode>)],
    ) -> Result<(), StoreError> {
        self.inner.import_conversations(conversations).await
    }
    async fn save_conversation(&self, conversation: &Conversation) -> Result<(), StoreError> {
        if self.temporary_record(conversation) {
            let conversation = Conversation {
                temporary: true,
                ..conversation.clone()
            };
            return self.memory.save_conversation(&conversation).await;
        }
        self.inner.save_conversation(conversation).await
    }
    async fn delete_messages(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<(), StoreError> {
        if self.temporary_record(conversation) {
            return self.memory.delete_messages(conversation, ids).await;
        }
        self.inner.delete_messages(conversation, ids).await
    }
    async fn delete_conversation(&self, conversation_id: &str) -> Result<(), StoreError> {
        let images = self.temporary.borrow_mut().remove(conversation_id);
        match images {
            Some(images) => {
                self.memory.delete_conversation(conversation_id).await?;
                self.memory.forget(conversation_id, &images);
                Ok(())
            }
            None => self.inner.delete_conversation(conversation_id).await,
        }
    }
    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError> {
        self.inner.load_provider_settings().await
    }
    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError> {
        self.inner.save_provider_settings(settings).await
    }
    async fn load_personas(&self) -> Result<Personas, StoreError> {
        self.inner.load_personas().await
    }
    async fn save_personas(&self, personas: &Personas) -> Result<(), StoreError> {
        self.inner.save_personas(personas).await
    }
    async fn load_world_books(&self) -> Result<WorldBooks, StoreError> {
        self.inner.load_world_books().await
    }
    async fn save_world_books(&self, books: &WorldBooks) -> Result<(), StoreError> {
        self.inner.save_world_books(books).await
    }
    async fn load_dictionaries(&self) -> Result<Dictionaries, StoreError> {
        self.inner.load_dictionaries().await
    }
    async fn save_dictionaries(&self, dictionaries: &Dictionaries) -> Result<(), StoreError> {
        self.inner.save_dictionaries(dictionaries).await
    }
    async fn load_mcp_servers(&self) -> Result<crate::mcp::McpServers, StoreError> {
        self.inner.load_mcp_servers().await
    }
    async fn save_mcp_servers(&self, servers: &crate::mcp::McpServers) -> Result<(), StoreError> {
        self.inner.save_mcp_servers(servers).await
    }
    async fn load_web_search(
        &self,
    ) -> Result<crate::tools::search_backends::WebSearchSettings, StoreError> {
        self.inner.load_web_search().await
    }
    async fn save_web_search(
        &self,
        settings: &crate::tools::search_backends::WebSearchSettings,
    ) -> Result<(), StoreError> {
        self.inner.save_web_search(settings).await
    }
    async fn load_follow_ups(&self) -> Result<crate::domain::follow_up::FollowUps, StoreError> {
        self.inner.load_follow_ups().await
    }
    async fn save_follow_ups(
        &self,
        follow_ups: &crate::domain::follow_up::FollowUps,
    ) -> Result<(), StoreError> {
        self.inner.save_follow_ups(follow_ups).await
    }
    async fn load_workflow_templates(
        &self,
    ) -> Result<crate::workflow::WorkflowTemplates, StoreError> {
        self.inner.load_workflow_templates().await
    }
    async fn save_workflow_templates(
        &self,
        templates: &crate::workflow::WorkflowTemplates,
    ) -> Result<(), StoreError> {
        self.inner.save_workflow_templates(templates).await
    }
    async fn list_workflow_runs(&self) -> Result<Vec<crate::workflow::WorkflowRun>, StoreError> {
        self.inner.list_workflow_runs().await
    }
    async fn save_workflow_run(
        &self,
        run: &crate::workflow::WorkflowRun,
    ) -> Result<(), StoreError> {
        self.inner.save_workflow_run(run).await
    }
    async fn delete_workflow_run(&self, id: &str) -> Result<(), StoreError> {
        self.inner.delete_workflow_run(id).await
    }
    async fn save_blob(&self, blob: &Blob) -> Result<(), StoreError> {
        self.inner.save_blob(blob).await
    }
    async fn save_blob_of(
        &self,
        conversation: &Conversation,
        blob: &Blob,
    ) -> Result<(), StoreError> {
        if !self.temporary_record(conversation) {
            return self.inner.save_blob(blob).await;
        }
        if let Some(images) = self.temporary.borrow_mut().get_mut(&conversation.id) {
            images.push(blob.id.clone());
        }
        self.memory.save_blob(blob).await
    }
    async fn load_blob(&self, id: &str) -> Result<Option<Blob>, StoreError> {
        match self.memory.load_blob(id).await? {
            Some(blob) => Ok(Some(blob)),
            None => self.inner.load_blob(id).await,
        }
    }
    async fn delete_blob(&self, id: &str) -> Result<(), StoreError> {
        self.memory.delete_blob(id).await?;
        self.inner.delete_blob(id).await
    }
    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError> {
        if self.is_temporary(&summary.conversation_id) {
            return self.memory.save_summary(summary).await;
        }
        self.inner.save_summary(summary).await
    }
    async fn delete_summaries(
        &self,
        summaries: &[RollingContextSummary],
    ) -> Result<(), StoreError> {
        let (temporary, stored): (Vec<_>, Vec<_>) = summaries
            .iter()
            .cloned()
            .partition(|s| self.is_temporary(&s.conversation_id));
        self.memory.delete_summaries(&temporary).await?;
        self.inner.delete_summaries(&stored).await
    }
    async fn load_summaries(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<RollingContextSummary>, StoreError> {
        if self.is_temporary(conversation_id) {
            return self.memory.load_summaries(conversation_id).await;
        }
        self.inner.load_summaries(conversation_id).await
    }
    async fn save_citations(&self, citations: &MessageCitations) -> Result<(), StoreError> {
        if self.is_temporary(&citations.conversation_id) {
            return self.memory.save_citations(citations).await;
        }
        self.inner.save_citations(citations).await
    }
    async fn load_citations(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<MessageCitations>, StoreError> {
        if self.is_temporary(conversation_id) {
            return self.memory.load_citations(conversation_id).await;
        }
        self.inner.load_citations(conversation_id).await
    }
    async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<SearchHit>, StoreError> {
        let mut hits = self.memory.search_messages(query, limit).await?;
        let room = limit.saturating_sub(hits.len());
        hits.extend(self.inner.search_messages(query, room).await?);
        Ok(hits)
    }
    async fn save_usage(&self, event: &UsageEvent) -> Result<(), StoreError> {
        if self.is_temporary(&event.conversation_id) {
            return self.memory.save_usage(event).await;
        }
        self.inner.save_usage(event).await
    }
    // Sync reads and writes the real store only: a temporary chat never leaves the page.
    async fn load_sync_state(&self) -> Result<crate::sync::SyncState, StoreError> {
        self.inner.load_sync_state().await
    }
    async fn save_sync_state(&self, state: &crate::sync::SyncState) -> Result<(), StoreError> {
        self.inner.save_sync_state(state).await
    }
    async fn load_usage(&self, since_ms: f64) -> Result<Vec<UsageEvent>, StoreError> {
        let mut all = self.inner.load_usage(since_ms).await?;
        all.extend(self.memory.load_usage(since_ms).await?);
        all.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
        Ok(all)
    }
}

crate::delegate_library_store!(impl [S: LibraryStore] for TemporaryChats<S>, |self| self.inner);

#[cfg(test)]
#[path = "temporary_tests.rs"]
mod tests;
