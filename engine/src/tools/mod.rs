//! Tools the model may call (seed 000 §3 and §8): what a tool is, how it is approved, and how the
//! tools of one request are assembled (`catalog`).
//!
//! A tool's arguments come from the model and are untrusted: a tool parses them itself and
//! answers bad ones with [`ToolError::InvalidArguments`], which the model sees as an error result
//! it can correct, never as a crash.

pub(crate) mod arguments;
pub(crate) mod calculator;
pub(crate) mod catalog;
pub mod choice;
pub(crate) mod large_output;
pub(crate) mod local;
pub(crate) mod memory;
pub(crate) mod page_text;
pub mod read_url;
pub(crate) mod recent_conversations;
pub(crate) mod request;
pub mod search_backends;
pub(crate) mod session;
pub mod web_search;

// Types of this module's public surface that live in crate-private files.
pub use catalog::CatalogError;
pub use request::RequestTool;
pub use session::{RetrievalMode, RetrievalModes};

use crate::domain::message_part::Annotation;
use crate::ports::cancel::CancelToken;
use crate::prompt::hooks::RetrievalScope;
use crate::provider::ToolDefinition;
use serde::{Deserialize, Serialize};
use std::future::Future;
use std::pin::Pin;
use thiserror::Error;

pub use catalog::{tool_name, ToolCatalog, ToolSet, ToolSource};
pub use choice::EnabledTool;
pub use request::RequestTools;

/// Whether a call runs as soon as the model makes it, or waits for the user.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ApprovalPolicy {
    #[default]
    Auto,
    /// The call becomes `Pending` and the generation pauses until the user decides.
    Ask,
}

/// What a tool returned.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ToolOutput {
    pub content: String,
    /// Knowledge chunks the tool returned, cited on the answer (seed 000 §8: citations come from
    /// executed knowledge tools).
    pub citations: Vec<Annotation>,
    /// Pictures the tool returned (an MCP server's image results), shown with the answer.
    pub images: Vec<ToolImage>,
}

/// A picture a tool returned, as base64 (untrusted: decoded and checked before it is stored).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolImage {
    pub mime: String,
    pub base64: String,
}

impl ToolOutput {
    pub fn text(content: impl Into<String>) -> Self {
        Self {
            content: content.into(),
            citations: Vec::new(),
            images: Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ToolError {
    #[error("the arguments are not valid: {0}")]
    InvalidArguments(String),
    #[error("{0}")]
    Failed(String),
    /// The user stopped the generation. Propagated as a cancellation, never turned into an error
    /// result the model would see (seed 000 §8).
    #[error("cancelled")]
    Cancelled,
}

pub type ToolFuture<'a> = Pin<Box<dyn Future<Output = Result<ToolOutput, ToolError>> + 'a>>;

/// A tool implementation. Implementations live where their capability lives (the platform for
/// browser APIs, an MCP client for remote tools); the engine only calls them.
pub trait Tool {
    /// The name the model calls it by, its description and its argument schema.
    fn definition(&self) -> ToolDefinition;

    /// The policy a tool has unless the assistant says otherwise: tools that change something
    /// outside the conversation should ask.
    fn default_policy(&self) -> ApprovalPolicy {
        ApprovalPolicy::Auto
    }

    /// Runs the call with the model's `arguments` (untrusted JSON). Long-running tools should
    /// watch `context.cancel` and return [`ToolError::Cancelled`] when it fires.
    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a>;
}

/// What one call runs with.
#[derive(Clone, Copy)]
pub struct ToolContext<'a> {
    /// The answering assistant's reach: whose memories and which knowledge bases.
    pub scope: &'a RetrievalScope,
    /// The conversation the call is made in.
    pub conversation_id: &'a str,
    /// The root of the workspace the call works in (see `workspace::workspace_root`).
    pub workspace: &'a str,
    /// Fires when the user stops the generation.
    pub cancel: &'a CancelToken,
    /// Tells the user how far a long call has got (a line shown on its card).
    pub progress: &'a dyn Fn(&str),
}

/// Parses a call's JSON arguments into `T`, for tool implementations.
pub fn parse_arguments<T: serde::de::DeserializeOwned>(arguments: &str) -> Result<T, ToolError> {
    let text = if arguments.trim().is_empty() {
        "{}"
    } else {
        arguments
    };
    serde_json::from_str(text).map_err(|err| ToolError::InvalidArguments(err.to_string()))
}
