//! Sync in the chat service: the app sets it up with a server and a passphrase, runs rounds,
//! pauses, or stops syncing on this device; the service owns the store the rounds read and
//! write ([`crate::sync`] has the protocol and the rules).

use super::service::ChatService;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;
use crate::sync::account::{open_account, KdfParams, MakeCipher};
use crate::sync::ledger::SyncSetup;
use crate::sync::replicate::{sync_once, Progress, SyncReport};
use crate::sync::settings::{write_area, Area, SettingsRecord};
use crate::sync::{Account, CouchDb, SyncError, SyncScope, SyncState};

/// What the user enters to set sync up. The passphrase is used once, to derive the keys.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SyncConnect {
    pub url: String,
    pub username: String,
    pub password: String,
    pub passphrase: String,
    /// What to sync.
    pub scope: SyncScope,
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn sync_state(&self) -> Result<SyncState, SyncError> {
        Ok(self.store.load_sync_state().await?)
    }

    /// Joins the account on `db` (or creates it, with `new_salt`), keeps the keys and the
    /// server, and saves the state. A wrong passphrase changes nothing here or there.
    pub async fn sync_connect<D: CouchDb, M: MakeCipher>(
        &self,
        db: &D,
        maker: &M,
        connect: SyncConnect,
        new_salt: [u8; 16],
    ) -> Result<SyncState, SyncError> {
        let url = connect.url.trim().trim_end_matches('/').to_owned();
        if !(url.starts_with("https://") || url.starts_with("http://")) {
            return Err(SyncError::Unreachable(format!(
                "“{url}” is not a web address (https://…/database)"
            )));
        }
        let account = open_account(
            db,
            maker,
            &connect.passphrase,
            new_salt,
            KdfParams::RECOMMENDED,
        )
        .await?;
        let mut state = self.store.load_sync_state().await?;
        state.set_up(
            SyncSetup {
                url,
                username: connect.username,
                password: connect.password,
                keys: account.keys,
                paused: false,
                scope: SyncScope::default(),
            },
            self.ids.new_id(),
        );
        state.set_scope(connect.scope);
        self.store.save_sync_state(&state).await?;
        Ok(state)
    }

    /// Changes what syncs ([`SyncState::set_scope`]); the next round acts on it.
    pub async fn sync_scope(&self, scope: SyncScope) -> Result<SyncState, SyncError> {
        let mut state = self.store.load_sync_state().await?;
        state.set_scope(scope);
        self.store.save_sync_state(&state).await?;
        Ok(state)
    }

    /// One round with the server set up (`full`: see [`crate::sync::record::local_changes`]).
    /// On an error, what was applied before it stays, and the next round goes on from there.
    pub async fn sync_round<D: CouchDb, M: MakeCipher>(
        &self,
        db: &D,
        maker: &M,
        full: bool,
        progress: &mut dyn FnMut(Progress),
    ) -> Result<(SyncReport, SyncState), SyncError> {
        let mut state = self.store.load_sync_state().await?;
        let Some(setup) = state.setup.clone().filter(|s| !s.paused) else {
            return Ok((SyncReport::default(), state));
        };
        let cipher = maker.make(setup.keys.encryption_key()).await?;
        let account = Account {
            keys: setup.keys,
            cipher,
        };
        let now = self.clock().now_ms();
        let report = sync_once(&self.store, db, &account, &mut state, now, full, progress).await?;
        Ok((report, state))
    }

    /// Waits until the server has a change this device has not pulled, or `timeout_ms` pass
    /// (`false`, also when sync is off or paused).
    pub async fn sync_wait<D: CouchDb>(&self, db: &D, timeout_ms: u32) -> Result<bool, SyncError> {
        let state = self.store.load_sync_state().await?;
        if state.setup.as_ref().is_none_or(|s| s.paused) {
            return Ok(false);
        }
        crate::sync::couch::wait_for_change(db, state.pull_since.as_ref(), timeout_ms).await
    }

    /// How many changes here the next round would send (`0` when sync is not set up).
    pub async fn sync_pending(&self) -> Result<usize, SyncError> {
        let state = self.store.load_sync_state().await?;
        let Some(setup) = &state.setup else {
            return Ok(0);
        };
        crate::sync::replicate::pending(&self.store, &setup.keys, &state).await
    }

    pub async fn sync_pause(&self, paused: bool) -> Result<SyncState, SyncError> {
        let mut state = self.store.load_sync_state().await?;
        if let Some(setup) = state.setup.as_mut() {
            setup.paused = paused;
        }
        self.store.save_sync_state(&state).await?;
        Ok(state)
    }

    /// Takes the settings that lost a conflict ([`SyncState::settings_conflicts`]) instead of
    /// those kept: written here (this device's credentials stay unless they sync), and sent by
    /// the next round as the later change.
    pub async fn sync_take_other_settings(&self, area: Area) -> Result<SyncState, SyncError> {
        let mut state = self.store.load_sync_state().await?;
        let Some(note) = state.settings_conflicts.iter().find(|n| n.area == area) else {
            return Ok(state);
        };
        let record = SettingsRecord {
            area,
            changed_ms: self.clock().now_ms(),
            value: note.other.clone(),
        };
        write_area(&self.store, &record, state.scope().keys()).await?;
        state.settings_conflicts.retain(|n| n.area != area);
        self.store.save_sync_state(&state).await?;
        Ok(state)
    }

    /// Stops syncing on this device: the keys and the ledger go; the chats here and the
    /// server's copy stay.
    pub async fn sync_forget(&self) -> Result<SyncState, SyncError> {
        let mut state = self.store.load_sync_state().await?;
        state.forget();
        self.store.save_sync_state(&state).await?;
        Ok(state)
    }
}
