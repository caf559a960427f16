//! Embeddings through the configured provider: the embedder knowledge and memory retrieval use,
//! and the job that embeds a knowledge base's chunks in batches, with progress, resumed at the
//! next start if the page closes (each batch is stored as it arrives).

use crate::runtime::{runtime, Client};
use crate::state::AppState;
use leptos::prelude::*;
use skein_engine::knowledge::embedding_run::{self, EmbeddingProgress, RunGate, BATCH};
use skein_engine::knowledge::retriever::QueryEmbedder;
use skein_engine::prompt::hooks::{HookError, HookFuture};
use skein_engine::{CancelToken, ProviderSettings};
use std::rc::Rc;

/// The provider's settings with `model` as the model: embeddings go to the same server.
fn embedding_settings(state: AppState, model: &str) -> ProviderSettings {
    ProviderSettings {
        model: model.to_owned(),
        fallbacks: Vec::new(),
        ..state.settings.get_untracked()
    }
}

/// Embeds queries with the configured provider, through the app's provider client.
pub struct ProviderEmbedder {
    pub state: AppState,
    pub client: Rc<Client>,
}

impl QueryEmbedder for ProviderEmbedder {
    fn embed_query<'a>(&'a self, model: &'a str, text: &'a str) -> HookFuture<'a, Vec<f32>> {
        Box::pin(async move {
            let settings = embedding_settings(self.state, model);
            let mut vectors = self
                .client
                .embed(&settings, &[text.to_owned()], &CancelToken::new())
                .await
                .map_err(|e| HookError(e.to_string()))?;
            vectors
                .pop()
                .ok_or_else(|| HookError("the provider returned no vector".into()))
        })
    }

    fn embed_texts<'a>(
        &'a self,
        model: &'a str,
        texts: &'a [String],
    ) -> HookFuture<'a, Vec<Vec<f32>>> {
        Box::pin(async move {
            let settings = embedding_settings(self.state, model);
            let mut vectors = Vec::with_capacity(texts.len());
            for batch in texts.chunks(BATCH) {
                vectors.extend(
                    self.client
                        .embed(&settings, batch, &CancelToken::new())
                        .await
                        .map_err(|e| HookError(e.to_string()))?,
                );
            }
            Ok(vectors)
        })
    }
}

/// Embeds every chunk of every base that lacks a vector of its base's model (the engine's
/// embedding run: [`skein_engine::knowledge::embedding_run`]). One run at a time; progress goes
/// to `state.embedding_progress`, a failure to the banner (the base is searched by its words
/// meanwhile).
pub async fn embed_pending(state: AppState) {
    let Some(runtime) = runtime() else { return };
    // Entered before the first await: a call made during a run asks it to look once more (for
    // the chunks just added) instead of starting a second one.
    if !RUN.with(RunGate::enter) {
        return;
    }
    let embedder = ProviderEmbedder {
        state,
        client: runtime.service.client().clone(),
    };
    let progress = |p: EmbeddingProgress| {
        state.embedding_progress.set(Some(format!(
            "Embedding {}: {} of {} chunks…",
            p.base_name, p.done, p.total
        )));
    };
    loop {
        if let Err(err) =
            embedding_run::embed_pending(&runtime.service.store, &embedder, &progress).await
        {
            state.banner.set(Some(err.to_string()));
        }
        if !RUN.with(RunGate::pass_done) {
            break;
        }
    }
    state.embedding_progress.set(None);
    crate::knowledge::refresh(state);
}

thread_local! {
    /// The embedding run of this tab.
    static RUN: RunGate = RunGate::default();
}
