//! The user's world books: SillyTavern World Info kept in Skein on a [`Shelf`], each active in
//! every chat (global), for an assistant or character, or for one chat. How their entries fire
//! is `prompt::injection`'s.

use crate::domain::assistant::Assistant;
use crate::domain::message::Conversation;
use crate::persona::shelf::{Shelf, Shelved};
use crate::prompt::injection::Lorebook;

pub type WorldBooks = Shelf<Lorebook>;

impl Shelved for Lorebook {
    fn id(&self) -> &str {
        &self.id
    }
}

/// The stored books a request of `conversation` with `assistant` uses: the global ones, then
/// the assistant's, then the chat's, each once.
pub fn books_for_request<'b>(
    books: &'b WorldBooks,
    assistant: &Assistant,
    conversation: &Conversation,
) -> Vec<&'b Lorebook> {
    books.chosen(&[&assistant.world_book_ids, &conversation.world_book_ids])
}
