//! Sync's cipher: AES-256-GCM through WebCrypto (`sync_crypto.js`), with the key the
//! passphrase gave ([`skein_engine::sync::account`]). The key is imported non-extractable.
//! The key derivation's pauses give the page's thread back between steps.

use crate::js_error::describe as js_message;
use skein_engine::sync::account::MakeCipher;
use skein_engine::sync::{SyncCipher, SyncError};
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::JsFuture;

#[wasm_bindgen(module = "/src/sync_crypto.js")]
extern "C" {
    #[wasm_bindgen(js_name = importSyncKey)]
    fn import_sync_key(raw: &[u8]) -> js_sys::Promise;
    #[wasm_bindgen(js_name = syncSeal)]
    fn sync_seal(key: &JsValue, aad: &[u8], plain: &[u8]) -> js_sys::Promise;
    #[wasm_bindgen(js_name = syncOpen)]
    fn sync_open(key: &JsValue, aad: &[u8], sealed: &[u8]) -> js_sys::Promise;
    #[wasm_bindgen(js_name = syncRandomBytes)]
    fn sync_random_bytes(n: u32) -> js_sys::Uint8Array;
    #[wasm_bindgen(js_name = syncPause)]
    fn sync_pause() -> js_sys::Promise;
}

/// 16 random bytes for a new account's salt.
pub fn random_salt() -> [u8; 16] {
    let mut salt = [0u8; 16];
    sync_random_bytes(16).copy_to(&mut salt);
    salt
}

pub struct WebCryptoCipher {
    key: JsValue,
}

async fn bytes(promise: js_sys::Promise) -> Result<Vec<u8>, SyncError> {
    let value = JsFuture::from(promise)
        .await
        .map_err(|e| SyncError::Crypto(js_message(&e)))?;
    Ok(js_sys::Uint8Array::new(&value).to_vec())
}

impl SyncCipher for WebCryptoCipher {
    async fn seal(&self, aad: &[u8], plain: &[u8]) -> Result<Vec<u8>, SyncError> {
        bytes(sync_seal(&self.key, aad, plain)).await
    }

    async fn open(&self, aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, SyncError> {
        bytes(sync_open(&self.key, aad, sealed)).await
    }
}

/// Makes [`WebCryptoCipher`]s.
pub struct WebCrypto;

impl MakeCipher for WebCrypto {
    type Cipher = WebCryptoCipher;

    async fn make(&self, key: &[u8; 32]) -> Result<WebCryptoCipher, SyncError> {
        let key = JsFuture::from(import_sync_key(key))
            .await
            .map_err(|e| SyncError::Crypto(js_message(&e)))?;
        Ok(WebCryptoCipher { key })
    }

    async fn pause(&self) {
        // A pause that fails has paused enough.
        let _ = JsFuture::from(sync_pause()).await;
    }
}
