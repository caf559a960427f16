//! [`ChatRequest`]: what one chat request asks for, the same for every protocol; each protocol
//! module spells it in its own JSON.

use super::{ChatMessage, GenerationParams, ToolDefinition};

/// What one chat request asks for, before it is spelled in a protocol.
#[derive(Debug, Clone, Copy, Default)]
pub struct ChatRequest<'a> {
    pub messages: &'a [ChatMessage],
    /// Empty for a model without tool calling, or when no tool is enabled.
    pub tools: &'a [ToolDefinition],
    pub params: GenerationParams,
    pub stream: bool,
}
