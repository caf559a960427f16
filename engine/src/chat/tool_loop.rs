//! The model/tool loop of one answer (seed 000 §8): ask the model, run the tool calls it made
//! (or pause for the user's approval), give it the results, and ask again, for at most
//! [`MAX_STEPS`] model steps.
//!
//! Results stay on the assistant message's tool-call parts. A call that needs approval goes
//! `Auto → Pending` and the generation pauses; it never runs while `Pending`. Cancellation is
//! propagated, never turned into a tool error the model would see.

use super::reply_writer::{ReplyEnd, ReplyWriter};
use super::tool_results::{denied_result, error_result};
use super::turn::TurnContext;
use crate::chat::service::{ChatError, ChatService, Turn};
use crate::domain::message::{MessageNode, Role};
use crate::domain::message_part::{MessagePart, ToolApproval, ToolCall, ToolResult};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::request_builder::expand_node;
use crate::provider::ChatMessage;
use crate::provider::ChatRequest;
use crate::store::{Blob, ChatStore};
use crate::tools::large_output::{self, ReadArguments};
use crate::tools::request::Runner;
use crate::tools::{
    arguments, parse_arguments, ApprovalPolicy, ToolContext, ToolError, ToolOutput,
};
use std::collections::HashSet;

pub use super::turn::MAX_STEPS;

/// The most pictures one tool call adds to an answer.
const MAX_TOOL_IMAGES: usize = 8;

/// What the user decided about a pending tool call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolDecision {
    /// Run it.
    Approve,
    /// Do not run it; the model gets a structured error saying so.
    Deny { reason: Option<String> },
    /// Do not run it; the user's text is the result.
    Answer(String),
}

/// How settling the open calls of an answer went.
enum Settled {
    /// Every call has its result.
    Done,
    /// At least one call waits for the user.
    Pending,
    Cancelled,
}

fn unsettled(part: &MessagePart) -> Option<&ToolCall> {
    match part {
        MessagePart::ToolCall(call) if call.result.is_none() => Some(call),
        _ => None,
    }
}

/// The first call of `node` without a result, with its place among the parts.
fn first_unsettled(node: &MessageNode) -> Option<(usize, ToolCall)> {
    node.parts
        .iter()
        .enumerate()
        .find_map(|(at, part)| Some((at, unsettled(part)?.clone())))
}

/// Whether a call of `node` waits for the user's decision.
fn has_pending_calls(node: &MessageNode) -> bool {
    node.parts
        .iter()
        .any(|p| matches!(unsettled(p), Some(call) if call.approval == ToolApproval::Pending))
}

