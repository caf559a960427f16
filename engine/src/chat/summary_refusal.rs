//! [`SummaryRefusal`]: why the summary panel refused or failed, in English (`Display`) and in
//! the interface language ([`SummaryRefusal::words`]).

use crate::i18n::{LocaleRules, Localizer};

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
    /// The provider failed (its error, in English).
    #[error("Summarising failed ({0}); the conversation and its summary are unchanged.")]
    Failed(String),
    #[error("A summary cannot be empty; reset it to send the whole conversation again.")]
    Empty,
    /// Longer than the most characters a summary may have (this many).
    #[error("That summary is longer than {0} characters; shorten it.")]
    TooLong(usize),
    #[error("This branch has no summary to edit (it changed?); summarise it first.")]
    NoSummary,
}

impl SummaryRefusal {
    /// In words of the interface language.
    pub fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        match self {
            Self::Covered => words.text("summary-refused-covered").to_owned(),
            Self::NothingYet => words.text("summary-refused-nothing").to_owned(),
            Self::Failed(err) => {
                words.format("summary-refused-failed", &[("err", err.into())], rules)
            }
            Self::Empty => words.text("summary-refused-empty").to_owned(),
            Self::TooLong(max) => {
                words.format("summary-refused-too-long", &[("max", max.into())], rules)
            }
            Self::NoSummary => words.text("summary-refused-no-summary").to_owned(),
        }
    }
}
