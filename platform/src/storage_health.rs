//! Whether Skein's storage can be written now, reported to the app as it changes.
//!
//! The store notes every transaction's outcome: a quota failure makes storage
//! [`Full`](StorageHealth::Full) (reads go on working; the failed transaction applied nothing).
//! Only a successful [write probe](crate::IdbStore::probe_write) makes it writable again: a
//! small write that still fits says little about room for the next answer, and a notice that
//! came and went with each write would only confuse. Another tab's schema upgrade closes
//! the connection for good ([`ClosedForUpgrade`](StorageHealth::ClosedForUpgrade)); while
//! opening, older connections in other tabs may hold the upgrade back
//! ([`WaitingForOtherTabs`](StorageHealth::WaitingForOtherTabs)).

use skein_engine::StoreError;
use std::cell::RefCell;
use std::rc::Rc;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum StorageHealth {
    Writable,
    /// The last write failed because the browser's quota for Skein is used up.
    Full(String),
    /// Another tab opened a newer schema, so this tab's connection was closed: reload.
    ClosedForUpgrade,
    /// The schema upgrade waits for other tabs that still hold the old version open; it goes
    /// ahead by itself the moment they close or reload.
    WaitingForOtherTabs,
}

/// Hears each change of [`StorageHealth`].
pub type HealthListener = Rc<dyn Fn(&StorageHealth)>;

/// The current health and who hears of its changes.
pub(crate) struct HealthWatch {
    current: RefCell<StorageHealth>,
    listener: RefCell<Option<HealthListener>>,
}

impl std::fmt::Debug for HealthWatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("HealthWatch")
            .field("current", &self.current.borrow())
            .finish_non_exhaustive()
    }
}

impl HealthWatch {
    pub(crate) fn new(listener: Option<HealthListener>) -> Rc<Self> {
        Rc::new(Self {
            current: RefCell::new(StorageHealth::Writable),
            listener: RefCell::new(listener),
        })
    }

    pub(crate) fn get(&self) -> StorageHealth {
        self.current.borrow().clone()
    }

    /// Records `health`, telling the listener if it changed. Nothing overrides a closed
    /// connection: only a reload reopens it.
    pub(crate) fn set(&self, health: StorageHealth) {
        {
            let mut current = self.current.borrow_mut();
            if *current == health || *current == StorageHealth::ClosedForUpgrade {
                return;
            }
            *current = health.clone();
        }
        let listener = self.listener.borrow().clone();
        if let Some(listener) = listener {
            listener(&health);
        }
    }

    /// Notes the outcome of a write transaction: a quota failure means storage is full.
    pub(crate) fn note_write(&self, outcome: &Result<(), StoreError>) {
        if let Err(StoreError::QuotaExceeded(detail)) = outcome {
            self.set(StorageHealth::Full(detail.clone()));
        }
    }
}
