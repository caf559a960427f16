//! [`FileProblem`]: why a file is not a workflow template Skein can import, in English
//! (`Display`) and in the interface language (`Explain`).

/// Why a file is not a template Skein can import.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum FileProblem {
    #[error("This file is over 1 MiB; a workflow template is much smaller.")]
    TooLarge,
    #[error("This file is not text; a workflow template is JSON.")]
    NotText,
    /// Not JSON, as the JSON reader words it.
    #[error("This is not a workflow template: {0}.")]
    NotJson(String),
    #[error("This template was written by a newer Skein (format version {0}); update Skein to import it.")]
    Newer(u64),
    #[error("This file is a “{0}” file, not a workflow template.")]
    OtherFormat(String),
    /// Its fields are not a template's, as the JSON reader words it.
    #[error("This workflow template cannot be read: {0}.")]
    Unreadable(String),
    #[error("This workflow template has no list of steps (\"steps\").")]
    NoSteps,
    /// Step (from 1) of an unknown kind (`None`: it names none).
    #[error("Step {step} is of a kind Skein does not know ({}); a step is \"question\" or \"dialogue\".", kind.as_ref().map_or("none".to_owned(), |k| format!("“{k}”")))]
    UnknownKind { step: usize, kind: Option<String> },
}

impl crate::i18n::Explain for FileProblem {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::TooLarge => phrase("workflow-file-too-large"),
            Self::NotText => phrase("workflow-file-not-text"),
            Self::NotJson(why) => phrase("workflow-file-not-json").with("why", why),
            Self::Newer(version) => phrase("workflow-file-newer").with("version", version),
            Self::OtherFormat(format) => {
                phrase("workflow-file-other-format").with("format", format)
            }
            Self::Unreadable(why) => phrase("workflow-file-unreadable").with("why", why),
            Self::NoSteps => phrase("workflow-file-no-steps"),
            Self::UnknownKind { step, kind: None } => {
                phrase("workflow-file-no-kind").with("step", step)
            }
            Self::UnknownKind {
                step,
                kind: Some(kind),
            } => phrase("workflow-file-unknown-kind")
                .with("step", step)
                .with("kind", kind),
        }
    }
}
