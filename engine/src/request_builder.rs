//! From the request window of the current branch (chosen by the
//! [rolling context](crate::rolling_context) in [`ChatService`](crate::ChatService)) to the
//! messages of one provider request: the [system prompt](crate::prompt::system_prompt) with the
//! rolling summary, and the [input pipeline](crate::prompt::pipeline), on a request-only copy.

use crate::assistant::{Assistant, CompiledAssistant};
use crate::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::prompt::pipeline::{InputPipeline, PreparedRequest};
use crate::prompt::placeholders::PlaceholderValues;
use crate::prompt::system_prompt::{assemble, SystemPromptSources};
use crate::prompt::time_context::TimeContext;
use crate::prompt::PromptRequest;
use crate::provider::ChatMessage;

/// The messages of `branch` that belong in a request: a failed or still-empty answer would only
/// confuse the model (it stays in the local history).
pub fn sendable_branch(branch: Vec<&MessageNode>) -> Vec<&MessageNode> {
    branch.into_iter().filter(|n| sendable(n)).collect()
}

fn sendable(node: &MessageNode) -> bool {
    node.status != MessageStatus::Streaming
        && !(node.role == Role::Assistant
            && (node.status == MessageStatus::Error || node.has_no_text()))
}

pub struct RequestInputs<'a> {
    /// The request window: the sendable branch after the part the summary covers.
    pub window: &'a [&'a MessageNode],
    /// The rolling summary standing in for the messages before the window.
    pub summary: Option<&'a str>,
    pub conversation: &'a Conversation,
    pub assistant: &'a Assistant,
    pub compiled: &'a CompiledAssistant,
    pub model: &'a str,
    pub time: TimeContext,
}

pub async fn build_request(inputs: RequestInputs<'_>) -> PreparedRequest {
    let system = assemble(&SystemPromptSources {
        assistant_prompt: &inputs.assistant.system_prompt,
        allow_conversation_prompt: inputs.assistant.allow_conversation_system_prompt,
        rolling_summary: inputs.summary,
        ..SystemPromptSources::default()
    });
    let request = PromptRequest {
        system,
        messages: inputs.window.iter().map(|n| (*n).clone()).collect(),
    };
    let placeholders = PlaceholderValues {
        char: inputs.assistant.name.clone(),
        user: inputs.assistant.user_name.clone(),
        model: inputs.model.to_owned(),
        conversation_title: inputs.conversation.title.clone(),
        time: inputs.time.clone(),
    };
    let pipeline = InputPipeline {
        dictionaries: &inputs.compiled.dictionaries,
        time_reminder: inputs.assistant.time_reminder.then_some(&inputs.time),
        lorebook: inputs.compiled.lorebook.as_ref(),
        placeholders: Some(&placeholders),
        documents_as_prompt: true,
        template: inputs.compiled.template.as_ref(),
        ..InputPipeline::default()
    };
    pipeline.run(request).await
}

/// The prepared request as the role/content pairs the OpenAI-compatible protocol sends.
pub fn chat_messages(prepared: &PreparedRequest) -> Vec<ChatMessage> {
    let system = (!prepared.request.system.is_empty()).then(|| ChatMessage {
        role: Role::System,
        content: prepared.request.system.clone(),
    });
    system
        .into_iter()
        .chain(prepared.request.messages.iter().map(|m| ChatMessage {
            role: m.role,
            content: m.text(),
        }))
        .collect()
}
