//! The sources an answer used: numbered, each opening to the cited passage. A knowledge chunk
//! shows its text; a message of the user's chats opens that conversation at it; a web page is a
//! link (opened in a new tab only when the user clicks it: nothing loads before).

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::tools::search_backends::is_web_address;
use skein_engine::{Annotation, MessageNode, SourceRef};

/// Where a citation leads.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CitationTarget {
    /// A knowledge chunk, by ID.
    Chunk(String),
    /// A message of the user's chats: conversation and message IDs.
    Message(String, String),
    /// A web page (an `http` or `https` address; anything else is never a link).
    Web(String),
}

/// A citation, as the answer shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CitationView {
    pub target: CitationTarget,
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
                target: CitationTarget::Chunk(chunk_id.clone()),
                title: title.clone(),
                snippet: snippet.clone(),
            }),
            Annotation::Source {
                source,
                title,
                snippet,
            } => Some(CitationView {
                target: match source {
                    SourceRef::Message {
                        conversation_id,
                        message_id,
                    } => CitationTarget::Message(conversation_id.clone(), message_id.clone()),
                    SourceRef::Web { url } => CitationTarget::Web(url.clone()),
                },
                title: title.clone(),
                snippet: snippet.clone(),
            }),
            _ => None,
        })
        .collect()
}

#[component]
pub fn Citations(
    #[prop(into)] citations: Signal<Vec<CitationView>>,
    /// Opens a cited message: its conversation's and its own ID.
    on_open_message: Callback<(String, String)>,
) -> impl IntoView {
    move || {
        let list = citations.get();
        (!list.is_empty()).then(|| {
            view! {
                <ol class="citations" aria-label=t("citations-label")>
                    {list.into_iter().enumerate().map(|(at, citation)| {
                        let label = format!("[{}] {}", at + 1, citation.title);
                        let opener = match citation.target.clone() {
                            CitationTarget::Chunk(_) => ().into_any(),
                            CitationTarget::Message(conversation, message) => view! {
                                <button type="button" class="citation-open" data-testid="citation-open"
                                    on:click=move |_| on_open_message.run((conversation.clone(), message.clone()))>
                                    {t("citations-open-conversation")}</button>
                            }.into_any(),
                            CitationTarget::Web(url) if is_web_address(&url) => view! {
                                <a class="citation-link" data-testid="citation-link" href=url.clone()
                                    target="_blank" rel="noopener noreferrer nofollow">{url.clone()}</a>
                            }.into_any(),
                            CitationTarget::Web(url) => view! {
                                <span class="hint">{url}</span>
                            }.into_any(),
                        };
                        let (kind, id) = match &citation.target {
                            CitationTarget::Chunk(id) => ("knowledge", id.clone()),
                            CitationTarget::Message(_, id) => ("conversation", id.clone()),
                            CitationTarget::Web(url) => ("web", url.clone()),
                        };
                        view! {
                            <li>
                                <details class="citation" data-testid="citation" data-kind=kind
                                    data-chunk-id=id>
                                    <summary>{label}</summary>
                                    <blockquote class="citation-text">{citation.snippet}</blockquote>
                                    {opener}
                                </details>
                            </li>
                        }
                    }).collect_view()}
                </ol>
            }
        })
    }
}
