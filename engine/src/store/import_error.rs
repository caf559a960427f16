//! [`ImportError`]: why a file cannot be imported, as where in the file and what is wrong
//! there ([`Problem`]), in English (`Display`) and in the interface language (`Explain`).

use crate::domain::tree::TreeError;
use crate::i18n::{phrase, Explain, Phrase};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("This file cannot be imported: {at}: {problem}. Nothing was imported.")]
pub struct ImportError {
    /// Where in the file, e.g. `conversations[3].mapping.abc.parent`.
    pub at: String,
    pub problem: Problem,
}

/// What is wrong at that place.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Problem {
    #[error("{size} MiB is more than {max} MiB")]
    FileTooLarge { size: usize, max: usize },
    /// Not JSON, as the JSON reader words it.
    #[error("not JSON ({0})")]
    NotJson(String),
    #[error("neither a Skein conversation export nor ChatGPT's conversations.json")]
    UnknownFormat,
    #[error("more than {0} messages")]
    TooManyMessages(usize),
    #[error("{size} bytes of text; at most {max}")]
    TextTooLarge { size: usize, max: usize },
    #[error("version {version} is not one this Skein reads (up to {supported})")]
    Version { version: u64, supported: u32 },
    #[error("missing, or not a list")]
    NotAList,
    #[error("missing, or not text")]
    NotText,
    #[error("missing, or not an object")]
    NotAnObject,
    #[error("belongs to another conversation")]
    OtherConversation,
    #[error("the parents form a cycle")]
    Cycle,
    #[error("\"{0}\" is not in the file")]
    MissingParent(String),
    #[error("{0}")]
    Tree(TreeError),
    /// A field of the wrong shape, as the JSON or base64 reader words it.
    #[error("{0}")]
    Invalid(String),
}

impl Explain for ImportError {
    fn phrase(&self) -> Phrase {
        phrase("error-import")
            .with("at", &self.at)
            .nest("problem", self.problem.phrase())
    }
}

impl Explain for Problem {
    fn phrase(&self) -> Phrase {
        match self {
            Self::FileTooLarge { size, max } => phrase("import-problem-file-too-large")
                .with("size", size)
                .with("max", max),
            Self::NotJson(why) => phrase("import-problem-not-json").with("why", why),
            Self::UnknownFormat => phrase("import-problem-unknown-format"),
            Self::TooManyMessages(max) => phrase("import-problem-too-many").with("max", max),
            Self::TextTooLarge { size, max } => phrase("import-problem-text-too-large")
                .with("size", size)
                .with("max", max),
            Self::Version { version, supported } => phrase("import-problem-version")
                .with("version", version)
                .with("supported", supported),
            Self::NotAList => phrase("import-problem-not-a-list"),
            Self::NotText => phrase("import-problem-not-text"),
            Self::NotAnObject => phrase("import-problem-not-an-object"),
            Self::OtherConversation => phrase("import-problem-other-conversation"),
            Self::Cycle => phrase("import-problem-cycle"),
            Self::MissingParent(id) => phrase("import-problem-missing-parent").with("id", id),
            Self::Tree(err) => err.phrase(),
            Self::Invalid(why) => Phrase::verbatim(why),
        }
    }
}
