//! CouchDB's replication protocol as requests and answers. The platform only carries a request
//! to the database's URL ([`CouchDb`]); what is asked and how an answer is read is here, where
//! it is tested without a browser.

use super::SyncError;
use serde::Deserialize;
use serde_json::{json, Value};
use std::collections::BTreeMap;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Put,
    Post,
}

/// One database on a CouchDB-protocol server.
#[allow(async_fn_in_trait)]
pub trait CouchDb {
    /// Sends `body` (JSON) to `path` under the database's URL (`""` is the database itself) and
    /// returns the answer's JSON, or `None` for 404. 401 and 403 are
    /// [`SyncError::Unauthorized`], other failures [`SyncError::Http`], a network failure
    /// [`SyncError::Unreachable`].
    async fn request(
        &self,
        method: Method,
        path: &str,
        body: Option<&Value>,
    ) -> Result<Option<Value>, SyncError>;
}

/// The `Authorization` header for a user name and password (HTTP Basic, UTF-8); `None` without
/// a user name.
pub fn basic_auth(username: &str, password: &str) -> Option<String> {
    (!username.is_empty()).then(|| {
        let pair = format!("{username}:{password}");
        format!("Basic {}", crate::domain::base64::encode(pair.as_bytes()))
    })
}

fn bad(what: &str, e: impl std::fmt::Display) -> SyncError {
    SyncError::BadAnswer(format!("{what}: {e}"))
}

