//! What one synced document holds once opened: a conversation's record or one message node.

use super::account::Keys;
use super::ledger::{Kind, LedgerEntry, LocalRef, SyncScope};
use super::settings::{read_area, Area, SettingsRecord};
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
    Settings(SettingsRecord),
}

impl Record {
    /// The local key a document id is made from: unique across kinds.
    pub fn key(&self) -> String {
        match self {
            Self::Conversation(c) => Self::conversation_key(&c.id),
            Self::Message(m) => format!("m:{}", m.id),
            Self::Settings(s) => Self::settings_key(s.area),
        }
    }

    pub fn conversation_key(id: &str) -> String {
        format!("c:{id}")
    }

    pub fn settings_key(area: Area) -> String {
        format!("s:{}", area.name())
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
            Self::Settings(s) => LocalRef {
                kind: Kind::Settings,
                id: s.area.name().to_owned(),
                conversation_id: String::new(),
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
    /// A settings area's time of change is not content: the same settings give the same
    /// fingerprint whenever they were set.
    pub fn fingerprint(&self) -> String {
        let bytes = match self {
            Self::Settings(s) => Self::Settings(SettingsRecord {
                changed_ms: 0.0,
                ..s.clone()
            })
            .to_bytes(),
            _ => self.to_bytes(),
        };
        super::account::hex(&Blake2b::<U16>::digest(bytes))
    }
}

/// A record that differs from what was last exchanged, with its document id and fingerprint.
pub struct Changed {
    pub id: String,
    pub fingerprint: String,
    pub record: Record,
}

/// What changed here since the ledger's exchange: records new or different, and exchanged
/// documents gone here, of what `scope` includes. Conversations sync with each of their
/// messages once it is no longer being written (a streaming answer waits until it is
/// finished); settings as one record per area, stamped `now_ms`, the time this device saw the
/// change (an area never set and never exchanged is not sent).
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
    scope: SyncScope,
    full: bool,
    now_ms: f64,
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
    if scope.settings {
        for area in Area::ALL {
            let (value, set) = read_area(store, area, scope.keys()).await?;
            let record = Record::Settings(SettingsRecord {
                area,
                changed_ms: now_ms,
                value,
            });
            if set || docs.contains_key(&keys.doc_id(&record.key())) {
                look(record, &mut changed);
            }
        }
    }
    let conversations = if scope.conversations {
        store.list_conversations().await?
    } else {
        Vec::new()
    };
    for conversation in conversations {
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
    // Settings are never deleted (an area always has a value), and what is not synced now is
    // not gone.
    let gone = docs
        .iter()
        .filter(|(_, e)| e.local.kind != Kind::Settings && scope.includes(e.local.kind))
        .filter(|(id, e)| !present.contains(*id) && !unread.contains(&e.local.conversation_id))
        .map(|(id, _)| id.clone())
        .collect();
    Ok((changed, gone))
}
