//! [`ChatError`]: why the chat service could not start or change something. Each message says
//! what the user can do; a provider's failure is not one of these (it is recorded on the
//! answer, see `domain/failure.rs`).

use crate::domain::assistant::AssistantError;
use crate::domain::attachment::AttachmentError;
use crate::domain::tree::TreeError;
use crate::i18n::{LocaleRules, Localizer};
use crate::provider::settings::SettingsError;
use crate::store::StoreError;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ChatError {
    #[error("Type a message first.")]
    EmptyMessage,
    #[error("There is no conversation to answer in; send a message first.")]
    NoConversation,
    #[error("A title cannot be empty.")]
    EmptyTitle,
    #[error("That conversation is no longer stored (deleted in another tab?).")]
    UnknownConversation(String),
    #[error("The default assistant cannot be deleted; change its settings instead.")]
    DefaultAssistant,
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("This conversation's stored messages are damaged ({0}); nothing was changed.")]
    Tree(#[from] TreeError),
    #[error(transparent)]
    Assistant(#[from] AssistantError),
    #[error("{0}")]
    ToolCall(String),
    #[error(transparent)]
    Import(#[from] crate::store::import::ImportError),
    #[error(transparent)]
    Attachment(#[from] AttachmentError),
    #[error(transparent)]
    Persona(#[from] crate::persona::user_persona::PersonaError),
    /// What was asked for cannot be done, in words: a request the inspector cannot build, a
    /// book or dictionary no longer stored.
    #[error("{0}")]
    Unavailable(String),
    #[error(transparent)]
    Dictionary(#[from] crate::persona::dictionary_file::DictionaryFileError),
    #[error(transparent)]
    Mcp(#[from] crate::mcp::McpServerError),
    #[error(transparent)]
    WorldInfo(#[from] crate::persona::world_info::WorldInfoError),
    /// The summary panel's refusals and failures, each saying what to do.
    #[error(transparent)]
    Summary(#[from] crate::chat::summary_refusal::SummaryRefusal),
    /// Keeping a temporary chat failed or had to wait.
    #[error("{0}")]
    Temporary(String),
    #[error(transparent)]
    Card(#[from] crate::persona::card::CardError),
    #[error(transparent)]
    Memory(#[from] crate::knowledge::memories::MemoryTextError),
    /// A workflow template or run refused what was asked, saying why.
    #[error("{0}")]
    Workflow(String),
}

impl ChatError {
    /// What went wrong in words of the interface language, where the catalogue has them; the
    /// rest (storage, imports, settings…) still in English, as [`std::fmt::Display`] writes it.
    pub fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        match self {
            Self::Summary(refusal) => refusal.words(words, rules),
            other => other.to_string(),
        }
    }
}
