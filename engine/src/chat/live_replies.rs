//! The answers a service holds in memory: the reply being written in each generating
//! conversation, and the finished answers that storage was too full to take.
//!
//! A reply being written is shared with its writer ([`SharedReply`]), so it is always as far as
//! the stream got without a copy per delta. It leaves when its generation ends: saved, it is
//! in the store; not saved (storage full), it moves to the kept answers, oldest first, until
//! storage has room again.
//!
//! Single-threaded like the generation registry: only its writer borrows a reply mutably, never
//! across an await, and everyone else copies it out.

use crate::domain::message::{Conversation, MessageNode};
use std::cell::RefCell;
use std::rc::Rc;

/// A reply being written, shared by its writer and the service.
pub(crate) type SharedReply = Rc<RefCell<MessageNode>>;

/// A finished answer whose save failed, with its conversation as it was then.
#[derive(Debug, Clone)]
pub(crate) struct KeptAnswer {
    /// A number per kept answer, so one saved is removed, never a newer copy kept meanwhile.
    pub serial: u64,
    pub conversation: Conversation,
    pub answer: MessageNode,
}

#[derive(Default)]
struct Table {
    /// Conversation ID and the reply being written there.
    writing: Vec<(String, SharedReply)>,
    /// Oldest first.
    kept: Vec<KeptAnswer>,
    next_serial: u64,
}

/// The replies being written and the answers kept, of one service.
#[derive(Default, Clone)]
pub(crate) struct LiveReplies {
    table: Rc<RefCell<Table>>,
}

/// A reply shown as the one being written in its conversation. Dropping it (its generation
/// ended, or its future was dropped) takes it off.
pub(crate) struct LiveEntry {
    replies: LiveReplies,
    conversation_id: String,
    reply: SharedReply,
}

impl LiveReplies {
    /// Shows `reply` as the one being written in `conversation_id` until the entry is dropped.
    pub fn register(&self, conversation_id: &str, reply: &SharedReply) -> LiveEntry {
        let mut table = self.table.borrow_mut();
        table.writing.retain(|(id, _)| id != conversation_id);
        table
            .writing
            .push((conversation_id.to_owned(), reply.clone()));
        LiveEntry {
            replies: self.clone(),
            conversation_id: conversation_id.to_owned(),
            reply: reply.clone(),
        }
    }

    /// Whether a reply is being written in any conversation.
    pub fn any_writing(&self) -> bool {
        !self.table.borrow().writing.is_empty()
    }

    /// A copy of every reply being written, as it is now.
    pub fn writing(&self) -> Vec<MessageNode> {
        let table = self.table.borrow();
        table
            .writing
            .iter()
            .map(|(_, reply)| reply.borrow().clone())
            .collect()
    }

    /// The kept answers, oldest first.
    pub fn kept(&self) -> Vec<KeptAnswer> {
        self.table.borrow().kept.clone()
    }

    /// Whether answer `id` is kept here.
    pub fn is_kept(&self, id: &str) -> bool {
        self.table.borrow().kept.iter().any(|k| k.answer.id == id)
    }

    /// Puts the kept copies in place of the stored versions among `nodes` (matched by ID):
    /// what the user saw last wins.
    pub fn put_kept(&self, nodes: &mut [MessageNode]) {
        let table = self.table.borrow();
        for node in nodes.iter_mut() {
            if let Some(kept) = table.kept.iter().find(|k| k.answer.id == node.id) {
                node.clone_from(&kept.answer);
            }
        }
    }

    /// Puts the reply being written in `conversation_id`, as it is now, in place of its stored
    /// version among `nodes`.
    pub fn put_writing(&self, conversation_id: &str, nodes: &mut [MessageNode]) {
        let table = self.table.borrow();
        let Some((_, reply)) = table.writing.iter().find(|(id, _)| id == conversation_id) else {
            return;
        };
        let reply = reply.borrow();
        if let Some(node) = nodes.iter_mut().find(|n| n.id == reply.id) {
            node.clone_from(&reply);
        }
    }

    pub fn has_kept(&self) -> bool {
        !self.table.borrow().kept.is_empty()
    }

    /// Whether kept answer `serial` is still kept (not saved, nor replaced by a newer copy).
    pub fn is_kept_serial(&self, serial: u64) -> bool {
        self.table.borrow().kept.iter().any(|k| k.serial == serial)
    }

    /// Kept answer `serial` is saved: it is no longer only in memory.
    pub fn saved(&self, serial: u64) {
        self.table.borrow_mut().kept.retain(|k| k.serial != serial);
    }

