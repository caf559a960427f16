//! Knowledge bases: what the settings' knowledge panel shows and does. Documents are read and
//! cut into chunks in the page (engine: `knowledge::ingest`), and stored with their chunks in
//! one transaction.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{DocumentView, KnowledgeAction, KnowledgeView};
use skein_engine::knowledge::ingest::{extract_text, prepare_document};
use skein_engine::knowledge::KnowledgeBase;
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
                views.push(KnowledgeView {
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
        };
        if let Err(problem) = done {
            state.banner.set(Some(problem));
        }
        refresh(state);
    });
}

/// Cuts a document into chunks by its base's settings and stores both.
async fn add(
    store: &impl LibraryStore,
    base_id: &str,
    name: &str,
    mime: &str,
    text: &str,
) -> Result<(), String> {
    let bases = store
        .list_knowledge_bases()
        .await
        .map_err(|e| e.to_string())?;
    let base = bases
        .iter()
        .find(|b| b.id == base_id)
        .ok_or_else(|| "That knowledge base no longer exists.".to_owned())?;
    let (document, chunks) =
        prepare_document(base, name, mime, text, BrowserClock.now_ms(), &mut || {
            RandomIds.new_id()
        });
    store
        .save_document(&document, &chunks)
        .await
        .map_err(|e| e.to_string())
}
