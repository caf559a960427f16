//! The conversations API an embedding page calls over the app's own storage: what it asks for
//! (one [`ChatAction`] in a conversation, as JSON), and what it is told (records, branches and
//! generation events, as JSON). Running the action is the [`ChatService`]'s, with the whole
//! pipeline the app uses (rolling summaries, knowledge, memories, tools with approval).
//!
//! Records are the stored shapes (a message's typed parts, status, usage…) plus `text`, the
//! message's text, so a page need not walk the parts.
//!
//! [`ChatService`]: crate::ChatService

use super::ApiError;
use crate::chat::{ChatAction, GenerationEvent, ToolDecision};
use crate::domain::message::MessageNode;
use crate::domain::tree::BranchEntry;
use serde_json::{json, Value};

/// A message as the page gets it: the stored record and its text.
pub fn message_json(node: &MessageNode) -> Value {
    let mut value = serde_json::to_value(node).unwrap_or(Value::Null);
    if let Value::Object(map) = &mut value {
        map.insert("text".into(), Value::String(node.text()));
    }
    value
}

/// The current branch, each message with its place among its siblings (`‹ 2/3 ›`: position
/// from 0).
pub fn branch_json(branch: &[BranchEntry]) -> Value {
    Value::Array(
        branch
            .iter()
            .map(|entry| {
                let mut message = message_json(&entry.node);
                message["siblings"] = json!({
                    "position": entry.sibling_position, "count": entry.sibling_count
                });
                message
            })
            .collect(),
    )
}

/// One generation event for the page; `type` says which.
pub fn event_json(event: &GenerationEvent) -> Value {
    match event {
        GenerationEvent::ConversationUpdated(conversation) => {
            json!({ "type": "conversation", "conversation": conversation })
        }
        GenerationEvent::MessageAdded(node) => {
            json!({ "type": "message", "message": message_json(node) })
        }
        GenerationEvent::MessageUpdated(node) => {
            json!({ "type": "message", "message": message_json(node) })
        }
        GenerationEvent::BranchChanged {
            conversation_id,
            branch,
        } => json!({
            "type": "branch", "conversationId": conversation_id, "branch": branch_json(branch)
        }),
        GenerationEvent::Delta { message_id, text } => {
            json!({ "type": "delta", "messageId": message_id, "text": text })
        }
        GenerationEvent::ReasoningDelta { message_id, text } => {
            json!({ "type": "reasoning", "messageId": message_id, "text": text })
        }
        GenerationEvent::Finished(node) => {
            json!({ "type": "finished", "message": message_json(node) })
        }
        GenerationEvent::Warning(message) => {
            json!({ "type": "warning", "message": message.to_string() })
        }
        GenerationEvent::Waiting(message) => {
            json!({ "type": "waiting", "message": message.as_ref().map(ToString::to_string) })
        }
        GenerationEvent::AnswerDone { conversation_id } => {
            json!({ "type": "done", "conversationId": conversation_id })
        }
        GenerationEvent::Unsaved {
            conversation,
            message,
        } => json!({
            "type": "unsaved", "conversationId": conversation.id, "messageId": message.id,
            "message": "Storage is full: this answer is not saved yet."
        }),
        GenerationEvent::ToolProgress {
            message_id,
            call_id,
            text,
        } => json!({
            "type": "tool_progress", "messageId": message_id, "callId": call_id, "text": text
        }),
        GenerationEvent::Planned { message_id, plan } => json!({
            "type": "planned", "messageId": message_id, "tools": plan.tools,
            "knowledge": plan.knowledge, "memory": plan.memory
        }),
        GenerationEvent::PromptProgress {
            message_id,
            processed,
            total,
        } => json!({
            "type": "progress", "messageId": message_id, "processed": processed, "total": total
        }),
    }
}

/// What to run, and in which conversation (`None`: a new one, for `send` only).
///
/// `{ type: "send", conversationId?, text }`, `{ type: "regenerate" | "continue" | "retry",
/// conversationId, messageId }`, `{ type: "edit", conversationId, messageId, text }`,
/// `{ type: "decide", conversationId, messageId, callId, decision }` where `decision` is
/// `"approve"`, `"deny"`, `{ deny: reason }` or `{ answer: text }`.
pub fn action_from_json(value: &Value) -> Result<(Option<String>, ChatAction), ApiError> {
    let text = |field: &str| -> Result<String, ApiError> {
        value
            .get(field)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or_else(|| ApiError::invalid(field, "expected a string"))
    };
    let conversation = match value.get("conversationId") {
        None | Some(Value::Null) => None,
        Some(Value::String(id)) => Some(id.clone()),
        Some(_) => return Err(ApiError::invalid("conversationId", "expected a string")),
    };
    let kind = value.get("type").and_then(Value::as_str).unwrap_or("");
    let action = match kind {
        "send" => ChatAction::Send(text("text")?.as_str().into()),
        "regenerate" => ChatAction::Regenerate(text("messageId")?),
        "continue" => ChatAction::Continue(text("messageId")?),
        "retry" => ChatAction::Retry(text("messageId")?),
        "edit" => ChatAction::Edit(text("messageId")?, text("text")?),
        "decide" => ChatAction::Decide(
            text("messageId")?,
            text("callId")?,
            decision(value.get("decision"))?,
        ),
        _ => {
            return Err(ApiError::invalid(
                "type",
                "expected send, regenerate, continue, retry, edit or decide",
            ))
        }
    };
    if conversation.is_none() && kind != "send" {
        return Err(ApiError::invalid(
            "conversationId",
            format!("{kind} needs the conversation"),
        ));
    }
    Ok((conversation, action))
}

