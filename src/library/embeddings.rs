//! The embedding run of this tab: embeds every chunk that lacks a vector of its base's model, in
//! batches, with progress, resumed at the next start if the page closes (each batch is stored as
//! it arrives). The rules are the engine's (`knowledge::embedding_run`).

use crate::runtime::{Changed, Ready};
use leptos::prelude::*;
use skein_components::tf;
use skein_engine::knowledge::embedding_run::EmbeddingProgress;

/// Runs the embedding job; one run at a time. Progress goes to `state.library.embedding_progress`, a
/// failure to the banner (the base is searched by its words meanwhile).
pub async fn embed_pending(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    // Entered before the first await: a call made during a run asks it to look once more (for
    // the chunks just added) instead of starting a second one.
    if !ready.runtime.embedding_run.enter() {
        return;
    }
    // The embedder comes with the code that writes answers (src/chat/equipment.rs): loaded when
    // a knowledge base embeds at all, so a start without one fetches nothing more.
    if !ready.runtime.equipped.get()
        && runtime.service.embeds_anything().await
        && crate::chat::generation::equip(ready).await.is_err()
    {
        while ready.runtime.embedding_run.pass_done() {}
        return;
    }
    let progress = |p: EmbeddingProgress| {
        state.library.embedding_progress.set(Some(tf(
            "notice-embedding-progress",
            &[
                ("base", (&p.base_name).into()),
                ("done", (&p.done).into()),
                ("total", (&p.total).into()),
            ],
        )));
    };
    loop {
        if let Err(err) = runtime.service.embed_pending(&progress).await {
            state
                .shell
                .banner
                .set(Some(skein_components::explain(&err)));
        }
        if !ready.runtime.embedding_run.pass_done() {
            break;
        }
    }
    state.library.embedding_progress.set(None);
    ready.changed(Changed::Knowledge);
}
