//! The IndexedDB primitives the store is built from, over `indexed_db_futures`: open a database
//! (running the schema upgrade, telling the caller when other tabs block it), commit a
//! transaction, and the engine's error for each IndexedDB failure.
//!
//! `indexed_db_futures` rolls back a transaction that is dropped without [`commit`]: a write
//! that returns early (a record that cannot be encoded, a failed request) leaves nothing behind.

use indexed_db_futures::database::Database;
use indexed_db_futures::error::{DomException, Error, OpenDbError};
use indexed_db_futures::transaction::Transaction;
use skein_engine::StoreError;

/// The engine's error for a DOM exception called `name`, keeping quota failures apart (they
/// need a different action from the user).
fn error_named(name: &str, detail: String) -> StoreError {
    match name {
        "QuotaExceededError" => StoreError::QuotaExceeded(detail),
        "InvalidStateError" | "SecurityError" => StoreError::Unavailable(detail),
        _ => StoreError::Other(detail),
    }
}

/// Maps a failed IndexedDB operation to the engine's error.
pub(crate) fn store_error(error: &Error) -> StoreError {
    match error {
        Error::DomException(exception) => {
            let raw = web_sys::DomException::from(exception.clone());
            error_named(&raw.name(), format!("{}: {}", raw.name(), raw.message()))
        }
        other => StoreError::Other(other.to_string()),
    }
}

/// A built IndexedDB request (`….primitive()`): awaited for its result, or only queued in its
/// transaction (a write whose outcome the transaction's end reports), with the engine's error.
pub(crate) trait Request<T> {
    async fn result(self) -> Result<T, StoreError>;
    fn queued(self) -> Result<(), StoreError>;
}

impl<T, F> Request<T> for indexed_db_futures::Result<F>
where
    F: std::future::Future<Output = indexed_db_futures::Result<T>>,
{
    async fn result(self) -> Result<T, StoreError> {
        self.map_err(|e| store_error(&e))?
            .await
            .map_err(|e| store_error(&e))
    }

    fn queued(self) -> Result<(), StoreError> {
        self.map(drop).map_err(|e| store_error(&e))
    }
}

/// Waits for `tx` to end (it commits by itself once its last request is done); an aborted
/// transaction reports its cause (e.g. a `QuotaExceededError`, which `commit()` would not say).
/// Nothing of an aborted transaction is applied.
pub(crate) async fn commit(tx: Transaction<'_>) -> Result<(), StoreError> {
    let done = tx.on_done().map_err(|e| store_error(&e))?;
    let outcome = done.await.into_result();
    match (outcome, tx.error()) {
        (Ok(()), _) => Ok(()),
        (Err(_), Some(cause)) => Err(store_error(&cause)),
        (Err(err), None) => Err(store_error(&err)),
    }
}

/// Opens `name` at `version`, calling `upgrade(db, old_version, version)` inside the upgrade
/// transaction when the stored schema is older, and `on_blocked` when connections of other
/// tabs hold the old version open. The open request then stays pending and the browser retries
/// it by itself when they close (Skein's own tabs close theirs at once on `versionchange`; an
/// older or frozen tab may not), so the caller only has to tell the user to close or reload
/// those tabs. A failing upgrade aborts: the stored data stays at its old version, untouched.
pub(crate) async fn open_or_wait(
    name: &str,
    version: u32,
    upgrade: impl Fn(&Database, u32, u32) -> indexed_db_futures::Result<()> + 'static,
    on_blocked: impl Fn() + 'static,
) -> Result<Database, StoreError> {
    Database::open(name)
        .with_version(version)
        .with_on_blocked(move |_| {
            on_blocked();
            Ok(())
        })
        .with_on_upgrade_needed(move |event, db| upgrade(&db, event.old_version() as u32, version))
        .await
        .map_err(|err| match err {
            OpenDbError::Base(base) => match base {
                Error::DomException(DomException::AbortError(_)) => StoreError::Unavailable(
                    "the storage upgrade was cancelled; nothing stored was changed".into(),
                ),
                other => store_error(&other),
            },
            other => StoreError::Unavailable(other.to_string()),
        })
}

/// [`open_or_wait`] for tests, which have no other tabs to wait for.
#[cfg(test)]
pub(crate) async fn open(
    name: &str,
    version: u32,
    upgrade: impl Fn(&Database, u32, u32) -> indexed_db_futures::Result<()> + 'static,
) -> Result<Database, StoreError> {
    open_or_wait(name, version, upgrade, || {}).await
}
