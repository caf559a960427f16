//! A test fixture: one database of a CouchDB-protocol server held in memory, with the revision
//! trees, `_changes`, `_revs_diff`, `_bulk_get`, `_bulk_docs` (`new_edits: false`) and
//! `_local` documents the replicator uses, and a switch that drops the connection after a
//! number of requests. The e2e suite syncs against a real server (PouchDB Server).

use super::couch::{rev_order, split_rev, CouchDb, Method};
use super::SyncError;
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::collections::BTreeMap;

#[derive(Default)]
struct Doc {
    /// Revision to (parent revision, body, deleted).
    revs: BTreeMap<String, (Option<String>, Option<Value>, bool)>,
    seq: u64,
}

impl Doc {
    fn leaves(&self) -> Vec<String> {
        let parents: Vec<&String> = self.revs.values().filter_map(|r| r.0.as_ref()).collect();
        self.revs
            .keys()
            .filter(|rev| !parents.contains(rev))
            .cloned()
            .collect()
    }

    fn winner(&self) -> Option<String> {
        let mut leaves = self.leaves();
        leaves.sort_by(|a, b| {
            let live = |r: &String| !self.revs[r].2;
            live(a).cmp(&live(b)).then_with(|| rev_order(a, b))
        });
        leaves.pop()
    }

    fn body(&self, id: &str, rev: &str) -> Option<Value> {
        let (_, body, deleted) = self.revs.get(rev)?;
        let mut doc = body.clone().unwrap_or_else(|| json!({}));
        doc["_id"] = json!(id);
        doc["_rev"] = json!(rev);
        if *deleted {
            doc["_deleted"] = json!(true);
        }
        Some(doc)
    }
}

/// CouchDB's rule for replacing a document by id: the body names the current revision (none
/// for a new one), else 409.
fn same_rev(current: Option<&str>, body: Option<&Value>, id: &str) -> Result<(), SyncError> {
    let given = body.and_then(|b| b.get("_rev")).and_then(Value::as_str);
    if current == given {
        Ok(())
    } else {
        Err(SyncError::Http {
            status: 409,
            what: id.to_owned(),
            detail: "conflict".into(),
        })
    }
}

#[derive(Default)]
pub(crate) struct TestServer {
    exists: Cell<bool>,
    docs: RefCell<BTreeMap<String, Doc>>,
    local: RefCell<BTreeMap<String, Value>>,
    seq: Cell<u64>,
    requests: Cell<usize>,
    fail_after: Cell<Option<usize>>,
    pub(crate) log: RefCell<Vec<String>>,
}

impl TestServer {
    /// Every request after the next `n` fails as a dropped connection does.
    pub(crate) fn drop_after(&self, n: usize) {
        self.fail_after.set(Some(self.requests.get() + n));
    }

    pub(crate) fn reconnect(&self) {
        self.fail_after.set(None);
    }

    /// Every stored body and id as text, `_local` documents included.
    pub(crate) fn everything_stored(&self) -> String {
        let mut all = String::new();
        for (id, doc) in self.docs.borrow().iter() {
            all.push_str(id);
            for (rev, (_, body, _)) in &doc.revs {
                all.push_str(rev);
                all.push_str(&body.clone().unwrap_or_default().to_string());
            }
        }
        for (id, body) in self.local.borrow().iter() {
            all.push_str(id);
            all.push_str(&body.to_string());
        }
        all
    }

    /// Live leaves per document id.
    pub(crate) fn live_leaves(&self) -> BTreeMap<String, usize> {
        self.docs
            .borrow()
            .iter()
            .map(|(id, doc)| {
                let live = doc.leaves().iter().filter(|r| !doc.revs[*r].2).count();
                (id.clone(), live)
            })
            .collect()
    }

    pub(crate) fn doc_count(&self) -> usize {
        self.docs.borrow().len()
    }

    fn bump(&self) -> u64 {
        self.seq.set(self.seq.get() + 1);
        self.seq.get()
    }

