//! What the user keeps to talk with: assistants and characters, personas, world books,
//! dictionaries, knowledge bases and memories.

use leptos::prelude::*;
use skein_engine::domain::assistant::assistant_for;
use skein_engine::{Assistant, Conversation};

/// What the last action on a collection said (saved, imported, or why not).
pub type Feedback = RwSignal<Option<Result<String, String>>>;

#[derive(Debug, Clone, Copy)]
pub struct LibraryState {
    /// Every assistant (at least one).
    pub assistants: RwSignal<Vec<Assistant>>,
    /// The assistant in use: the conversation on screen's, or the one a new chat will use.
    /// The settings edit this one.
    pub assistant_id: RwSignal<String>,
    /// The knowledge bases with their documents, for the settings.
    pub knowledge: RwSignal<Vec<skein_components::KnowledgeView>>,
    /// What the embedding job is doing ("Embedding Handbook: 32 of 120 chunks…").
    pub embedding_progress: RwSignal<Option<String>>,
    /// Everything assistants remember, for the memories screen.
    pub memories: RwSignal<Vec<skein_engine::knowledge::memories::Memory>>,
    /// The user's personas, and why the last persona change was refused.
    pub personas: RwSignal<skein_engine::persona::user_persona::Personas>,
    pub persona_error: RwSignal<Option<String>>,
    /// What the last import, export or save in the character gallery said.
    pub character_feedback: Feedback,
    /// The world books, the one being edited, and what the last action on them said.
    pub world_books: RwSignal<skein_engine::persona::world_books::WorldBooks>,
    pub world_book_editing: RwSignal<Option<String>>,
    pub world_book_feedback: Feedback,
    /// The chat dictionaries, the one being edited, and what the last action on them said.
    pub dictionaries: RwSignal<skein_engine::persona::dictionary_file::Dictionaries>,
    pub dictionary_editing: RwSignal<Option<String>>,
    pub dictionary_feedback: Feedback,
}

impl LibraryState {
    pub fn new() -> Self {
        Self {
            assistants: RwSignal::new(vec![Assistant::default()]),
            assistant_id: RwSignal::new(Assistant::default().id),
            knowledge: RwSignal::new(Vec::new()),
            embedding_progress: RwSignal::new(None),
            memories: RwSignal::new(Vec::new()),
            personas: RwSignal::new(Default::default()),
            persona_error: RwSignal::new(None),
            character_feedback: RwSignal::new(None),
            world_books: RwSignal::new(Default::default()),
            world_book_editing: RwSignal::new(None),
            world_book_feedback: RwSignal::new(None),
            dictionaries: RwSignal::new(Default::default()),
            dictionary_editing: RwSignal::new(None),
            dictionary_feedback: RwSignal::new(None),
        }
    }

    /// The assistant in use (see [`assistant_id`](Self::assistant_id)); tracked.
    pub fn assistant(&self) -> Assistant {
        let id = self.assistant_id.get();
        self.assistants.with(|list| assistant_for(Some(&id), list))
    }

    pub fn assistant_untracked(&self) -> Assistant {
        let id = self.assistant_id.get_untracked();
        self.assistants
            .with_untracked(|list| assistant_for(Some(&id), list))
    }

    /// The assistant conversation `conversation` talks to.
    pub fn assistant_of(&self, conversation: &Conversation) -> Assistant {
        self.assistants
            .with_untracked(|list| assistant_for(conversation.assistant_id.as_deref(), list))
    }

    /// Adds or replaces an assistant in the list.
    pub fn put_assistant(&self, assistant: Assistant) {
        self.assistants
            .update(|list| skein_engine::chat::records::upsert_assistant(list, assistant));
    }
}
