//! The account on a sync server: the passphrase turned into keys, and the plaintext document
//! that lets a new device derive the same keys and tell a wrong passphrase at once.
//!
//! The key is Argon2id of the passphrase with a random salt ([`KdfParams::RECOMMENDED`]: 19 MiB,
//! two passes, one lane, OWASP's recommended setting). Its 64 bytes are two keys: one encrypts
//! the documents (AES-256-GCM, [`SyncCipher`]), the other makes document ids and revisions
//! (keyed BLAKE2b), so neither shows anything of what they name. The account document holds the
//! salt, the parameters and a sealed known text; a passphrase that cannot open that text is
//! refused before anything is read or written.

use super::couch::{self, CouchDb};
use super::SyncError;
use crate::domain::base64;
use blake2::digest::consts::U16;
use blake2::digest::{KeyInit, Mac};
use serde::{Deserialize, Serialize};

/// The id of the account document.
pub const ACCOUNT_DOC: &str = "skein-sync-account";
/// The document format this version writes and reads.
pub const FORMAT: u32 = 1;
const CHECK_TEXT: &[u8] = b"Skein sync: the passphrase is right";
const CHECK_AAD: &[u8] = b"skein-sync-account";

/// Argon2id's cost, stored with the salt so every device derives the same key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct KdfParams {
    pub memory_kib: u32,
    pub iterations: u32,
    pub parallelism: u32,
}

impl KdfParams {
    /// OWASP's recommended Argon2id setting: 19 MiB, two passes, one lane.
    pub const RECOMMENDED: Self = Self {
        memory_kib: 19 * 1024,
        iterations: 2,
        parallelism: 1,
    };

    /// Parameters a server may hand a device: bounded, so a hostile server cannot make the
    /// browser allocate gigabytes or spin for minutes, nor weaken the key below a floor.
    fn check(self) -> Result<Self, SyncError> {
        let ok = (1024..=256 * 1024).contains(&self.memory_kib)
            && (1..=10).contains(&self.iterations)
            && (1..=4).contains(&self.parallelism);
        if ok {
            Ok(self)
        } else {
            Err(SyncError::UnknownFormat(format!(
                "key parameters {} KiB, {} passes, {} lanes",
                self.memory_kib, self.iterations, self.parallelism
            )))
        }
    }
}

/// The two keys a passphrase gives. Kept on the device once derived (like an API key), so the
/// passphrase is asked for only when a device joins.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Keys {
    #[serde(with = "key_base64")]
    encryption: [u8; 32],
    #[serde(with = "key_base64")]
    ids: [u8; 32],
}

impl std::fmt::Debug for Keys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Keys(…)")
    }
}

impl Keys {
    /// The keys of `passphrase`: Argon2id ([`super::kdf`]), giving the thread back through
    /// `maker`'s pause as it works.
    pub async fn derive<M: MakeCipher>(
        passphrase: &str,
        salt: &[u8],
        params: KdfParams,
        maker: &M,
    ) -> Result<Self, SyncError> {
        if passphrase.is_empty() {
            return Err(SyncError::EmptyPassphrase);
        }
        let params = params.check()?;
        let cost = super::kdf::Cost {
            memory_kib: params.memory_kib,
            passes: params.iterations,
            lanes: params.parallelism,
        };
        let mut out = [0u8; 64];
        super::kdf::argon2id(passphrase.as_bytes(), salt, cost, &mut out, || {
            maker.pause()
        })
        .await;
        let mut encryption = [0u8; 32];
        let mut ids = [0u8; 32];
        encryption.copy_from_slice(&out[..32]);
        ids.copy_from_slice(&out[32..]);
        Ok(Self { encryption, ids })
    }

    /// The key documents are sealed with (given to the platform's cipher).
    pub fn encryption_key(&self) -> &[u8; 32] {
        &self.encryption
    }

    /// 32 hex digits of BLAKE2b keyed with the id key over `parts`, each length-prefixed.
    fn mac(&self, parts: &[&[u8]]) -> String {
        let Ok(mut mac) = <blake2::Blake2bMac<U16> as KeyInit>::new_from_slice(&self.ids) else {
            unreachable!("a 32-byte key is within BLAKE2b's 64-byte limit")
        };
        for part in parts {
            mac.update(&(part.len() as u64).to_le_bytes());
            mac.update(part);
        }
        hex(&mac.finalize().into_bytes())
    }

    /// The server's id for a local record key ([`Record::key`](super::record::Record::key)).
    pub fn doc_id(&self, local_key: &str) -> String {
        format!("s{}", self.mac(&[b"id", local_key.as_bytes()]))
    }

    /// The revision hash of a document's next version: the same parent and content give the
    /// same revision on every device, so two devices resolving one conflict alike write one
    /// revision, and a push retried after a lost answer is recognised by `_revs_diff`.
    pub fn rev_hash(&self, parent_rev: &str, fingerprint: &str) -> String {
        self.mac(&[b"rev", parent_rev.as_bytes(), fingerprint.as_bytes()])
    }

