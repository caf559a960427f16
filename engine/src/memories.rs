//! What the assistant remembers about the user (seed 000 §3, seed 004): short facts with an
//! assistant or global scope, always given to the model as information, never as instructions.

use serde::{Deserialize, Serialize};

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