    /// Keeps `answer` until storage has room, in place of an older copy of it.
    fn keep(&self, conversation: &Conversation, answer: &MessageNode) {
        let mut table = self.table.borrow_mut();
        table.kept.retain(|k| k.answer.id != answer.id);
        table.next_serial += 1;
        let serial = table.next_serial;
        table.kept.push(KeptAnswer {
            serial,
            conversation: conversation.clone(),
            answer: answer.clone(),
        });
    }

    /// A newer version of `answer_id` was saved: a copy kept earlier would write over it.
    pub fn superseded(&self, answer_id: &str) {
        self.table
            .borrow_mut()
            .kept
            .retain(|k| k.answer.id != answer_id);
    }
}

impl LiveEntry {
    /// The reply's final record is stored: nothing of it is only in memory any more.
    pub fn stored(self, answer: &MessageNode) {
        self.replies.superseded(&answer.id);
    }

    /// The reply's final record could not be stored: `answer` is kept, with `conversation`,
    /// until storage has room.
    pub fn kept(self, conversation: &Conversation, answer: &MessageNode) {
        self.replies.keep(conversation, answer);
    }
}

impl Drop for LiveEntry {
    fn drop(&mut self) {
        let mut table = self.replies.table.borrow_mut();
        table
            .writing
            .retain(|(id, reply)| !(id == &self.conversation_id && Rc::ptr_eq(reply, &self.reply)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;

    fn shared(id: &str, conversation: &str, text: &str) -> SharedReply {
        Rc::new(RefCell::new(
            MessageNode::new(id, conversation, Role::Assistant, 1.0).with_text(text),
        ))
    }

    #[test]
    fn a_reply_being_written_is_read_as_it_grows_and_leaves_when_its_entry_drops() {
        let replies = LiveReplies::default();
        let reply = shared("a", "c", "Hel");
        let entry = replies.register("c", &reply);
        reply.borrow_mut().push_text("lo");
        let texts: Vec<String> = replies.writing().iter().map(MessageNode::text).collect();
        assert_eq!(texts, ["Hello"]);
        assert!(replies.any_writing());
        drop(entry);
        assert!(!replies.any_writing());
        assert!(replies.writing().is_empty());
    }

    #[test]
    fn stored_versions_give_way_to_the_reply_being_written_and_the_kept_answers() {
        let replies = LiveReplies::default();
        let conversation = Conversation::new("c", "Chat", 0.0);
        let stored = |id: &str| MessageNode::new(id, "c", Role::Assistant, 1.0).with_text("stored");
        let mut nodes = vec![stored("a"), stored("b"), stored("q")];
        replies.register("c", &shared("a", "c", "kept")).kept(
            &conversation,
            &MessageNode::new("a", "c", Role::Assistant, 1.0).with_text("kept"),
        );
        let _writing = replies.register("c", &shared("b", "c", "streaming"));
        // A reply written elsewhere is not this conversation's.
        let _elsewhere = replies.register("d", &shared("q", "d", "other"));
        replies.put_kept(&mut nodes);
        replies.put_writing("c", &mut nodes);
        let texts: Vec<String> = nodes.iter().map(MessageNode::text).collect();
        assert_eq!(texts, ["kept", "streaming", "stored"]);
    }

    #[test]
    fn an_older_entry_never_removes_the_newer_reply_of_its_conversation() {
        let replies = LiveReplies::default();
        let old = replies.register("c", &shared("a", "c", "old"));
        let _new = replies.register("c", &shared("b", "c", "new"));
        drop(old);
        let texts: Vec<String> = replies.writing().iter().map(MessageNode::text).collect();
        assert_eq!(texts, ["new"]);
    }

    #[test]
    fn an_unsaved_reply_is_kept_once_and_a_stored_version_drops_the_kept_copy() {
        let replies = LiveReplies::default();
        let conversation = Conversation::new("c", "Chat", 0.0);
        let reply = shared("a", "c", "first");
        replies
            .register("c", &reply)
            .kept(&conversation, &reply.borrow());
        reply.borrow_mut().push_text(" and more");
        replies
            .register("c", &reply)
            .kept(&conversation, &reply.borrow());
        assert!(!replies.any_writing());
        let kept = replies.kept();
        assert_eq!(kept.len(), 1, "the newer copy replaced the older");
        assert_eq!(kept[0].answer.text(), "first and more");
        assert!(replies.is_kept("a"));
        replies.register("c", &reply).stored(&reply.borrow());
        assert!(!replies.has_kept());
    }
}
