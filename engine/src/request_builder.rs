//! From the current branch to the messages of one provider request: the request window chosen
//! by the [rolling context](crate::rolling_context), the [system prompt](crate::prompt::system_prompt)
//! and the [input pipeline](crate::prompt::pipeline), all on a request-only copy.
//!
//! ## Limitations
//! Summaries are not generated yet (that needs a model call, part of the generation loop). When
//! the planner asks for one, the request uses the recent window instead, exactly as the seed's
//! fallback for a failed summary does: the provider never receives more than the window, and the
//! local history stays whole.

use crate::assistant::{Assistant, CompiledAssistant};
use crate::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::prompt::pipeline::{InputPipeline, PreparedRequest};
use crate::prompt::placeholders::PlaceholderValues;
use crate::prompt::system_prompt::{assemble, SystemPromptSources};
use crate::prompt::time_context::TimeContext;
use crate::prompt::PromptRequest;
use crate::provider::ChatMessage;
use crate::rolling_context::{effective_threshold, plan, RollingContextPlan};

/// Whether a stored message belongs in a request: a failed or still-empty answer would only
/// confuse the model (it stays in the local history).
fn sendable(node: &MessageNode) -> bool {
    node.status != MessageStatus::Streaming
        && !(node.role == Role::Assistant
            && (node.status == MessageStatus::Error || node.has_no_text()))
}

pub struct RequestInputs<'a> {
    pub branch: Vec<&'a MessageNode>,
    pub conversation: &'a Conversation,
    pub assistant: &'a Assistant,
    pub compiled: &'a CompiledAssistant,
    pub model: &'a str,
    pub time: TimeContext,
}

pub async fn build_request(inputs: RequestInputs<'_>) -> PreparedRequest {
    let branch: Vec<&MessageNode> = inputs.branch.into_iter().filter(|n| sendable(n)).collect();
    let threshold = effective_threshold(inputs.assistant.context_threshold_tokens, None);
    let start = match plan(&branch, None, threshold, false) {
        RollingContextPlan::Send { start } => start,
        RollingContextPlan::Summarize { window_start, .. } => window_start,
    };
    let system = assemble(&SystemPromptSources {
        assistant_prompt: &inputs.assistant.system_prompt,
        allow_conversation_prompt: inputs.assistant.allow_conversation_system_prompt,
        ..SystemPromptSources::default()
    });
    let request = PromptRequest {
        system,
        messages: branch[start..].iter().map(|n| (*n).clone()).collect(),
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
