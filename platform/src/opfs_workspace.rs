//! The conversations' workspaces in the browser's Origin Private File System: the folder
//! `workspaces/{root}/` holds a workspace's files and folders as they are named. OPFS is private
//! to the origin (no permission prompt, invisible to other sites) and counts against the same
//! storage quota as IndexedDB. Where a browser lacks it, every call says so
//! ([`WorkspaceError::Unavailable`]).

use crate::js_error::describe;
use js_sys::{Array, AsyncIterator, Reflect, Uint8Array};
use skein_engine::workspace::{
    check_size, FileInfo, FilesFuture, WorkspaceError, WorkspaceFiles, WorkspacePath,
};
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    FileSystemDirectoryHandle, FileSystemFileHandle, FileSystemGetDirectoryOptions,
    FileSystemGetFileOptions, FileSystemWritableFileStream,
};

/// The folder all workspaces are in.
const WORKSPACES: &str = "workspaces";
/// The most files one listing walks.
const MAX_LISTED: usize = 5_000;

#[derive(Debug, Clone, Copy, Default)]
pub struct OpfsWorkspace;

/// Whether an error is the browser saying the file or folder is not there.
fn not_found(error: &JsValue) -> bool {
    Reflect::get(error, &JsValue::from_str("name"))
        .ok()
        .and_then(|name| name.as_string())
        .is_some_and(|name| name == "NotFoundError" || name == "TypeMismatchError")
}

fn failure(error: &JsValue) -> WorkspaceError {
    let name = Reflect::get(error, &JsValue::from_str("name"))
        .ok()
        .and_then(|name| name.as_string());
    if name.as_deref() == Some("QuotaExceededError") {
        WorkspaceError::Full
    } else {
        WorkspaceError::Other(describe(error))
    }
}

pub(crate) async fn wait(promise: js_sys::Promise) -> Result<JsValue, JsValue> {
    JsFuture::from(promise).await
}

/// The origin's private folder.
pub(crate) async fn origin_folder() -> Result<FileSystemDirectoryHandle, WorkspaceError> {
    let storage = web_sys::window()
        .map(|w| w.navigator().storage())
        .ok_or_else(|| WorkspaceError::Unavailable("there is no window".into()))?;
    let has_it = Reflect::has(&storage, &JsValue::from_str("getDirectory")).unwrap_or(false);
    if !has_it {
        return Err(WorkspaceError::Unavailable(
            "this browser has no Origin Private File System".into(),
        ));
    }
    wait(storage.get_directory())
        .await
        .map_err(|e| WorkspaceError::Unavailable(describe(&e)))?
        .dyn_into()
        .map_err(|_| WorkspaceError::Unavailable("no folder handle".into()))
}

/// The folder `names` under `parent`; `None` when it is missing and `create` is false.
pub(crate) async fn folder(
    parent: FileSystemDirectoryHandle,
    names: &[&str],
    create: bool,
) -> Result<Option<FileSystemDirectoryHandle>, WorkspaceError> {
    let mut current = parent;
    for name in names {
        let options = FileSystemGetDirectoryOptions::new();
        options.set_create(create);
        match wait(current.get_directory_handle_with_options(name, &options)).await {
            Ok(handle) => {
                current = handle
                    .dyn_into()
                    .map_err(|_| WorkspaceError::Other("not a folder".into()))?
            }
            Err(error) if not_found(&error) => return Ok(None),
            Err(error) => return Err(failure(&error)),
        }
    }
    Ok(Some(current))
}

/// The workspace's folder, and the folder of `path` inside it (its parent segments).
async fn parent_of(
    root: &str,
    path: &WorkspacePath,
    create: bool,
) -> Result<Option<FileSystemDirectoryHandle>, WorkspaceError> {
    let segments: Vec<&str> = path.segments().collect();
    let mut names = vec![WORKSPACES, root];
    names.extend(&segments[..segments.len().saturating_sub(1)]);
    folder(origin_folder().await?, &names, create).await
}

pub(crate) async fn file_handle(
    parent: &FileSystemDirectoryHandle,
    name: &str,
    create: bool,
) -> Result<Option<FileSystemFileHandle>, WorkspaceError> {
    let options = FileSystemGetFileOptions::new();
    options.set_create(create);
    match wait(parent.get_file_handle_with_options(name, &options)).await {
        Ok(handle) => Ok(Some(
            handle
                .dyn_into()
                .map_err(|_| WorkspaceError::Other("not a file".into()))?,
        )),
        Err(error) if not_found(&error) => Ok(None),
        Err(error) => Err(failure(&error)),
    }
}

