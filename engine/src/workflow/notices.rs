//! What a workflow run tells the user about a step (context it could not read, a question it
//! could not phrase, a round that failed), each in English and as a phrase of the catalogue;
//! they are stored on the run.

use super::template::ContextRef;
use crate::i18n::{phrase, Cause, Explain, Phrase};
use std::fmt::Display;

impl ContextRef {
    /// What the user reads for this context ("Chat “Trip”").
    pub fn label_phrase(&self) -> Phrase {
        match self {
            Self::Conversation { title, .. } => {
                phrase("workflow-context-chat").with("title", title)
            }
            Self::KnowledgeBase { name, .. } => {
                phrase("workflow-context-knowledge").with("name", name)
            }
        }
    }
}

pub(crate) fn context_gone(context: &ContextRef) -> Cause {
    Cause::new(
        format!("{} is no longer stored; it was left out.", context.label()),
        phrase("workflow-notice-context-gone").nest("context", context.label_phrase()),
    )
}

pub(crate) fn knowledge_not_set_up(context: &ContextRef) -> Cause {
    Cause::new(
        format!(
            "{} could not be searched (knowledge is not set up); it was left out.",
            context.label()
        ),
        phrase("workflow-notice-knowledge-not-set-up").nest("context", context.label_phrase()),
    )
}

pub(crate) fn not_searched(context: &ContextRef, err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "{} could not be searched ({err}); it was left out.",
            context.label()
        ),
        phrase("workflow-notice-not-searched")
            .nest("context", context.label_phrase())
            .nest("err", err.phrase()),
    )
}

/// Why the model's phrasing of a question could not be used.
pub(crate) enum PhrasingFailure<'a, E> {
    Call(&'a E),
    Empty,
}

pub(crate) fn not_phrased<E: Explain + Display>(failure: PhrasingFailure<'_, E>) -> Cause {
    let (english, said) = match failure {
        PhrasingFailure::Call(err) => (err.to_string(), err.phrase()),
        PhrasingFailure::Empty => (
            "its answer was empty or not one question".to_owned(),
            phrase("workflow-notice-phrasing-empty"),
        ),
    };
    Cause::new(
        format!("The model could not phrase this question ({english}); it is shown as written."),
        phrase("workflow-notice-not-phrased").nest("err", said),
    )
}

pub(crate) fn round_limit(max_rounds: u32) -> Cause {
    Cause::new(
        format!(
            "The moderator wanted another round, but this step allows {max_rounds}; it ended \
             here."
        ),
        phrase("workflow-notice-round-limit").with("max", max_rounds),
    )
}

pub(crate) fn partner_empty() -> Cause {
    Cause::new(
        "The dialogue partner's reply was empty.".to_owned(),
        phrase("workflow-failure-partner-empty"),
    )
}

pub(crate) fn partner_failed(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("The dialogue partner did not answer: {err}"),
        phrase("workflow-failure-partner").nest("err", err.phrase()),
    )
}

pub(crate) fn moderator_unusable(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("{err} Try again, or end this dialogue step."),
        phrase("workflow-failure-moderator-unusable").nest("err", err.phrase()),
    )
}

pub(crate) fn moderator_failed(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("The moderator did not answer: {err}"),
        phrase("workflow-failure-moderator").nest("err", err.phrase()),
    )
}
