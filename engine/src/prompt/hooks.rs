//! Extension points of the input pipeline whose capabilities live elsewhere: OCR of images, the
//! workspace reminder, knowledge retrieval and memory retrieval.
//!
//! Each is a trait the pipeline calls at its fixed place in the order. The futures are boxed so
//! the pipeline can hold any implementation behind `&dyn`, and they are not `Send` (the browser
//! is single-threaded). A hook that fails never fails the request: the pipeline records an
//! honest notice instead (seed 004: "if the store cannot be reached, say so, do not guess").

use std::future::Future;
use std::pin::Pin;
use thiserror::Error;

pub type HookFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, HookError>> + 'a>>;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct HookError(pub String);

/// A hook's error is the words of what failed below it (a store, a provider), kept as said.
impl crate::i18n::Explain for HookError {
    fn phrase(&self) -> crate::i18n::Phrase {
        crate::i18n::Phrase::verbatim(&self.0)
    }
}

/// Text recognised in an image.
pub trait OcrHook {
    fn recognize<'a>(&'a self, blob_id: &'a str, mime: &'a str) -> HookFuture<'a, String>;
}

/// The active workspace (OPFS folder) and what the model should know about it.
pub trait WorkspaceHook {
    fn reminder(&self) -> HookFuture<'_, Option<String>>;
}

/// One retrieved item: a knowledge chunk or a memory.
#[derive(Debug, Clone, PartialEq)]
pub struct RetrievedItem {
    /// The chunk or memory ID (citations point at it).
    pub id: String,
    /// The document the chunk came from (empty for memories).
    pub document_id: String,
    pub title: String,
    pub text: String,
}

/// What a retrieval found, and how it fell short if it did (embeddings failed, so words were
/// used), in words for the user.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Retrieved {
    pub items: Vec<RetrievedItem>,
    pub notice: Option<crate::i18n::Cause>,
}

impl From<Vec<RetrievedItem>> for Retrieved {
    fn from(items: Vec<RetrievedItem>) -> Self {
        Self {
            items,
            notice: None,
        }
    }
}

/// Whose knowledge and memories a retrieval may use: the assistant answering, and the
/// knowledge bases bound to it.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RetrievalScope {
    pub assistant_id: String,
    pub knowledge_base_ids: Vec<String>,
    /// The assistant uses memory (the user turned it on).
    pub memory: bool,
}

/// Finds items relevant to a query (the latest user message) within `scope`.
pub trait RetrievalHook {
    fn retrieve<'a>(
        &'a self,
        query: &'a str,
        scope: &'a RetrievalScope,
    ) -> HookFuture<'a, Retrieved>;
}
