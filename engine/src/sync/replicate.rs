//! One sync round: pull, then push.
//!
//! **Pull** reads `_changes` (all leaf revisions of each document) in batches from the
//! checkpoint, fetches the revisions this device lacks with `_bulk_get`, opens them, and
//! decides each document: one version is kept by the rules of [`resolve`](super::resolve)
//! (this device's unsent change takes part), written here if it is not what is here, and every
//! other leaf is marked for deletion on the server. A deleted document is deleted here. The
//! checkpoint moves only past changes that are all applied: a message whose conversation has not
//! arrived yet holds it just before that message until the conversation comes (or the round
//! ends: then the conversation was deleted elsewhere). `pull.rs` and `push.rs` hold the two.
//!
//! **Push** compares every local record's fingerprint with the ledger, seals what changed as
//! the next revision of what was last exchanged (the same on every device for the same parent
//! and content), adds a deletion for each exchanged document that is gone here, asks
//! `_revs_diff` what the server lacks, and sends that with `_bulk_docs`, a batch at a time,
//! recording each batch in the ledger as soon as the server has it.

use super::account::Account;
use super::couch::{self, CouchDb};
use super::ledger::SyncState;
use super::{SyncCipher, SyncError};
use crate::domain::message::MessageNode;
use crate::store::ChatStore;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// Documents per request.
pub const BATCH: usize = 100;

/// What one round did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncReport {
    /// Documents written here from the server.
    pub pulled: usize,
    /// Documents the server did not have and now has.
    pub pushed: usize,
    /// Conversations and messages deleted here because they were deleted elsewhere.
    pub deleted_here: usize,
    /// Documents changed on two devices, resolved.
    pub conflicts: usize,
    /// Documents that could not be opened with this account's key, left alone.
    pub unreadable: usize,
    /// The conversations written or deleted here, each once: what the screen must read again.
    pub changed: Vec<String>,
    /// Settings were written here: the screen reads them again.
    pub settings_changed: bool,
}

impl SyncReport {
    pub(super) fn touched(&mut self, conversation_id: &str) {
        if !self.changed.iter().any(|id| id == conversation_id) {
            self.changed.push(conversation_id.to_owned());
        }
    }
}

/// How far a round is, for the settings to show.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Progress {
    Pulling { applied: usize },
    Pushing { sent: usize, of: usize },
}

/// Runs one round and saves the state after each batch; `full` reads every message for the
/// push ([`local_changes`](super::record::local_changes)). On an error the state saved so far
/// stays: the next round resumes from the last batch applied.
pub async fn sync_once<S, D, C>(
    store: &S,
    db: &D,
    account: &Account<C>,
    state: &mut SyncState,
    now_ms: f64,
    full: bool,
    progress: &mut dyn FnMut(Progress),
) -> Result<SyncReport, SyncError>
where
    S: ChatStore + ?Sized,
    D: CouchDb,
    C: SyncCipher,
{
    let mut round = Round {
        store,
        db,
        account,
        state,
        now_ms,
        full,
        progress,
        report: SyncReport::default(),
        stored_messages: BTreeMap::new(),
        fed: 0,
        kept_conversations: BTreeSet::new(),
    };
    let resolutions = round.pull().await?;
    round.push(resolutions).await?;
    if round.report.pushed > 0 {
        // What was just sent is in the feed now: read past it (and whatever another device
        // wrote meanwhile), so that a wait on the feed is for other devices' changes only.
        let resolutions = round.pull().await?;
        round.push(resolutions).await?;
    }
    round.state.last_sync_ms = Some(now_ms);
    round.store.save_sync_state(round.state).await?;
    Ok(round.report)
}

/// How many local changes the next push would send: records new or changed since they were
/// last exchanged, and exchanged documents gone here.
pub async fn pending<S: ChatStore + ?Sized>(
    store: &S,
    keys: &super::account::Keys,
    state: &SyncState,
) -> Result<usize, SyncError> {
    let (changed, gone) =
        super::record::local_changes(store, keys, &state.docs, state.scope(), false, 0.0).await?;
    Ok(changed.len() + gone.len())
}

pub(super) struct Round<'a, S: ?Sized, D, C> {
    pub(super) store: &'a S,
    pub(super) db: &'a D,
    pub(super) account: &'a Account<C>,
    pub(super) state: &'a mut SyncState,
    pub(super) now_ms: f64,
    /// Every message is read for the push, not only those of changed conversations
    /// ([`local_changes`](super::record::local_changes)).
    pub(super) full: bool,
    pub(super) progress: &'a mut dyn FnMut(Progress),
    pub(super) report: SyncReport,
    /// One batch's conversations' messages as stored here, read once per conversation.
    pub(super) stored_messages: BTreeMap<String, Vec<MessageNode>>,
    /// Changes of the feed seen so far this round.
    pub(super) fed: usize,
    /// Conversations deleted elsewhere that stay here, changed since (their messages stay too).
    pub(super) kept_conversations: BTreeSet<String>,
}

impl<S, D, C> Round<'_, S, D, C>
where
    S: ChatStore + ?Sized,
    D: CouchDb,
    C: SyncCipher,
{
    /// A deletion of the leaf `rev`, the same revision on every device that makes it.
    pub(super) fn deletion_of(&self, id: &str, rev: &str) -> Value {
        let (generation, parent_hash) = couch::split_rev(rev).unwrap_or((0, ""));
        let hash = self.account.keys.rev_hash(rev, "deleted");
        json!({
            "_id": id,
            "_rev": format!("{}-{hash}", generation + 1),
            "_deleted": true,
            "_revisions": { "start": generation + 1, "ids": [hash, parent_hash] },
        })
    }
}
