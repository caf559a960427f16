//! The citations of one assistant message, stored by conversation and message so the sources an
//! answer used can be listed and opened without loading the conversation's messages.

use crate::domain::message_part::Annotation;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct MessageCitations {
    pub message_id: String,
    pub conversation_id: String,
    /// Only [`Annotation::Citation`]s.
    pub citations: Vec<Annotation>,
}

impl MessageCitations {
    /// The citations among `annotations` of a message.
    pub fn of(conversation_id: &str, message_id: &str, annotations: &[Annotation]) -> Self {
        Self {
            message_id: message_id.into(),
            conversation_id: conversation_id.into(),
            citations: annotations
                .iter()
                .filter(|a| matches!(a, Annotation::Citation { .. }))
                .cloned()
                .collect(),
        }
    }
}
