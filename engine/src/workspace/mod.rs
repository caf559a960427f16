//! A workspace of files per conversation (seed 000's workspace): the model reads, writes and
//! searches them with tools, large tool outputs are written there, skills are loaded from its
//! `skills/` folder, and the user sees, uploads, downloads and deletes them.
//!
//! - `path`: a file's place, checked so it never leaves its workspace;
//! - `files`: the storage port (`WorkspaceFiles`; the platform's OPFS or IndexedDB) and an
//!   in-memory store;
//! - `tools`: list, read, write (asks first) and search;
//! - `skills`: Markdown instruction files and the `load_skill` tool;
//! - `reminder`: what the model is told about the workspace in each request.

pub mod files;
pub mod path;
pub(crate) mod reminder;
pub mod skills;
pub mod tools;

pub use files::{
    chat_root, check_size, workspace_root, FileInfo, FilesFuture, MemoryWorkspace, WorkspaceError,
    WorkspaceFiles, MAX_FILE_BYTES,
};
pub use path::{PathError, WorkspacePath};
