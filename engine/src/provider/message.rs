//! The protocol-neutral messages of a request and the deltas a response decodes into.

use crate::domain::message_part::TokenUsage;

/// One message of the outgoing request, already reduced to what the provider sees.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    pub role: crate::Role,
    pub content: String,
    /// The tool calls an assistant turn made (their results follow as tool results).
    pub tool_calls: Vec<ToolCallRequest>,
    /// Set on a tool result: the ID of the call it answers. Such a message is sent with the
    /// protocol's tool-result role, whatever `role` says.
    pub tool_result_for: Option<String>,
    /// Whether a tool result reports a failure.
    pub is_error: bool,
    /// Signed reasoning of an assistant turn, sent back where a protocol requires it
    /// (Anthropic's thinking blocks during a tool loop).
    pub thinking: Vec<SignedReasoning>,
    /// Images the user attached to this turn, sent with its text.
    pub images: Vec<ImageInput>,
}

/// An attached image of a request: the stored blob it comes from and, once loaded, its bytes as
/// base64. The protocols send only loaded images
/// ([`load_images`](crate::prompt::request_builder::load_images) fills them in).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageInput {
    pub blob_id: String,
    pub mime: String,
    /// Base64 of the image bytes; empty until loaded.
    pub data: String,
}

impl ImageInput {
    /// The image as a `data:` URL (OpenAI's `image_url`).
    pub fn data_url(&self) -> String {
        format!("data:{};base64,{}", self.mime, self.data)
    }
}

/// Reasoning text with the provider's signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignedReasoning {
    pub text: String,
    pub signature: String,
}

impl ChatMessage {
    /// A plain text message.
    pub fn text(role: crate::Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_result_for: None,
            is_error: false,
            thinking: Vec::new(),
            images: Vec::new(),
        }
    }

    /// The result of tool call `call_id`.
    pub fn tool_result(call_id: &str, content: impl Into<String>, is_error: bool) -> Self {
        Self {
            tool_result_for: Some(call_id.to_owned()),
            is_error,
            ..Self::text(crate::Role::User, content)
        }
    }
}

/// A tool call as it is sent back to the provider in the history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolCallRequest {
    pub id: String,
    pub name: String,
    /// JSON text, as the model wrote it.
    pub arguments: String,
}

/// A tool the model may call: its name, what it does, and a JSON Schema of its arguments.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolDefinition {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

/// A provider-neutral piece of a streamed answer.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamDelta {
    Content(String),
    Reasoning(String),
    /// The model that is answering, as the provider names it.
    Model(String),
    /// Why the provider stopped (`stop`, `length`, `content_filter`, …).
    Finish(String),
    Usage(TokenUsage),
    /// A piece of a tool call. Calls are told apart by `index` (several may stream in
    /// parallel); `id` and `name` come with the first piece, `arguments` in fragments.
    ToolCall {
        index: u32,
        id: Option<String>,
        name: Option<String>,
        arguments: String,
    },
    /// The signature of the reasoning block just streamed (Anthropic).
    ReasoningSignature(String),
    /// Prompt and generation speed (llama.cpp's `timings`).
    Timings(crate::domain::message_part::ProviderTimings),
    /// How much of the prompt is processed, before the first token (llama.cpp).
    PromptProgress {
        processed: u64,
        total: u64,
    },
    /// The provider's explicit end-of-stream marker.
    Done,
}

/// What a provider's finish reason means for the answer, across the three protocols.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum StopKind {
    /// Done as the model meant (`stop`, `end_turn`, `STOP`, `tool_calls`, anything unknown).
    Done,
    /// Cut off by the output limit (`length`, `max_tokens`, `MAX_TOKENS`): Continue gets the
    /// rest.
    Length,
    /// Stopped by the provider's content filter (`content_filter`, Anthropic's `refusal`).
    Filtered,
}

impl StopKind {
    pub fn of(reason: &str) -> Self {
        match reason.to_ascii_lowercase().as_str() {
            "length" | "max_tokens" | "model_length" | "model_context_window_exceeded" => {
                Self::Length
            }
            "content_filter" | "refusal" | "safety" | "recitation" | "blocklist"
            | "prohibited_content" | "spii" => Self::Filtered,
            _ => Self::Done,
        }
    }
}

/// Passes on the model a chunk names when it differs from the one named before (`last`).
/// OpenAI-compatible servers and Gemini repeat it in every chunk of an answer; keeping the
/// last one saves a copy per chunk, and the reply shows the same model either way.
pub(crate) fn push_model(
    out: &mut Vec<StreamDelta>,
    last: &mut String,
    model: Option<std::borrow::Cow<'_, str>>,
) {
    if let Some(model) = model.filter(|m| !m.is_empty() && **m != **last) {
        *last = model.into_owned();
        out.push(StreamDelta::Model(last.clone()));
    }
}

/// Whether `message`, following `before`, is the user turn that shows the model the pictures
/// its tools returned (made by `pictures_turn` in `prompt/request_builder.rs`: "The picture the
/// tool … returned with its result above."), which follows the tool results.
pub(crate) fn is_pictures_turn(before: Option<&ChatMessage>, message: &ChatMessage) -> bool {
    let first_line = message.content.lines().next().unwrap_or_default();
    message.role == crate::Role::User
        && before.is_some_and(|b| b.tool_result_for.is_some())
        && first_line.starts_with("The ")
        && first_line.contains(" returned with ")
        && first_line.ends_with(" above.")
}
