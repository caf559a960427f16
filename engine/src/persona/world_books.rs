//! The user's world books: SillyTavern World Info kept in Skein, each active in every chat
//! (global), for an assistant or character, or for one chat. Which books a request uses is
//! decided here; how their entries fire is `prompt::injection`'s.

use crate::domain::assistant::Assistant;
use crate::domain::message::Conversation;
use crate::prompt::injection::Lorebook;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Default, Serialize, Deserialize)]
#[serde(default)]
pub struct WorldBooks {
    pub books: Vec<Lorebook>,
    /// The books active in every chat, by ID.
    pub global: Vec<String>,
}

impl WorldBooks {
    pub fn get(&self, id: &str) -> Option<&Lorebook> {
        self.books.iter().find(|b| b.id == id)
    }

    /// Adds `book`, or replaces the one with its ID.
    pub fn put(&mut self, book: Lorebook) {
        match self.books.iter_mut().find(|b| b.id == book.id) {
            Some(stored) => *stored = book,
            None => self.books.push(book),
        }
    }

    /// Removes book `id` (assistants and chats that named it simply stop using it).
    pub fn remove(&mut self, id: &str) {
        self.books.retain(|b| b.id != id);
        self.global.retain(|g| g != id);
    }

    pub fn is_global(&self, id: &str) -> bool {
        self.global.iter().any(|g| g == id)
    }

    pub fn set_global(&mut self, id: &str, on: bool) {
        self.global.retain(|g| g != id);
        if on && self.get(id).is_some() {
            self.global.push(id.to_owned());
        }
    }

    /// The stored books a request of `conversation` with `assistant` uses: the global ones,
    /// then the assistant's, then the chat's, each once (books since deleted are skipped).
    pub fn for_request(
        &self,
        assistant: &Assistant,
        conversation: &Conversation,
    ) -> Vec<&Lorebook> {
        let mut ids: Vec<&str> = Vec::new();
        for id in self
            .global
            .iter()
            .chain(&assistant.world_book_ids)
            .chain(&conversation.world_book_ids)
        {
            if !ids.contains(&id.as_str()) {
                ids.push(id);
            }
        }
        ids.into_iter().filter_map(|id| self.get(id)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn book(id: &str) -> Lorebook {
        Lorebook::named(id, &format!("Book {id}"))
    }

    #[test]
    fn a_request_uses_global_then_assistant_then_chat_books_once() {
        let mut books = WorldBooks::default();
        for id in ["g", "a", "c", "unused"] {
            books.put(book(id));
        }
        books.set_global("g", true);
        books.set_global("missing", true);
        assert_eq!(books.global, ["g"], "only a stored book can be global");
        let assistant = Assistant {
            world_book_ids: vec!["a".into(), "g".into(), "deleted".into()],
            ..Assistant::default()
        };
        let chat = Conversation {
            world_book_ids: vec!["c".into(), "a".into()],
            ..Conversation::new("x", "t", 0.0)
        };
        let ids: Vec<&str> = books
            .for_request(&assistant, &chat)
            .iter()
            .map(|b| b.id.as_str())
            .collect();
        assert_eq!(ids, ["g", "a", "c"]);
        books.remove("g");
        assert!(!books.is_global("g"));
        assert_eq!(books.for_request(&assistant, &chat).len(), 2);
    }

    #[test]
    fn put_replaces_by_id() {
        let mut books = WorldBooks::default();
        books.put(book("a"));
        let mut renamed = book("a");
        renamed.name = "Renamed".into();
        books.put(renamed);
        assert_eq!(books.books.len(), 1);
        assert_eq!(books.books[0].name, "Renamed");
    }
}
