//! The first line of a stream journal (see `stream_journal.rs`): what its bytes need to be
//! read again, the protocol they are in and the message as it was before them.

use crate::domain::message::MessageNode;
use crate::ports::transport::JournalTarget;
use crate::provider::ProviderKind;
use serde::{Deserialize, Serialize};

/// The journal format's version, in every head.
const VERSION: u32 = 1;

#[derive(Serialize, Deserialize)]
pub(crate) struct JournalHead {
    skein_journal: u32,
    pub kind: ProviderKind,
    pub message: MessageNode,
}

/// Where a call in `kind`'s protocol, writing `reply` (as it is now, before the call), is kept.
pub(crate) fn target(reply: &MessageNode, kind: ProviderKind) -> Option<JournalTarget> {
    let head = JournalHead {
        skein_journal: VERSION,
        kind,
        message: reply.clone(),
    };
    let mut bytes = serde_json::to_vec(&head).ok()?;
    bytes.push(b'\n');
    Some(JournalTarget {
        conversation_id: reply.conversation_id.clone(),
        message_id: reply.id.clone(),
        head: bytes,
    })
}

/// A journal's head and the body bytes after it; `None` when it has no head this version
/// reads.
pub(crate) fn split(journal: &[u8]) -> Option<(JournalHead, &[u8])> {
    let newline = journal.iter().position(|&b| b == b'\n')?;
    let head: JournalHead = serde_json::from_slice(&journal[..newline]).ok()?;
    (head.skein_journal == VERSION).then_some((head, &journal[newline + 1..]))
}
