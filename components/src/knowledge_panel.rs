//! Knowledge bases in the settings: create one, add documents (files or pasted text), see each
//! document's chunks, delete documents.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use wasm_bindgen::JsCast;

/// A document as the panel shows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct DocumentView {
    pub id: String,
    pub name: String,
    pub chunks: Vec<String>,
}

/// A knowledge base with its documents.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct KnowledgeView {
    pub id: String,
    pub name: String,
    pub documents: Vec<DocumentView>,
    /// The embedding model's ID; empty: searched by words only.
    pub embedding_model: String,
    /// Chunks with a vector of that model, of all chunks.
    pub embedded: usize,
    pub total: usize,
    /// Chunk size and overlap, in characters, for documents added from now on.
    pub chunk_size: u32,
    pub chunk_overlap: u32,
}

/// What the user asked the panel to do.
#[derive(Debug, Clone)]
pub enum KnowledgeAction {
    CreateBase(String),
    /// Base ID, title, text.
    AddText(String, String, String),
    /// Base ID and the files chosen.
    AddFiles(String, Vec<web_sys::File>),
    DeleteDocument(String),
    /// Deletes a base with its documents and chunks.
    DeleteBase(String),
    /// Base ID and the embedding model to use (empty: none, words only).
    SetEmbeddingModel(String, String),
    /// Base ID, chunk size and overlap (characters) for documents added from now on.
    SetChunking(String, u32, u32),
}

#[component]
pub fn KnowledgePanel(
    #[prop(into)] bases: Signal<Vec<KnowledgeView>>,
    #[prop(into)] on_action: Callback<KnowledgeAction>,
) -> impl IntoView {
    let new_name = RwSignal::new(String::new());
    let create = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = new_name.get_untracked().trim().to_owned();
        if !name.is_empty() {
            on_action.run(KnowledgeAction::CreateBase(name));
            new_name.set(String::new());
        }
    };
    view! {
        <section class="settings knowledge" data-testid="knowledge" aria-label=t("knowledge-heading")>
            <h4>{t("knowledge-heading")}</h4>
            <p class="hint">{t("knowledge-intro")}</p>
            // Keyed by ID: a refresh (a document added, embeddings progressing) updates a base
            // in place and never clears what is being typed into it.
            <For
                each=move || bases.with(|list| list.iter().map(|b| b.id.clone()).collect::<Vec<_>>())
                key=|id| id.clone()
                children=move |id| {
                    let base = Signal::derive(move || {
                        bases.with(|list| list.iter().find(|b| b.id == id).cloned())
                    });
                    view! { <BaseView base on_action /> }
                }
            />
            <form class="knowledge-new" on:submit=create>
                <input type="text" data-testid="knowledge-new-name" aria-label=t("knowledge-new-name")
                    placeholder=t("knowledge-new-placeholder")
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev)) />
                <button type="submit" data-testid="knowledge-create">{t("knowledge-create")}</button>
            </form>
        </section>
    }
}

