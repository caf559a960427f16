//! The persistence boundary. The platform implements [`ChatStore`] with IndexedDB; the engine's
//! [`MemoryStore`](crate::MemoryStore) keeps everything in memory.
//!
//! Writes are incremental by contract: [`save_message`](ChatStore::save_message) writes one message
//! and its conversation record together (one transaction where the backend has them), never the
//! whole conversation.

pub mod backup;
#[cfg(any(test, feature = "conformance"))]
pub mod conformance;
pub mod export;
pub(crate) mod import;
pub mod import_error;
pub(crate) mod in_memory;
pub mod pending_deletions;
pub mod search;
pub mod temporary;

// Types of this module's public surface that live in crate-private files.
pub use import::ImportError;

use crate::domain::message::{Conversation, MessageNode};
use crate::knowledge::citations::MessageCitations;
use crate::persona::dictionary_file::Dictionaries;
use crate::persona::user_persona::Personas;
use crate::persona::world_books::WorldBooks;
use crate::prompt::rolling_context::RollingContextSummary;
use crate::provider::settings::ProviderSettings;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum StoreError {
    #[error("The browser's storage is full ({0}). Free some space (delete old chats or site data) and try again; nothing already saved was lost.")]
    QuotaExceeded(String),
    #[error(
        "Local storage is not available: {0}. Private windows and some browser settings block it."
    )]
    Unavailable(String),
    #[error("A stored record could not be read ({0}); it was left untouched.")]
    Corrupt(String),
    #[error("Saving failed: {0}")]
    Other(String),
}

impl crate::i18n::Explain for StoreError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::QuotaExceeded(d) => phrase("error-store-quota").with("detail", d),
            Self::Unavailable(d) => phrase("error-store-unavailable").with("detail", d),
            Self::Corrupt(d) => phrase("error-store-corrupt").with("detail", d),
            Self::Other(d) => phrase("error-store-other").with("detail", d),
        }
    }
}

/// Binary content (images, attachments) stored apart from the messages that refer to it by
/// `id`, so loading a conversation never loads megabytes it does not show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Blob {
    pub id: String,
    pub mime: String,
    pub bytes: Vec<u8>,
}

/// The storage key of a summary: its conversation and the last message it covers, so a refresh
/// of the same prefix replaces the old one and other branches' summaries stay.
pub fn summary_key(summary: &RollingContextSummary) -> String {
    let last = summary.covered_ids.last().map_or("", String::as_str);
    format!("{}:{last}", summary.conversation_id)
}

/// The order [`ChatStore::list_conversations`] returns: most recently updated first.
pub fn sort_newest_first(conversations: &mut [Conversation]) {
    conversations.sort_by(|a, b| b.updated_at_ms.total_cmp(&a.updated_at_ms));
}

/// What [`ChatStore::save_message`] changes in a stored conversation record.
pub fn touch_conversation(stored: &mut Conversation, from: &Conversation) {
    stored.updated_at_ms = from.updated_at_ms;
    stored.current_leaf_id.clone_from(&from.current_leaf_id);
    // Whether the branch's last question waits for the connection goes with the branch.
    stored.waiting_question.clone_from(&from.waiting_question);
}

/// The order [`ChatStore::load_messages`] returns: creation order.
pub fn sort_in_creation_order(messages: &mut [MessageNode]) {
    messages.sort_by(|a, b| a.created_at_ms.total_cmp(&b.created_at_ms));
}

