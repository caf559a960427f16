//! The embedding run of this tab: embeds every chunk that lacks a vector of its base's model, in
//! batches, with progress, resumed at the next start if the page closes (each batch is stored as
//! it arrives). The rules are the engine's (`knowledge::embedding_run`).

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use skein_components::tf;
use skein_engine::knowledge::embedding_run::{EmbeddingProgress, RunGate};

/// Runs the embedding job; one run at a time. Progress goes to `state.embedding_progress`, a
/// failure to the banner (the base is searched by its words meanwhile).
pub async fn embed_pending(state: AppState) {
    let Some(runtime) = runtime() else { return };
    // Entered before the first await: a call made during a run asks it to look once more (for
    // the chunks just added) instead of starting a second one.
    if !RUN.with(RunGate::enter) {
        return;
    }
    // The embedder comes with the code that writes answers (src/equipment.rs): loaded when
    // a knowledge base embeds at all, so a start without one fetches nothing more.
    if !crate::lazy_generation::equipped()
        && runtime.service.embeds_anything().await
        && crate::lazy_generation::equip(state).await.is_err()
    {
        while RUN.with(RunGate::pass_done) {}
        return;
    }
    let progress = |p: EmbeddingProgress| {
        state.embedding_progress.set(Some(tf(
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
            state.banner.set(Some(skein_components::explain(&err)));
        }
        if !RUN.with(RunGate::pass_done) {
            break;
        }
    }
    state.embedding_progress.set(None);
    // The other tabs' indexed bases lack the new vectors: they read them again.
    runtime.announce_knowledge();
    crate::knowledge::refresh(state);
}

thread_local! {
    /// The embedding run of this tab.
    static RUN: RunGate = RunGate::default();
}
