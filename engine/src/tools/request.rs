//! The tools of one request ([`RequestTools`]), as the catalogue assembled them: each tool's
//! definition, its approval policy, and how it runs.

use super::{ApprovalPolicy, Tool};
use crate::provider::ToolDefinition;
use std::rc::Rc;

/// The name of the built-in tool that reports the session's real capabilities (seed 004).
pub const SESSION_TOOL_NAME: &str = "get_session_capabilities";

/// How a request tool is run.
#[derive(Clone)]
pub(crate) enum Runner {
    Tool(Rc<dyn Tool>),
    /// Built in: reads a stored large output, which needs the chat store.
    ReadToolOutput,
}

/// One tool of a request.
#[derive(Clone)]
pub struct RequestTool {
    pub definition: ToolDefinition,
    pub policy: ApprovalPolicy,
    pub(crate) run: Runner,
}

impl RequestTool {
    /// Whether the tool can act for the user (not one of the built-ins that only report the
    /// session or read stored output).
    pub fn acts(&self) -> bool {
        matches!(self.run, Runner::Tool(_)) && self.definition.name != SESSION_TOOL_NAME
    }
}

/// The tools of one request and what the system prompt says about them.
#[derive(Clone, Default)]
pub struct RequestTools {
    pub tools: Vec<RequestTool>,
    /// The capability ground truth for the system prompt: the tools really available, or that
    /// none are.
    pub system_note: String,
}

impl RequestTools {
    pub fn definitions(&self) -> Vec<ToolDefinition> {
        self.tools.iter().map(|t| t.definition.clone()).collect()
    }

    pub fn get(&self, name: &str) -> Option<&RequestTool> {
        self.tools.iter().find(|t| t.definition.name == name)
    }
}
