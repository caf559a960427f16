//! `get_session_capabilities` (seed 000 §3): the model asks what it can really do in this
//! request, and gets the ground truth instead of guessing.

use super::request::{RequestTool, SESSION_TOOL_NAME};
use super::{ApprovalPolicy, Tool, ToolFuture, ToolOutput};
use crate::provider::ToolDefinition;
use serde::Serialize;
use serde_json::json;

/// How knowledge and memory reach the model in this request.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RetrievalMode {
    #[default]
    Off,
    /// Included in the system prompt as a whole.
    Basic,
    /// Retrieved per request (embeddings, with lexical fallback).
    Retrieval,
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct RetrievalModes {
    pub knowledge: RetrievalMode,
    pub memory: RetrievalMode,
}

/// The built-in capabilities tool, holding a snapshot of the request it belongs to.
pub struct SessionCapabilities {
    report: String,
}

impl SessionCapabilities {
    pub const NAME: &'static str = SESSION_TOOL_NAME;

    pub(crate) fn new(tools: &[RequestTool], retrieval: RetrievalModes) -> Self {
        let mut listed: Vec<serde_json::Value> = tools
            .iter()
            .map(|t| {
                json!({
                    "name": t.definition.name,
                    "description": t.definition.description,
                    "needs_user_approval": t.policy == ApprovalPolicy::Ask,
                })
            })
            .collect();
        listed.push(json!({
            "name": Self::NAME,
            "description": "This report.",
            "needs_user_approval": false,
        }));
        let report = json!({ "tools": listed, "retrieval": retrieval }).to_string();
        Self { report }
    }
}

impl Tool for SessionCapabilities {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: Self::NAME.into(),
            description: "Lists the tools you can call in this conversation right now, whether \
                          each needs the user's approval, and how knowledge and memory are \
                          retrieved. Use it instead of guessing what you can do."
                .into(),
            parameters: json!({"type": "object", "properties": {}}),
        }
    }

    fn call<'a>(
        &'a self,
        _arguments: &'a str,
        _context: &'a super::ToolContext<'a>,
    ) -> ToolFuture<'a> {
        Box::pin(async { Ok(ToolOutput::text(self.report.clone())) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::tools::{ToolCatalog, ToolSource};
    use std::rc::Rc;

    struct Mailer;

    impl Tool for Mailer {
        fn definition(&self) -> ToolDefinition {
            ToolDefinition {
                name: "send_email".into(),
                description: "Sends an email".into(),
                parameters: json!({"type": "object"}),
            }
        }
        fn default_policy(&self) -> ApprovalPolicy {
            ApprovalPolicy::Ask
        }
        fn call<'a>(&'a self, _: &'a str, _: &'a crate::tools::ToolContext<'a>) -> ToolFuture<'a> {
            Box::pin(async { Ok(ToolOutput::text("sent")) })
        }
    }

    #[test]
    fn reports_the_requests_tools_approval_and_retrieval_modes() {
        let catalog = ToolCatalog::default();
        catalog.add(ToolSource::Local, Rc::new(Mailer)).unwrap();
        let retrieval = RetrievalModes {
            knowledge: RetrievalMode::Retrieval,
            memory: RetrievalMode::Basic,
        };
        let request = catalog.for_request(
            &[crate::tools::EnabledTool {
                name: "send_email".into(),
                approval: None,
            }],
            true,
            retrieval,
        );
        let session = request.get(SessionCapabilities::NAME).unwrap();
        let super::super::request::Runner::Tool(tool) = &session.run else {
            panic!("the capabilities tool is an ordinary tool");
        };
        let (scope, cancel) = (RetrievalScope::default(), CancelToken::new());
        let context = crate::test_fixtures::tool_context(&scope, &cancel);
        let output = futures_executor::block_on(tool.call("{}", &context)).unwrap();
        let report: serde_json::Value = serde_json::from_str(&output.content).unwrap();
        let names: Vec<&str> = report["tools"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(
            names,
            ["send_email", "read_tool_output", "get_session_capabilities"]
        );
        assert_eq!(report["tools"][0]["needs_user_approval"], true);
        assert_eq!(report["retrieval"]["knowledge"], "retrieval");
        assert_eq!(report["retrieval"]["memory"], "basic");
    }
}
