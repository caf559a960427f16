//! The chat service over [`TemporaryChats`]: whether a conversation is a temporary chat, and
//! keeping one.

use crate::chat::{ChatError, ChatService};
use crate::domain::message::Conversation;
use crate::knowledge::store::LibraryStore;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::temporary::TemporaryChats;
use crate::store::ChatStore;

impl<T, S, C, I> ChatService<T, TemporaryChats<S>, C, I>
where
    T: Transport,
    S: ChatStore + LibraryStore,
    C: Clock,
    I: IdGenerator,
{
    /// Whether `conversation_id` is a temporary chat.
    pub fn is_temporary(&self, conversation_id: &str) -> bool {
        self.store.is_temporary(conversation_id)
    }

    /// Stores temporary chat `conversation_id` whole ([`TemporaryChats::keep`]); not while an
    /// answer is being written in it (its next writes would go to memory).
    pub async fn keep_temporary(&self, conversation_id: &str) -> Result<Conversation, ChatError> {
        if self.is_generating(conversation_id) {
            return Err(ChatError::TemporaryBusy);
        }
        self.store
            .keep(conversation_id)
            .await
            .map_err(ChatError::TemporaryNotKept)
    }
}
