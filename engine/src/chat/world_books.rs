//! World books in the chat service: imported from SillyTavern World Info files, edited (every
//! pattern checked before it is saved), active everywhere or in one chat, exported back; and a
//! character's own book exported as World Info.

use super::characters::CardFile;
use super::service::ChatService;
use super::ChatError;
use crate::chat::unavailable::Unavailable;
use crate::domain::assistant::Assistant;
use crate::domain::message::Conversation;
use crate::persona::world_books::WorldBooks;
use crate::persona::world_info::{compile_book, read_world_info, write_world_info};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::injection::Lorebook;
use crate::store::export::safe_file_name;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn world_books(&self) -> Result<WorldBooks, ChatError> {
        Ok(self.store.load_world_books().await?)
    }

    /// Reads a World Info file into a new stored book (named after the file when it has no
    /// name). A file that cannot be read is refused with the reason; nothing is stored.
    pub async fn import_world_book(
        &self,
        bytes: &[u8],
        file_name: &str,
    ) -> Result<(Lorebook, WorldBooks), ChatError> {
        let mut book = read_world_info(bytes)?;
        book.id = self.ids.new_id();
        if book.name.trim().is_empty() {
            book.name = file_name
                .rsplit_once('.')
                .map_or(file_name, |(stem, _)| stem)
                .to_owned();
        }
        let books = self.save_world_book(book.clone()).await?;
        Ok((book, books))
    }

    /// Saves `book` (new, or replacing the one with its ID) once every pattern in it compiles;
    /// a broken one is refused, naming its entry, and nothing changes.
    pub async fn save_world_book(&self, mut book: Lorebook) -> Result<WorldBooks, ChatError> {
        compile_book(&book)?;
        if book.id.is_empty() {
            book.id = self.ids.new_id();
        }
        let mut books = self.store.load_world_books().await?;
        books.put(book);
        self.store.save_world_books(&books).await?;
        Ok(books)
    }

    pub async fn delete_world_book(&self, id: &str) -> Result<WorldBooks, ChatError> {
        let mut books = self.store.load_world_books().await?;
        books.remove(id);
        self.store.save_world_books(&books).await?;
        Ok(books)
    }

    /// Makes book `id` active in every chat, or not.
    pub async fn set_world_book_global(&self, id: &str, on: bool) -> Result<WorldBooks, ChatError> {
        let mut books = self.store.load_world_books().await?;
        books.set_global(id, on);
        self.store.save_world_books(&books).await?;
        Ok(books)
    }

    /// The stored books conversation `id` uses besides its assistant's and the global ones.
    pub async fn set_conversation_world_books(
        &self,
        id: &str,
        book_ids: Vec<String>,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.stored_conversation(id).await?;
        conversation.world_book_ids = book_ids;
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }

    /// Book `id` as a SillyTavern World Info file.
    pub async fn export_world_book(&self, id: &str) -> Result<CardFile, ChatError> {
        let books = self.store.load_world_books().await?;
        let book = books
            .get(id)
            .ok_or_else(|| ChatError::from(Unavailable::WorldBookGone))?;
        Ok(world_info_file(book, "world book"))
    }
}

/// An assistant's own lorebook (a character's embedded book) as a World Info file; `None`
/// without one.
pub fn export_own_book(assistant: &Assistant) -> Option<CardFile> {
    let book = assistant.lorebook.as_ref()?;
    let name = if book.name.is_empty() {
        format!("{} lore", assistant.name)
    } else {
        book.name.clone()
    };
    Some(world_info_file(
        &Lorebook {
            name,
            ..book.clone()
        },
        "lore",
    ))
}

fn world_info_file(book: &Lorebook, fallback: &str) -> CardFile {
    CardFile {
        file_name: safe_file_name(&book.name, fallback, "json"),
        mime: "application/json",
        bytes: write_world_info(book).into_bytes(),
    }
}

#[cfg(test)]
#[path = "world_books_tests.rs"]
mod tests;
