//! The conversation tree as the user reshapes it outside a generation: another version shown
//! (‹ › between siblings, or a message picked in the branch map), a message deleted with everything below it, a whole conversation
//! deleted, the honesty gate's note on an answer dismissed, and a conversation opened (an answer a closed tab left streaming is marked
//! incomplete, never shown as complete).

use super::service::ChatService;
use super::ChatError;
use crate::domain::branch_map::BranchMap;
use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::domain::tree::{BranchEntry, ConversationTree, TreeError};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::{ChatStore, StoreError};
use std::collections::HashSet;

/// Why an answer left streaming by a closed or killed page is incomplete.
const INTERRUPTED: &str = "Generation was interrupted (the page was closed or reloaded).";

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Shows the sibling `offset` places from `message_id` (‹ −1, +1 ›), down to its most recent
    /// leaf, and saves the choice. Returns the updated conversation and its branch.
    pub async fn switch_branch(
        &self,
        conversation: Conversation,
        message_id: &str,
        offset: isize,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        self.choose_branch(conversation, |tree| {
            tree.switch_sibling(message_id, offset).map(drop)
        })
        .await
    }

    /// Shows the branch through `message_id`, down to its most recent leaf (a message picked
    /// in the branch map), and saves the choice.
    pub async fn show_branch_through(
        &self,
        conversation: Conversation,
        message_id: &str,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        self.choose_branch(conversation, |tree| tree.select(message_id))
            .await
    }

    /// The map of the whole conversation tree, the runs in `unfolded` shown whole.
    pub async fn branch_map(
        &self,
        conversation: &Conversation,
        unfolded: &HashSet<String>,
    ) -> Result<BranchMap, ChatError> {
        Ok(BranchMap::of(
            &self.load_tree(conversation).await?,
            unfolded,
        ))
    }

    async fn choose_branch(
        &self,
        mut conversation: Conversation,
        choose: impl FnOnce(&mut ConversationTree) -> Result<(), TreeError>,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        let mut tree = self.load_tree(&conversation).await?;
        choose(&mut tree)?;
        conversation.current_leaf_id = tree.current_leaf().map(str::to_owned);
        self.store.save_conversation(&conversation).await?;
        Ok((conversation, tree.current_branch_entries()))
    }

    /// Deletes a message and everything below it, in one transaction.
    pub async fn delete_message(
        &self,
        mut conversation: Conversation,
        message_id: &str,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        let mut tree = self.load_tree(&conversation).await?;
        let change = tree.delete_subtree(message_id)?;
        conversation.current_leaf_id = tree.current_leaf().map(str::to_owned);
        conversation.updated_at_ms = self.clock().now_ms();
        self.store
            .delete_messages(&conversation, &change.deleted)
            .await?;
        for id in &change.deleted {
            self.client()
                .transport()
                .drop_journal(&conversation.id, Some(id));
        }
        Ok((conversation, tree.current_branch_entries()))
    }

    /// Dismisses the anti-fabrication gate's note on an answer: it is marked dismissed (so a
    /// Continue does not bring it back), and the text stays as the model wrote it. An answer corrected by an earlier version also loses the
    /// correction that version put in front of its text.
    pub async fn dismiss_correction(
        &self,
        conversation: Conversation,
        message_id: &str,
    ) -> Result<(Conversation, Vec<BranchEntry>), ChatError> {
        use crate::domain::message_part::{Annotation, MessagePart};
        let mut tree = self.load_tree(&conversation).await?;
        let mut node = tree
            .get(message_id)
            .cloned()
            .ok_or_else(|| TreeError::UnknownId(message_id.to_owned()))?;
        let mut changed = false;
        for annotation in &mut node.annotations {
            if let Annotation::HonestyCorrection { dismissed, .. } = annotation {
                changed |= !*dismissed;
                *dismissed = true;
            }
        }
        if !changed {
            return Ok((conversation, tree.current_branch_entries()));
        }
        let legacy = node.parts.iter().position(|part| {
            matches!(part, MessagePart::Text { text }
                if text.starts_with(super::honesty::LEGACY_CORRECTION_PREFIX))
        });
        if let Some(at) = legacy {
            node.parts.remove(at);
        }
        tree.update(node.clone())?;
        self.store.save_message(&conversation, &node).await?;
        Ok((conversation, tree.current_branch_entries()))
    }

    /// Deletes a whole conversation: its record, every message and every summary, in one
    /// transaction.
    pub async fn delete_conversation(&self, conversation_id: &str) -> Result<(), ChatError> {
        self.store.delete_conversation(conversation_id).await?;
        self.client()
            .transport()
            .drop_journal(conversation_id, None);
        Ok(())
    }

    pub(crate) async fn load_tree(
        &self,
        conversation: &Conversation,
    ) -> Result<ConversationTree, ChatError> {
        let mut nodes = self.store.load_messages(&conversation.id).await?;
        // An answer kept while storage was full is the answer the user saw: continued, or
        // asked about, from there.
        self.live.put_kept(&mut nodes);
        Ok(ConversationTree::from_nodes(
            &conversation.id,
            nodes,
            conversation.current_leaf_id.as_deref(),
        )?)
    }

    /// Loads every message of `conversation`.
    ///
    /// A message still marked [`MessageStatus::Streaming`] whose generation is not running here
    /// (`generating_here` is false) was interrupted by a closed tab or a crash: it is marked
    /// [`MessageStatus::Incomplete`] and saved, keeping all its text, rather than being left
    /// "streaming" forever or silently shown as complete. The IDs of the interrupted answers
    /// that have a stream journal come back too (until it is taken back: a page that closed
    /// before it was leaves it for the next opening): the text that arrived after their last
    /// save is there ([`recover_interrupted`](Self::recover_interrupted)). An answer this service
    /// keeps in memory because storage was full is not interrupted: its words are here, and
    /// are saved once storage has room ([`save_kept_answers`](Self::save_kept_answers)).
    pub async fn open_conversation(
        &self,
        conversation: &Conversation,
        generating_here: bool,
    ) -> Result<(Vec<MessageNode>, Vec<String>), StoreError> {
        let mut nodes = self.store.load_messages(&conversation.id).await?;
        let mut interrupted = Vec::new();
        if generating_here {
            return Ok((nodes, interrupted));
        }
        for node in nodes
            .iter_mut()
            .filter(|n| n.status == MessageStatus::Streaming && !self.live.is_kept(&n.id))
        {
            node.status = MessageStatus::Incomplete;
            node.error = Some(INTERRUPTED.into());
            self.store.save_message(conversation, node).await?;
        }
        let transport = self.client().transport();
        for node in nodes.iter().filter(|n| {
            n.status == MessageStatus::Incomplete && n.error.as_deref() == Some(INTERRUPTED)
        }) {
            if transport
                .read_journal(&conversation.id, &node.id)
                .await
                .is_some()
            {
                interrupted.push(node.id.clone());
            }
        }
        Ok((nodes, interrupted))
    }
}
