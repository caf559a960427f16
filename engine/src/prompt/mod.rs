//! Prompt assembly (seeds 000 §4 and 004): the system message, and the input transformers that
//! turn the current branch into the messages of one request.
//!
//! Everything here works on a **request-only copy**: stored messages are never rewritten.
//!
//! - `system_prompt`: the system message, layered in the seed's order.
//! - `pipeline`: the input transformers, run in exactly the seed's order, each receiving the
//!   previous one's output: time reminder → prompt injection → placeholders → document-as-prompt
//!   → OCR → message template → workspace reminder → knowledge retrieval → memory retrieval.
//! - `data_block`: retrieved knowledge, memory and documents are wrapped as delimited,
//!   informational DATA, never as instructions (seed 004).

pub mod context_meter;
pub(crate) mod data_block;
pub(crate) mod dictionary;
pub(crate) mod documents;
pub(crate) mod hooks;
pub(crate) mod injection;
pub(crate) mod notices;
pub(crate) mod pipeline;
pub(crate) mod placeholders;
pub mod regex_rules;
pub mod request_builder;
pub mod rolling_context;
pub(crate) mod summary;
pub(crate) mod system_prompt;
pub(crate) mod template;
pub mod time_context;
pub(crate) mod token_estimate;
pub(crate) mod user_wrapper;

// Types of this module's public surface that live in crate-private files.
pub use dictionary::{
    ChatDictionary, CompiledDictionary, DictionaryEntry, DictionaryOutcome, DictionaryPattern,
};
pub use hooks::{
    HookError, HookFuture, OcrHook, RetrievalHook, RetrievalScope, Retrieved, RetrievedItem,
    WorkspaceHook,
};
pub use injection::{
    Activation, CompiledLorebook, Firing, FoundIn, InjectionPosition, InjectionTrigger, Lorebook,
    PromptInjection, SecondaryLogic, SecondaryMatch, Skipped, Why,
};
pub use pipeline::{DictionaryReport, PreparedRequest};
pub use system_prompt::OutputChannel;
pub use template::{
    locate, MessageTemplate, TemplateError, TemplatePlace, TemplateValues, VARIABLES,
};
pub use user_wrapper::UserWrapper;

use crate::domain::message::MessageNode;

/// What is sent for one request, before a provider protocol encodes it.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct PromptRequest {
    /// The system message; empty when there is none.
    pub system: String,
    pub messages: Vec<MessageNode>,
}
