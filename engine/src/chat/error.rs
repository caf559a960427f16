//! [`ChatError`]: why the chat service could not start or change something. Each message says
//! what the user can do; a provider's failure is not one of these (it is recorded on the
//! answer, see `domain/failure.rs`). [`Explain`] says each in the interface language.

use crate::domain::assistant::AssistantError;
use crate::domain::attachment::AttachmentError;
use crate::domain::tree::TreeError;
use crate::i18n::{phrase, Explain, Phrase};
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
    #[error("No answer \"{0}\" here.")]
    NoSuchAnswer(String),
    #[error("This tool call is not waiting for a decision.")]
    NotAwaitingDecision,
    #[error(transparent)]
    Import(#[from] crate::store::import::ImportError),
    #[error(transparent)]
    Attachment(#[from] AttachmentError),
    #[error(transparent)]
    Persona(#[from] crate::persona::user_persona::PersonaError),
    /// What was asked for cannot be done, in words: a request the inspector cannot build, a
    /// book or dictionary no longer stored.
    #[error(transparent)]
    Unavailable(#[from] crate::chat::unavailable::Unavailable),
    #[error(transparent)]
    Dictionary(#[from] crate::persona::dictionary_file::DictionaryFileError),
    #[error(transparent)]
    Mcp(#[from] crate::mcp::McpServerError),
    #[error(transparent)]
    WorldInfo(#[from] crate::persona::world_info::WorldInfoError),
    /// The summary panel's refusals and failures, each saying what to do.
    #[error(transparent)]
    Summary(#[from] crate::chat::summary_refusal::SummaryRefusal),
    /// Keeping a temporary chat had to wait for the answer.
    #[error("Wait for the answer to finish, then keep the chat.")]
    TemporaryBusy,
    /// Keeping a temporary chat failed.
    #[error("This chat could not be kept, it is still temporary: {0}")]
    TemporaryNotKept(StoreError),
    #[error(transparent)]
    Card(#[from] crate::persona::card::CardError),
    #[error(transparent)]
    Memory(#[from] crate::knowledge::memories::MemoryTextError),
    /// A workflow template or run refused what was asked, saying why.
    #[error(transparent)]
    Workflow(#[from] crate::chat::workflow_refusal::WorkflowRefusal),
}

impl Explain for ChatError {
    fn phrase(&self) -> Phrase {
        match self {
            Self::EmptyMessage => phrase("error-chat-empty-message"),
            Self::NoConversation => phrase("error-chat-no-conversation"),
            Self::EmptyTitle => phrase("error-chat-empty-title"),
            Self::UnknownConversation(_) => phrase("error-chat-unknown-conversation"),
            Self::DefaultAssistant => phrase("error-chat-default-assistant"),
            Self::Tree(err) => phrase("error-chat-tree").nest("err", err.phrase()),
            Self::NoSuchAnswer(id) => phrase("error-chat-no-such-answer").with("id", id),
            Self::NotAwaitingDecision => phrase("error-chat-not-awaiting-decision"),
            Self::TemporaryBusy => phrase("error-chat-temporary-busy"),
            Self::TemporaryNotKept(err) => {
                phrase("error-chat-temporary-not-kept").nest("err", err.phrase())
            }
            Self::Settings(err) => err.phrase(),
            Self::Store(err) => err.phrase(),
            Self::Assistant(err) => err.phrase(),
            Self::Import(err) => err.phrase(),
            Self::Attachment(err) => err.phrase(),
            Self::Persona(err) => err.phrase(),
            Self::Unavailable(err) => err.phrase(),
            Self::Dictionary(err) => err.phrase(),
            Self::Mcp(err) => err.phrase(),
            Self::WorldInfo(err) => err.phrase(),
            Self::Summary(err) => err.phrase(),
            Self::Card(err) => err.phrase(),
            Self::Memory(err) => err.phrase(),
            Self::Workflow(err) => err.phrase(),
        }
    }
}
