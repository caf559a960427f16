//! From the request window of the current branch (chosen by the
//! [rolling context](crate::prompt::rolling_context) in [`ChatService`](crate::ChatService)) to the
//! messages of one provider request: the system prompt with the
//! rolling summary, and the input pipeline, on a request-only copy.

use crate::domain::assistant::{Assistant, CompiledAssistant};
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::message_part::MessagePart;
use crate::persona::character;
use crate::persona::user_persona::Persona;
use crate::prompt::dictionary::CompiledDictionary;
use crate::prompt::hooks::RetrievalHook;
use crate::prompt::injection::CompiledLorebook;
use crate::prompt::pipeline::{is_image_text, InputPipeline, PreparedRequest};
use crate::prompt::placeholders::PlaceholderValues;
use crate::prompt::system_prompt::{assemble, own_prompt, SystemPromptSources};
use crate::prompt::time_context::TimeContext;
use crate::prompt::user_wrapper::{
    asks_about_assistant, identity_text, mentions_time, zone_hint, UserWrapper,
};
use crate::prompt::PromptRequest;
use crate::provider::{ChatMessage, ImageInput, SignedReasoning, ToolCallRequest};
use crate::store::ChatStore;
use std::collections::{HashMap, HashSet};

/// The messages of `branch` that belong in a request: a failed or still-empty answer would only
/// confuse the model (it stays in the local history).
pub fn sendable_branch(branch: Vec<&MessageNode>) -> Vec<&MessageNode> {
    branch.into_iter().filter(|n| sendable(n)).collect()
}

fn sendable(node: &MessageNode) -> bool {
    node.status != MessageStatus::Streaming
        && !(node.role == Role::Assistant
            && (node.status == MessageStatus::Error || nothing_to_send(node)))
}

/// An answer with no text and no tool call that has a result.
fn nothing_to_send(node: &MessageNode) -> bool {
    node.has_no_text()
        && !node
            .parts
            .iter()
            .any(|p| matches!(p, MessagePart::ToolCall(call) if call.result.is_some()))
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
    /// What the model is told about its tools (the capability ground truth).
    pub tool_note: &'a str,
    /// Whether tool definitions go with the request (else the note is a capability block).
    pub has_tools: bool,
    pub knowledge: Option<&'a dyn RetrievalHook>,
    pub memory: Option<&'a dyn RetrievalHook>,
    /// Who the user is in this chat: `{{user}}` and what the model is told about them.
    pub persona: Option<&'a Persona>,
    /// The stored world books this request uses besides the assistant's own lorebook.
    pub world_books: &'a [CompiledLorebook],
    /// The stored chat dictionaries it uses besides the assistant's own.
    pub dictionaries: &'a [CompiledDictionary],
    /// Reads the text of images for a model that cannot see them.
    pub ocr: Option<&'a dyn crate::prompt::hooks::OcrHook>,
    /// What the model is told about the conversation's workspace.
    pub workspace: Option<&'a dyn crate::prompt::hooks::WorkspaceHook>,
    /// How the answer is shown: the system prompt's rendering hint.
    pub channel: crate::prompt::OutputChannel,
    /// The provider's name, for a question about the assistant itself.
    pub provider: &'a str,
}