fn decision(value: Option<&Value>) -> Result<ToolDecision, ApiError> {
    let reason = |v: &Value| v.as_str().map(str::to_owned);
    match value {
        Some(Value::String(s)) if s == "approve" => Ok(ToolDecision::Approve),
        Some(Value::String(s)) if s == "deny" => Ok(ToolDecision::Deny { reason: None }),
        Some(Value::Object(map)) if map.contains_key("deny") => Ok(ToolDecision::Deny {
            reason: map.get("deny").and_then(reason),
        }),
        Some(Value::Object(map)) if map.get("answer").is_some_and(Value::is_string) => Ok(
            ToolDecision::Answer(map.get("answer").and_then(reason).unwrap_or_default()),
        ),
        _ => Err(ApiError::invalid(
            "decision",
            "expected \"approve\", \"deny\", { deny: reason } or { answer: text }",
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::{Conversation, Role};

    #[test]
    fn actions_are_read_from_json_with_their_conversation() {
        let read = |v: Value| action_from_json(&v).unwrap();
        assert_eq!(
            read(json!({ "type": "send", "text": "Hi" })),
            (None, ChatAction::Send("Hi".into()))
        );
        assert_eq!(
            read(json!({ "type": "edit", "conversationId": "c", "messageId": "m", "text": "New" })),
            (Some("c".into()), ChatAction::Edit("m".into(), "New".into()))
        );
        assert_eq!(
            read(json!({ "type": "decide", "conversationId": "c", "messageId": "m", "callId": "k", "decision": { "deny": "not now" } })).1,
            ChatAction::Decide("m".into(), "k".into(), ToolDecision::Deny { reason: Some("not now".into()) })
        );
        assert_eq!(
            read(json!({ "type": "decide", "conversationId": "c", "messageId": "m", "callId": "k", "decision": "approve" })).1,
            ChatAction::Decide("m".into(), "k".into(), ToolDecision::Approve)
        );
        assert_eq!(
            read(json!({ "type": "decide", "conversationId": "c", "messageId": "m", "callId": "k", "decision": { "answer": "42" } })).1,
            ChatAction::Decide("m".into(), "k".into(), ToolDecision::Answer("42".into()))
        );
        for (value, field) in [
            (
                json!({ "type": "regenerate", "messageId": "m" }),
                "conversationId:",
            ),
            (json!({ "type": "fly" }), "type:"),
            (json!({ "type": "send" }), "text:"),
            (
                json!({ "type": "send", "text": "x", "conversationId": 1 }),
                "conversationId:",
            ),
            (
                json!({ "type": "decide", "conversationId": "c", "messageId": "m", "callId": "k", "decision": "maybe" }),
                "decision:",
            ),
        ] {
            let error = action_from_json(&value).unwrap_err();
            assert!(
                error.message.starts_with(field),
                "{} / {field}",
                error.message
            );
        }
    }

    #[test]
    fn events_and_records_carry_their_type_and_text() {
        let mut node = MessageNode::new("m1", "c1", Role::Assistant, 5.0);
        node.push_text("Hello");
        let message = message_json(&node);
        assert_eq!(message["text"], "Hello");
        assert_eq!(message["id"], "m1");
        let branch = branch_json(&[BranchEntry {
            node: node.clone(),
            sibling_position: 1,
            sibling_count: 3,
        }]);
        assert_eq!(branch[0]["siblings"], json!({ "position": 1, "count": 3 }));
        let delta = event_json(&GenerationEvent::Delta {
            message_id: "m1".into(),
            text: "He".into(),
        });
        assert_eq!(
            delta,
            json!({ "type": "delta", "messageId": "m1", "text": "He" })
        );
        assert_eq!(
            event_json(&GenerationEvent::Finished(node))["message"]["text"],
            "Hello"
        );
        let conversation = Conversation::new("c1", "Title", 1.0);
        assert_eq!(
            event_json(&GenerationEvent::ConversationUpdated(conversation))["conversation"]
                ["title"],
            "Title"
        );
        assert_eq!(
            event_json(&GenerationEvent::AnswerDone {
                conversation_id: "c1".into()
            })["type"],
            "done"
        );
    }
}
