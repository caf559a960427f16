//! Where a workspace's files are kept: the [`WorkspaceFiles`] port (the browser's Origin Private
//! File System, or IndexedDB where that is missing, in the platform crate), and
//! [`MemoryWorkspace`], the in-memory implementation the engine's tests and a page without
//! storage use. A workspace is named by its root (`chat-{conversation id}`).

use super::path::WorkspacePath;
use std::cell::RefCell;
use std::collections::BTreeMap;
use std::future::Future;
use std::pin::Pin;
use thiserror::Error;

/// The largest file a workspace takes.
pub const MAX_FILE_BYTES: usize = 10 << 20;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorkspaceError {
    #[error("the browser's file storage cannot be used here: {0}")]
    Unavailable(String),
    #[error("the browser's storage for Skein is full")]
    Full,
    #[error("files are at most {} MiB", MAX_FILE_BYTES >> 20)]
    TooLarge,
    #[error("{0}")]
    Other(String),
}

impl crate::i18n::Explain for WorkspaceError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::{phrase, Phrase};
        match self {
            Self::Unavailable(detail) => phrase("error-files-unavailable").with("detail", detail),
            Self::Full => phrase("error-files-full"),
            Self::TooLarge => phrase("error-files-too-large").with("max", MAX_FILE_BYTES >> 20),
            Self::Other(detail) => Phrase::verbatim(detail),
        }
    }
}

/// Refuses bytes over [`MAX_FILE_BYTES`]: every store checks a write with it.
pub fn check_size(bytes: &[u8]) -> Result<(), WorkspaceError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(WorkspaceError::TooLarge);
    }
    Ok(())
}

/// A stored file, as a listing shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct FileInfo {
    pub path: WorkspacePath,
    pub size: u64,
    /// When it was last written, in milliseconds since the epoch (0 when unknown).
    pub modified_ms: f64,
}

pub type FilesFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, WorkspaceError>> + 'a>>;

/// A store of workspaces. Every method takes the workspace's root.
pub trait WorkspaceFiles {
    /// Every file of the workspace, at any depth, sorted by path (none: empty).
    fn list<'a>(&'a self, root: &'a str) -> FilesFuture<'a, Vec<FileInfo>>;
    /// The file's bytes; `None` when there is no such file.
    fn read<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
    ) -> FilesFuture<'a, Option<Vec<u8>>>;
    /// Creates or replaces the file (and the folders on its way).
    fn write<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
        bytes: &'a [u8],
    ) -> FilesFuture<'a, ()>;
    /// Removes the file; `false` when there was none.
    fn delete<'a>(&'a self, root: &'a str, path: &'a WorkspacePath) -> FilesFuture<'a, bool>;
}

fn safe(id: &str) -> String {
    id.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

/// The root of a conversation's own workspace.
pub fn chat_root(conversation_id: &str) -> String {
    format!("chat-{}", safe(conversation_id))
}

/// The root of the workspace a conversation works in: its own, or its assistant's when the
/// assistant shares one workspace among its conversations.
pub fn workspace_root(conversation_id: &str, assistant: &crate::Assistant) -> String {
    if assistant.shared_workspace {
        format!("assistant-{}", safe(&assistant.id))
    } else {
        chat_root(conversation_id)
    }
}

/// A file in memory: its workspace's root and its path, then its bytes and when it was written.
type Stored = BTreeMap<(String, WorkspacePath), (Vec<u8>, f64)>;

/// Workspaces kept in memory (tests, and a page whose storage cannot be opened).
#[derive(Default)]
pub struct MemoryWorkspace {
    files: RefCell<Stored>,
    writes: std::cell::Cell<f64>,
}

impl WorkspaceFiles for MemoryWorkspace {
    fn list<'a>(&'a self, root: &'a str) -> FilesFuture<'a, Vec<FileInfo>> {
        let listed = self
            .files
            .borrow()
            .iter()
            .filter(|((r, _), _)| r == root)
            .map(|((_, path), (bytes, modified_ms))| FileInfo {
                path: path.clone(),
                size: bytes.len() as u64,
                modified_ms: *modified_ms,
            })
            .collect();
        Box::pin(async move { Ok(listed) })
    }

    fn read<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
    ) -> FilesFuture<'a, Option<Vec<u8>>> {
        let found = self
            .files
            .borrow()
            .get(&(root.to_owned(), path.clone()))
            .map(|(bytes, _)| bytes.clone());
        Box::pin(async move { Ok(found) })
    }

    fn write<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
        bytes: &'a [u8],
    ) -> FilesFuture<'a, ()> {
        Box::pin(async move {
            check_size(bytes)?;
            self.writes.set(self.writes.get() + 1.0);
            self.files.borrow_mut().insert(
                (root.to_owned(), path.clone()),
                (bytes.to_vec(), self.writes.get()),
            );
            Ok(())
        })
    }

    fn delete<'a>(&'a self, root: &'a str, path: &'a WorkspacePath) -> FilesFuture<'a, bool> {
        let removed = self
            .files
            .borrow_mut()
            .remove(&(root.to_owned(), path.clone()))
            .is_some();
        Box::pin(async move { Ok(removed) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use futures_executor::block_on;

    #[test]
    fn workspaces_keep_their_files_apart() {
        let files = MemoryWorkspace::default();
        let path = WorkspacePath::parse("a/b.txt").unwrap();
        block_on(files.write("chat-1", &path, b"one")).unwrap();
        block_on(files.write("chat-2", &path, b"two")).unwrap();
        assert_eq!(
            block_on(files.read("chat-1", &path)).unwrap().unwrap(),
            b"one"
        );
        assert_eq!(block_on(files.list("chat-2")).unwrap()[0].size, 3);
        assert!(block_on(files.delete("chat-1", &path)).unwrap());
        assert!(!block_on(files.delete("chat-1", &path)).unwrap());
        assert!(block_on(files.list("chat-1")).unwrap().is_empty());
        let huge = vec![0; MAX_FILE_BYTES + 1];
        assert_eq!(
            block_on(files.write("chat-1", &path, &huge)),
            Err(WorkspaceError::TooLarge)
        );
        assert_eq!(chat_root("c/../1"), "chat-c____1");
        let mut assistant = crate::Assistant::default();
        assert_eq!(workspace_root("c1", &assistant), "chat-c1");
        assistant.shared_workspace = true;
        assert_eq!(
            workspace_root("c1", &assistant),
            format!("assistant-{}", assistant.id)
        );
    }
}