pub async fn build_request(inputs: RequestInputs<'_>) -> PreparedRequest {
    let own = own_prompt(
        &inputs.assistant.system_prompt,
        inputs.conversation.system_prompt.as_deref(),
        inputs.assistant.allow_conversation_system_prompt,
    );
    let mut assistant_prompt = character::system_prompt(inputs.assistant, own);
    if let Some(about) = inputs.persona.and_then(Persona::about) {
        assistant_prompt = format!("{}\n\n{about}", assistant_prompt.trim_end());
    }
    let system = assemble(&SystemPromptSources {
        name: inputs
            .assistant
            .name_preamble
            .then_some(character::char_name(inputs.assistant)),
        base_rules: true,
        channel: Some(inputs.channel),
        assistant_prompt: &assistant_prompt,
        rolling_summary: inputs.summary,
        capability_block: (!inputs.has_tools).then(|| inputs.tool_note.to_owned()),
        tool_prompts: if inputs.has_tools {
            vec![inputs.tool_note.to_owned()]
        } else {
            Vec::new()
        },
        ..SystemPromptSources::default()
    });
    let mut messages: Vec<MessageNode> = inputs.window.iter().map(|n| (*n).clone()).collect();
    // A character's note goes `depth` messages from the end (request-only).
    if let Some(note) = character::character_note(inputs.assistant) {
        let at = messages.len().saturating_sub(note.depth);
        messages.insert(
            at,
            MessageNode::new("character-note", &inputs.conversation.id, note.role, 0.0)
                .with_text(&note.prompt),
        );
    }
    // A character's post-history instructions follow the conversation (request-only).
    if let Some(instructions) = character::post_history_instructions(inputs.assistant) {
        messages.push(
            MessageNode::new(
                "post-history-instructions",
                &inputs.conversation.id,
                Role::System,
                0.0,
            )
            .with_text(instructions),
        );
    }
    let request = PromptRequest { system, messages };
    let placeholders = PlaceholderValues {
        char: character::char_name(inputs.assistant).to_owned(),
        user: inputs
            .persona
            .map_or(&inputs.assistant.user_name, |p| &p.name)
            .clone(),
        model: inputs.model.to_owned(),
        conversation_title: inputs.conversation.title.clone(),
        time: inputs.time.clone(),
    };
    let dictionaries: Vec<CompiledDictionary> = inputs
        .compiled
        .dictionaries
        .iter()
        .chain(inputs.dictionaries)
        .cloned()
        .collect();
    let pipeline = InputPipeline {
        dictionaries: &dictionaries,
        wrapper: user_wrapper(&inputs),
        lorebooks: inputs
            .compiled
            .lorebook
            .iter()
            .chain(inputs.world_books)
            .collect(),
        placeholders: Some(&placeholders),
        documents_as_prompt: true,
        template: inputs.compiled.template.as_ref(),
        knowledge: inputs.knowledge,
        memory: inputs.memory,
        ocr: inputs.ocr,
        workspace: inputs.workspace,
        scope: inputs.assistant.retrieval_scope(),
    };
    pipeline.run(request).await
}

/// Seed 004's user-message wrapper for this request: the date block, the standing guidance,
/// the identity block for a question about the assistant, and the zone hint for a question
/// that mentions a time, as the assistant has them.
fn user_wrapper<'a>(inputs: &'a RequestInputs<'_>) -> UserWrapper<'a> {
    let assistant = inputs.assistant;
    let question = inputs
        .window
        .iter()
        .rev()
        .find(|n| n.role == Role::User)
        .map(|n| n.text())
        .unwrap_or_default();
    let guidance = assistant.runtime_guidance.trim();
    UserWrapper {
        time: assistant.time_reminder.then_some(&inputs.time),
        guidance: (!guidance.is_empty()).then_some(guidance),
        identity: asks_about_assistant(&question).then(|| {
            identity_text(
                character::char_name(assistant),
                inputs.model,
                inputs.provider,
            )
        }),
        hints: if assistant.optional_hints && mentions_time(&question) {
            vec![zone_hint(&inputs.time)]
        } else {
            Vec::new()
        },
    }
}

/// The prepared request as the role/content pairs the OpenAI-compatible protocol sends.
pub fn chat_messages(prepared: &PreparedRequest) -> Vec<ChatMessage> {
    let system = (!prepared.request.system.is_empty())
        .then(|| ChatMessage::text(Role::System, prepared.request.system.clone()));
    system
        .into_iter()
        .chain(prepared.request.messages.iter().flat_map(expand_node))
        .collect()
}

/// Loads the bytes of the images attached to `messages` from `store` (those not loaded yet). An
/// image that is no longer stored, or cannot be read, is left out and its turn says so, so the
/// model does not answer as if it saw it; the returned notices tell the user which.
pub async fn load_images<S: ChatStore + ?Sized>(
    messages: &mut [ChatMessage],
    store: &S,
) -> Vec<crate::i18n::Cause> {
    let mut notices = Vec::new();
    let unloaded = |m: &&mut ChatMessage| m.images.iter().any(|i| i.data.is_empty());
    for message in messages.iter_mut().filter(unloaded) {
        let mut missing = 0;
        let mut loaded = Vec::with_capacity(message.images.len());
        for mut image in std::mem::take(&mut message.images) {
            if !image.data.is_empty() {
                loaded.push(image);
                continue;
            }
            match store.load_blob(&image.blob_id).await {
                Ok(Some(blob)) => {
                    image.data = crate::domain::base64::encode(&blob.bytes);
                    loaded.push(image);
                }
                Ok(None) => missing += 1,
                Err(err) => {
                    missing += 1;
                    notices.push(crate::prompt::notices::image_unreadable(&err));
                }
            }
        }
        if missing > 0 {
            message.content.push_str(&format!(
                "\n\n[{missing} attached image(s) could not be loaded and were not sent.]"
            ));
            notices.push(crate::prompt::notices::images_missing(missing));
        }
        message.images = loaded;
    }
    notices
}