#[component]
fn BaseView(
    base: Signal<Option<KnowledgeView>>,
    on_action: Callback<KnowledgeAction>,
) -> impl IntoView {
    let title = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let initial = base.get_untracked();
    let base_id = StoredValue::new(initial.as_ref().map(|b| b.id.clone()).unwrap_or_default());
    let name = initial.as_ref().map(|b| b.name.clone()).unwrap_or_default();
    let size = RwSignal::new(
        initial
            .as_ref()
            .map(|b| b.chunk_size.to_string())
            .unwrap_or_default(),
    );
    let overlap = RwSignal::new(
        initial
            .as_ref()
            .map(|b| b.chunk_overlap.to_string())
            .unwrap_or_default(),
    );
    let model = RwSignal::new(initial.map(|b| b.embedding_model).unwrap_or_default());
    // The stored values come back after Apply (bounded by the chunker); other refreshes leave
    // what is being typed alone.
    let chunking =
        Memo::new(move |_| base.with(|b| b.as_ref().map(|b| (b.chunk_size, b.chunk_overlap))));
    Effect::new(move |_| {
        if let Some((stored_size, stored_overlap)) = chunking.get() {
            size.set(stored_size.to_string());
            overlap.set(stored_overlap.to_string());
        }
    });
    let set_chunking = move |_| {
        let (Ok(size), Ok(overlap)) = (
            size.get_untracked().trim().parse::<u32>(),
            overlap.get_untracked().trim().parse::<u32>(),
        ) else {
            return;
        };
        on_action.run(KnowledgeAction::SetChunking(
            base_id.get_value(),
            size,
            overlap,
        ));
    };
    // Changing the model of an embedded base is offered, not done at once: it redoes them all.
    let offer: RwSignal<Option<(String, String, usize)>> = RwSignal::new(None);
    let use_model = move |_| {
        let new = model.get_untracked().trim().to_owned();
        let (old, embedded) = base.with_untracked(|b| {
            b.as_ref()
                .map(|b| (b.embedding_model.clone(), b.embedded))
                .unwrap_or_default()
        });
        if new == old {
            return;
        }
        if embedded > 0 && !new.is_empty() {
            offer.set(Some((old, new, embedded)));
        } else {
            on_action.run(KnowledgeAction::SetEmbeddingModel(base_id.get_value(), new));
        }
    };
    let add_text = move |_| {
        let body = text.get_untracked();
        if body.trim().is_empty() {
            return;
        }
        let name = match title.get_untracked().trim() {
            "" => t("knowledge-pasted-text").to_owned(),
            given => given.to_owned(),
        };
        on_action.run(KnowledgeAction::AddText(base_id.get_value(), name, body));
        title.set(String::new());
        text.set(String::new());
    };
    let picked = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let files: Vec<web_sys::File> = input
            .files()
            .map(|list| (0..list.length()).filter_map(|i| list.get(i)).collect())
            .unwrap_or_default();
        input.set_value("");
        if !files.is_empty() {
            on_action.run(KnowledgeAction::AddFiles(base_id.get_value(), files));
        }
    };
    let status = move || {
        base.with(|b| match b {
            Some(b) if !b.embedding_model.is_empty() => tf(
                "knowledge-embedded",
                &[
                    ("done", b.embedded.into()),
                    ("total", b.total.into()),
                    ("model", (&b.embedding_model).into()),
                ],
            ),
            _ => t("knowledge-by-words").to_owned(),
        })
    };
    let documents =
        move || base.with(|b| b.as_ref().map(|b| b.documents.clone()).unwrap_or_default());
    view! {
        <div class="knowledge-base" data-testid="knowledge-base" data-name=name.clone()>
            <h5>{name.clone()}
                <button type="button" class="knowledge-delete-base" data-testid="knowledge-delete-base"
                    aria-label=tf("knowledge-delete-base-label", &[("name", (&name).into())])
                    on:click=move |_| on_action.run(KnowledgeAction::DeleteBase(base_id.get_value()))>{t("knowledge-delete-base")}</button>
            </h5>
            <ul class="knowledge-documents">
                {move || documents().into_iter().map(|document| {
                    let id = document.id.clone();
                    let count = document.chunks.len();
                    view! {
                        <li data-testid="knowledge-document">
                            <details>
                                <summary>{tf("knowledge-document-summary", &[("name", (&document.name).into()), ("count", count.into())])}</summary>
                                <ol class="knowledge-chunks">
                                    {document.chunks.into_iter().map(|chunk| view! {
                                        <li><pre class="attached-text" data-testid="knowledge-chunk">{chunk}</pre></li>
                                    }).collect_view()}
                                </ol>
                            </details>
                            <button type="button" data-testid="knowledge-delete-document"
                                aria-label=tf("knowledge-delete-document", &[("name", (&document.name).into())])
                                on:click=move |_| on_action.run(KnowledgeAction::DeleteDocument(id.clone()))>{t("knowledge-delete")}</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <p class="hint" data-testid="knowledge-embedding-status">{status}</p>
            <div class="knowledge-embedding">
                <input type="text" data-testid="knowledge-embedding-model"
                    aria-label=tf("knowledge-embedding-label", &[("name", (&name).into())])
                    placeholder=t("knowledge-embedding-placeholder")
                    prop:value=move || model.get()
                    on:input=move |ev| model.set(event_target_value(&ev)) />
                <button type="button" data-testid="knowledge-embedding-use"
                    on:click=use_model>{t("knowledge-use")}</button>
            </div>
            {move || offer.get().map(|(old, new, count)| view! {
                <div class="knowledge-reembed" role="alertdialog" data-testid="knowledge-reembed-offer"
                    aria-label=t("knowledge-reembed-label")>
                    <p>{tf("knowledge-reembed-offer", &[("count", count.into()), ("old", (&old).into()), ("new", (&new).into())])}</p>
                    <button type="button" data-testid="knowledge-reembed-confirm"
                        on:click=move |_| {
                            offer.set(None);
                            on_action.run(KnowledgeAction::SetEmbeddingModel(base_id.get_value(), new.clone()));
                        }>{tf("knowledge-reembed-with", &[("new", (&new).into())])}</button>
                    <button type="button" data-testid="knowledge-reembed-cancel"
                        on:click=move |_| {
                            offer.set(None);
                            model.set(old.clone());
                        }>{tf("knowledge-keep", &[("old", (&old).into())])}</button>
                </div>
            })}
            <div class="knowledge-chunking">
                <label>{t("knowledge-chunk-size")}
                    <input type="number" min="100" step="100" data-testid="knowledge-chunk-size"
                        prop:value=move || size.get()
                        on:input=move |ev| size.set(event_target_value(&ev)) />
                </label>
                <label>{t("knowledge-overlap")}
                    <input type="number" min="0" step="50" data-testid="knowledge-chunk-overlap"
                        prop:value=move || overlap.get()
                        on:input=move |ev| overlap.set(event_target_value(&ev)) />
                </label>
                <button type="button" data-testid="knowledge-chunking-apply"
                    title=t("knowledge-chunking-label")
                    on:click=set_chunking>{t("knowledge-chunking-apply")}</button>
            </div>
            <label>{t("knowledge-add-files")}
                <input type="file" multiple data-testid="knowledge-file"
                    aria-label=tf("knowledge-add-files-label", &[("name", (&name).into())])
                    accept=".txt,.md,.markdown,.html,.htm,.pdf,.docx,.csv,.json,text/*,application/pdf"
                    on:change=picked />
            </label>
            <input type="text" data-testid="knowledge-paste-title" aria-label=t("knowledge-paste-title-label")
                placeholder=t("knowledge-paste-title")
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev)) />
            <textarea data-testid="knowledge-paste-text" rows="3" aria-label=t("knowledge-paste-text-label")
                placeholder=t("knowledge-paste-text")
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            <button type="button" data-testid="knowledge-add-text" on:click=add_text>{t("knowledge-add-text")}</button>
        </div>
    }
}
