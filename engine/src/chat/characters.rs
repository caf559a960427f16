//! Characters in the chat service: a card file imported as a new assistant, and a chat with a
//! character opening with its greetings (the first shown, the alternates as its other versions,
//! switched with ‹ n/m › like any answer).

use super::service::ChatService;
use super::ChatError;
use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::tree::{BranchEntry, ConversationTree};
use crate::knowledge::store::LibraryStore;
use crate::persona::card::{CardError, CardSpec, CharacterCard};
use crate::persona::character::{assistant_from_card, char_name};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::placeholders::resolve_names;
use crate::store::export::safe_file_name;
use crate::store::{Blob, ChatStore};

/// The picture a character without one is exported into.
const BLANK_AVATAR: &[u8] = include_bytes!("../persona/blank_avatar.png");
const PNG_SIGNATURE: &[u8] = b"\x89PNG";

/// The file formats a character exports to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CardFormat {
    V2Json,
    V3Json,
    Png,
}

/// An exported file: its suggested name, type and bytes.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CardFile {
    pub file_name: String,
    pub mime: &'static str,
    pub bytes: Vec<u8>,
}

impl<T: Transport, S: ChatStore + LibraryStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Reads a character card file (a PNG with a card, or card JSON) into a new assistant with
    /// `template`'s settings, and saves it. A card that cannot be read, or whose book has a
    /// broken pattern, is refused with the reason and nothing is stored.
    pub async fn import_character(
        &self,
        bytes: &[u8],
        template: &Assistant,
    ) -> Result<Assistant, ChatError> {
        let card = CharacterCard::from_file(bytes)?;
        // The same card imported again is the character already there, not a second one
        // of the same name in every list.
        if let Some(existing) = self
            .list_assistants()
            .await?
            .into_iter()
            .find(|a| a.character.as_deref() == Some(&card))
        {
            return Ok(existing);
        }
        let mut assistant = assistant_from_card(card, &self.ids.new_id(), template);
        if bytes.starts_with(PNG_SIGNATURE) {
            // The card's picture is its avatar, and the image it is exported into again.
            let avatar = Blob {
                id: format!("avatar-{}", assistant.id),
                mime: "image/png".into(),
                bytes: bytes.to_vec(),
            };
            self.store.save_blob(&avatar).await?;
            assistant.avatar = Some(avatar.id);
        }
        self.save_assistant(&assistant).await?;
        Ok(assistant)
    }

    /// `assistant`'s character card as a file in `format`: JSON of either spec, or its
    /// picture (a plain one when it has none) with the card in it. An assistant that is not a
    /// character is refused.
    pub async fn export_character(
        &self,
        assistant: &Assistant,
        format: CardFormat,
    ) -> Result<CardFile, ChatError> {
        let Some(card) = &assistant.character else {
            return Err(ChatError::Card(CardError::NotACharacter));
        };
        let (extension, mime, bytes) = match format {
            CardFormat::V2Json => (
                "v2.json",
                "application/json",
                card.to_json(CardSpec::V2).into_bytes(),
            ),
            CardFormat::V3Json => (
                "v3.json",
                "application/json",
                card.to_json(CardSpec::V3).into_bytes(),
            ),
            CardFormat::Png => {
                let picture = match &assistant.avatar {
                    Some(id) => self.store.load_blob(id).await?.map(|blob| blob.bytes),
                    None => None,
                };
                let image = picture.as_deref().unwrap_or(BLANK_AVATAR);
                ("png", "image/png", card.to_png(image)?)
            }
        };
        Ok(CardFile {
            file_name: safe_file_name(&card.name, "character", extension),
            mime,
            bytes,
        })
    }

    /// Starts a chat with `assistant`'s character: a stored conversation whose first message is
    /// the card's greeting, with the alternate greetings as its other versions, `{{char}}` and
    /// `{{user}}` filled in (the default persona's name, else the assistant's user name). `None` for an assistant without a character or greetings: that chat
    /// starts with the user's message as usual.
    pub async fn start_character_chat(
        &self,
        assistant: &Assistant,
    ) -> Result<Option<(Conversation, Vec<BranchEntry>)>, ChatError> {
        let Some(card) = &assistant.character else {
            return Ok(None);
        };
        let greetings = card.greetings();
        if greetings.is_empty() {
            return Ok(None);
        }
        let now = self.clock().now_ms();
        let mut conversation = Conversation::new(&self.ids.new_id(), &card.name, now);
        conversation.assistant_id = Some(assistant.id.clone());
        let personas = self.store.load_personas().await?;
        let user = personas
            .for_conversation(&conversation)
            .map_or(assistant.user_name.as_str(), |p| p.name.as_str());
        // Every greeting is a first message; later ones are later versions (siblings are
        // ordered by creation time).
        let nodes: Vec<MessageNode> = greetings
            .iter()
            .enumerate()
            .map(|(i, greeting)| {
                let text = resolve_names(greeting, char_name(assistant), user);
                MessageNode::new(
                    &self.ids.new_id(),
                    &conversation.id,
                    Role::Assistant,
                    now + i as f64,
                )
                .with_text(&text)
                .with_status(MessageStatus::Complete)
            })
            .collect();
        let first = nodes[0].id.clone();
        let tree = ConversationTree::from_nodes(&conversation.id, nodes, Some(&first))?;
        conversation.current_leaf_id = tree.current_leaf().map(str::to_owned);
        self.store.save_conversation(&conversation).await?;
        for node in tree.nodes() {
            self.store.save_message(&conversation, node).await?;
        }
        Ok(Some((conversation, tree.current_branch_entries())))
    }
}

#[cfg(test)]
#[path = "characters_tests.rs"]
mod tests;
