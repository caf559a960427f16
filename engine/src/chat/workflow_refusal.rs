//! [`WorkflowRefusal`]: why a workflow template or run refused what was asked, saying what to
//! do.

use crate::i18n::{phrase, Cause, Explain, Phrase};
use crate::workflow::run::RunError;
use crate::workflow::template::TemplateError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WorkflowRefusal {
    #[error("Say in a line what the workflow should help with.")]
    NoGoal,
    /// The model could not draft one (its error).
    #[error("No draft: {0}")]
    NoDraft(Cause),
    #[error("The model's draft cannot be used: {0}")]
    BadDraft(TemplateError),
    #[error("That run is no longer stored (deleted in another tab?).")]
    RunGone,
    #[error("Finish the run first; then it can continue as a chat.")]
    FinishFirst,
    #[error("That workflow template is no longer stored (deleted in another tab?).")]
    TemplateGone,
    #[error(transparent)]
    Template(#[from] TemplateError),
    #[error(transparent)]
    Run(#[from] RunError),
}

impl Explain for WorkflowRefusal {
    fn phrase(&self) -> Phrase {
        match self {
            Self::NoGoal => phrase("error-workflow-no-goal"),
            Self::NoDraft(err) => phrase("error-workflow-no-draft").nest("err", err.phrase()),
            Self::BadDraft(err) => phrase("error-workflow-bad-draft").nest("err", err.phrase()),
            Self::RunGone => phrase("error-workflow-run-gone"),
            Self::FinishFirst => phrase("error-workflow-finish-first"),
            Self::TemplateGone => phrase("error-workflow-template-gone"),
            Self::Template(err) => err.phrase(),
            Self::Run(err) => err.phrase(),
        }
    }
}
