//! What a generation tells the user while it keeps going or after the answer is safe (a save
//! that failed and will be tried again, a title it could not make), each in English and as a
//! phrase of the catalogue: the [`GenerationEvent::Warning`](super::GenerationEvent)s the chat
//! service writes itself.

use crate::i18n::{phrase, Cause, Explain};
use std::fmt::Display;

/// When the answer was being saved.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SaveMoment {
    Final,
    Streaming,
}

pub(crate) fn answer_not_saved(moment: SaveMoment, err: &(impl Explain + Display)) -> Cause {
    let (english, id) = match moment {
        SaveMoment::Final => ("The answer could not be saved", "warning-answer-not-saved"),
        SaveMoment::Streaming => (
            "The answer could not be saved while streaming",
            "warning-answer-not-saved-streaming",
        ),
    };
    Cause::new(
        format!("{english}: {err}"),
        phrase(id).nest("err", err.phrase()),
    )
}

pub(crate) fn image_kept_in_text(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "An image in the answer could not be stored separately ({err}); it was kept in the \
             text."
        ),
        phrase("warning-image-kept-in-text").nest("err", err.phrase()),
    )
}

pub(crate) fn promise_not_kept(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("The answer's promise could not be kept as a follow-up: {err}"),
        phrase("warning-promise-not-kept").nest("err", err.phrase()),
    )
}

pub(crate) fn summary_not_saved(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("The conversation summary could not be saved: {err}"),
        phrase("warning-summary-not-saved").nest("err", err.phrase()),
    )
}

pub(crate) fn summarising_failed(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "This conversation is longer than the context limit and summarising its older part \
             failed ({err}); only the recent messages were sent."
        ),
        phrase("warning-summarising-failed").nest("err", err.phrase()),
    )
}

pub(crate) fn title_empty() -> Cause {
    Cause::new(
        "The model's title for this conversation was empty; it keeps its name.".to_owned(),
        phrase("warning-title-empty"),
    )
}

pub(crate) fn no_title(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("This conversation could not be given a title: {err}"),
        phrase("warning-no-title").nest("err", err.phrase()),
    )
}

pub(crate) fn no_suggestions(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("No follow-up suggestions: {err}"),
        phrase("warning-no-suggestions").nest("err", err.phrase()),
    )
}

pub(crate) fn tool_output_kept(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "A long tool output could not be stored as a file ({err}); it was kept in the \
             message."
        ),
        phrase("warning-tool-output-kept").nest("err", err.phrase()),
    )
}

pub(crate) fn tool_image_not_shown(tool: &str, err: &str) -> Cause {
    Cause::new(
        format!("A picture the tool {tool} returned could not be shown: {err}"),
        phrase("warning-tool-image-not-shown")
            .with("tool", tool)
            .with("err", err),
    )
}

pub(crate) fn usage_not_recorded(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("This call's usage could not be recorded: {err}"),
        phrase("warning-usage-not-recorded").nest("err", err.phrase()),
    )
}

/// The stream broke (`reason`, the answer's own error when it has one); a new version starts in
/// `seconds` (one decimal).
pub(crate) fn restarting(reason: Option<(&str, &crate::i18n::Phrase)>, seconds: f64) -> Cause {
    let seconds = (seconds * 10.0).round() / 10.0;
    let (english, said) = match reason {
        Some((english, said)) => (english.to_owned(), said.clone()),
        None => (
            "the stream broke".to_owned(),
            phrase("warning-stream-broke"),
        ),
    };
    Cause::new(
        format!(
            "The answer was interrupted ({english}); it is kept as an earlier version, and a new \
             one starts in {seconds} s."
        ),
        phrase("warning-restarting")
            .nest("err", said)
            .with("seconds", seconds),
    )
}
