//! Sync across devices over CouchDB's replication protocol, end-to-end encrypted.
//!
//! A user's server (CouchDB, PouchDB Server, Cloudant: anything that speaks the protocol) keeps
//! one database of sealed documents. Every document body is encrypted in the browser before it
//! leaves ([`SyncCipher`]: AES-256-GCM through WebCrypto in the app, bound to the document's id),
//! with a key derived from the user's passphrase ([`account`]: Argon2id with stated parameters,
//! checked against a sealed value on the server so a wrong passphrase is refused before anything
//! changes). Ids are keyed hashes of the local ids: they show neither titles nor text, nor which
//! messages belong to which conversation.
//!
//! The document model ([`record`]): a conversation's record is one document (title, current
//! branch, settings: small, mutable, conflicts resolved by [`resolve`]), each message node is one
//! document (written once it is complete; the tree only grows), and a deletion is a tombstone.
//! The settings sync when the user asks, one document per area ([`settings`]), and API keys
//! with them only when the user asks for those too ([`SyncScope`]). Attachments' files and
//! knowledge bases stay on the device that added them: a file, or a base's chunks with their
//! vectors, runs to megabytes, each document's body is sealed as one JSON field, and CouchDB
//! refuses a document over 8 MB by default (a backup file moves them). Assistants (the characters
//! among them) and memories do not sync yet.
//!
//! [`replicate`] runs one round, push then pull: `_revs_diff` and `_bulk_docs` out, `_changes`
//! and `_bulk_get` in, in batches, with the pull's checkpoint in a `_local` document and in the
//! local [`SyncState`], so a dropped connection resumes from the last batch applied.
//!
//! [`schedule`] decides when rounds run (at start, every minute, after an answer, when the
//! connection returns, never two at once, none while an answer streams); the app keeps the
//! timers.

pub mod account;
pub mod couch;
pub(crate) mod error;
pub mod kdf;
pub mod ledger;
mod pull;
mod push;
pub mod record;
pub mod replicate;
pub mod resolve;
pub mod schedule;
pub mod settings;

#[cfg(test)]
mod settings_tests;
#[cfg(test)]
mod test_server;
#[cfg(test)]
mod tests;

pub use account::{Account, KdfParams, SyncCipher};
pub use couch::{CouchDb, Method};
pub use error::SyncError;
pub use ledger::{ConflictNote, SettingsConflict, SyncScope, SyncState};
pub use replicate::{Progress, SyncReport};
pub use schedule::{Conditions, Round, SyncBusy, SyncEvent, SyncFeed, SyncPlan, SyncSchedule};
