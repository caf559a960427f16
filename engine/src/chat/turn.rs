//! One turn: what a generation works with, decided once when it starts, where its reply goes,
//! and how many model steps it may take.

use super::events::GenerationSink;
use crate::domain::assistant::{Assistant, CompiledAssistant};
use crate::ports::cancel::CancelToken;
use crate::provider::settings::ProviderSettings;
use crate::tools::RequestTools;

/// What one action runs with.
#[derive(Clone, Copy)]
pub struct TurnContext<'a> {
    pub settings: &'a ProviderSettings,
    pub assistant: &'a Assistant,
    pub cancel: &'a CancelToken,
    pub sink: &'a dyn GenerationSink,
    /// A conversation this turn starts is a temporary chat (kept in memory only, see
    /// [`TemporaryChats`](crate::store::temporary::TemporaryChats)).
    pub temporary: bool,
    /// How the answer will be shown (Markdown on Skein's page; plain text where an embedding
    /// page asks for it): the system prompt's rendering hint.
    pub channel: crate::prompt::OutputChannel,
}

impl<'a> TurnContext<'a> {
    pub fn new(
        settings: &'a ProviderSettings,
        assistant: &'a Assistant,
        cancel: &'a CancelToken,
        sink: &'a dyn GenerationSink,
    ) -> Self {
        Self {
            settings,
            assistant,
            cancel,
            sink,
            temporary: false,
            channel: crate::prompt::OutputChannel::Markdown,
        }
    }
}

/// The most model steps one answer may take.
pub const MAX_STEPS: usize = 256;

/// Where the reply being generated goes.
pub(crate) enum ReplyTarget {
    /// A new answer below the current leaf.
    Append,
    /// A new answer beside this assistant message (regenerate).
    SiblingOf(String),
    /// More for this assistant message: more text, or the rest of its tool loop.
    Continue(String),
    /// A new answer to this user message (its failed answer was removed), beside any others.
    Under(String),
}

/// What one generation works with, decided once when it starts.
pub(crate) struct Turn<'a> {
    pub settings: &'a ProviderSettings,
    pub assistant: &'a Assistant,
    pub compiled: CompiledAssistant,
    pub tools: RequestTools,
    pub cancel: &'a CancelToken,
    pub sink: &'a dyn GenerationSink,
    pub channel: crate::prompt::OutputChannel,
    /// Only looking (the prompt inspector): nothing is summarised or stored.
    pub dry_run: bool,
}
