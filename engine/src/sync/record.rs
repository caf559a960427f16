//! What one synced document holds once opened: a conversation's record or one message node.

use super::account::Keys;
use super::ledger::{Kind, LedgerEntry, LocalRef};
use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::store::{ChatStore, StoreError};
use blake2::digest::consts::U16;
use blake2::{Blake2b, Digest};
use serde::{Deserialize, Serialize};
use std::collections::{BTreeMap, BTreeSet};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "snake_case")]
pub enum Record {
    Conversation(Conversation),
    Message(MessageNode),
}

impl Record {
    /// The local key a document id is made from: unique across kinds.
    pub fn key(&self) -> String {
        match self {
            Self::Conversation(c) => format!("c:{}", c.id),
            Self::Message(m) => format!("m:{}", m.id),
        }
    }

    pub fn local_ref(&self) -> LocalRef {
        match self {
            Self::Conversation(c) => LocalRef {
                kind: Kind::Conversation,
                id: c.id.clone(),
                conversation_id: c.id.clone(),
            },
            Self::Message(m) => LocalRef {
                kind: Kind::Message,
                id: m.id.clone(),
                conversation_id: m.conversation_id.clone(),
            },
        }
    }

    pub fn to_bytes(&self) -> Vec<u8> {
        // Conversations and messages are plain data: serialising them cannot fail.
        serde_json::to_vec(self).unwrap_or_default()
    }

    pub fn from_bytes(bytes: &[u8]) -> Result<Self, serde_json::Error> {
        serde_json::from_slice(bytes)
    }

    /// A hash of the content, local only (never sent): whether a record changed since it was
    /// last exchanged. Read back from storage, a record gives the same fingerprint.
    pub fn fingerprint(&self) -> String {
        super::account::hex(&Blake2b::<U16>::digest(self.to_bytes()))
    }
}

/// A record that differs from what was last exchanged, with its document id and fingerprint.
pub struct Changed {
    pub id: String,
    pub fingerprint: String,
    pub record: Record,
}

/// What changed here since the ledger's exchange: records new or different, and exchanged
/// documents gone here. What syncs is every stored conversation and each of its messages once
/// it is no longer being written (a streaming answer waits until it is finished).
///
/// A quick look (`full: false`) reads the messages only of conversations whose record changed:
/// a new message, an edit or a deletion moves the conversation's current leaf or time, so an
/// unchanged record means unchanged messages. A full look reads them all (the app makes the
/// first round of a visit, a round the user asks for, and every tenth one full), so a change
/// that moved neither is sent too, a little later.
pub async fn local_changes<S: ChatStore + ?Sized>(
    store: &S,
    keys: &Keys,
    docs: &BTreeMap<String, LedgerEntry>,
    full: bool,
) -> Result<(Vec<Changed>, Vec<String>), StoreError> {
    let mut changed = Vec::new();
    let mut present = BTreeSet::new();
    let mut unread = BTreeSet::new();
    let mut look = |record: Record, changed: &mut Vec<Changed>| -> bool {
        let id = keys.doc_id(&record.key());
        let fingerprint = record.fingerprint();
        let same = docs.get(&id).is_some_and(|e| e.fingerprint == fingerprint);
        present.insert(id.clone());
        if !same {
            changed.push(Changed {
                id,
                fingerprint,
                record,
            });
        }
        same
    };
    for conversation in store.list_conversations().await? {
        if conversation.temporary {
            continue;
        }
        let id = conversation.id.clone();
        let same = look(Record::Conversation(conversation), &mut changed);
        if same && !full {
            unread.insert(id);
            continue;
        }
        for message in store.load_messages(&id).await? {
            if message.status != MessageStatus::Streaming {
                look(Record::Message(message), &mut changed);
            }
        }
    }
    let gone = docs
        .iter()
        .filter(|(id, e)| !present.contains(*id) && !unread.contains(&e.local.conversation_id))
        .map(|(id, _)| id.clone())
        .collect();
    Ok((changed, gone))
}
