//! Knowledge bases: what the settings' knowledge panel shows and does. Documents are read and
//! cut into chunks in the page (engine: `knowledge::ingest`), and stored with their chunks in
//! one transaction.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{DocumentView, KnowledgeAction, KnowledgeView};
use skein_engine::knowledge::chunking::MIN_CHUNK_CHARS;
use skein_engine::knowledge::ingest::{extract_text, prepare_document};
use skein_engine::knowledge::{EmbeddingModel, KnowledgeBase};
use skein_engine::{Clock, IdGenerator, LibraryStore};
use skein_platform::{BrowserClock, RandomIds};

/// Reloads the bases, their documents and chunks into the panel.
pub fn refresh(state: AppState) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let store = &runtime.service.store;
        let loaded = async {
            let mut views = Vec::new();
            for base in store.list_knowledge_bases().await? {
                let chunks = store.load_chunks(&base.id).await?;
                let documents = store
                    .list_documents(&base.id)
                    .await?
                    .into_iter()
                    .map(|document| DocumentView {
                        chunks: chunks
                            .iter()
                            .filter(|c| c.document_id == document.id)
                            .map(|c| c.text.clone())
                            .collect(),
                        id: document.id,
                        name: document.name,
                    })
                    .collect();
                let model = base.embedding_model.clone();
                views.push(KnowledgeView {
                    embedded: model.as_ref().map_or(0, |m| {
                        chunks
                            .iter()
                            .filter(|c| c.embedding.as_ref().is_some_and(|e| e.is_of(m)))
                            .count()
                    }),
                    total: chunks.len(),
                    chunk_size: base.chunk_size,
                    chunk_overlap: base.chunk_overlap,
                    embedding_model: model.map(|m| m.model).unwrap_or_default(),
                    id: base.id,
                    name: base.name,
                    documents,
                });
            }
            Ok::<_, skein_engine::StoreError>(views)
        };
        match loaded.await {
            Ok(views) => state.knowledge.set(views),
            Err(err) => state.banner.set(Some(err.to_string())),
        }
    });
}

pub fn act(state: AppState, action: KnowledgeAction) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let store = &runtime.service.store;
        let done = match action {
            KnowledgeAction::CreateBase(name) => {
                let base = KnowledgeBase::new(&RandomIds.new_id(), &name, BrowserClock.now_ms());
                store
                    .save_knowledge_base(&base)
                    .await
                    .map_err(|e| e.to_string())
            }
            KnowledgeAction::AddText(base_id, name, text) => {
                add(store, &base_id, &name, "text/plain", &text).await
            }
            KnowledgeAction::AddFiles(base_id, files) => {
                let mut problems = Vec::new();
                for file in files {
                    let added = match skein_platform::read_file(&file).await {
                        Ok(read) => match extract_text(&read.name, &read.mime, &read.bytes) {
                            Ok(text) => add(store, &base_id, &read.name, &read.mime, &text).await,
                            Err(err) => Err(err.to_string()),
                        },
                        Err(err) => Err(format!("\"{}\" could not be read: {err}", file.name())),
                    };
                    if let Err(problem) = added {
                        problems.push(problem);
                    }
                }
                if problems.is_empty() {
                    Ok(())
                } else {
                    Err(problems.join(" "))
                }
            }
            KnowledgeAction::DeleteDocument(id) => {
                store.delete_document(&id).await.map_err(|e| e.to_string())
            }
            KnowledgeAction::DeleteBase(id) => {
                // Assistants bound to it simply find nothing there any more.
                store
                    .delete_knowledge_base(&id)
                    .await
                    .map_err(|e| e.to_string())
            }
            KnowledgeAction::SetEmbeddingModel(base_id, model) => {
                set_embedding_model(store, &base_id, &model).await
            }
            KnowledgeAction::SetChunking(base_id, size, overlap) => {
                set_chunking(store, &base_id, size, overlap).await
            }
        };
        if let Err(problem) = done {
            state.banner.set(Some(problem));
        }
        refresh(state);
        crate::embeddings::embed_pending(state).await;
    });
}

/// The stored base `base_id`, or why there is none.
async fn find_base(store: &impl LibraryStore, base_id: &str) -> Result<KnowledgeBase, String> {
    store
        .list_knowledge_bases()
        .await
        .map_err(|e| e.to_string())?
        .into_iter()
        .find(|b| b.id == base_id)
        .ok_or_else(|| "That knowledge base no longer exists.".to_owned())
}

/// Cuts a document into chunks by its base's settings and stores both.
async fn add(
    store: &impl LibraryStore,
    base_id: &str,
    name: &str,
    mime: &str,
    text: &str,
) -> Result<(), String> {
    let base = find_base(store, base_id).await?;
    let (document, chunks) =
        prepare_document(&base, name, mime, text, BrowserClock.now_ms(), &mut || {
            RandomIds.new_id()
        });
    store
        .save_document(&document, &chunks)
        .await
        .map_err(|e| e.to_string())
}

/// Chooses the embedding model of a base (empty: none). A new model's dimension is learned from
/// its first answer; until its vectors are made the base is searched by words.
async fn set_embedding_model(
    store: &impl LibraryStore,
    base_id: &str,
    model: &str,
) -> Result<(), String> {
    let mut base = find_base(store, base_id).await?;
    if base.embedding_model.as_ref().map(|m| m.model.as_str()) == Some(model) {
        return Ok(());
    }
    base.embedding_model = (!model.is_empty()).then(|| EmbeddingModel {
        model: model.to_owned(),
        dimension: 0,
    });
    store
        .save_knowledge_base(&base)
        .await
        .map_err(|e| e.to_string())
}

/// Sets how documents added to a base from now on are cut (the chunker bounds both: at least
/// 100 characters, an overlap of at most half the size).
async fn set_chunking(
    store: &impl LibraryStore,
    base_id: &str,
    size: u32,
    overlap: u32,
) -> Result<(), String> {
    let mut base = find_base(store, base_id).await?;
    base.chunk_size = size.max(MIN_CHUNK_CHARS as u32);
    base.chunk_overlap = overlap.min(base.chunk_size / 2);
    store
        .save_knowledge_base(&base)
        .await
        .map_err(|e| e.to_string())
}
