//! Conflicts: two devices changed the same document while apart. The rules are deterministic,
//! so every device that sees the same versions keeps the same one:
//! - a conversation's record: the later change (`updated_at_ms`) wins, whole; a title that lost
//!   is noted for the user ([`ConflictNote`](super::ConflictNote)). Messages are never lost to
//!   it: both devices' messages are in the tree, and the branch the losing record showed stays
//!   one version away;
//! - a message node (rare: nodes are written once finished): a finished answer over one that
//!   waits for a decision, then the later finished one;
//! - a settings area: the later synced change wins, whole ([`settings`](super::settings));
//! - a tie is broken by the content's fingerprint;
//! - a document deleted on one device and changed on another since they last exchanged it
//!   stays, with the change: nothing written is lost to a deletion.

use super::record::Record;
use crate::domain::message::MessageStatus;
use std::cmp::Ordering;

/// One version of a document with its fingerprint.
#[derive(Debug, Clone)]
pub struct Version {
    pub record: Record,
    pub fingerprint: String,
}

/// The index of the version to keep; `None` for no versions.
pub fn winner(versions: &[Version]) -> Option<usize> {
    (0..versions.len()).max_by(|&a, &b| compare(&versions[a], &versions[b]))
}

fn compare(a: &Version, b: &Version) -> Ordering {
    let by_content = match (&a.record, &b.record) {
        (Record::Conversation(x), Record::Conversation(y)) => {
            x.updated_at_ms.total_cmp(&y.updated_at_ms)
        }
        (Record::Message(x), Record::Message(y)) => status_rank(x.status)
            .cmp(&status_rank(y.status))
            .then_with(|| {
                let at = |m: &crate::domain::message::MessageNode| {
                    m.finished_at_ms.unwrap_or(m.created_at_ms)
                };
                at(x).total_cmp(&at(y))
            }),
        (Record::Settings(x), Record::Settings(y)) => x.changed_ms.total_cmp(&y.changed_ms),
        // Never two kinds under one id (ids are made from the kind); keep it total anyway.
        (x, y) => kind_rank(x).cmp(&kind_rank(y)),
    };
    by_content.then_with(|| a.fingerprint.cmp(&b.fingerprint))
}

fn kind_rank(record: &Record) -> u8 {
    match record {
        Record::Message(_) => 0,
        Record::Conversation(_) => 1,
        Record::Settings(_) => 2,
    }
}

fn status_rank(status: MessageStatus) -> u8 {
    match status {
        MessageStatus::Streaming => 0,
        MessageStatus::AwaitingApproval => 1,
        MessageStatus::Incomplete | MessageStatus::Error => 2,
        MessageStatus::Complete => 3,
    }
}