/// Makes every tool call ID of a request unique, renaming (in the request only) an empty or
/// repeated one together with the results that answer it.
///
/// Providers expect call IDs unique within a request, but some servers number each answer's
/// calls from zero (`call_0`), reuse a fixed ID, or send none: a conversation with two such
/// answers would otherwise become impossible to send. The stored messages keep the IDs the
/// provider gave; this only changes what is sent.
pub fn unique_call_ids(messages: &mut [ChatMessage]) {
    let mut seen: HashSet<String> = HashSet::new();
    // The renames of the latest assistant turn, for the results that follow it.
    let mut renamed: HashMap<String, std::collections::VecDeque<String>> = HashMap::new();
    let mut counter = 0usize;
    for message in messages.iter_mut() {
        if !message.tool_calls.is_empty() {
            renamed.clear();
            for call in &mut message.tool_calls {
                if call.id.is_empty() || seen.contains(&call.id) {
                    let fresh = loop {
                        counter += 1;
                        let candidate = format!("call_skein_{counter}");
                        if !seen.contains(&candidate) {
                            break candidate;
                        }
                    };
                    renamed
                        .entry(std::mem::replace(&mut call.id, fresh.clone()))
                        .or_default()
                        .push_back(fresh);
                }
                seen.insert(call.id.clone());
            }
        } else if let Some(target) = &mut message.tool_result_for {
            if let Some(fresh) = renamed.get_mut(target.as_str()).and_then(|q| q.pop_front()) {
                *target = fresh;
            }
        }
    }
}

/// One stored message as the provider sees it. An assistant message that used tools becomes
/// the turns the protocol expects: text and the calls made after it, each call's result, then
/// the text that followed. Calls without a result (still pending, never run) are left out,
/// since a protocol requires a result for every call it is shown.
///
/// Pictures the tools returned follow the results of their calls as a user turn: the portable
/// form, since not every protocol takes an image inside a tool result. Their bytes are loaded
/// later ([`load_images`]), as a question's images are.
pub fn expand_node(node: &MessageNode) -> Vec<ChatMessage> {
    if node.role != Role::Assistant {
        let mut message = ChatMessage::text(node.role, node.text());
        message.images = node
            .parts
            .iter()
            .filter_map(|part| match part {
                MessagePart::Image { blob_id, mime, .. } => Some(image_input(blob_id, mime)),
                _ => None,
            })
            .collect();
        return vec![message];
    }
    let (mut pictures, transcripts) = tool_pictures(&node.parts);
    let mut out = Vec::new();
    let mut turn = AssistantTurn::default();
    for (at, part) in node.parts.iter().enumerate() {
        match part {
            MessagePart::Text { .. } if transcripts.contains(&at) => {}
            MessagePart::Text { text } => {
                if !turn.calls.is_empty() {
                    turn.flush_into(&mut out);
                }
                turn.text.push_str(text);
            }
            MessagePart::Reasoning {
                text,
                signature: Some(signature),
                ..
            } => {
                if !turn.calls.is_empty() {
                    turn.flush_into(&mut out);
                }
                turn.thinking.push(SignedReasoning {
                    text: text.clone(),
                    signature: signature.clone(),
                });
            }
            MessagePart::ToolCall(call) => {
                let Some(result) = &call.result else { continue };
                if turn.step.is_some_and(|s| s != call.step) {
                    turn.flush_into(&mut out);
                }
                turn.step = Some(call.step);
                turn.calls.push(ToolCallRequest {
                    id: call.id.clone(),
                    name: call.name.clone(),
                    arguments: call.arguments.clone(),
                });
                turn.results.push(ChatMessage::tool_result(
                    &call.id,
                    result.content.clone(),
                    result.is_error,
                ));
                turn.pictures
                    .extend(pictures.remove(&at).unwrap_or_default());
            }
            _ => {}
        }
    }
    turn.flush_into(&mut out);
    out
}

fn image_input(blob_id: &str, mime: &str) -> ImageInput {
    ImageInput {
        blob_id: blob_id.to_owned(),
        mime: mime.to_owned(),
        data: String::new(),
    }
}

/// A picture a tool returned, with the text the OCR transformer recognised in it.
struct ToolPicture {
    tool: String,
    image: ImageInput,
    transcript: Option<String>,
}

