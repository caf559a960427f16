//! A server's tool as one of Skein's [`Tool`]s: its definition as the server gave it (the
//! catalogue names it `mcp__{server}__{tool}`), asking before it runs unless the server marks it
//! read-only, and its call forwarded to the server.

use super::client::{McpClient, McpError, Progress};
use super::remote_tool::RemoteTool;
use crate::ports::transport::Transport;
use crate::provider::ToolDefinition;
use crate::tools::{ApprovalPolicy, Tool, ToolContext, ToolError, ToolFuture, ToolOutput};
use serde_json::Value;
use std::rc::Rc;

pub(crate) struct McpTool<T> {
    pub client: Rc<McpClient<T>>,
    pub tool: RemoteTool,
}

fn arguments(text: &str) -> Result<Value, ToolError> {
    if text.trim().is_empty() {
        return Ok(Value::Object(Default::default()));
    }
    match serde_json::from_str(text) {
        Ok(value @ Value::Object(_)) => Ok(value),
        Ok(_) => Err(ToolError::InvalidArguments(
            "the arguments must be a JSON object".into(),
        )),
        Err(err) => Err(ToolError::InvalidArguments(err.to_string())),
    }
}

/// A progress report as a short line: the server's message, and how far as "3 of 10".
fn describe(report: &Progress) -> String {
    let amount = match report.total {
        Some(total) if total > 0.0 => format!("{} of {}", report.progress, total),
        _ => format!("{}", report.progress),
    };
    match &report.message {
        Some(message) if !message.trim().is_empty() => format!("{} ({amount})", message.trim()),
        _ => amount,
    }
}

impl<T: Transport + 'static> Tool for McpTool<T> {
    fn definition(&self) -> ToolDefinition {
        let description = match &self.tool.title {
            Some(title) if !self.tool.description.contains(title.as_str()) => {
                format!("{title}. {}", self.tool.description)
            }
            _ => self.tool.description.clone(),
        };
        ToolDefinition {
            name: self.tool.name.clone(),
            description,
            parameters: self.tool.input_schema.clone(),
        }
    }

    /// Tool annotations are hints from the server: only a tool it marks read-only runs without
    /// asking (the protocol's default for an unmarked tool is "may destroy").
    fn default_policy(&self) -> ApprovalPolicy {
        if self.tool.read_only {
            ApprovalPolicy::Auto
        } else {
            ApprovalPolicy::Ask
        }
    }

    fn call<'a>(&'a self, text: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let arguments = arguments(text)?;
            let outcome = self
                .client
                .call_tool(&self.tool.name, arguments, context.cancel, &|report| {
                    (context.progress)(&describe(&report));
                })
                .await
                .map_err(|err| match err {
                    McpError::Cancelled => ToolError::Cancelled,
                    other => ToolError::Failed(format!(
                        "The MCP server “{}” could not run it: {other}",
                        self.client.server().name
                    )),
                })?;
            if outcome.is_error {
                return Err(ToolError::Failed(outcome.text));
            }
            Ok(ToolOutput {
                images: outcome.images,
                ..ToolOutput::text(outcome.text)
            })
        })
    }
}
