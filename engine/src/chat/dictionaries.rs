//! Chat dictionaries in the chat service: imported from files, edited (every pattern checked
//! before it is saved), used by the chats and assistants that pick them, exported back.

use super::characters::CardFile;
use super::service::ChatService;
use super::ChatError;
use crate::chat::unavailable::Unavailable;
use crate::domain::message::Conversation;
use crate::persona::dictionary_file::{check, read_dictionary, write_dictionary, Dictionaries};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::dictionary::ChatDictionary;
use crate::store::export::safe_file_name;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn dictionaries(&self) -> Result<Dictionaries, ChatError> {
        Ok(self.store.load_dictionaries().await?)
    }

    /// Reads a dictionary file into a new stored dictionary; a file that cannot be read is
    /// refused with the reason and nothing is stored.
    pub async fn import_dictionary(
        &self,
        bytes: &[u8],
        file_name: &str,
    ) -> Result<(ChatDictionary, Dictionaries), ChatError> {
        let mut dictionary = read_dictionary(bytes, file_name)?;
        dictionary.id = self.ids.new_id();
        let all = self.save_dictionary(dictionary.clone()).await?;
        Ok((dictionary, all))
    }

    /// Saves `dictionary` (new when its ID is empty) once every pattern compiles; a broken one
    /// is refused naming its entry, and nothing changes.
    pub async fn save_dictionary(
        &self,
        mut dictionary: ChatDictionary,
    ) -> Result<Dictionaries, ChatError> {
        check(&dictionary)?;
        if dictionary.id.is_empty() {
            dictionary.id = self.ids.new_id();
        }
        let mut all = self.store.load_dictionaries().await?;
        all.put(dictionary);
        self.store.save_dictionaries(&all).await?;
        Ok(all)
    }

    pub async fn delete_dictionary(&self, id: &str) -> Result<Dictionaries, ChatError> {
        let mut all = self.store.load_dictionaries().await?;
        all.remove(id);
        self.store.save_dictionaries(&all).await?;
        Ok(all)
    }

    /// The stored dictionaries conversation `id` uses besides its assistant's.
    pub async fn set_conversation_dictionaries(
        &self,
        id: &str,
        dictionary_ids: Vec<String>,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.stored_conversation(id).await?;
        conversation.dictionary_ids = dictionary_ids;
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }

    /// Dictionary `id` as a file in Skein's dictionary format.
    pub async fn export_dictionary(&self, id: &str) -> Result<CardFile, ChatError> {
        let all = self.store.load_dictionaries().await?;
        let dictionary = all
            .get(id)
            .ok_or_else(|| ChatError::from(Unavailable::DictionaryGone))?;
        Ok(CardFile {
            file_name: safe_file_name(&dictionary.name, "dictionary", "json"),
            mime: "application/json",
            bytes: write_dictionary(dictionary).into_bytes(),
        })
    }
}

#[cfg(test)]
#[path = "dictionaries_tests.rs"]
mod tests;
