//! [`MemoryStore`]: a complete, non-persistent [`ChatStore`] kept in memory. Used by the engine's
//! own tests and by embedders that want no persistence.

use crate::message::{Conversation, MessageNode};
use crate::provider_settings::ProviderSettings;
use crate::rolling_context::RollingContextSummary;
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
    blobs: RefCell<Vec<Blob>>,
    summaries: RefCell<Vec<RollingContextSummary>>,
    usage: RefCell<Vec<crate::usage::UsageEvent>>,
    /// How many `save_message` calls were made: lets tests check write throttling.
    message_writes: std::cell::Cell<usize>,
}

impl MemoryStore {
    pub fn new() -> Self {
        Self::default()
    }

    pub fn message_writes(&self) -> usize {
        self.message_writes.get()
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
        Ok(())
    }

    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError> {
        Ok(self.settings.borrow().clone())
    }

    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError> {
        *self.settings.borrow_mut() = Some(settings.clone());
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

    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError> {
        let key = summary_key(summary);
        upsert(&mut self.summaries.borrow_mut(), summary.clone(), |s| {
            summary_key(s) == key
        });
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

    async fn save_usage(&self, event: &crate::usage::UsageEvent) -> Result<(), StoreError> {
        self.usage.borrow_mut().push(event.clone());
        Ok(())
    }

    async fn load_usage(&self, since_ms: f64) -> Result<Vec<crate::usage::UsageEvent>, StoreError> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;

    #[test]
    fn the_memory_store_keeps_the_store_contract() {
        block_on(crate::store_conformance::run_all(|_| async {
            MemoryStore::new()
        }));
    }
}
