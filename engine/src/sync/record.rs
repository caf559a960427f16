//! What one synced document holds once opened: a conversation's record or one message node.

use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::store::{ChatStore, StoreError};
use blake2::digest::consts::U16;
use blake2::{Blake2b, Digest};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "t", content = "v", rename_all = "snake_case")]
pub enum Record {
    Conversation(Conversation),
    Message(MessageNode),
}

/// Which local thing a document stands for, kept in the ledger so that a document deleted on
/// the server can be deleted here (its id alone says nothing).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LocalRef {
    pub kind: Kind,
    pub id: String,
    pub conversation_id: String,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Kind {
    Conversation,
    Message,
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

/// Everything that syncs, as records: every stored conversation and each of its messages once
/// it is no longer being written (a streaming answer waits until it is finished).
pub async fn local_records<S: ChatStore + ?Sized>(store: &S) -> Result<Vec<Record>, StoreError> {
    let mut records = Vec::new();
    for conversation in store.list_conversations().await? {
        if conversation.temporary {
            continue;
        }
        for message in store.load_messages(&conversation.id).await? {
            if message.status != MessageStatus::Streaming {
                records.push(Record::Message(message));
            }
        }
        records.push(Record::Conversation(conversation));
    }
    Ok(records)
}
