//! The user's personas, and the settings a chat has of its own: the persona the user speaks as
//! in it and its own system prompt.

use super::service::ChatService;
use super::ChatError;
use crate::domain::message::Conversation;
use crate::persona::user_persona::{Persona, Personas};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn personas(&self) -> Result<Personas, ChatError> {
        Ok(self.store.load_personas().await?)
    }

    /// Saves `persona` (a new one when its ID is empty; the first one made becomes the
    /// default). A nameless or oversized persona is refused and nothing changes.
    pub async fn save_persona(&self, persona: Persona) -> Result<Personas, ChatError> {
        let mut persona = persona.checked()?;
        if persona.id.is_empty() {
            persona.id = self.ids.new_id();
        }
        let mut personas = self.store.load_personas().await?;
        if personas.list.is_empty() {
            personas.default_id = Some(persona.id.clone());
        }
        personas.put(persona);
        self.store.save_personas(&personas).await?;
        Ok(personas)
    }

    pub async fn delete_persona(&self, id: &str) -> Result<Personas, ChatError> {
        let mut personas = self.store.load_personas().await?;
        personas.remove(id);
        self.store.save_personas(&personas).await?;
        Ok(personas)
    }

    /// The persona new chats (and chats without their own) use; `None`: no persona.
    pub async fn set_default_persona(&self, id: Option<&str>) -> Result<Personas, ChatError> {
        let mut personas = self.store.load_personas().await?;
        personas.default_id = id
            .filter(|id| personas.get(id).is_some())
            .map(str::to_owned);
        self.store.save_personas(&personas).await?;
        Ok(personas)
    }

    /// The persona the user speaks as in conversation `id` from its next request on; `None`:
    /// the default one.
    pub async fn set_conversation_persona(
        &self,
        id: &str,
        persona_id: Option<&str>,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.stored_conversation(id).await?;
        conversation.persona_id = persona_id.map(str::to_owned);
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }

    /// Conversation `id`'s own system prompt (blank: none, the assistant's is used).
    pub async fn set_conversation_system_prompt(
        &self,
        id: &str,
        prompt: &str,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.stored_conversation(id).await?;
        conversation.system_prompt = (!prompt.trim().is_empty()).then(|| prompt.to_owned());
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }
}

#[cfg(test)]
#[path = "personas_tests.rs"]
mod tests;
