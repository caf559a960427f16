//! [`Unavailable`]: what was asked for cannot be done, because a thing it names is gone or
//! cannot be stored: a request the inspector cannot build, a book or dictionary no longer
//! stored, a workspace file.

use crate::i18n::{phrase, Cause, Explain, Phrase};
use crate::provider::ProviderError;
use crate::workspace::files::WorkspaceError;
use crate::workspace::path::PathError;

#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Unavailable {
    #[error("This request could not be built: {0}")]
    RequestNotBuilt(Cause),
    #[error("That world book is no longer stored.")]
    WorldBookGone,
    #[error("That dictionary is no longer stored.")]
    DictionaryGone,
    #[error("That follow-up is no longer stored (deleted in another tab?).")]
    FollowUpGone,
    #[error("This page has no workspace storage.")]
    NoWorkspace,
    #[error("“{text}” cannot be a file: {err}.")]
    BadPath { text: String, err: PathError },
    #[error(transparent)]
    Files(#[from] WorkspaceError),
    #[error("There is no file {0}.")]
    NoFile(String),
    #[error("{path} was not stored: {err}.")]
    NotStored { path: String, err: WorkspaceError },
}

impl Unavailable {
    pub(crate) fn request(err: &ProviderError) -> Self {
        Self::RequestNotBuilt(Cause::of(err))
    }
}

impl Explain for Unavailable {
    fn phrase(&self) -> Phrase {
        match self {
            Self::RequestNotBuilt(err) => {
                phrase("error-unavailable-request").nest("err", err.phrase())
            }
            Self::WorldBookGone => phrase("error-unavailable-world-book"),
            Self::DictionaryGone => phrase("error-unavailable-dictionary"),
            Self::FollowUpGone => phrase("error-unavailable-follow-up"),
            Self::NoWorkspace => phrase("error-unavailable-workspace"),
            Self::BadPath { text, err } => phrase("error-unavailable-bad-path")
                .with("text", text)
                .nest("err", err.phrase()),
            Self::Files(err) => err.phrase(),
            Self::NoFile(path) => phrase("error-unavailable-no-file").with("path", path),
            Self::NotStored { path, err } => phrase("error-unavailable-not-stored")
                .with("path", path)
                .nest("err", err.phrase()),
        }
    }
}
