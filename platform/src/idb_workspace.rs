//! Workspaces where the browser has no usable Origin Private File System (a private window of
//! some browsers): each file is a blob in IndexedDB (`workspace/{root}/{path}`), and each
//! workspace's listing is one record beside the settings (`workspace:{root}`). The file is
//! written before the listing, so a failure between the two leaves an unlisted blob, never a
//! listed file without bytes. [`BrowserWorkspace`] uses OPFS and falls back to this.

use crate::idb_store::{from_js, to_js, SETTINGS};
use crate::{IdbStore, OpfsWorkspace};
use serde::{Deserialize, Serialize};
use skein_engine::store::{Blob, ChatStore, StoreError};
use skein_engine::workspace::{
    check_size, FileInfo, FilesFuture, WorkspaceError, WorkspaceFiles, WorkspacePath,
};
use std::cell::Cell;

#[derive(Debug, Default, Serialize, Deserialize)]
struct Listing {
    files: Vec<Listed>,
}

#[derive(Debug, Serialize, Deserialize)]
struct Listed {
    path: String,
    size: u64,
    modified_ms: f64,
}

pub struct IdbWorkspace {
    store: IdbStore,
}

fn failed(err: StoreError) -> WorkspaceError {
    match err {
        StoreError::QuotaExceeded(_) => WorkspaceError::Full,
        other => WorkspaceError::Other(other.to_string()),
    }
}

fn blob_id(root: &str, path: &WorkspacePath) -> String {
    format!("workspace/{root}/{path}")
}

impl IdbWorkspace {
    pub fn new(store: IdbStore) -> Self {
        Self { store }
    }

    async fn listing(&self, root: &str) -> Result<Listing, WorkspaceError> {
        let key = format!("workspace:{root}");
        match self
            .store
            .get_record(SETTINGS, &key)
            .await
            .map_err(failed)?
        {
            Some(value) => from_js(&value).map_err(failed),
            None => Ok(Listing::default()),
        }
    }

    async fn save_listing(&self, root: &str, listing: &Listing) -> Result<(), WorkspaceError> {
        let key = format!("workspace:{root}");
        let value = to_js(listing).map_err(failed)?;
        self.store
            .put_record(SETTINGS, &value, Some(&key))
            .await
            .map_err(failed)
    }
}

impl WorkspaceFiles for IdbWorkspace {
    fn list<'a>(&'a self, root: &'a str) -> FilesFuture<'a, Vec<FileInfo>> {
        Box::pin(async move {
            let mut files: Vec<FileInfo> = self
                .listing(root)
                .await?
                .files
                .into_iter()
                .filter_map(|f| {
                    Some(FileInfo {
                        path: WorkspacePath::parse(&f.path).ok()?,
                        size: f.size,
                        modified_ms: f.modified_ms,
                    })
                })
                .collect();
            files.sort_by(|a, b| a.path.cmp(&b.path));
            Ok(files)
        })
    }

    fn read<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
    ) -> FilesFuture<'a, Option<Vec<u8>>> {
        Box::pin(async move {
            let blob = self
                .store
                .load_blob(&blob_id(root, path))
                .await
                .map_err(failed)?;
            Ok(blob.map(|b| b.bytes))
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
            let blob = Blob {
                id: blob_id(root, path),
                mime: "application/octet-stream".into(),
                bytes: bytes.to_vec(),
            };
            self.store.save_blob(&blob).await.map_err(failed)?;
            let mut listing = self.listing(root).await?;
            listing.files.retain(|f| f.path != path.as_str());
            listing.files.push(Listed {
                path: path.to_string(),
                size: bytes.len() as u64,
                modified_ms: js_sys::Date::now(),
            });
            self.save_listing(root, &listing).await
        })
    }

    fn delete<'a>(&'a self, root: &'a str, path: &'a WorkspacePath) -> FilesFuture<'a, bool> {
        Box::pin(async move {
            let mut listing = self.listing(root).await?;
            let before = listing.files.len();
            listing.files.retain(|f| f.path != path.as_str());
            let listed = listing.files.len() < before;
            if listed {
                self.save_listing(root, &listing).await?;
            }
            self.store
                .delete_blob(&blob_id(root, path))
                .await
                .map_err(failed)?;
            Ok(listed)
        })
    }
}

/// The browser's workspaces: the Origin Private File System, or IndexedDB from the first time
/// OPFS turns out to be unavailable (then for the rest of the visit).
pub struct BrowserWorkspace {
    opfs_unavailable: Cell<bool>,
    fallback: IdbWorkspace,
}

impl BrowserWorkspace {
    pub fn new(store: IdbStore) -> Self {
        Self {
            opfs_unavailable: Cell::new(false),
            fallback: IdbWorkspace::new(store),
        }
    }

    /// Runs `call` on OPFS, or on IndexedDB when OPFS cannot be used.
    async fn either<'a, T>(
        &'a self,
        call: impl Fn(&'a dyn WorkspaceFiles) -> FilesFuture<'a, T>,
    ) -> Result<T, WorkspaceError> {
        if !self.opfs_unavailable.get() {
            match call(&OpfsWorkspace).await {
                Err(WorkspaceError::Unavailable(_)) => self.opfs_unavailable.set(true),
                other => return other,
            }
        }
        call(&self.fallback).await
    }
}

impl WorkspaceFiles for BrowserWorkspace {
    fn list<'a>(&'a self, root: &'a str) -> FilesFuture<'a, Vec<FileInfo>> {
        Box::pin(self.either(move |files| files.list(root)))
    }

    fn read<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
    ) -> FilesFuture<'a, Option<Vec<u8>>> {
        Box::pin(self.either(move |files| files.read(root, path)))
    }

    fn write<'a>(
        &'a self,
        root: &'a str,
        path: &'a WorkspacePath,
        bytes: &'a [u8],
    ) -> FilesFuture<'a, ()> {
        Box::pin(self.either(move |files| files.write(root, path, bytes)))
    }

    fn delete<'a>(&'a self, root: &'a str, path: &'a WorkspacePath) -> FilesFuture<'a, bool> {
        Box::pin(self.either(move |files| files.delete(root, path)))
    }
}