/// Whether any tool call of `node` has no result yet.
pub fn has_unsettled_calls(node: &MessageNode) -> bool {
    node.parts.iter().any(|p| unsettled(p).is_some())
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Runs model steps and tool calls until the model answers without calling a tool, a call
    /// needs approval, the user stops, something fails, or [`MAX_STEPS`] is reached.
    ///
    /// `base` is the request up to (not including) the answer being written; the answer's own
    /// parts are added to each step's request as they grow.
    pub(crate) async fn run_steps(
        &self,
        base: &[ChatMessage],
        known_calls: &HashSet<String>,
        turn: &Turn<'_>,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        let definitions = turn.tools.definitions();
        let mut steps = 0;
        loop {
            match self.settle_calls(known_calls, turn, writer).await {
                Settled::Done => {}
                Settled::Pending => return ReplyEnd::AwaitingApproval,
                Settled::Cancelled => return ReplyEnd::Cancelled,
            }
            steps += 1;
            writer.begin_step();
            let mut history = base.to_vec();
            history.extend(expand_node(&writer.reply()));
            crate::prompt::request_builder::unique_call_ids(&mut history);
            let request = ChatRequest {
                messages: &history,
                tools: &definitions,
                params: turn.assistant.params,
                stream: turn.assistant.stream,
            };
            let end = self
                .stream_model(turn.settings, &request, turn.cancel, writer)
                .await;
            writer.end_step(&mut || self.ids.new_id());
            if end != ReplyEnd::Finished || !has_unsettled_calls(&writer.reply()) {
                return end;
            }
            if steps >= MAX_STEPS {
                return ReplyEnd::StepLimit;
            }
        }
    }

    /// Moves calls whose tool asks for approval to `Pending` (and stops there), else gives every
    /// unsettled call its result: runs `Auto` and `Approved` calls, answers `Denied` ones with a
    /// structured error and `Answered` ones with the user's text.
    async fn settle_calls(
        &self,
        known_calls: &HashSet<String>,
        turn: &Turn<'_>,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Settled {
        let mut newly_pending = false;
        for part in &mut writer.reply_mut().parts {
            if let MessagePart::ToolCall(call) = part {
                // A call that cannot run as written is not put to the user: the model gets
                // the error (below) and may correct it.
                let asks = turn.tools.get(&call.name).is_some_and(|t| {
                    t.policy == ApprovalPolicy::Ask
                        && arguments::check(&t.definition, &call.arguments).is_ok()
                });
                if call.result.is_none() && call.approval == ToolApproval::Auto && asks {
                    call.approval = ToolApproval::Pending;
                    newly_pending = true;
                }
            }
        }
        let pending = has_pending_calls(&writer.reply());
        if pending {
            if newly_pending {
                writer.save_and_show().await;
            }
            return Settled::Pending;
        }
        loop {
            // Let go of the reply before the call runs (it changes the reply).
            let next = first_unsettled(&writer.reply());
            let Some((at, call)) = next else {
                break;
            };
            if turn.cancel.is_cancelled() {
                return Settled::Cancelled;
            }
            let outcome = match &call.approval {
                ToolApproval::Denied { reason } => Ok(denied_result(reason.as_deref())),
                ToolApproval::Answered { answer } => Ok(ToolResult {
                    content: answer.clone(),
                    is_error: false,
                }),
                ToolApproval::Pending => return Settled::Pending,
                ToolApproval::Auto | ToolApproval::Approved => {
                    self.run_call(&call, known_calls, turn, writer).await
                }
            };
            let Ok(result) = outcome else {
                return Settled::Cancelled;
            };
            if let Some(MessagePart::ToolCall(stored)) = writer.reply_mut().parts.get_mut(at) {
                stored.result = Some(result);
            }
            writer.save_and_show().await;
            if turn.cancel.is_cancelled() {
                return Settled::Cancelled;
            }
        }
        Settled::Done
    }

    /// Pictures a tool returned join the answer as its images (stored first, so a message never
    /// points at a picture that is not stored); one that cannot be decoded or stored is said.
    async fn show_tool_images(
        &self,
        tool: &str,
        images: Vec<crate::tools::ToolImage>,
        writer: &mut ReplyWriter<'_, S, C>,
    ) {
        for image in images.into_iter().take(MAX_TOOL_IMAGES) {
            let saved = match crate::domain::base64::decode(&image.base64) {
                Ok(bytes) => {
                    let blob = Blob {
                        id: self.ids.new_id(),
                        mime: image.mime.clone(),
                        bytes,
                    };
                    let saved = self.store.save_blob_of(writer.conversation(), &blob).await;
                    saved.map(|()| blob.id).map_err(|err| err.to_string())
                }
                Err(err) => Err(err.to_string()),
            };
            match saved {
                Ok(blob_id) => writer.reply_mut().parts.push(MessagePart::Image {
                    blob_id,
                    mime: image.mime,
                    name: Some(tool.to_owned()),
                }),
                Err(err) => writer.warn(super::warnings::tool_image_not_shown(tool, &err)),
            }
        }
    }

    /// Runs one call. `Err(())` means the user cancelled: the call keeps no result.
    async fn run_call(
        &self,
        call: &ToolCall,
        known_calls: &HashSet<String>,
        turn: &Turn<'_>,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Result<ToolResult, ()> {
        let Some(tool) = turn.tools.get(&call.name) else {
            return Ok(error_result(&format!(
                "No tool named \"{}\" is available in this conversation.",
                call.name
            )));
        };
        if let Err(problem) = arguments::check(&tool.definition, &call.arguments) {
            return Ok(error_result(&problem));
        }
        let root = crate::workspace::workspace_root(&writer.conversation().id, turn.assistant);
        let output = match &tool.run {
            Runner::Tool(tool) => {
                let scope = turn.assistant.retrieval_scope();
                let (sink, message_id) = (turn.sink, writer.reply().id.clone());
                let conversation_id = writer.reply().conversation_id.clone();
                let report = |text: &str| {
                    sink.emit(crate::GenerationEvent::ToolProgress {
                        message_id: message_id.clone(),
                        call_id: call.id.clone(),
                        text: text.to_owned(),
                    })
                };
                let context = ToolContext {
                    scope: &scope,
                    conversation_id: &conversation_id,
                    workspace: &root,
                    cancel: turn.cancel,
                    progress: &report,
                };
                tool.call(&call.arguments, &context).await
            }
            Runner::ReadToolOutput => {
                let mut known = known_calls.clone();
                known.extend(writer.reply().parts.iter().filter_map(|p| match p {
                    MessagePart::ToolCall(c) => Some(c.id.clone()),
                    _ => None,
                }));
                self.read_tool_output(&call.arguments, &known, &root).await
            }
        };
        let output = match output {
            Ok(output) => output,
            Err(ToolError::Cancelled) => return Err(()),
            Err(err) => return Ok(error_result(&err.to_string())),
        };
        let ToolOutput {
            content,
            citations,
            images,
        } = output;
        writer.reply_mut().annotations.extend(citations);
        self.show_tool_images(&call.name, images, writer).await;
        let Some(preview) = large_output::preview(&call.id, &content) else {
            return Ok(ToolResult {
                content,
                is_error: false,
            });
        };
        let stored = match (self.workspace.get(), writer.conversation().temporary) {
            // In the conversation's workspace, where the user sees it (not for a temporary
            // chat: nothing of it may outlive it).
            (Some(files), false) => {
                let path = large_output::workspace_path(&call.id);
                files
                    .write(&root, &path, content.as_bytes())
                    .await
                    .map_err(|err| crate::i18n::Cause::of(&err))
            }
            _ => {
                let blob = Blob {
                    id: large_output::file_path(&call.id),
                    mime: "text/plain;charset=utf-8".into(),
                    bytes: content.clone().into_bytes(),
                };
                (self.store.save_blob_of(writer.conversation(), &blob).await)
                    .map_err(|err| crate::i18n::Cause::of(&err))
            }
        };
        match stored {
            Ok(()) => Ok(ToolResult {
                content: preview,
                is_error: false,
            }),
            Err(err) => {
                // Nothing is lost: the message keeps the whole output instead.
                writer.warn(super::warnings::tool_output_kept(&err));
                Ok(ToolResult {
                    content,
                    is_error: false,
                })
            }
        }
    }

    /// The built-in `read_tool_output`: a slice of a stored output of a call in this
    /// conversation (the model cannot name another conversation's files).
    async fn read_tool_output(
        &self,
        arguments: &str,
        known_calls: &HashSet<String>,
        root: &str,
    ) -> Result<ToolOutput, ToolError> {
        let args: ReadArguments = parse_arguments(arguments)?;
        if !known_calls.contains(&args.call_id) {
            return Err(ToolError::Failed(format!(
                "No tool call \"{}\" in this conversation.",
                args.call_id
            )));
        }
        let in_workspace = match self.workspace.get() {
            Some(files) => files
                .read(root, &large_output::workspace_path(&args.call_id))
                .await
                .map_err(|err| ToolError::Failed(err.to_string()))?,
            None => None,
        };
        let in_store = match in_workspace {
            Some(bytes) => Some(bytes),
            None => self
                .store
                .load_blob(&large_output::file_path(&args.call_id))
                .await
                .map_err(|err| ToolError::Failed(err.to_string()))?
                .map(|blob| blob.bytes),
        };
        let stored = in_store.ok_or_else(|| {
            ToolError::Failed(format!(
                "The output of \"{}\" was short enough to be shown in full; nothing more is \
                     stored.",
                args.call_id
            ))
        })?;
        let full = String::from_utf8_lossy(&stored);
        Ok(ToolOutput::text(large_output::read_slice(
            &full,
            args.offset,
            args.length,
        )))
    }

    /// Records the user's decision about pending call `call_id` of assistant message
    /// `message_id`. When no call of that answer is still pending, the generation resumes (the
    /// approved calls run, the others get their results) and continues the answer.
    pub async fn decide_tool_call(
        &self,
        conversation: crate::Conversation,
        message_id: &str,
        call_id: &str,
        decision: ToolDecision,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let (cancel, sink) = (context.cancel, context.sink);
        let _running = self.generations.begin(&conversation.id, cancel).await;
        let conversation = self.reload(conversation).await?;
        let mut tree = self.load_tree(&conversation).await?;
        let mut node = tree
            .get(message_id)
            .filter(|n| n.role == Role::Assistant)
            .cloned()
            .ok_or_else(|| ChatError::NoSuchAnswer(message_id.to_owned()))?;
        let call = node
            .parts
            .iter_mut()
            .find_map(|p| match p {
                MessagePart::ToolCall(call) if call.id == call_id => Some(call),
                _ => None,
            })
            .filter(|call| call.approval == ToolApproval::Pending && call.result.is_none())
            .ok_or(ChatError::NotAwaitingDecision)?;
        call.approval = match decision {
            ToolDecision::Approve => ToolApproval::Approved,
            ToolDecision::Deny { reason } => ToolApproval::Denied { reason },
            ToolDecision::Answer(answer) => ToolApproval::Answered { answer },
        };
        let still_pending = has_pending_calls(&node);
        let node = tree.update(node)?.into_node();
        self.store.save_message(&conversation, &node).await?;
        sink.emit(crate::GenerationEvent::MessageUpdated(node.clone()));
        if still_pending {
            return Ok(node);
        }
        let turn = self.turn_in(context, &conversation)?;
        self.generate(
            conversation,
            tree,
            crate::chat::service::ReplyTarget::Continue(message_id.to_owned()),
            &turn,
        )
        .await
    }
}

#[cfg(test)]
#[path = "tool_loop_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "tool_loop_concurrency_tests.rs"]
mod concurrency_tests;

#[cfg(test)]
#[path = "tool_loop_coalescing_tests.rs"]
mod coalescing_tests;
