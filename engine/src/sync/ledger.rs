//! What this device last exchanged with the server, kept in local storage beside the chats: the
//! revision and content fingerprint of every synced document, the pull's checkpoint, the setup,
//! and the conflicts resolved lately (shown in the sync settings).

use super::account::Keys;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use std::collections::BTreeMap;

/// How many resolved conflicts are kept to show.
pub const CONFLICTS_KEPT: usize = 20;

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
pub struct SyncState {
    /// Where and as whom this device syncs; `None` until the user sets it up.
    #[serde(default)]
    pub setup: Option<SyncSetup>,
    /// A random id for this device (names its pull checkpoint).
    #[serde(default)]
    pub device_id: String,
    /// Document id to what was last exchanged.
    #[serde(default)]
    pub docs: BTreeMap<String, LedgerEntry>,
    /// The server's sequence up to which every change has been applied here.
    #[serde(default)]
    pub pull_since: Option<Value>,
    /// The revision of this device's checkpoint document on the server.
    #[serde(default)]
    pub checkpoint_rev: Option<String>,
    #[serde(default)]
    pub last_sync_ms: Option<f64>,
    #[serde(default)]
    pub conflicts: Vec<ConflictNote>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SyncSetup {
    /// The database's URL, e.g. `https://couch.example.com/skein`.
    pub url: String,
    #[serde(default)]
    pub username: String,
    #[serde(default)]
    pub password: String,
    /// The keys the passphrase gave (the passphrase itself is never stored).
    pub keys: Keys,
    /// Syncing is paused by the user.
    #[serde(default)]
    pub paused: bool,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct LedgerEntry {
    pub rev: String,
    pub fingerprint: String,
    pub local: LocalRef,
}

/// A conflict resolved by the rules of [`resolve`](super::resolve): what was kept, and the
/// version that lost, when it differs where the user sees it (a title).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ConflictNote {
    pub conversation_id: String,
    pub kept_title: String,
    pub other_title: String,
    pub at_ms: f64,
}

impl SyncState {
    /// Starts over with a new setup: a different server or account shares nothing with the
    /// ledger of the old one.
    pub fn set_up(&mut self, setup: SyncSetup, device_id: String) {
        let same = self
            .setup
            .as_ref()
            .is_some_and(|old| old.url == setup.url && old.keys == setup.keys);
        if !same {
            self.docs.clear();
            self.pull_since = None;
            self.checkpoint_rev = None;
            self.conflicts.clear();
            self.last_sync_ms = None;
        }
        if self.device_id.is_empty() || !same {
            self.device_id = device_id;
        }
        self.setup = Some(setup);
    }

    /// Turns syncing off on this device; the chats stay, and so does the server's copy.
    pub fn forget(&mut self) {
        *self = Self::default();
    }

    pub(crate) fn note_conflict(&mut self, note: ConflictNote) {
        self.conflicts.insert(0, note);
        self.conflicts.truncate(CONFLICTS_KEPT);
    }
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
