//! Checks a request before it is sent (seed 002's validators): roles in an order every protocol
//! accepts, tool calls answered by results, tool definitions a provider will take, and size
//! limits. A problem is an error naming the field, never a provider's 400 after the fact.

use super::request_problem::RequestProblem;
pub use super::request_problem::{MAX_REQUEST_BYTES, MAX_TOOLS};
use super::ChatRequest;
use super::ProviderError;
use crate::Role;
use std::collections::HashSet;

fn invalid(field: impl Into<String>, problem: RequestProblem) -> ProviderError {
    ProviderError::Invalid {
        field: field.into(),
        problem,
    }
}

/// Provider function names: letters, digits, `_` and `-`, 1 to 64 of them.
fn valid_tool_name(name: &str) -> bool {
    (1..=64).contains(&name.len())
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

pub fn validate(request: &ChatRequest<'_>) -> Result<(), ProviderError> {
    if !request
        .messages
        .iter()
        .any(|m| m.role != Role::System || m.tool_result_for.is_some())
    {
        return Err(invalid("messages", RequestProblem::NothingToAnswer));
    }
    if request.tools.len() > MAX_TOOLS {
        return Err(invalid(
            "tools",
            RequestProblem::TooManyTools(request.tools.len()),
        ));
    }
    let mut names = HashSet::new();
    for (i, tool) in request.tools.iter().enumerate() {
        let field = format!("tools[{i}]");
        if !valid_tool_name(&tool.name) {
            return Err(invalid(
                format!("{field}.name"),
                RequestProblem::BadToolName(tool.name.clone()),
            ));
        }
        if !names.insert(tool.name.as_str()) {
            return Err(invalid(
                format!("{field}.name"),
                RequestProblem::ToolTwice(tool.name.clone()),
            ));
        }
        if tool.parameters.get("type").and_then(|t| t.as_str()) != Some("object") {
            return Err(invalid(
                format!("{field}.parameters"),
                RequestProblem::NotObjectSchema,
            ));
        }
    }
    // Every tool result answers a call made earlier, and every call made is answered before the
    // conversation goes on.
    let mut open_calls: Vec<&str> = Vec::new();
    let mut seen_calls = HashSet::new();
    for (i, message) in request.messages.iter().enumerate() {
        let field = format!("messages[{i}]");
        if let Some(call_id) = &message.tool_result_for {
            let Some(at) = open_calls.iter().position(|id| id == call_id) else {
                return Err(invalid(
                    format!("{field}.tool_call_id"),
                    RequestProblem::UnknownCall(call_id.clone()),
                ));
            };
            open_calls.remove(at);
            continue;
        }
        if !open_calls.is_empty() {
            return Err(invalid(
                field,
                RequestProblem::Unanswered(open_calls[0].to_owned()),
            ));
        }
        if !message.tool_calls.is_empty() && message.role != Role::Assistant {
            return Err(invalid(
                format!("{field}.tool_calls"),
                RequestProblem::NotAssistant,
            ));
        }
        for (j, call) in message.tool_calls.iter().enumerate() {
            if call.id.is_empty() || !seen_calls.insert(call.id.as_str()) {
                return Err(invalid(
                    format!("{field}.tool_calls[{j}].id"),
                    RequestProblem::BadCallId,
                ));
            }
            open_calls.push(&call.id);
        }
    }
    Ok(())
}

/// The built body must fit the limit.
pub fn validate_size(body: Option<&str>) -> Result<(), ProviderError> {
    let size = body.map_or(0, str::len);
    if size > MAX_REQUEST_BYTES {
        return Err(invalid(
            "body",
            RequestProblem::TooLarge((size as f64 / f64::from(1u32 << 20) * 10.0).round() / 10.0),
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::{ChatMessage, ToolCallRequest, ToolDefinition};
    use serde_json::json;

    fn tool(name: &str) -> ToolDefinition {
        ToolDefinition {
            name: name.into(),
            description: String::new(),
            parameters: json!({"type": "object"}),
        }
    }

    fn check(messages: &[ChatMessage], tools: &[ToolDefinition]) -> Result<(), String> {
        validate(&ChatRequest {
            messages,
            tools,
            ..ChatRequest::default()
        })
        .map_err(|e| e.to_string())
    }

    fn calling(ids: &[&str]) -> ChatMessage {
        let mut message = ChatMessage::text(Role::Assistant, "");
        message.tool_calls = ids
            .iter()
            .map(|id| ToolCallRequest {
                id: (*id).into(),
                name: "t".into(),
                arguments: "{}".into(),
            })
            .collect();
        message
    }

    #[test]
    fn a_well_formed_tool_exchange_passes() {
        let user = ChatMessage::text(Role::User, "hi");
        let messages = [
            ChatMessage::text(Role::System, "s"),
            user.clone(),
            calling(&["a", "b"]),
            ChatMessage::tool_result("b", "2", false),
            ChatMessage::tool_result("a", "1", false),
            user,
        ];
        assert_eq!(check(&messages, &[tool("t")]), Ok(()));
    }

    #[test]
    fn problems_name_their_field() {
        let user = ChatMessage::text(Role::User, "hi");
        let err = check(&[ChatMessage::text(Role::System, "s")], &[]).unwrap_err();
        assert!(
            err.contains("messages") && err.contains("nothing to answer"),
            "{err}"
        );
        let err = check(std::slice::from_ref(&user), &[tool("bad name!")]).unwrap_err();
        assert!(err.contains("tools[0].name"), "{err}");
        let err = check(std::slice::from_ref(&user), &[tool("t"), tool("t")]).unwrap_err();
        assert!(
            err.contains("tools[1].name") && err.contains("twice"),
            "{err}"
        );
        let mut loose = tool("t");
        loose.parameters = json!({"type": "string"});
        assert!(check(std::slice::from_ref(&user), &[loose])
            .unwrap_err()
            .contains("tools[0].parameters"));
        let orphan = ChatMessage::tool_result("x", "1", false);
        let err = check(&[user.clone(), orphan], &[]).unwrap_err();
        assert!(err.contains("messages[1].tool_call_id"), "{err}");
        let err = check(&[user.clone(), calling(&["a"]), user.clone()], &[]).unwrap_err();
        assert!(
            err.contains("messages[2]") && err.contains("\"a\" has no result"),
            "{err}"
        );
        let err = check(&[user.clone(), calling(&["a", "a"])], &[]).unwrap_err();
        assert!(err.contains("tool_calls[1].id"), "{err}");
        let many: Vec<ToolDefinition> = (0..=MAX_TOOLS).map(|i| tool(&format!("t{i}"))).collect();
        assert!(check(&[user], &many).unwrap_err().contains("at most 128"));
        assert!(validate_size(Some(&"x".repeat(MAX_REQUEST_BYTES + 1))).is_err());
        assert!(validate_size(Some("{}")).is_ok());
    }
}
