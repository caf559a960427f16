//! Knowledge bases in the settings: create one, add documents (files or pasted text), see each
//! document's chunks, delete documents.

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
        <section class="settings knowledge" data-testid="knowledge" aria-label="Knowledge bases">
            <h2>"Knowledge"</h2>
            <p class="hint">"Documents stay in this browser. An assistant answers from the bases bound to it, and cites them."</p>
            <For
                each=move || bases.get()
                key=|base| base.clone()
                children=move |base| view! { <BaseView base on_action /> }
            />
            <form class="knowledge-new" on:submit=create>
                <input type="text" data-testid="knowledge-new-name" aria-label="New knowledge base name"
                    placeholder="New knowledge base"
                    prop:value=move || new_name.get()
                    on:input=move |ev| new_name.set(event_target_value(&ev)) />
                <button type="submit" data-testid="knowledge-create">"Create"</button>
            </form>
        </section>
    }
}

#[component]
fn BaseView(base: KnowledgeView, on_action: Callback<KnowledgeAction>) -> impl IntoView {
    let title = RwSignal::new(String::new());
    let text = RwSignal::new(String::new());
    let base_id = StoredValue::new(base.id.clone());
    let add_text = move |_| {
        let body = text.get_untracked();
        if body.trim().is_empty() {
            return;
        }
        let name = match title.get_untracked().trim() {
            "" => "Pasted text".to_owned(),
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
    let label = base.name.clone();
    view! {
        <div class="knowledge-base" data-testid="knowledge-base" data-name=base.name.clone()>
            <h3>{base.name.clone()}</h3>
            <ul class="knowledge-documents">
                {base.documents.into_iter().map(|document| {
                    let id = document.id.clone();
                    let count = document.chunks.len();
                    view! {
                        <li data-testid="knowledge-document">
                            <details>
                                <summary>{format!("{} · {count} chunk{}", document.name, if count == 1 { "" } else { "s" })}</summary>
                                <ol class="knowledge-chunks">
                                    {document.chunks.into_iter().map(|chunk| view! {
                                        <li><pre class="attached-text" data-testid="knowledge-chunk">{chunk}</pre></li>
                                    }).collect_view()}
                                </ol>
                            </details>
                            <button type="button" data-testid="knowledge-delete-document"
                                aria-label=format!("Delete {}", document.name)
                                on:click=move |_| on_action.run(KnowledgeAction::DeleteDocument(id.clone()))>"Delete"</button>
                        </li>
                    }
                }).collect_view()}
            </ul>
            <label>"Add files (plain text, Markdown, HTML)"
                <input type="file" multiple data-testid="knowledge-file"
                    aria-label=format!("Add files to {label}")
                    accept=".txt,.md,.markdown,.html,.htm,.csv,.json,text/*"
                    on:change=picked />
            </label>
            <input type="text" data-testid="knowledge-paste-title" aria-label="Title of the pasted text"
                placeholder="Title"
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev)) />
            <textarea data-testid="knowledge-paste-text" rows="3" aria-label="Text to add"
                placeholder="Paste text to add"
                prop:value=move || text.get()
                on:input=move |ev| text.set(event_target_value(&ev))></textarea>
            <button type="button" data-testid="knowledge-add-text" on:click=add_text>"Add text"</button>
        </div>
    }
}