    fn insert(&self, doc: &Value) {
        let Some(id) = doc.get("_id").and_then(Value::as_str) else {
            return;
        };
        let Some(rev) = doc.get("_rev").and_then(Value::as_str) else {
            return;
        };
        let start = doc["_revisions"]["start"].as_u64().unwrap_or(1);
        let ids: Vec<String> = doc["_revisions"]["ids"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|v| v.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default();
        let mut docs = self.docs.borrow_mut();
        let entry = docs.entry(id.to_owned()).or_default();
        if entry.revs.contains_key(rev) {
            return;
        }
        let chain: Vec<String> = ids
            .iter()
            .enumerate()
            .map(|(i, hash)| format!("{}-{hash}", start - i as u64))
            .collect();
        for (i, link) in chain.iter().enumerate().skip(1) {
            entry
                .revs
                .entry(link.clone())
                .or_insert((chain.get(i + 1).cloned(), None, false));
        }
        let mut body = doc.clone();
        let deleted = body.get("_deleted").and_then(Value::as_bool) == Some(true);
        if let Some(map) = body.as_object_mut() {
            map.retain(|k, _| !k.starts_with('_'));
        }
        entry
            .revs
            .insert(rev.to_owned(), (chain.get(1).cloned(), Some(body), deleted));
        entry.seq = self.bump();
    }

    fn answer(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Option<Value>, SyncError> {
        let (path, query) = path.split_once('?').unwrap_or((path, ""));
        let param = |name: &str| {
            query
                .split('&')
                .find_map(|kv| kv.strip_prefix(&format!("{name}=")))
                .map(str::to_owned)
        };
        match (method, path) {
            (Method::Get, "") => Ok(self.exists.get().then(|| json!({"db_name": "test"}))),
            (Method::Put, "") => {
                self.exists.set(true);
                Ok(Some(json!({"ok": true})))
            }
            (Method::Get, "_changes") => {
                let since: u64 = param("since").and_then(|s| s.parse().ok()).unwrap_or(0);
                let limit: usize = param("limit")
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(usize::MAX);
                let docs = self.docs.borrow();
                let mut changed: Vec<(&String, &Doc)> =
                    docs.iter().filter(|(_, d)| d.seq > since).collect();
                changed.sort_by_key(|(_, d)| d.seq);
                changed.truncate(limit);
                let results: Vec<Value> = changed
                    .iter()
                    .map(|(id, d)| {
                        let winner = d.winner().unwrap_or_default();
                        json!({
                            "id": id,
                            "seq": d.seq,
                            "changes": d.leaves().iter().map(|r| json!({"rev": r})).collect::<Vec<_>>(),
                            "deleted": d.revs.get(&winner).is_some_and(|r| r.2),
                        })
                    })
                    .collect();
                let last = changed.last().map_or(since, |(_, d)| d.seq);
                Ok(Some(json!({"results": results, "last_seq": last})))
            }
            (Method::Post, "_revs_diff") => {
                let docs = self.docs.borrow();
                let mut out = serde_json::Map::new();
                for (id, revs) in body.and_then(Value::as_object).into_iter().flatten() {
                    let missing: Vec<Value> = revs
                        .as_array()
                        .into_iter()
                        .flatten()
                        .filter(|r| {
                            !docs.get(id).is_some_and(|d| {
                                d.revs.contains_key(r.as_str().unwrap_or_default())
                            })
                        })
                        .cloned()
                        .collect();
                    if !missing.is_empty() {
                        out.insert(id.clone(), json!({ "missing": missing }));
                    }
                }
                Ok(Some(Value::Object(out)))
            }
            (Method::Post, "_bulk_get") => {
                let docs = self.docs.borrow();
                let results: Vec<Value> = body
                    .map(|b| b["docs"].clone())
                    .and_then(|d| d.as_array().cloned())
                    .unwrap_or_default()
                    .iter()
                    .map(|want| {
                        let id = want["id"].as_str().unwrap_or_default();
                        let rev = want["rev"].as_str().unwrap_or_default();
                        let found = docs.get(id).and_then(|d| d.body(id, rev));
                        let entry = match found {
                            Some(doc) => json!({"ok": doc}),
                            None => json!({"error": {"id": id, "rev": rev, "error": "not_found"}}),
                        };
                        json!({"id": id, "docs": [entry]})
                    })
                    .collect();
                Ok(Some(json!({ "results": results })))
            }
            (Method::Post, "_bulk_docs") => {
                for doc in body
                    .and_then(|b| b["docs"].as_array().cloned())
                    .unwrap_or_default()
                {
                    self.insert(&doc);
                }
                Ok(Some(json!([])))
            }
            (Method::Get, id) if id.starts_with("_local/") => {
                Ok(self.local.borrow().get(id).cloned())
            }
            (Method::Put, id) if id.starts_with("_local/") => {
                // As CouchDB: a `_local` document is replaced only with its current revision.
                let mut local = self.local.borrow_mut();
                let current = local
                    .get(id)
                    .and_then(|d| d["_rev"].as_str().map(str::to_owned));
                same_rev(current.as_deref(), body, id)?;
                let n: u64 = current
                    .as_deref()
                    .and_then(|r| r.split_once('-'))
                    .and_then(|(_, n)| n.parse().ok())
                    .unwrap_or(0);
                let rev = format!("0-{}", n + 1);
                let mut doc = body.cloned().unwrap_or_default();
                doc["_rev"] = json!(rev);
                local.insert(id.to_owned(), doc);
                Ok(Some(json!({"ok": true, "id": id, "rev": rev})))
            }
            (Method::Get, id) => {
                let docs = self.docs.borrow();
                Ok(docs.get(id).and_then(|d| {
                    let winner = d.winner()?;
                    if d.revs[&winner].2 {
                        return None;
                    }
                    d.body(id, &winner)
                }))
            }
            (Method::Put, id) => {
                let current = self.docs.borrow().get(id).and_then(Doc::winner);
                same_rev(current.as_deref(), body, id)?;
                let generation = current.as_deref().and_then(split_rev).map_or(0, |(g, _)| g);
                let hash = format!("h{}", self.seq.get() + 1);
                let mut doc = body.cloned().unwrap_or_default();
                doc["_id"] = json!(id);
                doc["_rev"] = json!(format!("{}-{hash}", generation + 1));
                let mut ids = vec![json!(hash)];
                if let Some((_, parent)) = current.as_deref().and_then(split_rev) {
                    ids.push(json!(parent));
                }
                doc["_revisions"] = json!({"start": generation + 1, "ids": ids});
                self.insert(&doc);
                Ok(Some(json!({"ok": true})))
            }
            (method, path) => Err(SyncError::Http {
                status: 400,
                what: format!("{method:?} {path}"),
                detail: "not part of the fixture".into(),
            }),
        }
    }
}

impl CouchDb for TestServer {
    async fn request(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Option<Value>, SyncError> {
        let n = self.requests.get() + 1;
        self.requests.set(n);
        if self.fail_after.get().is_some_and(|limit| n > limit) {
            return Err(SyncError::Unreachable("connection dropped".into()));
        }
        self.log.borrow_mut().push(format!(
            "{method:?} {}",
            path.split('?').next().unwrap_or(path)
        ));
        self.answer(method, path, body)
    }
}
