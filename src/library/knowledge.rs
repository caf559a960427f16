//! Knowledge bases: what the settings' knowledge panel shows and does. The rules are the
//! engine's (`knowledge::bases`, `knowledge::ingest`); this reads files and shows the result.

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::{DocumentView, KnowledgeAction, KnowledgeView};
use skein_engine::knowledge::bases::BaseOverview;
use skein_engine::knowledge::ingest::extract_text;

/// Reloads the bases, their documents and chunks into the panel.
pub fn refresh(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.knowledge_overview().await {
            Ok(bases) => state
                .library
                .knowledge
                .set(bases.into_iter().map(view).collect()),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

fn view(overview: BaseOverview) -> KnowledgeView {
    let base = overview.base;
    KnowledgeView {
        embedded: overview.embedded,
        total: overview.total,
        chunk_size: base.chunk_size,
        chunk_overlap: base.chunk_overlap,
        embedding_model: base.embedding_model.map(|m| m.model).unwrap_or_default(),
        id: base.id,
        name: base.name,
        documents: overview
            .documents
            .into_iter()
            .map(|(document, chunks)| DocumentView {
                id: document.id,
                name: document.name,
                chunks,
            })
            .collect(),
    }
}

pub fn act(ready: Ready, action: KnowledgeAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let service = &runtime.service;
        let done = match action {
            KnowledgeAction::CreateBase(name) => service
                .create_knowledge_base(&name)
                .await
                .map(drop)
                .map_err(|e| skein_components::explain(&e)),
            KnowledgeAction::AddText(base_id, name, text) => service
                .add_document(&base_id, (&name, "text/plain", &text))
                .await
                .map_err(|e| skein_components::explain(&e)),
            KnowledgeAction::AddFiles(base_id, files) => {
                let mut problems = Vec::new();
                for file in files {
                    let added = match skein_platform::read_file(&file).await {
                        Ok(read) => match extract_text(&read.name, &read.mime, &read.bytes) {
                            Ok(text) => service
                                .add_document(&base_id, (&read.name, &read.mime, &text))
                                .await
                                .map_err(|e| skein_components::explain(&e)),
                            Err(err) => Err(skein_components::explain(&err)),
                        },
                        Err(err) => Err(tf(
                            "notice-knowledge-unreadable",
                            &[
                                ("file", (file.name()).into()),
                                ("err", err.to_string().into()),
                            ],
                        )),
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
            KnowledgeAction::DeleteDocument(id) => service
                .delete_document(&id)
                .await
                .map_err(|e| skein_components::explain(&e)),
            KnowledgeAction::DeleteBase(id) => service
                .delete_knowledge_base(&id)
                .await
                .map_err(|e| skein_components::explain(&e)),
            KnowledgeAction::SetEmbeddingModel(base_id, model) => service
                .set_embedding_model(&base_id, &model)
                .await
                .map_err(|e| skein_components::explain(&e)),
            KnowledgeAction::SetChunking(base_id, size, overlap) => service
                .set_chunking(&base_id, size, overlap)
                .await
                .map_err(|e| skein_components::explain(&e)),
        };
        if let Err(problem) = done {
            state.shell.banner.set(Some(problem));
        }
        refresh(ready);
        crate::library::embeddings::embed_pending(ready).await;
    });
}
