//! What the assistant remembers about the user (seed 000 §3, seed 004): short facts with an
//! assistant or global scope, always given to the model as information, never as instructions.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest memory kept (a memory is a fact, not a document).
pub const MAX_MEMORY_CHARS: usize = 2_000;

/// Why a memory's text is refused: the same rule for the model's memory tool and the user's
/// edits.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum MemoryTextError {
    #[error("A memory cannot be empty.")]
    Empty,
    #[error("A memory is at most {MAX_MEMORY_CHARS} characters; this one has {0}.")]
    TooLong(usize),
}

impl crate::i18n::Explain for MemoryTextError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Empty => phrase("error-memory-empty"),
            Self::TooLong(chars) => phrase("error-memory-too-long")
                .with("max", MAX_MEMORY_CHARS)
                .with("chars", chars),
        }
    }
}

/// `text` trimmed, if it is a memory's text.
pub fn checked_text(text: &str) -> Result<String, MemoryTextError> {
    let text = text.trim();
    if text.is_empty() {
        return Err(MemoryTextError::Empty);
    }
    let chars = text.chars().count();
    if chars > MAX_MEMORY_CHARS {
        return Err(MemoryTextError::TooLong(chars));
    }
    Ok(text.to_owned())
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "assistant_id", rename_all = "snake_case")]
pub enum MemoryScope {
    /// Shared by every assistant.
    Global,
    /// Known only to one assistant.
    Assistant(String),
}

impl MemoryScope {
    /// Whether an assistant `assistant_id` sees memories of this scope.
    pub fn visible_to(&self, assistant_id: &str) -> bool {
        match self {
            Self::Global => true,
            Self::Assistant(id) => id == assistant_id,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Memory {
    pub id: String,
    pub scope: MemoryScope,
    pub text: String,
    pub created_at_ms: f64,
    pub updated_at_ms: f64,
    /// The text's vector for retrieval by meaning (made by the embedding model named in it);
    /// dropped whenever the text changes.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub embedding: Option<crate::knowledge::ChunkEmbedding>,
}
/// Whether the memory tool `name` changes what is remembered (all but the search).
pub fn writes_memory(name: &str) -> bool {
    MEMORY_TOOL_NAMES.contains(&name) && name != "search_memories"
}

/// Names of the memory tools, as the model sees them.
pub const MEMORY_TOOL_NAMES: [&str; 4] = [
    "search_memories",
    "create_memory",
    "update_memory",
    "delete_memory",
];
