//! Characters in the chat service: a card file imported as a new assistant, and a chat with a
//! character opening with its greetings (the first shown, the alternates as its other versions,
//! switched with ‹ n/m › like any answer).

use super::service::ChatService;
use super::ChatError;
use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::tree::{BranchEntry, ConversationTree};
use crate::knowledge::store::LibraryStore;
use crate::persona::card::CharacterCard;
use crate::persona::character::{assistant_from_card, char_name};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::placeholders::resolve_names;
use crate::store::ChatStore;

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
        let assistant = assistant_from_card(card, &self.ids.new_id(), template);
        self.save_assistant(&assistant).await?;
        Ok(assistant)
    }

    /// Starts a chat with `assistant`'s character: a stored conversation whose first message is
    /// the card's greeting, with the alternate greetings as its other versions, `{{char}}` and
    /// `{{user}}` filled in. `None` for an assistant without a character or greetings: that chat
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
        // Every greeting is a first message; later ones are later versions (siblings are
        // ordered by creation time).
        let nodes: Vec<MessageNode> = greetings
            .iter()
            .enumerate()
            .map(|(i, greeting)| {
                let text = resolve_names(greeting, char_name(assistant), &assistant.user_name);
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
