//! Files the user pasted, dropped or picked in the composer: read in the page, checked by the
//! engine (an image by its bytes, a document as UTF-8 text), and added to the draft.

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::PendingAttachment;
use skein_engine::domain::attachment::{read_attachment, MAX_ATTACHMENTS};
use skein_engine::{AttachmentContent, Blob};

/// Reads `files` into the draft; a file that cannot be attached is named in the banner and the
/// others are still added.
pub fn add_files(state: AppState, files: Vec<web_sys::File>) {
    spawn_local(async move {
        let mut problems = Vec::new();
        for file in files {
            if state.chat.draft.attachments.with_untracked(Vec::len) >= MAX_ATTACHMENTS {
                problems.push(tf(
                    "notice-too-many-attachments",
                    &[
                        ("MAX_ATTACHMENTS", (&MAX_ATTACHMENTS).into()),
                        ("file", (file.name()).into()),
                    ],
                ));
                continue;
            }
            let read = match skein_platform::read_file(&file).await {
                Ok(read) => read,
                Err(err) => {
                    problems.push(tf(
                        "notice-file-unreadable",
                        &[
                            ("file", (file.name()).into()),
                            ("err", err.to_string().into()),
                        ],
                    ));
                    continue;
                }
            };
            match read_attachment(&read.name, &read.mime, read.bytes) {
                Ok(attachment) => {
                    let preview = match &attachment.content {
                        AttachmentContent::Image { mime, bytes } => {
                            skein_platform::object_url(&Blob {
                                id: String::new(),
                                mime: mime.clone(),
                                bytes: bytes.clone(),
                            })
                            .ok()
                        }
                        AttachmentContent::Document { .. } => None,
                    };
                    state.chat.draft.attachments.update(|list| {
                        list.push(PendingAttachment {
                            attachment,
                            preview,
                        })
                    });
                }
                Err(err) => problems.push(skein_components::explain(&err)),
            }
        }
        if !problems.is_empty() {
            state.shell.banner.set(Some(problems.join(" ")));
        }
    });
}