/// The next `[name, handle]` of a folder's entries, `None` at the end.
async fn next_entry(entries: &AsyncIterator) -> Result<Option<(String, JsValue)>, WorkspaceError> {
    let step = wait(entries.next().map_err(|e| failure(&e))?)
        .await
        .map_err(|e| failure(&e))?;
    let done = Reflect::get(&step, &JsValue::from_str("done"))
        .map(|d| d.is_truthy())
        .unwrap_or(true);
    if done {
        return Ok(None);
    }
    let pair: Array = Reflect::get(&step, &JsValue::from_str("value"))
        .map_err(|e| failure(&e))?
        .unchecked_into();
    Ok(Some((
        pair.get(0).as_string().unwrap_or_default(),
        pair.get(1),
    )))
}

impl WorkspaceFiles for OpfsWorkspace {
    fn list<'a>(&'a self, root: &'a str) -> FilesFuture<'a, Vec<FileInfo>> {
        Box::pin(async move {
            let Some(top) = folder(origin_folder().await?, &[WORKSPACES, root], false).await?
            else {
                return Ok(Vec::new());
            };
            let mut found = Vec::new();
            // Folders still to walk, with the path that leads to them.
            let mut pending = vec![(String::new(), top)];
            while let Some((prefix, directory)) = pending.pop() {
                let entries = directory.entries();
                while let Some((name, handle)) = next_entry(&entries).await? {
                    let path = format!("{prefix}{name}");
                    if let Some(sub) = handle.dyn_ref::<FileSystemDirectoryHandle>() {
                        pending.push((format!("{path}/"), sub.clone()));
                        continue;
                    }
                    let Some(file) = handle.dyn_ref::<FileSystemFileHandle>() else {
                        continue;
                    };
                    // A name another program stored that Skein would not accept is left out.
                    let Ok(path) = WorkspacePath::parse(&path) else {
                        continue;
                    };
                    let file: web_sys::File = wait(file.get_file())
                        .await
                        .map_err(|e| failure(&e))?
                        .unchecked_into();
                    found.push(FileInfo {
                        path,
                        size: file.size() as u64,
                        modified_ms: file.last_modified(),
                    });
                    if found.len() >= MAX_LISTED {
                        break;
                    }
                }
            }
            found.sort_by(|a, b| a.path.cmp(&b.path));
            Ok(found)
        })
    }

    fn read<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
    ) -> FilesFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let Some(parent) = parent_of(root, path, false).await? else {
                return Ok(None);
            };
            let Some(handle) = file_handle(&parent, path.name(), false).await? else {
                return Ok(None);
            };
            let file: web_sys::File = wait(handle.get_file())
                .await
                .map_err(|e| failure(&e))?
                .unchecked_into();
            let buffer = wait(file.array_buffer()).await.map_err(|e| failure(&e))?;
            Ok(Some(Uint8Array::new(&buffer).to_vec()))
        })
    }

    fn write<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
        bytes: &'a [u8],
    ) -> FilesFuture<'a, ()> {
        Box::pin(async move {
            check_size(bytes)?;
            let parent = parent_of(root, path, true)
                .await?
                .ok_or_else(|| WorkspaceError::Other("the folder could not be made".into()))?;
            let handle = file_handle(&parent, path.name(), true)
                .await?
                .ok_or_else(|| WorkspaceError::Other("the file could not be made".into()))?;
            let stream: FileSystemWritableFileStream = wait(handle.create_writable())
                .await
                .map_err(|e| failure(&e))?
                .unchecked_into();
            let written = match stream.write_with_u8_array(bytes) {
                Ok(promise) => wait(promise).await,
                Err(error) => Err(error),
            };
            if let Err(error) = written {
                // Nothing half-written replaces the file: the stream is abandoned.
                let _ = wait(stream.abort()).await;
                return Err(failure(&error));
            }
            wait(stream.close()).await.map_err(|e| failure(&e))?;
            Ok(())
        })
    }

    fn delete<'a>(&'a self, root: &'a str, path: &'a WorkspacePath) -> FilesFuture<'a, bool> {
        Box::pin(async move {
            let Some(parent) = parent_of(root, path, false).await? else {
                return Ok(false);
            };
            match wait(parent.remove_entry(path.name())).await {
                Ok(_) => Ok(true),
                Err(error) if not_found(&error) => Ok(false),
                Err(error) => Err(failure(&error)),
            }
        })
    }
}
