//! The push half of a round ([`replicate`](super::replicate) says what it does).

use super::couch;
use super::ledger::LedgerEntry;
use super::record::{local_changes, Changed, Record};
use super::replicate::{Progress, Round, BATCH};
use super::{CouchDb, SyncCipher, SyncError};
use crate::domain::base64;
use crate::store::ChatStore;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};

impl<S, D, C> Round<'_, S, D, C>
where
    S: ChatStore + ?Sized,
    D: CouchDb,
    C: SyncCipher,
{
    pub(super) async fn push(&mut self, resolutions: Vec<Value>) -> Result<(), SyncError> {
        let mut plan: Vec<Outgoing> = resolutions.into_iter().map(Outgoing::Resolution).collect();
        let (changed, gone) = local_changes(
            self.store,
            &self.account.keys,
            &self.state.docs,
            self.state.scope(),
            self.full,
            self.now_ms,
        )
        .await?;
        for Changed {
            id,
            fingerprint,
            record,
        } in changed
        {
            let parent_rev = self.state.docs.get(&id).map(|e| e.rev.clone());
            let rev = self.next_rev(parent_rev.as_deref(), &fingerprint);
            plan.push(Outgoing::Record {
                id,
                rev,
                parent_rev,
                fingerprint,
                record: Box::new(record),
            });
        }
        for id in gone {
            if let Some(entry) = self.state.docs.get(&id) {
                let doc = self.deletion_of(&id, &entry.rev);
                plan.push(Outgoing::Deletion { id, doc });
            }
        }
        let of = plan.len();
        let mut sent = 0;
        let mut plan = plan.into_iter().peekable();
        while plan.peek().is_some() {
            let batch: Vec<Outgoing> = plan.by_ref().take(BATCH).collect();
            sent += batch.len();
            self.send(batch).await?;
            (self.progress)(Progress::Pushing { sent, of });
        }
        Ok(())
    }

    fn next_rev(&self, parent: Option<&str>, fingerprint: &str) -> String {
        let generation = parent.and_then(couch::split_rev).map_or(0, |(g, _)| g);
        let hash = self
            .account
            .keys
            .rev_hash(parent.unwrap_or_default(), fingerprint);
        format!("{}-{hash}", generation + 1)
    }

    /// Sends one batch: what the server lacks of it, sealed. Records it in the ledger.
    async fn send(&mut self, batch: Vec<Outgoing>) -> Result<(), SyncError> {
        let mut revs: BTreeMap<String, Vec<String>> = BTreeMap::new();
        for out in &batch {
            let (id, rev) = out.id_rev();
            revs.entry(id.to_owned()).or_default().push(rev.to_owned());
        }
        let missing: BTreeSet<(String, String)> = couch::revs_diff(self.db, &revs)
            .await?
            .into_iter()
            .flat_map(|(id, revs)| revs.into_iter().map(move |rev| (id.clone(), rev)))
            .collect();
        let mut docs = Vec::new();
        for out in &batch {
            let (id, rev) = out.id_rev();
            if !missing.contains(&(id.to_owned(), rev.to_owned())) {
                continue;
            }
            docs.push(match out {
                Outgoing::Resolution(doc) | Outgoing::Deletion { doc, .. } => doc.clone(),
                Outgoing::Record {
                    id,
                    rev,
                    parent_rev,
                    record,
                    ..
                } => self.seal(id, rev, parent_rev.as_deref(), record).await?,
            });
        }
        let sent = docs.len();
        if sent > 0 {
            couch::bulk_docs(self.db, docs).await?;
        }
        self.report.pushed += sent;
        for out in batch {
            match out {
                Outgoing::Resolution(_) => {}
                Outgoing::Deletion { id, .. } => {
                    self.state.docs.remove(&id);
                }
                Outgoing::Record {
                    id,
                    rev,
                    fingerprint,
                    record,
                    ..
                } => {
                    let local = record.local_ref();
                    self.state.docs.insert(
                        id,
                        LedgerEntry {
                            rev,
                            fingerprint,
                            local,
                        },
                    );
                }
            }
        }
        self.store.save_sync_state(self.state).await?;
        Ok(())
    }

    async fn seal(
        &self,
        id: &str,
        rev: &str,
        parent_rev: Option<&str>,
        record: &Record,
    ) -> Result<Value, SyncError> {
        let sealed = self
            .account
            .cipher
            .seal(id.as_bytes(), &record.to_bytes())
            .await?;
        let (generation, hash) = couch::split_rev(rev).unwrap_or((1, rev));
        let mut ids = vec![hash.to_owned()];
        if let Some((_, parent_hash)) = parent_rev.and_then(couch::split_rev) {
            ids.push(parent_hash.to_owned());
        }
        Ok(json!({
            "_id": id,
            "_rev": rev,
            "_revisions": { "start": generation, "ids": ids },
            "v": super::account::FORMAT,
            "s": base64::encode(&sealed),
        }))
    }
}

/// One document to send.
enum Outgoing {
    /// A losing leaf's deletion, decided by the pull.
    Resolution(Value),
    /// An exchanged document gone here.
    Deletion { id: String, doc: Value },
    Record {
        id: String,
        rev: String,
        parent_rev: Option<String>,
        fingerprint: String,
        record: Box<Record>,
    },
}

impl Outgoing {
    fn id_rev(&self) -> (&str, &str) {
        match self {
            Self::Resolution(doc) | Self::Deletion { doc, .. } => (
                doc.get("_id").and_then(Value::as_str).unwrap_or_default(),
                doc.get("_rev").and_then(Value::as_str).unwrap_or_default(),
            ),
            Self::Record { id, rev, .. } => (id, rev),
        }
    }
}
