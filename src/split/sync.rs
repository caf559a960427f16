//! The split point of the code that syncs (`src/sync/rounds.rs`): with the `split` feature (the
//! web build of `cargo xtask dist`), [`sync_split`] puts the replication, the Argon2id key
//! derivation and the WebCrypto cipher into their own module (`split_sync.wasm`, precached by
//! the service worker) that a device without sync never fetches.

use crate::runtime::{Later, LoadFailed, SyncModule};

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(sync, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn sync_split() -> Result<SyncModule, LoadFailed> {
    Ok(SyncModule {
        refresh: |ready| Box::pin(crate::sync::rounds::refresh(ready)),
        round: |ready, round| Box::pin(crate::sync::rounds::run_round(ready, round)),
        act: |ready, action| Box::pin(crate::sync::rounds::act(ready, action)),
    })
}

/// Loads the module (a failed load is tried again on the next call).
pub fn load() -> Later<Result<SyncModule, LoadFailed>> {
    #[cfg(feature = "split")]
    return Box::pin(sync_split());
    #[cfg(not(feature = "split"))]
    return Box::pin(std::future::ready(sync_split()));
}
