//! The pull half of a round ([`replicate`](super::replicate) says what it does).

use super::couch;
use super::ledger::{ConflictNote, Kind, LedgerEntry, LocalRef, SettingsConflict};
use super::record::Record;
use super::replicate::{Progress, Round, BATCH};
use super::resolve::{winner, Version};
use super::settings::{read_area, write_area, Area, SettingsRecord};
use super::{CouchDb, SyncCipher, SyncError};
use crate::domain::base64;
use crate::domain::message::{Conversation, MessageNode};
use crate::store::ChatStore;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

/// A version pulled and kept, to be written here.
struct Pulled {
    id: String,
    record: Record,
    entry: LedgerEntry,
    /// Where a pull must start again to see this change: the sequence before it.
    resume_from: Option<Value>,
    /// Its place in this round's feed.
    order: usize,
}

impl<S, D, C> Round<'_, S, D, C>
where
    S: ChatStore + ?Sized,
    D: CouchDb,
    C: SyncCipher,
{
    pub(super) async fn pull(&mut self) -> Result<Vec<Value>, SyncError> {
        let mut since = self.state.pull_since.clone();
        let mut held: Vec<Pulled> = Vec::new();
        let mut resolutions = Vec::new();
        loop {
            let page = couch::changes(self.db, since.as_ref(), BATCH).await?;
            let count = page.results.len();
            if count == 0 {
                break;
            }
            let (pulled, deleted) = self
                .decide(&page.results, since.as_ref(), &mut resolutions)
                .await?;
            self.delete_here(&deleted).await?;
            held = self.apply(held.into_iter().chain(pulled).collect()).await?;
            since = Some(page.last_seq);
            // Past everything applied: up to the first change still held, if any.
            let first_held = held.iter().min_by_key(|p| p.order);
            match first_held {
                None => self.checkpoint(since.clone()).await?,
                Some(p) if p.resume_from != self.state.pull_since => {
                    self.checkpoint(p.resume_from.clone()).await?;
                }
                Some(_) => self.store.save_sync_state(self.state).await?,
            }
            (self.progress)(Progress::Pulling {
                applied: self.report.pulled,
            });
            if count < BATCH {
                break;
            }
        }
        // Messages whose conversation never came were deleted with it elsewhere.
        if since != self.state.pull_since {
            self.checkpoint(since).await?;
        }
        Ok(resolutions)
    }

    async fn checkpoint(&mut self, since: Option<Value>) -> Result<(), SyncError> {
        self.state.pull_since = since;
        self.store.save_sync_state(self.state).await?;
        // The protocol's record of the checkpoint on the server, beside this device's own; its
        // revision is kept, so it is written without being read first.
        let id = self.account.keys.checkpoint_id(&self.state.device_id);
        let mut body = json!({ "last_seq": self.state.pull_since });
        if let Some(rev) = &self.state.checkpoint_rev {
            body["_rev"] = json!(rev);
        }
        let written = match couch::put_doc(self.db, &id, &body).await {
            // Written before this device's ledger started over: replace that one.
            Err(SyncError::Http { status: 409, .. }) => {
                let old = couch::get_doc(self.db, &id).await?;
                body["_rev"] = old.and_then(|o| o.get("_rev").cloned()).unwrap_or_default();
                couch::put_doc(self.db, &id, &body).await?
            }
            other => other?,
        };
        self.state.checkpoint_rev = written;
        Ok(self.store.save_sync_state(self.state).await?)
    }

    /// Fetches what this device lacks of `changes` and decides each document: the versions to
    /// write here, and the documents deleted on the server. Deletions of losing leaves go to
    /// `resolutions`.
    async fn decide(
        &mut self,
        changes: &[couch::Change],
        since: Option<&Value>,
        resolutions: &mut Vec<Value>,
    ) -> Result<(Vec<Pulled>, Vec<LedgerEntry>), SyncError> {
        self.stored_messages.clear();
        let scope = self.state.scope();
        let deleted_ids: BTreeSet<&str> = changes
            .iter()
            .filter(|c| c.deleted)
            .map(|c| c.id.as_str())
            .collect();
        let mut wanted = Vec::new();
        let mut deleted = Vec::new();
        for change in changes {
            if change.id == super::account::ACCOUNT_DOC {
                continue;
            }
            let ours = self.state.docs.get(&change.id).map(|e| e.rev.as_str());
            if change.deleted && change.changes.len() == 1 {
                // Settings are never deleted, and what is not synced now waits (the feed is read
                // again when it is included).
                let deletable = self.state.docs.get(&change.id).is_some_and(|e| {
                    e.local.kind != Kind::Settings && scope.includes(e.local.kind)
                });
                if !deletable {
                    continue;
                }
                if let Some(entry) = self.state.docs.remove(&change.id) {
                    // Changed here since it was exchanged: what was written here stays, and
                    // goes to the server again. So do the messages of a conversation that
                    // stays so.
                    let changed_here = self.changed_here(&entry).await?;
                    if changed_here && entry.local.kind == Kind::Conversation {
                        self.kept_conversations.insert(entry.local.id.clone());
                    }
                    let stays = changed_here
                        || (entry.local.kind == Kind::Message
                            && self
                                .conversation_stays(&entry.local.conversation_id, &deleted_ids)
                                .await?);
                    if stays {
                        // Sent again as the deletion's child: the document lives again.
                        let tombstone = change.changes[0].rev.clone();
                        self.state.docs.insert(
                            change.id.clone(),
                            LedgerEntry {
                                rev: tombstone,
                                fingerprint: String::new(),
                                local: entry.local,
                            },
                        );
                    } else {
                        deleted.push(entry);
                    }
                }
                continue;
            }
            for leaf in &change.changes {
                if Some(leaf.rev.as_str()) != ours {
                    wanted.push((change.id.clone(), leaf.rev.clone()));
                }
            }
        }
        if wanted.is_empty() {
            return Ok((Vec::new(), deleted));
        }
        let mut versions: BTreeMap<String, Vec<(String, Version)>> = BTreeMap::new();
        for fetched in couch::bulk_get(self.db, &wanted).await? {
            let Some(doc) = fetched.doc else { continue };
            if doc.get("_deleted").and_then(Value::as_bool) == Some(true) {
                continue;
            }
            match self.open(&fetched.id, &doc).await {
                Some(record) if !scope.includes(record.local_ref().kind) => {}
                Some(record) => {
                    let fingerprint = record.fingerprint();
                    versions.entry(fetched.id).or_default().push((
                        fetched.rev,
                        Version {
                            record,
                            fingerprint,
                        },
                    ));
                }
                None => self.report.unreadable += 1,
            }
        }
        let mut pulled = Vec::new();
        let mut before = since.cloned();
        for change in changes {
            let resume_from = before.replace(change.seq.clone());
            let Some(remote) = versions.remove(&change.id) else {
                continue;
            };
            if let Some(mut kept) = self.decide_one(change, remote, resolutions).await? {
                kept.resume_from = resume_from;
                kept.order = self.fed;
                pulled.push(kept);
            }
            self.fed += 1;
        }
        Ok((pulled, deleted))
    }

    async fn decide_one(
        &mut self,
        change: &couch::Change,
        remote: Vec<(String, Version)>,
        resolutions: &mut Vec<Value>,
    ) -> Result<Option<Pulled>, SyncError> {
        let entry = self.state.docs.get(&change.id).cloned();
        let local_ref = entry
            .as_ref()
            .map(|e| e.local.clone())
            .unwrap_or_else(|| remote[0].1.record.local_ref());
        let local = self.local_version(&local_ref).await?;
        let our_leaf = entry
            .as_ref()
            .filter(|e| change.changes.iter().any(|c| c.rev == e.rev))
            .map(|e| e.rev.clone());
        let unsent = match (&local, &entry) {
            (Some(local), Some(entry)) => local.fingerprint != entry.fingerprint,
            (Some(_), None) => true,
            (None, _) => false,
        };
        // The local version competes if it is unsent or still a leaf on the server.
        let mut candidates: Vec<Version> = remote.iter().map(|(_, v)| v.clone()).collect();
        let local_competes = local.is_some() && (unsent || our_leaf.is_some());
        if let (true, Some(local)) = (local_competes, &local) {
            candidates.push(local.clone());
        }
        let Some(kept) = winner(&candidates) else {
            return Ok(None);
        };
        let kept = candidates[kept].clone();
        let distinct: BTreeSet<&str> = candidates.iter().map(|v| v.fingerprint.as_str()).collect();
        if distinct.len() > 1 {
            self.report.conflicts += 1;
            let here = match (&local, local_competes) {
                (Some(l), true) => Some(l.fingerprint.as_str()),
                _ => None,
            };
            self.note_conflict(&kept, &candidates, here);
        }
        // The leaf the next revision builds on: the server's winner among live leaves.
        let mut leaves: Vec<(String, String)> = remote
            .iter()
            .map(|(rev, v)| (rev.clone(), v.fingerprint.clone()))
            .collect();
        if let (Some(rev), Some(entry)) = (&our_leaf, &entry) {
            leaves.push((rev.clone(), entry.fingerprint.clone()));
        }
        leaves.sort_by(|a, b| couch::rev_order(&a.0, &b.0));
        let Some((base_rev, base_fingerprint)) = leaves.pop() else {
            return Ok(None);
        };
        for (rev, _) in &leaves {
            resolutions.push(self.deletion_of(&change.id, rev));
        }
        let new_entry = LedgerEntry {
            rev: base_rev,
            fingerprint: base_fingerprint,
            local: kept.record.local_ref(),
        };
        let here = local.as_ref().map(|l| l.fingerprint.as_str());
        if here == Some(kept.fingerprint.as_str()) {
            // What is here stays; the ledger moves to the server's leaf, so a kept local
            // version that differs from it is pushed as its child.
            self.state.docs.insert(change.id.clone(), new_entry);
            return Ok(None);
        }
        Ok(Some(Pulled {
            id: change.id.clone(),
            record: kept.record,
            entry: new_entry,
            resume_from: None,
            order: 0,
        }))
    }

    /// Whether what `entry` stands for differs here from what was last exchanged.
    async fn changed_here(&mut self, entry: &LedgerEntry) -> Result<bool, SyncError> {
        let here = self.local_version(&entry.local).await?;
        Ok(here.is_some_and(|v| v.fingerprint != entry.fingerprint))
    }

    /// Whether conversation `id` outlives its deletion elsewhere (it was changed here), so that
    /// its messages, deleted with it, stay too. A message deleted on its own (a branch removed
    /// elsewhere) is deleted here even when the conversation was renamed here.
    async fn conversation_stays(
        &mut self,
        id: &str,
        deleted_ids: &BTreeSet<&str>,
    ) -> Result<bool, SyncError> {
        if self.kept_conversations.contains(id) {
            return Ok(true);
        }
        let doc_id = self.account.keys.doc_id(&Record::conversation_key(id));
        let Some(entry) = self.state.docs.get(&doc_id).cloned() else {
            return Ok(false);
        };
        if !self.changed_here(&entry).await? {
            return Ok(false);
        }
        // Its own deletion is in this page, or further on (then the server says it is gone).
        Ok(deleted_ids.contains(doc_id.as_str())
            || couch::get_doc(self.db, &doc_id).await?.is_none())
    }

    /// Notes what the user should see of a conflict: a title that lost, or the settings that
    /// lost (`local`: the fingerprint of this device's version, if it took part).
    fn note_conflict(&mut self, kept: &Version, candidates: &[Version], local: Option<&str>) {
        if let Record::Settings(kept_settings) = &kept.record {
            let lost = candidates
                .iter()
                .find(|v| v.fingerprint != kept.fingerprint);
            // Versions that differ only in credentials (one device sends them, another not)
            // lose nothing the user sees: the credentials here are kept on writing.
            let seen = |r: &SettingsRecord| r.clone().read_as(false).map(|r| r.value);
            if let Some(Version {
                record: Record::Settings(other),
                fingerprint,
            }) = lost.filter(|v| match &v.record {
                Record::Settings(other) => seen(other) != seen(kept_settings),
                _ => false,
            }) {
                self.state.note_settings_conflict(SettingsConflict {
                    area: kept_settings.area,
                    other: other.value.clone(),
                    lost_here: local == Some(fingerprint.as_str()),
                    at_ms: self.now_ms,
                });
            }
            return;
        }
        let Record::Conversation(kept_conversation) = &kept.record else {
            return;
        };
        let other = candidates.iter().find_map(|v| match &v.record {
            Record::Conversation(c) if c.title != kept_conversation.title => Some(c.title.clone()),
            _ => None,
        });
        if let Some(other_title) = other {
            self.state.note_conflict(ConflictNote {
                conversation_id: kept_conversation.id.clone(),
                kept_title: kept_conversation.title.clone(),
                other_title,
                at_ms: self.now_ms,
            });
        }
    }

    /// What is stored here for `local`, with its fingerprint (a streaming message counts as
    /// not here: it is not synced until finished).
    async fn local_version(&mut self, local: &LocalRef) -> Result<Option<Version>, SyncError> {
        let record = match local.kind {
            Kind::Conversation => self
                .store
                .load_conversation(&local.id)
                .await?
                .filter(|c| !c.temporary)
                .map(Record::Conversation),
            Kind::Message => {
                if !self.stored_messages.contains_key(&local.conversation_id) {
                    let stored = self.store.load_messages(&local.conversation_id).await?;
                    self.stored_messages
                        .insert(local.conversation_id.clone(), stored);
                }
                self.stored_messages
                    .get(&local.conversation_id)
                    .and_then(|all| all.iter().find(|m| m.id == local.id))
                    .filter(|m| m.status != crate::domain::message::MessageStatus::Streaming)
                    .cloned()
                    .map(Record::Message)
            }
            Kind::Settings => {
                let Some(area) = Area::from_name(&local.id) else {
                    return Ok(None);
                };
                let (value, set) = read_area(self.store, area, self.state.scope().keys()).await?;
                // Never exchanged, this device's settings count as older than the account's.
                let id = self.account.keys.doc_id(&Record::settings_key(area));
                let exchanged = self.state.docs.contains_key(&id);
                let changed_ms = if exchanged { self.now_ms } else { 0.0 };
                (set || exchanged).then_some(Record::Settings(SettingsRecord {
                    area,
                    changed_ms,
                    value,
                }))
            }
        };
        Ok(record.map(|record| Version {
            fingerprint: record.fingerprint(),
            record,
        }))
    }

    /// Opens a document: `None` if this account's key cannot, or if what it holds is not the
    /// record its id names.
    async fn open(&self, id: &str, doc: &Value) -> Option<Record> {
        let sealed = base64::decode(doc.get("s")?.as_str()?).ok()?;
        let plain = self
            .account
            .cipher
            .open(id.as_bytes(), &sealed)
            .await
            .ok()?;
        let record = match Record::from_bytes(&plain).ok()? {
            Record::Settings(s) => Record::Settings(s.read_as(self.state.scope().keys())?),
            record => record,
        };
        (self.account.keys.doc_id(&record.key()) == id).then_some(record)
    }

    /// Writes pulled versions here, each message with its conversation in one transaction.
    /// Returns the messages whose conversation is not here (yet).
    async fn apply(&mut self, pulled: Vec<Pulled>) -> Result<Vec<Pulled>, SyncError> {
        if pulled.is_empty() {
            return Ok(pulled);
        }
        let mut conversations: BTreeMap<String, Conversation> = BTreeMap::new();
        type Origin = (String, LedgerEntry, Option<Value>, usize);
        let mut messages: BTreeMap<String, Vec<(MessageNode, Origin)>> = BTreeMap::new();
        let mut entries = Vec::new();
        for p in pulled {
            match p.record {
                Record::Settings(settings) => {
                    write_area(self.store, &settings, self.state.scope().keys()).await?;
                    entries.push((p.id, p.entry));
                    self.report.settings_changed = true;
                }
                Record::Conversation(c) => {
                    entries.push((p.id, p.entry));
                    conversations.insert(c.id.clone(), c);
                }
                Record::Message(m) => messages
                    .entry(m.conversation_id.clone())
                    .or_default()
                    .push((m, (p.id, p.entry, p.resume_from, p.order))),
            }
        }
        let mut writes: Vec<(Conversation, Vec<MessageNode>)> = Vec::new();
        let mut held = Vec::new();
        for (conversation_id, nodes) in messages {
            let conversation = match conversations.remove(&conversation_id) {
                Some(c) => Some(c),
                None => self.store.load_conversation(&conversation_id).await?,
            };
            let Some(conversation) = conversation else {
                held.extend(
                    nodes
                        .into_iter()
                        .map(|(m, (id, entry, resume_from, order))| Pulled {
                            id,
                            record: Record::Message(m),
                            entry,
                            resume_from,
                            order,
                        }),
                );
                continue;
            };
            let mut list = Vec::with_capacity(nodes.len());
            for (node, (id, entry, _, _)) in nodes {
                entries.push((id, entry));
                list.push(node);
            }
            writes.push((conversation, list));
        }
        writes.extend(conversations.into_values().map(|c| (c, Vec::new())));
        if !writes.is_empty() {
            self.store.import_conversations(&writes).await?;
            for (conversation, _) in &writes {
                self.report.touched(&conversation.id);
            }
        }
        self.report.pulled += entries.len();
        self.state.docs.extend(entries);
        Ok(held)
    }

    /// Deletes here what was deleted on the server.
    async fn delete_here(&mut self, deleted: &[LedgerEntry]) -> Result<(), SyncError> {
        for entry in deleted {
            match entry.local.kind {
                Kind::Conversation => {
                    self.store.delete_conversation(&entry.local.id).await?;
                    let id = &entry.local.id;
                    self.state
                        .docs
                        .retain(|_, e| &e.local.conversation_id != id);
                }
                // Never deleted (see `decide`).
                Kind::Settings => continue,
                Kind::Message => {
                    let Some(conversation) = self
                        .store
                        .load_conversation(&entry.local.conversation_id)
                        .await?
                    else {
                        continue;
                    };
                    self.store
                        .delete_messages(&conversation, std::slice::from_ref(&entry.local.id))
                        .await?;
                }
            }
            self.report.deleted_here += 1;
            self.report.touched(&entry.local.conversation_id);
        }
        Ok(())
    }
}
