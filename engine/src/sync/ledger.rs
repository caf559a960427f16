//! What this device last exchanged with the server, kept in local storage beside the chats: the
//! revision and content fingerprint of every synced document, the pull's checkpoint, the setup,
//! and the conflicts resolved lately (shown in the sync settings).

use super::account::Keys;
use super::settings::Area;
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
    /// Settings areas changed on two devices, the latest per area, with the version that lost.
    #[serde(default)]
    pub settings_conflicts: Vec<SettingsConflict>,
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
    /// What syncs.
    #[serde(default)]
    pub scope: SyncScope,
}

/// What the user chose to sync. Conversations by default; settings and, with them, API keys
/// only when asked for.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct SyncScope {
    /// Conversations and their messages.
    #[serde(default = "yes")]
    pub conversations: bool,
    /// Providers, personas, world books, dictionaries, MCP servers, web search, workflows
    /// ([`settings`](super::settings)).
    #[serde(default)]
    pub settings: bool,
    /// API keys and other credentials, with the settings.
    #[serde(default)]
    pub api_keys: bool,
}

fn yes() -> bool {
    true
}

impl Default for SyncScope {
    fn default() -> Self {
        Self {
            conversations: true,
            settings: false,
            api_keys: false,
        }
    }
}

impl SyncScope {
    pub fn includes(&self, kind: Kind) -> bool {
        match kind {
            Kind::Conversation | Kind::Message => self.conversations,
            Kind::Settings => self.settings,
        }
    }

    /// Whether credentials are sent and taken.
    pub fn keys(&self) -> bool {
        self.settings && self.api_keys
    }

    /// Whether `self` syncs something `before` did not.
    pub fn widens(&self, before: &Self) -> bool {
        (self.conversations && !before.conversations)
            || (self.settings && !before.settings)
            || (self.keys() && !before.keys())
    }
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

/// A settings area changed on two devices while apart: the later synced version was kept, and
/// the one that lost is kept here (as this device reads it: credentials emptied unless they
/// sync) so that the user can take it instead.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingsConflict {
    pub area: Area,
    pub other: Value,
    /// Whether the version that lost was this device's own.
    pub lost_here: bool,
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
            self.settings_conflicts.clear();
            self.last_sync_ms = None;
        }
        if self.device_id.is_empty() || !same {
            self.device_id = device_id;
        }
        self.setup = Some(setup);
    }

    /// Changes what syncs. Something newly included is read again from the start of the
    /// server's feed (what was skipped while it was off); the ledger of conversations stays, so
    /// only what this device lacks is fetched. Settings (or keys) newly included start over, as
    /// on joining: the account's settings win over those here.
    pub fn set_scope(&mut self, scope: SyncScope) {
        let Some(setup) = self.setup.as_mut() else {
            return;
        };
        let before = setup.scope;
        setup.scope = scope;
        if scope.widens(&before) {
            self.pull_since = None;
        }
        if (scope.settings && !before.settings) || (scope.keys() && !before.keys()) {
            self.docs.retain(|_, e| e.local.kind != Kind::Settings);
        }
    }

    /// What syncs (nothing when sync is not set up).
    pub fn scope(&self) -> SyncScope {
        self.setup.as_ref().map(|s| s.scope).unwrap_or_default()
    }

    /// Turns syncing off on this device; the chats stay, and so does the server's copy.
    pub fn forget(&mut self) {
        *self = Self::default();
    }

    pub(crate) fn note_conflict(&mut self, note: ConflictNote) {
        self.conflicts.insert(0, note);
        self.conflicts.truncate(CONFLICTS_KEPT);
    }

    pub(crate) fn note_settings_conflict(&mut self, note: SettingsConflict) {
        self.settings_conflicts.retain(|n| n.area != note.area);
        self.settings_conflicts.insert(0, note);
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
    /// An area of the settings (its `id` is the area's name; no conversation).
    Settings,
}