/// The pictures tools returned in an answer's `parts`, by the position of the call each belongs
/// to, and the positions of the OCR text that went with them. The tool loop adds a call's
/// pictures, named after its tool, after the calls of its step: a picture belongs to the last
/// call of that tool before it that has a result. Other images (an answer's own inline ones)
/// belong to no call and are not sent.
fn tool_pictures(parts: &[MessagePart]) -> (HashMap<usize, Vec<ToolPicture>>, HashSet<usize>) {
    let mut last_call: HashMap<&str, usize> = HashMap::new();
    let mut pictures: HashMap<usize, Vec<ToolPicture>> = HashMap::new();
    let mut transcripts = HashSet::new();
    for (at, part) in parts.iter().enumerate() {
        match part {
            MessagePart::ToolCall(call) if call.result.is_some() => {
                last_call.insert(&call.name, at);
            }
            MessagePart::Image {
                blob_id,
                mime,
                name: Some(tool),
            } => {
                let Some(&call) = last_call.get(tool.as_str()) else {
                    continue;
                };
                let transcript = match parts.get(at + 1) {
                    Some(MessagePart::Text { text }) if is_image_text(text) => {
                        transcripts.insert(at + 1);
                        Some(text.clone())
                    }
                    _ => None,
                };
                pictures.entry(call).or_default().push(ToolPicture {
                    tool: tool.clone(),
                    image: image_input(blob_id, mime),
                    transcript,
                });
            }
            _ => {}
        }
    }
    (pictures, transcripts)
}

/// The user turn that shows the model the pictures its tools returned in one step: what they
/// are, any text recognised in them, and the images.
fn pictures_turn(pictures: Vec<ToolPicture>) -> ChatMessage {
    let mut tools: Vec<&str> = Vec::new();
    for picture in &pictures {
        if !tools.contains(&picture.tool.as_str()) {
            tools.push(&picture.tool);
        }
    }
    let (what, results) = match pictures.len() {
        1 => ("The picture".to_owned(), "result"),
        n => (format!("The {n} pictures"), "results"),
    };
    let by = match tools.as_slice() {
        [tool] => format!("the tool {tool} returned with its {results}"),
        _ => format!("the tools {} returned with their results", tools.join(", ")),
    };
    let mut content = format!("{what} {by} above.");
    for transcript in pictures.iter().filter_map(|p| p.transcript.as_deref()) {
        content.push_str("\n\n");
        content.push_str(transcript);
    }
    let mut message = ChatMessage::text(Role::User, content);
    message.images = pictures.into_iter().map(|p| p.image).collect();
    message
}

/// One assistant turn being rebuilt from a message's parts: its signed reasoning, text and the
/// calls of one model step, followed by their results and the pictures the tools returned.
#[derive(Default)]
struct AssistantTurn {
    thinking: Vec<SignedReasoning>,
    text: String,
    calls: Vec<ToolCallRequest>,
    results: Vec<ChatMessage>,
    pictures: Vec<ToolPicture>,
    step: Option<u32>,
}

impl AssistantTurn {
    fn flush_into(&mut self, out: &mut Vec<ChatMessage>) {
        let turn = std::mem::take(self);
        self.step = turn.step;
        if turn.calls.is_empty() && turn.text.is_empty() {
            return;
        }
        let mut message = ChatMessage::text(Role::Assistant, turn.text);
        message.tool_calls = turn.calls;
        message.thinking = turn.thinking;
        out.push(message);
        out.extend(turn.results);
        if !turn.pictures.is_empty() {
            out.push(pictures_turn(turn.pictures));
        }
    }
}

#[cfg(test)]
#[path = "request_builder_tests.rs"]
mod tests;

#[cfg(test)]
mod unique_call_id_tests {
    use super::*;
    use crate::provider::ToolCallRequest;

    fn turn(ids: &[&str]) -> ChatMessage {
        ChatMessage {
            tool_calls: ids
                .iter()
                .map(|id| ToolCallRequest {
                    id: (*id).into(),
                    name: "t".into(),
                    arguments: "{}".into(),
                })
                .collect(),
            ..ChatMessage::text(Role::Assistant, "")
        }
    }

    #[test]
    fn repeated_and_empty_ids_are_renamed_with_their_results() {
        let mut messages = vec![
            turn(&["call_0"]),
            ChatMessage::tool_result("call_0", "first", false),
            turn(&["call_0", ""]),
            ChatMessage::tool_result("call_0", "second", false),
            ChatMessage::tool_result("", "third", false),
        ];
        unique_call_ids(&mut messages);
        let calls: Vec<&str> = messages
            .iter()
            .flat_map(|m| m.tool_calls.iter().map(|c| c.id.as_str()))
            .collect();
        assert_eq!(calls, ["call_0", "call_skein_1", "call_skein_2"]);
        let results: Vec<(&str, &str)> = messages
            .iter()
            .filter_map(|m| {
                m.tool_result_for
                    .as_deref()
                    .map(|id| (id, m.content.as_str()))
            })
            .collect();
        assert_eq!(
            results,
            [
                ("call_0", "first"),
                ("call_skein_1", "second"),
                ("call_skein_2", "third")
            ]
        );
    }
}
