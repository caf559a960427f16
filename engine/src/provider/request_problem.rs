//! [`RequestProblem`]: what is wrong with a request Skein refused to send (the field is named
//! beside it), in English (`Display`) and in the interface language (`Explain`).

use crate::i18n::{phrase, Explain, Phrase};

/// The most tools one request offers (OpenAI's limit; the others allow as many or more).
pub const MAX_TOOLS: usize = 128;
/// The largest request body sent, in bytes.
pub const MAX_REQUEST_BYTES: usize = 32 << 20;

#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum RequestProblem {
    #[error("there is nothing to answer")]
    NothingToAnswer,
    #[error("{0} tools; at most {MAX_TOOLS} can be offered")]
    TooManyTools(usize),
    #[error("\"{0}\" is not 1-64 letters, digits, _ or -")]
    BadToolName(String),
    #[error("\"{0}\" is offered twice")]
    ToolTwice(String),
    #[error("must be a JSON Schema object (\"type\": \"object\")")]
    NotObjectSchema,
    #[error("\"{0}\" answers no call made before it")]
    UnknownCall(String),
    #[error("tool call \"{0}\" has no result before this message")]
    Unanswered(String),
    #[error("only the assistant calls tools")]
    NotAssistant,
    #[error("empty or used twice")]
    BadCallId,
    /// The body's size in MiB, one decimal.
    #[error("{0} MiB, over the {max} MiB a request may be", max = MAX_REQUEST_BYTES >> 20)]
    TooLarge(f64),
}

impl Explain for RequestProblem {
    fn phrase(&self) -> Phrase {
        match self {
            Self::NothingToAnswer => phrase("request-problem-nothing"),
            Self::TooManyTools(count) => phrase("request-problem-too-many-tools")
                .with("count", count)
                .with("max", MAX_TOOLS),
            Self::BadToolName(name) => phrase("request-problem-tool-name").with("name", name),
            Self::ToolTwice(name) => phrase("request-problem-tool-twice").with("name", name),
            Self::NotObjectSchema => phrase("request-problem-schema"),
            Self::UnknownCall(id) => phrase("request-problem-unknown-call").with("id", id),
            Self::Unanswered(id) => phrase("request-problem-unanswered").with("id", id),
            Self::NotAssistant => phrase("request-problem-not-assistant"),
            Self::BadCallId => phrase("request-problem-call-id"),
            Self::TooLarge(size) => phrase("request-problem-too-large")
                .with("size", size)
                .with("max", MAX_REQUEST_BYTES >> 20),
        }
    }
}
