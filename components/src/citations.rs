//! The sources an answer used: numbered, each opening to the cited passage.

use leptos::prelude::*;
use skein_engine::{Annotation, MessageNode};

/// A cited knowledge chunk, as the answer shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitationView {
    pub chunk_id: String,
    pub title: String,
    pub snippet: String,
}

pub fn citations_of(node: &MessageNode) -> Vec<CitationView> {
    node.annotations
        .iter()
        .filter_map(|a| match a {
            Annotation::Citation {
                chunk_id,
                title,
                snippet,
                ..
            } => Some(CitationView {
                chunk_id: chunk_id.clone(),
                title: title.clone(),
                snippet: snippet.clone(),
            }),
            _ => None,
        })
        .collect()
}

#[component]
pub fn Citations(#[prop(into)] citations: Signal<Vec<CitationView>>) -> impl IntoView {
    move || {
        let list = citations.get();
        (!list.is_empty()).then(|| {
            view! {
                <ol class="citations" aria-label="Sources">
                    {list.into_iter().enumerate().map(|(at, citation)| view! {
                        <li>
                            <details class="citation" data-testid="citation"
                                data-chunk-id=citation.chunk_id>
                                <summary>{format!("[{}] {}", at + 1, citation.title)}</summary>
                                <blockquote class="citation-text">{citation.snippet}</blockquote>
                            </details>
                        </li>
                    }).collect_view()}
                </ol>
            }
        })
    }
}
