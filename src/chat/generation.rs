//! The code that writes answers, loaded on first use: it runs a chat action (send, regenerate,
//! continue, edit, a tool decision, a question waiting for the connection), the prompt
//! inspector's dry run, and takes back, after a crash, what an interrupted answer received
//! (`recover_interrupted` in `src/chat/conversation.rs`): that decodes provider streams too.
//!
//! Reading a conversation needs none of it. With the `split` feature it is its own module
//! (`src/split/generation.rs`), fetched when the user starts typing ([`prefetch`]), on the
//! first action at the latest, or when an opened conversation has an answer to take back; the
//! service worker precaches it, so it works offline too. Without the feature it is there from
//! the start.
//!
//! A module that cannot be fetched leaves everything as it was: the question goes back into
//! the composer, and the banner says what failed (`could_not_load` in `src/chat/turns.rs`).

use crate::runtime::Ready;
use crate::runtime::{Generation, LoadFailed};
use leptos::prelude::*;
use skein_components::t;

/// The module, loaded first if it is not yet (a failed load is tried again on the next call),
/// with the tools, retrieval and workspaces it brings connected to the service.
pub async fn load(ready: Ready) -> Result<Generation, LoadFailed> {
    let generation = (ready.runtime.modules.generation)().await?;
    if !ready.runtime.equipped.replace(true) {
        (generation.equip)(ready);
    }
    Ok(generation)
}

/// The tools, retrieval and workspaces connected, for what needs them outside a chat action
/// (the Files panel, the tool settings, a workflow run, an embedding run). A failure is said
/// in the banner.
pub async fn equip(ready: Ready) -> Result<(), LoadFailed> {
    if ready.runtime.equipped.get() {
        return Ok(());
    }
    let loaded = load(ready).await.map(|_| ());
    if loaded.is_err() {
        ready
            .state
            .shell
            .banner
            .set(Some(t("notice-tools-load-failed").to_owned()));
    }
    loaded
}

/// Starts loading the module in the background, so the first answer does not wait for it.
pub fn prefetch(ready: Ready) {
    leptos::task::spawn_local(async move {
        // A failure is reported when an action needs the module.
        let _ = load(ready).await;
    });
}
