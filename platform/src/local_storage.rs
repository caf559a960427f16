//! The browser's `localStorage`: small values read synchronously at start (this device's
//! preferences). Where it is unavailable (a private window's policy, storage disabled), reads
//! find nothing and writes report it, so a value lasts for this visit only.

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

/// The value stored under `key`, if any can be read.
pub fn read_local(key: &str) -> Option<String> {
    storage()?.get_item(key).ok().flatten()
}

/// Stores `value` under `key`; `false` when the browser refused.
pub fn write_local(key: &str, value: &str) -> bool {
    storage().is_some_and(|s| s.set_item(key, value).is_ok())
}
