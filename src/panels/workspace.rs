//! The chat's files: the workspace side sheet opened from the header (its list read when it
//! opens, after each action and after each answer), and what the user does there, through the
//! engine's workspace methods. The files live in the browser's Origin Private File System.

use crate::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::{WorkspaceAction, WorkspaceFileView};
use skein_engine::workspace::tools::size_label;

/// Opens the files of the conversation on screen.
pub fn open(ready: Ready) {
    let state = ready.state;
    let sheet = state.panels.workspace;
    sheet.viewing.set(None);
    sheet.feedback.set(None);
    sheet.files.set(None);
    sheet.open.set(true);
    refresh(ready);
}

/// The root of the workspace of conversation `id`: its own, or its assistant's shared one.
fn root(state: AppState, id: &str) -> String {
    let assistant = state
        .chat
        .conversation(id)
        .map(|conversation| state.library.assistant_of(&conversation))
        .unwrap_or_else(|| state.library.assistant_untracked());
    skein_engine::workspace::workspace_root(id, &assistant)
}

/// Reads the list again, when the sheet is open.
pub fn refresh(ready: Ready) {
    let state = ready.state;
    let sheet = state.panels.workspace;
    let runtime = ready.runtime;
    let Some(id) = state.chat.current.get_untracked() else {
        return;
    };
    if !sheet.open.get_untracked() {
        return;
    }
    spawn_local(async move {
        // The workspaces come with the code that writes answers (src/chat/equipment.rs).
        if crate::chat::generation::equip(ready).await.is_err() {
            return;
        }
        match runtime.service.workspace_files(&root(state, &id)).await {
            Ok(files) => sheet.files.set(Some(
                files
                    .iter()
                    .map(|f| WorkspaceFileView {
                        path: f.path.to_string(),
                        size: size_label(f.size),
                    })
                    .collect(),
            )),
            Err(err) => {
                sheet.files.set(Some(Vec::new()));
                sheet
                    .feedback
                    .set(Some(Err(skein_components::explain(&err))));
            }
        }
    });
}

/// Where an uploaded file goes: `folder/name`, or `name` at the top.
fn workspace_name(folder: &str, name: &str) -> String {
    let folder = folder.trim().trim_matches('/');
    if folder.is_empty() {
        name.to_owned()
    } else {
        format!("{folder}/{name}")
    }
}

pub fn act(ready: Ready, action: WorkspaceAction) {
    let state = ready.state;
    let sheet = state.panels.workspace;
    let runtime = ready.runtime;
    let Some(id) = state.chat.current.get_untracked() else {
        return;
    };
    let workspace = root(state, &id);
    spawn_local(async move {
        if crate::chat::generation::equip(ready).await.is_err() {
            return;
        }
        let service = &runtime.service;
        let said = match action {
            WorkspaceAction::Upload(input, folder) => {
                match crate::chat::files::take_chosen(&input).await {
                    Ok(Some((name, bytes))) => service
                        .upload_workspace_file(&workspace, &workspace_name(&folder, &name), &bytes)
                        .await
                        .map(|path| tf("notice-file-stored", &[("path", path.to_string().into())]))
                        .map_err(|err| skein_components::explain(&err)),
                    Ok(None) => return,
                    Err(err) => Err(err),
                }
            }
            WorkspaceAction::View(path) => {
                match service.read_workspace_file(&workspace, &path).await {
                    Ok(bytes) => {
                        let text = match String::from_utf8(bytes) {
                            Ok(text) => text,
                            Err(err) => tf(
                                "notice-not-text",
                                &[("bytes", (err.as_bytes().len()).into())],
                            ),
                        };
                        sheet.viewing.set(Some((path, text)));
                        return;
                    }
                    Err(err) => Err(skein_components::explain(&err)),
                }
            }
            WorkspaceAction::Download(path) => {
                match service.read_workspace_file(&workspace, &path).await {
                    Ok(bytes) => {
                        let name = path.rsplit('/').next().unwrap_or(&path).to_owned();
                        skein_platform::download_bytes(&name, "application/octet-stream", &bytes)
                            .map(|()| {
                                tf(
                                    "notice-file-downloaded",
                                    &[("path", path.to_string().into())],
                                )
                            })
                    }
                    Err(err) => Err(skein_components::explain(&err)),
                }
            }
            WorkspaceAction::Delete(path) => service
                .delete_workspace_file(&workspace, &path)
                .await
                .map(|()| {
                    if sheet
                        .viewing
                        .with_untracked(|v| v.as_ref().is_some_and(|(p, _)| *p == path))
                    {
                        sheet.viewing.set(None);
                    }
                    tf("notice-file-deleted", &[("path", path.to_string().into())])
                })
                .map_err(|err| skein_components::explain(&err)),
        };
        sheet.feedback.set(Some(said));
        refresh(ready);
    });
}