/// Creates the database unless it exists.
pub async fn ensure_database<D: CouchDb>(db: &D) -> Result<(), SyncError> {
    if db.request(Method::Get, "", None).await?.is_some() {
        return Ok(());
    }
    match db.request(Method::Put, "", None).await {
        Ok(_) | Err(SyncError::Http { status: 412, .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

/// A document by id (`_local/…` ids too), or `None`.
pub async fn get_doc<D: CouchDb>(db: &D, id: &str) -> Result<Option<Value>, SyncError> {
    db.request(Method::Get, &doc_path(id), None).await
}

/// Writes a document (with its `_rev` in `body` when it replaces one); the revision written.
pub async fn put_doc<D: CouchDb>(
    db: &D,
    id: &str,
    body: &Value,
) -> Result<Option<String>, SyncError> {
    let answer = db.request(Method::Put, &doc_path(id), Some(body)).await?;
    Ok(answer
        .as_ref()
        .and_then(|a| a.get("rev"))
        .and_then(Value::as_str)
        .map(str::to_owned))
}

fn doc_path(id: &str) -> String {
    match id.strip_prefix("_local/") {
        Some(rest) => format!("_local/{}", encode(rest)),
        None => encode(id),
    }
}

/// Percent-encodes everything but unreserved characters.
fn encode(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for byte in text.bytes() {
        if byte.is_ascii_alphanumeric() || matches!(byte, b'-' | b'_' | b'.' | b'~') {
            out.push(char::from(byte));
        } else {
            out.push_str(&format!("%{byte:02X}"));
        }
    }
    out
}

/// One entry of `_changes` with `style=all_docs`: every leaf revision of a document.
#[derive(Debug, Clone, Deserialize)]
pub struct Change {
    pub id: String,
    pub seq: Value,
    pub changes: Vec<ChangeRev>,
    /// The winning revision is a deletion.
    #[serde(default)]
    pub deleted: bool,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ChangeRev {
    pub rev: String,
}

#[derive(Debug, Clone, Deserialize)]
pub struct ChangesPage {
    pub results: Vec<Change>,
    pub last_seq: Value,
}

fn since_param(since: Option<&Value>) -> String {
    match since {
        None => "0".to_owned(),
        Some(Value::String(s)) => encode(s),
        Some(other) => encode(&other.to_string()),
    }
}

/// The changes after `since` (`None`: from the start), at most `limit`.
pub async fn changes<D: CouchDb>(
    db: &D,
    since: Option<&Value>,
    limit: usize,
) -> Result<ChangesPage, SyncError> {
    let query = format!("style=all_docs&since={}&limit={limit}", since_param(since));
    changes_page(db, &query).await
}

/// Waits on the changes feed (`feed=longpoll`) until the server has a change after `since`, or
/// `timeout_ms` pass: whether it has one. This is what makes sync live.
pub async fn wait_for_change<D: CouchDb>(
    db: &D,
    since: Option<&Value>,
    timeout_ms: u32,
) -> Result<bool, SyncError> {
    let query = format!(
        "feed=longpoll&since={}&limit=1&timeout={timeout_ms}",
        since_param(since)
    );
    Ok(!changes_page(db, &query).await?.results.is_empty())
}

async fn changes_page<D: CouchDb>(db: &D, query: &str) -> Result<ChangesPage, SyncError> {
    let answer = db
        .request(Method::Get, &format!("_changes?{query}"), None)
        .await?
        .ok_or_else(|| bad("_changes", "the database is gone"))?;
    serde_json::from_value(answer).map_err(|e| bad("_changes", e))
}

/// Which of `revs` (document id to revisions) the server lacks.
pub async fn revs_diff<D: CouchDb>(
    db: &D,
    revs: &BTreeMap<String, Vec<String>>,
) -> Result<BTreeMap<String, Vec<String>>, SyncError> {
    #[derive(Deserialize)]
    struct Missing {
        #[serde(default)]
        missing: Vec<String>,
    }
    let body = serde_json::to_value(revs).map_err(|e| bad("_revs_diff", e))?;
    let answer = db
        .request(Method::Post, "_revs_diff", Some(&body))
        .await?
        .ok_or_else(|| bad("_revs_diff", "the database is gone"))?;
    let answer: BTreeMap<String, Missing> =
        serde_json::from_value(answer).map_err(|e| bad("_revs_diff", e))?;
    Ok(answer.into_iter().map(|(id, m)| (id, m.missing)).collect())
}

/// One revision as `_bulk_get` returned it: the document, or `None` if the server has no such
/// revision.
#[derive(Debug, Clone)]
pub struct Fetched {
    pub id: String,
    pub rev: String,
    pub doc: Option<Value>,
}

/// The documents at the given revisions.
pub async fn bulk_get<D: CouchDb>(
    db: &D,
    wanted: &[(String, String)],
) -> Result<Vec<Fetched>, SyncError> {
    let docs: Vec<Value> = wanted
        .iter()
        .map(|(id, rev)| json!({"id": id, "rev": rev}))
        .collect();
    let answer = db
        .request(
            Method::Post,
            "_bulk_get?revs=true",
            Some(&json!({ "docs": docs })),
        )
        .await?
        .ok_or_else(|| bad("_bulk_get", "the database is gone"))?;
    let results = answer
        .get("results")
        .and_then(Value::as_array)
        .ok_or_else(|| bad("_bulk_get", "no results"))?;
    let mut out = Vec::with_capacity(wanted.len());
    for result in results {
        let id = result.get("id").and_then(Value::as_str).unwrap_or_default();
        for entry in result
            .get("docs")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(doc) = entry.get("ok") {
                let rev = doc.get("_rev").and_then(Value::as_str).unwrap_or_default();
                out.push(Fetched {
                    id: id.to_owned(),
                    rev: rev.to_owned(),
                    doc: Some(doc.clone()),
                });
            } else if let Some(error) = entry.get("error") {
                let rev = error.get("rev").and_then(Value::as_str).unwrap_or_default();
                out.push(Fetched {
                    id: id.to_owned(),
                    rev: rev.to_owned(),
                    doc: None,
                });
            }
        }
    }
    Ok(out)
}

/// Stores documents with the revisions they carry (`new_edits: false`, as replication does).
pub async fn bulk_docs<D: CouchDb>(db: &D, docs: Vec<Value>) -> Result<(), SyncError> {
    let body = json!({ "docs": docs, "new_edits": false });
    let answer = db
        .request(Method::Post, "_bulk_docs", Some(&body))
        .await?
        .ok_or_else(|| bad("_bulk_docs", "the database is gone"))?;
    let refused = answer.as_array().into_iter().flatten().find_map(|entry| {
        entry
            .get("error")
            .map(|e| (entry.get("reason").cloned(), e.clone()))
    });
    match refused {
        None => Ok(()),
        Some((reason, error)) => Err(bad(
            "_bulk_docs refused a document",
            format!("{error} {}", reason.unwrap_or(Value::Null)),
        )),
    }
}

/// A revision's generation and hash (`"3-abc"` is `(3, "abc")`).
pub fn split_rev(rev: &str) -> Option<(u64, &str)> {
    let (generation, hash) = rev.split_once('-')?;
    Some((generation.parse().ok()?, hash))
}

/// CouchDB's order of revisions: the higher generation, then the greater hash, wins.
pub fn rev_order(a: &str, b: &str) -> std::cmp::Ordering {
    let key = |rev: &str| split_rev(rev).map(|(g, h)| (g, h.to_owned()));
    key(a).cmp(&key(b))
}