    /// The id of this device's pull checkpoint (a `_local` document).
    pub fn checkpoint_id(&self, device_id: &str) -> String {
        format!(
            "_local/skein-pull-{}",
            self.mac(&[b"device", device_id.as_bytes()])
        )
    }
}

pub(crate) fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

mod key_base64 {
    use crate::domain::base64;
    use serde::{Deserialize, Deserializer, Serializer};

    pub fn serialize<S: Serializer>(key: &[u8; 32], s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(&base64::encode(key))
    }

    pub fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<[u8; 32], D::Error> {
        let text = String::deserialize(d)?;
        let bytes = base64::decode(&text).map_err(serde::de::Error::custom)?;
        bytes
            .try_into()
            .map_err(|_| serde::de::Error::custom("a key is 32 bytes"))
    }
}

/// Authenticated encryption of document bodies (AES-256-GCM through WebCrypto in the app).
#[allow(async_fn_in_trait)]
pub trait SyncCipher {
    /// Seals `plain` bound to `aad` (the document's id): the nonce and ciphertext in one.
    async fn seal(&self, aad: &[u8], plain: &[u8]) -> Result<Vec<u8>, SyncError>;
    /// Opens what [`seal`](Self::seal) made with the same key and `aad`; an error for anything
    /// else (another key, another id, a changed byte).
    async fn open(&self, aad: &[u8], sealed: &[u8]) -> Result<Vec<u8>, SyncError>;
}

/// Turns key bytes into a cipher (WebCrypto's `importKey` is asynchronous).
#[allow(async_fn_in_trait)]
pub trait MakeCipher {
    type Cipher: SyncCipher;
    async fn make(&self, key: &[u8; 32]) -> Result<Self::Cipher, SyncError>;

    /// Gives the thread back for a moment while the keys are derived (in a page: a zero-delay
    /// timer, so input and painting go on); nothing by default.
    async fn pause(&self) {}
}

/// The plaintext account document.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct AccountDoc {
    format: u32,
    kdf: String,
    params: KdfParams,
    salt: String,
    check: String,
}

/// An opened account: the keys and the cipher made from them.
pub struct Account<C> {
    pub keys: Keys,
    pub cipher: C,
}

/// Joins or creates the account on `db`. With an account document there, the passphrase must
/// open its check, else [`SyncError::WrongPassphrase`] and nothing is written. Without one, the
/// account is created with `new_salt` (16 random bytes from the caller) and `params` (the app
/// passes [`KdfParams::RECOMMENDED`]); joining uses the parameters the account was made with.
pub async fn open_account<D: CouchDb, M: MakeCipher>(
    db: &D,
    maker: &M,
    passphrase: &str,
    new_salt: [u8; 16],
    params: KdfParams,
) -> Result<Account<M::Cipher>, SyncError> {
    if passphrase.is_empty() {
        return Err(SyncError::EmptyPassphrase);
    }
    couch::ensure_database(db).await?;
    for _ in 0..2 {
        if let Some(found) = couch::get_doc(db, ACCOUNT_DOC).await? {
            return join(maker, passphrase, found).await;
        }
        let keys = Keys::derive(passphrase, &new_salt, params, maker).await?;
        let cipher = maker.make(keys.encryption_key()).await?;
        let check = cipher.seal(CHECK_AAD, CHECK_TEXT).await?;
        let doc = AccountDoc {
            format: FORMAT,
            kdf: "argon2id".into(),
            params,
            salt: base64::encode(&new_salt),
            check: base64::encode(&check),
        };
        let body = serde_json::to_value(&doc).map_err(|e| SyncError::BadAnswer(e.to_string()))?;
        match couch::put_doc(db, ACCOUNT_DOC, &body).await {
            Ok(_) => return Ok(Account { keys, cipher }),
            // Another device created it a moment ago: join that one instead.
            Err(SyncError::Http { status: 409, .. }) => continue,
            Err(e) => return Err(e),
        }
    }
    Err(SyncError::BadAnswer(
        "the account document changed while it was read".into(),
    ))
}

async fn join<M: MakeCipher>(
    maker: &M,
    passphrase: &str,
    found: serde_json::Value,
) -> Result<Account<M::Cipher>, SyncError> {
    let doc: AccountDoc =
        serde_json::from_value(found).map_err(|e| SyncError::UnknownFormat(e.to_string()))?;
    if doc.format != FORMAT || doc.kdf != "argon2id" {
        return Err(SyncError::UnknownFormat(format!(
            "format {} with {}",
            doc.format, doc.kdf
        )));
    }
    let salt = base64::decode(&doc.salt).map_err(|e| SyncError::UnknownFormat(e.to_string()))?;
    let check = base64::decode(&doc.check).map_err(|e| SyncError::UnknownFormat(e.to_string()))?;
    let keys = Keys::derive(passphrase, &salt, doc.params, maker).await?;
    let cipher = maker.make(keys.encryption_key()).await?;
    match cipher.open(CHECK_AAD, &check).await {
        Ok(text) if text == CHECK_TEXT => Ok(Account { keys, cipher }),
        _ => Err(SyncError::WrongPassphrase),
    }
}
