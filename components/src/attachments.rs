//! Files waiting in the composer, and the documents shown on a sent question.

use crate::i18n::format_bytes;
use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::{Attachment, AttachmentContent, UserInput};

/// A file attached in the composer, not sent yet.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PendingAttachment {
    pub attachment: Attachment,
    /// A `blob:` URL of an image's bytes, for its thumbnail; revoked when the file leaves the
    /// composer.
    pub preview: Option<String>,
}

impl PendingAttachment {
    /// "PNG image, 34.0 kB" / "text, 2.1 kB".
    pub fn description(&self) -> String {
        match &self.attachment.content {
            AttachmentContent::Image { mime, bytes } => {
                let format = mime.trim_start_matches("image/").to_ascii_uppercase();
                tf(
                    "attachment-image",
                    &[
                        ("format", format.into()),
                        ("size", format_bytes(bytes.len() as f64).into()),
                    ],
                )
            }
            AttachmentContent::Document { text, .. } => tf(
                "attachment-text",
                &[("size", format_bytes(text.len() as f64).into())],
            ),
        }
    }

    /// Gives back the thumbnail's URL.
    pub fn release(&self) {
        if let Some(url) = &self.preview {
            // Nothing to do if the browser already dropped it.
            let _ = web_sys::Url::revoke_object_url(url);
        }
    }
}

/// What the composer holds: the text and the files. Owned by the app, so both can be put back
/// if sending fails.
#[derive(Debug, Clone, Copy)]
pub struct Draft {
    pub text: RwSignal<String>,
    pub attachments: RwSignal<Vec<PendingAttachment>>,
}

impl Draft {
    pub fn new() -> Self {
        Self {
            text: RwSignal::new(String::new()),
            attachments: RwSignal::new(Vec::new()),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.text.with(|t| t.trim().is_empty()) && self.attachments.with(Vec::is_empty)
    }

    /// What would be sent now.
    pub fn input(&self) -> UserInput {
        UserInput {
            text: self.text.get_untracked(),
            attachments: self
                .attachments
                .with_untracked(|a| a.iter().map(|p| p.attachment.clone()).collect()),
        }
    }

    /// Empties the composer after a send, releasing the thumbnails.
    pub fn clear(&self) {
        self.text.set(String::new());
        for pending in self.attachments.get_untracked() {
            pending.release();
        }
        self.attachments.set(Vec::new());
    }

    /// Puts back what a failed send took, if the composer is still empty.
    pub fn restore(&self, input: UserInput) {
        if !self.is_empty() {
            return;
        }
        self.text.set(input.text);
        self.attachments.set(
            input
                .attachments
                .into_iter()
                .map(|attachment| PendingAttachment {
                    attachment,
                    preview: None,
                })
                .collect(),
        );
    }
}

impl Default for Draft {
    fn default() -> Self {
        Self::new()
    }
}

/// The files in the composer, each with a thumbnail or its kind, and a remove button.
#[component]
pub fn PendingAttachments(draft: Draft) -> impl IntoView {
    let remove = move |at: usize| {
        draft.attachments.update(|list| {
            if at < list.len() {
                list.remove(at).release();
            }
        });
    };
    view! {
        <Show when=move || draft.attachments.with(|a| !a.is_empty())>
            <ul class="pending-attachments" aria-label=t("attachments-label")>
                {move || draft.attachments.get().into_iter().enumerate().map(|(at, pending)| {
                    let name = pending.attachment.name.clone();
                    let description = pending.description();
                    let label = tf("attachments-remove", &[("name", (&name).into())]);
                    view! {
                        <li class="attachment-chip" data-testid="pending-attachment">
                            {pending.preview.clone().map(|src| view! {
                                <img class="attachment-thumb" src=src alt="" />
                            })}
                            <span class="attachment-name">{name}</span>
                            <span class="attachment-kind">{description}</span>
                            <button type="button" class="attachment-remove"
                                data-testid="remove-attachment" aria-label=label
                                on:click=move |_| remove(at)>"×"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
        </Show>
    }
}

/// A document attached to a sent question: its name, opening to its text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DocumentRef {
    pub name: String,
    pub text: String,
}

#[component]
pub fn AttachedDocument(document: DocumentRef) -> impl IntoView {
    let size = format_bytes(document.text.len() as f64);
    view! {
        <details class="attached-document" data-testid="message-attachment">
            <summary>{document.name}" "<span class="attachment-kind">{size}</span></summary>
            <pre class="attached-text">{document.text}</pre>
        </details>
    }
}
