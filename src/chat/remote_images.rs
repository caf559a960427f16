//! Remote images in answers, fetched only when the user asks (see
//! `skein_platform::fetch_remote_image` for why they are fetched, not linked).

use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{RemoteImageState, RemoteImages};
use std::collections::HashMap;

/// The context the Markdown view uses to show a remote image on request.
pub fn provide() {
    let states = RwSignal::new(HashMap::new());
    let request = Callback::new(move |url: String| {
        if states.with_untracked(|s| {
            matches!(
                s.get(&url),
                Some(RemoteImageState::Shown(_)) | Some(RemoteImageState::Loading)
            )
        }) {
            return;
        }
        states.update(|s| {
            s.insert(url.clone(), RemoteImageState::Loading);
        });
        spawn_local(async move {
            let state = match skein_platform::fetch_remote_image(&url).await {
                Ok(blob_url) => RemoteImageState::Shown(blob_url),
                Err(reason) => RemoteImageState::Failed(reason),
            };
            states.update(|s| {
                s.insert(url, state);
            });
        });
    });
    provide_context(RemoteImages { states, request });
}
