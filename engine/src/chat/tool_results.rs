//! The results a tool call gets without running: denied by the user, failed, or settled
//! because the conversation moved on while it was pending or interrupted.

use crate::domain::message::{MessageNode, MessageStatus};
use crate::domain::message_part::{MessagePart, ToolApproval, ToolResult};
use serde_json::json;

/// The structured result of a call the user denied.
pub(super) fn denied_result(reason: Option<&str>) -> ToolResult {
    let mut body = json!({
        "error": "denied_by_user",
        "message": "The user denied this tool call; it was not run. Do not claim it was.",
    });
    if let Some(reason) = reason.filter(|r| !r.trim().is_empty()) {
        body["reason"] = json!(reason);
    }
    ToolResult {
        content: body.to_string(),
        is_error: true,
    }
}

pub(super) fn error_result(message: &str) -> ToolResult {
    ToolResult {
        content: json!({ "error": "tool_failed", "message": message }).to_string(),
        is_error: true,
    }
}

/// Gives every unsettled call of an answer a result without running it: the conversation moved
/// on (a new message was sent) while calls were pending or interrupted (seed 000 §1 step 3).
/// Returns whether anything changed.
pub fn complete_interrupted_calls(node: &mut MessageNode) -> bool {
    let mut changed = false;
    for part in &mut node.parts {
        let MessagePart::ToolCall(call) = part else {
            continue;
        };
        if call.result.is_some() {
            continue;
        }
        changed = true;
        call.result = Some(match &call.approval {
            ToolApproval::Pending => {
                call.approval = ToolApproval::Denied {
                    reason: Some("The user moved on without deciding.".into()),
                };
                denied_result(Some("The user moved on without deciding."))
            }
            ToolApproval::Denied { reason } => denied_result(reason.as_deref()),
            ToolApproval::Answered { answer } => ToolResult {
                content: answer.clone(),
                is_error: false,
            },
            ToolApproval::Auto | ToolApproval::Approved => {
                error_result("This call was not run: its generation was interrupted.")
            }
        });
    }
    if changed && node.status == MessageStatus::AwaitingApproval {
        node.status = MessageStatus::Incomplete;
        node.error = Some("Tool calls were left undecided when the conversation moved on.".into());
    }
    changed
}
