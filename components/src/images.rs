//! Images inside messages. Messages refer to images by blob ID; the app turns an ID into a
//! displayable URL on request ([`ImageUrls`], provided as a Leptos context), so views never touch
//! storage.

use crate::i18n::t;
use leptos::prelude::*;
use std::collections::HashMap;

/// Blob ID → `blob:` URL, filled in by the app; `request` asks it to load one.
#[derive(Clone, Copy)]
pub struct ImageUrls {
    pub urls: RwSignal<HashMap<String, String>>,
    pub request: Callback<String>,
}

/// A remote image in an answer, once the user asked to see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RemoteImageState {
    Loading,
    /// Fetched and shown from this `blob:` URL.
    Shown(String),
    /// Why it cannot be shown.
    Failed(String),
}

/// Remote image URL → its state, filled in by the app; `request` asks it to fetch one (the
/// page's policy lets no `<img>` load a remote address by itself).
#[derive(Clone, Copy)]
pub struct RemoteImages {
    pub states: RwSignal<HashMap<String, RemoteImageState>>,
    pub request: Callback<String>,
}

/// An image part of a message, as the view needs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ImageRef {
    pub blob_id: String,
    pub alt: Option<String>,
}

#[component]
pub fn MessageImage(image: ImageRef) -> impl IntoView {
    let context = use_context::<ImageUrls>();
    if let Some(context) = context {
        context.request.run(image.blob_id.clone());
    }
    let id = image.blob_id.clone();
    let alt = image.alt.unwrap_or_default();
    let url = move || context.and_then(|c| c.urls.with(|urls| urls.get(&id).cloned()));
    view! {
        <figure class="message-image" data-testid="message-image">
            {move || match url() {
                Some(src) => view! { <img src=src alt=alt.clone() /> }.into_any(),
                None => view! { <span class="image-placeholder">{t("image-loading")}</span> }.into_any(),
            }}
        </figure>
    }
}
