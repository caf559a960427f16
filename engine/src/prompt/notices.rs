//! What preparing a request tells the user it could not do (a retrieval that failed, an image
//! it could not read), each in English and as a phrase of the catalogue. The request goes on
//! without the missing part.

use crate::i18n::{phrase, Cause, Explain};
use std::fmt::Display;

pub(crate) fn workspace_unreadable(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("The workspace could not be read: {err}."),
        phrase("notice-workspace-unreadable").nest("err", err.phrase()),
    )
}

/// The English also goes to the model, in the system prompt.
pub(crate) fn knowledge_failed(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "Knowledge retrieval failed for this request ({err}); the answer is made without the \
             knowledge base. Say so if the question depends on it."
        ),
        phrase("notice-knowledge-failed").nest("err", err.phrase()),
    )
}

/// The English also goes to the model, in the system prompt.
pub(crate) fn memory_failed(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "Memory could not be reached for this request ({err}). If the answer depends on what \
             you remember about the user, say so honestly; do not guess."
        ),
        phrase("notice-memory-failed").nest("err", err.phrase()),
    )
}

pub(crate) fn image_text_unreadable(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("Text in an image could not be read: {err}."),
        phrase("notice-image-text-unreadable").nest("err", err.phrase()),
    )
}

pub(crate) fn image_unreadable(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("An attached image could not be read: {err}."),
        phrase("notice-image-unreadable").nest("err", err.phrase()),
    )
}

pub(crate) fn images_missing(count: usize) -> Cause {
    Cause::new(
        format!("{count} attached image(s) are no longer stored and were not sent."),
        phrase("notice-images-missing").with("count", count),
    )
}

/// `model` cannot see images and no reading model is set: `count` were left out.
pub(crate) fn images_left_out(model: &str, count: usize) -> Cause {
    Cause::new(
        format!(
            "{model} cannot see images and no model is set to read them for it (Settings → \
             Providers), so {count} image(s) were left out of the request."
        ),
        phrase("notice-images-left-out")
            .with("model", model)
            .with("count", count),
    )
}

/// Knowledge embeddings failed (`why`, the provider's words): searched by words.
pub(crate) fn knowledge_by_words(why: &str) -> Cause {
    Cause::new(
        format!("Embeddings failed ({why}); the knowledge was searched by its words instead."),
        phrase("notice-knowledge-by-words").with("why", why),
    )
}

pub(crate) fn knowledge_not_embedded() -> Cause {
    Cause::new(
        "No part of the knowledge is embedded with the current model yet; it was searched by \
         its words instead."
            .to_owned(),
        phrase("notice-knowledge-not-embedded"),
    )
}

pub(crate) fn knowledge_embedding_mismatch(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!(
            "The query's embedding does not fit the stored ones ({err}); the knowledge was \
             searched by its words instead."
        ),
        phrase("notice-knowledge-embedding-mismatch").nest("err", err.phrase()),
    )
}

pub(crate) fn memories_by_words(err: &(impl Explain + Display)) -> Cause {
    Cause::new(
        format!("Embeddings failed ({err}); memories were chosen by their words instead."),
        phrase("notice-memories-by-words").nest("err", err.phrase()),
    )
}