pub trait ChatStore {
    /// All conversations, newest first.
    async fn list_conversations(&self) -> Result<Vec<Conversation>, StoreError>;
    /// One conversation record, if it exists.
    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError>;
    /// Every message node of one conversation, in creation order.
    async fn load_messages(&self, conversation_id: &str) -> Result<Vec<MessageNode>, StoreError>;
    /// Writes `message`, and the conversation's timestamp, current leaf and waiting question
    /// ([`Conversation::waiting_question`]), atomically. The
    /// rest of a stored conversation record (title, suggestions) is kept: a generation holding
    /// an older copy never undoes a rename or a generated title. A conversation not stored yet
    /// is written whole.
    async fn save_message(
        &self,
        conversation: &Conversation,
        message: &MessageNode,
    ) -> Result<(), StoreError>;
    /// Writes a snapshot of a message still being generated, but only while the stored copy is
    /// still streaming (or absent): a snapshot taken when a tab closes can never overwrite the
    /// finished answer, whichever write lands first. Returns whether it was written.
    async fn save_streaming_snapshot(&self, message: &MessageNode) -> Result<bool, StoreError>;
    /// Stores whole conversations with all their messages (an import), in one transaction:
    /// all or nothing.
    async fn import_conversations(
        &self,
        conversations: &[(Conversation, Vec<MessageNode>)],
    ) -> Result<(), StoreError>;
    /// Writes the conversation record alone (title, timestamps, selected branch).
    async fn save_conversation(&self, conversation: &Conversation) -> Result<(), StoreError>;
    /// Deletes the messages `ids` (and their citations) and writes `conversation`, atomically:
    /// all or nothing.
    async fn delete_messages(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<(), StoreError>;
    /// Deletes a conversation with all its messages, summaries and citations, atomically.
    async fn delete_conversation(&self, conversation_id: &str) -> Result<(), StoreError>;
    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError>;
    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError>;
    /// The user's personas (none stored: an empty list).
    async fn load_personas(&self) -> Result<Personas, StoreError>;
    async fn save_personas(&self, personas: &Personas) -> Result<(), StoreError>;
    /// The user's world books (none stored: none).
    async fn load_world_books(&self) -> Result<WorldBooks, StoreError>;
    async fn save_world_books(&self, books: &WorldBooks) -> Result<(), StoreError>;
    /// The user's stored chat dictionaries (none stored: none).
    async fn load_dictionaries(&self) -> Result<Dictionaries, StoreError>;
    async fn save_dictionaries(&self, dictionaries: &Dictionaries) -> Result<(), StoreError>;
    /// The MCP servers the user added (none stored: none).
    async fn load_mcp_servers(&self) -> Result<crate::mcp::McpServers, StoreError>;
    async fn save_mcp_servers(&self, servers: &crate::mcp::McpServers) -> Result<(), StoreError>;
    /// The web search settings (none stored: the defaults, not set up).
    async fn load_web_search(
        &self,
    ) -> Result<crate::tools::search_backends::WebSearchSettings, StoreError>;
    async fn save_web_search(
        &self,
        settings: &crate::tools::search_backends::WebSearchSettings,
    ) -> Result<(), StoreError>;
    /// The follow-ups made from answers' promises (none stored: none).
    async fn load_follow_ups(&self) -> Result<crate::domain::follow_up::FollowUps, StoreError>;
    async fn save_follow_ups(
        &self,
        follow_ups: &crate::domain::follow_up::FollowUps,
    ) -> Result<(), StoreError>;
    /// The user's workflow templates (none stored: none).
    async fn load_workflow_templates(
        &self,
    ) -> Result<crate::workflow::WorkflowTemplates, StoreError>;
    async fn save_workflow_templates(
        &self,
        templates: &crate::workflow::WorkflowTemplates,
    ) -> Result<(), StoreError>;
    /// Every stored workflow run, in no particular order.
    async fn list_workflow_runs(&self) -> Result<Vec<crate::workflow::WorkflowRun>, StoreError>;
    /// Saves one run whole (new, or replacing the one with its ID).
    async fn save_workflow_run(&self, run: &crate::workflow::WorkflowRun)
        -> Result<(), StoreError>;
    async fn delete_workflow_run(&self, id: &str) -> Result<(), StoreError>;
    async fn save_blob(&self, blob: &Blob) -> Result<(), StoreError>;
    /// Stores an image or file that `conversation` refers to (a store that keeps some
    /// conversations apart, [`temporary::TemporaryChats`], keeps it with them).
    async fn save_blob_of(
        &self,
        conversation: &Conversation,
        blob: &Blob,
    ) -> Result<(), StoreError> {
        let _ = conversation;
        self.save_blob(blob).await
    }
    /// Stores a rolling-context summary; one with the same covered prefix is replaced.
    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError>;
    /// Deletes these summaries (by their keys, [`summary_key`]), atomically.
    async fn delete_summaries(&self, summaries: &[RollingContextSummary])
        -> Result<(), StoreError>;
    /// Every summary of a conversation, of any branch (validity is checked by the caller).
    async fn load_summaries(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<RollingContextSummary>, StoreError>;
    async fn load_blob(&self, id: &str) -> Result<Option<Blob>, StoreError>;
    /// Deletes a stored image or file (an ID not stored is no error).
    async fn delete_blob(&self, id: &str) -> Result<(), StoreError>;
    /// Stores the citations of one message, replacing those it had (none: the record goes).
    async fn save_citations(&self, citations: &MessageCitations) -> Result<(), StoreError>;
    /// The citations of every message of a conversation that has some.
    async fn load_citations(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<MessageCitations>, StoreError>;
    /// Messages whose text contains `query` (case-insensitive), the first hit of each
    /// conversation, at most `limit` conversations. An empty query finds nothing.
    async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<crate::store::search::SearchHit>, StoreError>;
    /// Records one provider call.
    async fn save_usage(&self, event: &crate::domain::usage::UsageEvent) -> Result<(), StoreError>;
    /// The provider calls recorded since `since_ms`, oldest first.
    /// This device's sync ledger and setup ([`crate::sync::SyncState`]); the default before
    /// sync is set up.
    async fn load_sync_state(&self) -> Result<crate::sync::SyncState, StoreError>;
    async fn save_sync_state(&self, state: &crate::sync::SyncState) -> Result<(), StoreError>;
    async fn load_usage(
        &self,
        since_ms: f64,
    ) -> Result<Vec<crate::domain::usage::UsageEvent>, StoreError>;
}

/// A shared store is a store (the chat service and the library's tools can hold the same one).
impl<T: ChatStore + ?Sized> ChatStore for std::rc::Rc<T> {
    async fn import_conversations(
        &self,
        conversations: &[(Conversation, Vec<MessageNode>)],
    ) -> Result<(), StoreError> {
        (**self).import_conversations(conversations).await
    }
    async fn list_conversations(&self) -> Result<Vec<Conversation>, StoreError> {
        (**self).list_conversations().await
    }
    async fn load_conversation(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        (**self).load_conversation(id).await
    }
    async fn load_messages(&self, conversation_id: &str) -> Result<Vec<MessageNode>, StoreError> {
        (**self).load_messages(conversation_id).await
    }
    async fn save_message(
        &self,
        conversation: &Conversation,
        message: &MessageNode,
    ) -> Result<(), StoreError> {
        (**self).save_message(conversation, message).await
    }
    async fn save_streaming_snapshot(&self, message: &MessageNode) -> Result<bool, StoreError> {
        (**self).save_streaming_snapshot(message).await
    }
    async fn save_conversation(&self, conversation: &Conversation) -> Result<(), StoreError> {
        (**self).save_conversation(conversation).await
    }
    async fn delete_messages(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<(), StoreError> {
        (**self).delete_messages(conversation, ids).await
    }
    async fn delete_conversation(&self, conversation_id: &str) -> Result<(), StoreError> {
        (**self).delete_conversation(conversation_id).await
    }
    async fn load_provider_settings(&self) -> Result<Option<ProviderSettings>, StoreError> {
        (**self).load_provider_settings().await
    }
    async fn save_provider_settings(&self, settings: &ProviderSettings) -> Result<(), StoreError> {
        (**self).save_provider_settings(settings).await
    }
    async fn load_personas(&self) -> Result<Personas, StoreError> {
        (**self).load_personas().await
    }
    async fn save_personas(&self, personas: &Personas) -> Result<(), StoreError> {
        (**self).save_personas(personas).await
    }
    async fn load_world_books(&self) -> Result<WorldBooks, StoreError> {
        (**self).load_world_books().await
    }
    async fn save_world_books(&self, books: &WorldBooks) -> Result<(), StoreError> {
        (**self).save_world_books(books).await
    }
    async fn load_dictionaries(&self) -> Result<Dictionaries, StoreError> {
        (**self).load_dictionaries().await
    }
    async fn save_dictionaries(&self, dictionaries: &Dictionaries) -> Result<(), StoreError> {
        (**self).save_dictionaries(dictionaries).await
    }
    async fn load_mcp_servers(&self) -> Result<crate::mcp::McpServers, StoreError> {
        (**self).load_mcp_servers().await
    }
    async fn save_mcp_servers(&self, servers: &crate::mcp::McpServers) -> Result<(), StoreError> {
        (**self).save_mcp_servers(servers).await
    }
    async fn load_web_search(
        &self,
    ) -> Result<crate::tools::search_backends::WebSearchSettings, StoreError> {
        (**self).load_web_search().await
    }
    async fn save_web_search(
        &self,
        settings: &crate::tools::search_backends::WebSearchSettings,
    ) -> Result<(), StoreError> {
        (**self).save_web_search(settings).await
    }
    async fn load_follow_ups(&self) -> Result<crate::domain::follow_up::FollowUps, StoreError> {
        (**self).load_follow_ups().await
    }
    async fn save_follow_ups(
        &self,
        follow_ups: &crate::domain::follow_up::FollowUps,
    ) -> Result<(), StoreError> {
        (**self).save_follow_ups(follow_ups).await
    }
    async fn load_workflow_templates(
        &self,
    ) -> Result<crate::workflow::WorkflowTemplates, StoreError> {
        (**self).load_workflow_templates().await
    }
    async fn save_workflow_templates(
        &self,
        templates: &crate::workflow::WorkflowTemplates,
    ) -> Result<(), StoreError> {
        (**self).save_workflow_templates(templates).await
    }
    async fn list_workflow_runs(&self) -> Result<Vec<crate::workflow::WorkflowRun>, StoreError> {
        (**self).list_workflow_runs().await
    }
    async fn save_workflow_run(
        &self,
        run: &crate::workflow::WorkflowRun,
    ) -> Result<(), StoreError> {
        (**self).save_workflow_run(run).await
    }
    async fn delete_workflow_run(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_workflow_run(id).await
    }
    async fn save_blob(&self, blob: &Blob) -> Result<(), StoreError> {
        (**self).save_blob(blob).await
    }
    async fn save_blob_of(
        &self,
        conversation: &Conversation,
        blob: &Blob,
    ) -> Result<(), StoreError> {
        (**self).save_blob_of(conversation, blob).await
    }
    async fn save_summary(&self, summary: &RollingContextSummary) -> Result<(), StoreError> {
        (**self).save_summary(summary).await
    }
    async fn delete_summaries(
        &self,
        summaries: &[RollingContextSummary],
    ) -> Result<(), StoreError> {
        (**self).delete_summaries(summaries).await
    }
    async fn load_summaries(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<RollingContextSummary>, StoreError> {
        (**self).load_summaries(conversation_id).await
    }
    async fn load_blob(&self, id: &str) -> Result<Option<Blob>, StoreError> {
        (**self).load_blob(id).await
    }
    async fn delete_blob(&self, id: &str) -> Result<(), StoreError> {
        (**self).delete_blob(id).await
    }
    async fn save_citations(&self, citations: &MessageCitations) -> Result<(), StoreError> {
        (**self).save_citations(citations).await
    }
    async fn load_citations(
        &self,
        conversation_id: &str,
    ) -> Result<Vec<MessageCitations>, StoreError> {
        (**self).load_citations(conversation_id).await
    }
    async fn search_messages(
        &self,
        query: &str,
        limit: usize,
    ) -> Result<Vec<crate::store::search::SearchHit>, StoreError> {
        (**self).search_messages(query, limit).await
    }
    async fn save_usage(&self, event: &crate::domain::usage::UsageEvent) -> Result<(), StoreError> {
        (**self).save_usage(event).await
    }
    async fn load_usage(
        &self,
        since_ms: f64,
    ) -> Result<Vec<crate::domain::usage::UsageEvent>, StoreError> {
        (**self).load_usage(since_ms).await
    }
    async fn load_sync_state(&self) -> Result<crate::sync::SyncState, StoreError> {
        (**self).load_sync_state().await
    }
    async fn save_sync_state(&self, state: &crate::sync::SyncState) -> Result<(), StoreError> {
        (**self).save_sync_state(state).await
    }
}
