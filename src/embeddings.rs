//! Embeddings through the configured provider: the embedder knowledge and memory retrieval use,
//! and the job that embeds a knowledge base's chunks in batches, with progress, resumed at the
//! next start if the page closes (each batch is stored as it arrives).

use crate::runtime::{runtime, Client};
use crate::state::AppState;
use leptos::prelude::*;
use skein_engine::knowledge::retriever::QueryEmbedder;
use skein_engine::knowledge::ChunkEmbedding;
use skein_engine::knowledge::EmbeddingModel;
use skein_engine::prompt::hooks::{HookError, HookFuture};
use skein_engine::{CancelToken, LibraryStore, ProviderSettings};
use std::rc::Rc;

/// Chunks embedded per request (and stored per transaction).
const BATCH: usize = 32;

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

/// Embeds every chunk of every base that lacks a vector of its base's model. One run at a time;
/// progress goes to `state.embedding_progress`, a failure to the banner (the base is searched by
/// its words meanwhile).
pub async fn embed_pending(state: AppState) {
    let Some(runtime) = runtime() else { return };
    // Taken before the first await: a call made during a run asks it to look once more (for
    // the chunks just added) instead of starting a second one.
    let busy = RUNNING.with(|run| {
        let busy = run.get() != Run::Idle;
        run.set(if busy { Run::Again } else { Run::Going });
        busy
    });
    if busy {
        return;
    }
    loop {
        embed_all(state, &runtime).await;
        let again = RUNNING.with(|run| {
            let again = run.get() == Run::Again;
            run.set(if again { Run::Going } else { Run::Idle });
            again
        });
        if !again {
            break;
        }
    }
    state.embedding_progress.set(None);
    crate::knowledge::refresh(state);
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Run {
    Idle,
    Going,
    /// Going, and asked to look again when done.
    Again,
}

thread_local! {
    /// The embedding run (one at a time).
    static RUNNING: std::cell::Cell<Run> = const { std::cell::Cell::new(Run::Idle) };
}

async fn embed_all(state: AppState, runtime: &crate::runtime::Runtime) {
    let store = &runtime.service.store;
    let Ok(bases) = store.list_knowledge_bases().await else {
        return;
    };
    for mut base in bases {
        let Some(model) = base.embedding_model.clone() else {
            continue;
        };
        let Ok(chunks) = store.load_chunks(&base.id).await else {
            continue;
        };
        let stale: Vec<_> = chunks
            .into_iter()
            .filter(|c| {
                model.dimension == 0 || !c.embedding.as_ref().is_some_and(|e| e.is_of(&model))
            })
            .collect();
        let total = stale.len();
        let settings = embedding_settings(state, &model.model);
        let mut model = model;
        for (at, batch) in stale.chunks(BATCH).enumerate() {
            state.embedding_progress.set(Some(format!(
                "Embedding {}: {} of {total} chunks…",
                base.name,
                at * BATCH
            )));
            let texts: Vec<String> = batch.iter().map(|c| c.text.clone()).collect();
            let vectors = match runtime
                .service
                .client()
                .embed(&settings, &texts, &CancelToken::new())
                .await
            {
                Ok(vectors) => vectors,
                Err(err) => {
                    state.banner.set(Some(format!(
                        "Embeddings for {} failed ({err}); it is searched by its words until they work.",
                        base.name
                    )));
                    return;
                }
            };
            let dimension = vectors.first().map_or(0, Vec::len) as u32;
            if model.dimension != dimension {
                // The first answer tells the dimension; a different one later means another
                // model answered: the base takes the new one, its chunks of the old one count as
                // not embedded (searched by words, re-embedded by the next run), never mixed.
                model = EmbeddingModel {
                    model: model.model.clone(),
                    dimension,
                };
                base.embedding_model = Some(model.clone());
                if let Err(err) = store.save_knowledge_base(&base).await {
                    state.banner.set(Some(err.to_string()));
                    break;
                }
            }
            let embedded: Vec<_> = batch
                .iter()
                .cloned()
                .zip(vectors)
                .map(|(mut chunk, vector)| {
                    chunk.embedding = Some(ChunkEmbedding {
                        model: model.model.clone(),
                        dimension,
                        vector,
                    });
                    chunk
                })
                .collect();
            if let Err(err) = store.save_chunk_embeddings(&embedded).await {
                state.banner.set(Some(err.to_string()));
                break;
            }
        }
    }
}
