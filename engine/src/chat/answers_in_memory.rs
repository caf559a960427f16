//! What the service holds in memory of its answers, for the app: a conversation opened shows
//! the reply being written there as far as it got, and the answers storage was too full to
//! take; a page being hidden writes the replies being written; storage with room again takes
//! the kept answers; and whether an answer streams at all (sync holds its automatic rounds
//! meanwhile). The app keeps no copy of its own.

use crate::chat::service::{ChatError, ChatService};
use crate::domain::message::Conversation;
use crate::domain::tree::ConversationTree;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

/// What [`ChatService::save_kept_answers`] did: the kept answers it saved, in order, by their
/// conversations (as they were when the answer was kept), and the error that stopped it, if
/// one did (the answers from there on stay kept).
#[derive(Debug, Default)]
#[must_use]
pub struct KeptAnswersSaved {
    pub saved: Vec<Conversation>,
    pub error: Option<ChatError>,
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// The tree of `conversation` to show, as it is now: its stored messages, with the reply
    /// being written there (as far as it got) and the answers kept while storage was full in
    /// place of their stored versions. An answer a closed tab left streaming is marked
    /// incomplete, unless a generation is writing it: in this service, or elsewhere when
    /// `generating_here` says so (another tab holds the conversation's lock); see
    /// [`open_conversation`](Self::open_conversation).
    ///
    /// Also returns the IDs of the answers found interrupted, for
    /// [`recover_interrupted`](Self::recover_interrupted).
    pub async fn open_tree(
        &self,
        conversation: &Conversation,
        generating_here: bool,
    ) -> Result<(ConversationTree, Vec<String>), ChatError> {
        let generating_here = generating_here || self.is_generating(&conversation.id);
        let (mut nodes, interrupted) = self
            .open_conversation(conversation, generating_here)
            .await?;
        self.live.put_kept(&mut nodes);
        self.live.put_writing(&conversation.id, &mut nodes);
        let leaf = conversation.current_leaf_id.as_deref();
        let tree = ConversationTree::from_nodes(&conversation.id, nodes, leaf)?;
        Ok((tree, interrupted))
    }

    /// Whether an answer is being written in any conversation of this service. Sync holds its
    /// automatic rounds meanwhile (a record pulled could move the branch the answer goes to).
    pub fn is_streaming(&self) -> bool {
        self.live.any_writing()
    }

    /// Whether answers wait in memory for storage to have room
    /// ([`save_kept_answers`](Self::save_kept_answers)).
    pub fn has_kept_answers(&self) -> bool {
        self.live.has_kept()
    }

    /// Writes every reply being written as it is now (the page is being hidden, and may be
    /// closed before the next throttled write); never over an answer that has finished since,
    /// which the store checks. All the writes start at once, so none waits for another while
    /// the page goes. Returns how many were written; a failed write does not stop the others,
    /// and the first failure is the error.
    pub async fn save_live_snapshots(&self) -> Result<usize, ChatError> {
        let replies = self.live.writing();
        let writes = replies
            .iter()
            .map(|reply| self.store.save_streaming_snapshot(reply));
        let mut written = 0;
        let mut failed = None;
        for result in futures::future::join_all(writes).await {
            match result {
                Ok(true) => written += 1,
                Ok(false) => {}
                Err(err) => {
                    failed.get_or_insert(err);
                }
            }
        }
        match failed {
            Some(err) => Err(err.into()),
            None => Ok(written),
        }
    }

    /// Saves the answers kept while storage was full, oldest first (the user freed space). Each
    /// one saved leaves memory, its stream journal with it; the first that still cannot be
    /// saved stops the rest, which stay kept with it for the next try.
    pub async fn save_kept_answers(&self) -> KeptAnswersSaved {
        let mut done = KeptAnswersSaved::default();
        for kept in self.live.kept() {
            // Saved or replaced by a newer version while an earlier one was being written.
            if !self.live.is_kept_serial(kept.serial) {
                continue;
            }
            let conversation_id = &kept.conversation.id;
            if let Err(err) = self
                .store
                .save_message(&kept.conversation, &kept.answer)
                .await
            {
                done.error = Some(err.into());
                break;
            }
            self.live.saved(kept.serial);
            self.client
                .transport()
                .drop_journal(conversation_id, Some(&kept.answer.id));
            done.saved.push(kept.conversation);
        }
        done
    }
}

#[cfg(test)]
#[path = "answers_in_memory_tests.rs"]
mod tests;
