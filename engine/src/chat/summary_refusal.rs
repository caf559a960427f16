//! [`SummaryRefusal`]: why the summary panel refused or failed, in English (`Display`) and in
//! the interface language ([`Explain`]).

use crate::i18n::{phrase, Cause, Explain, Phrase};

/// Why the summary panel refused or failed, each saying what to do.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SummaryRefusal {
    #[error(
        "The summary already covers everything before your last question. Edit it, or reset \
         it and summarise again."
    )]
    Covered,
    #[error(
        "Nothing to summarise yet: a summary stands in for the messages before your last \
         question, and there are none."
    )]
    NothingYet,
    /// The provider failed (its error).
    #[error("Summarising failed ({0}); the conversation and its summary are unchanged.")]
    Failed(Cause),
    #[error("A summary cannot be empty; reset it to send the whole conversation again.")]
    Empty,
    /// Longer than the most characters a summary may have (this many).
    #[error("That summary is longer than {0} characters; shorten it.")]
    TooLong(usize),
    #[error("This branch has no summary to edit (it changed?); summarise it first.")]
    NoSummary,
}

impl Explain for SummaryRefusal {
    fn phrase(&self) -> Phrase {
        match self {
            Self::Covered => phrase("summary-refused-covered"),
            Self::NothingYet => phrase("summary-refused-nothing"),
            Self::Failed(err) => phrase("summary-refused-failed").nest("err", err.phrase()),
            Self::Empty => phrase("summary-refused-empty"),
            Self::TooLong(max) => phrase("summary-refused-too-long").with("max", max),
            Self::NoSummary => phrase("summary-refused-no-summary"),
        }
    }
}
