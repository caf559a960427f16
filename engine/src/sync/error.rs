//! What can go wrong while syncing, in words the user can act on.

use crate::store::StoreError;
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SyncError {
    #[error("The sync server could not be reached ({0}). Check its address and your connection; nothing was changed.")]
    Unreachable(String),
    #[error("The sync server refused the user name or password (HTTP {0}).")]
    Unauthorized(u16),
    #[error("The sync server answered HTTP {status} to {what}: {detail}")]
    Http {
        status: u16,
        what: String,
        detail: String,
    },
    #[error("The sync server's answer could not be read ({0}).")]
    BadAnswer(String),
    #[error("This passphrase does not open the chats synced to this server. Nothing was changed.")]
    WrongPassphrase,
    #[error("Enter a passphrase: it encrypts your chats before they leave this browser.")]
    EmptyPassphrase,
    #[error("The sync server holds data in a format this version does not know ({0}); nothing was changed.")]
    UnknownFormat(String),
    #[error("Encryption failed: {0}")]
    Crypto(String),
    #[error("{0}")]
    Store(#[from] StoreError),
}

impl crate::i18n::Explain for SyncError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Unreachable(d) => phrase("error-sync-unreachable").with("detail", d),
            Self::Unauthorized(s) => phrase("error-sync-unauthorized").with("status", *s),
            Self::Http {
                status,
                what,
                detail,
            } => phrase("error-sync-http")
                .with("status", *status)
                .with("what", what)
                .with("detail", detail),
            Self::BadAnswer(d) => phrase("error-sync-bad-answer").with("detail", d),
            Self::WrongPassphrase => phrase("error-sync-wrong-passphrase"),
            Self::EmptyPassphrase => phrase("error-sync-empty-passphrase"),
            Self::UnknownFormat(d) => phrase("error-sync-unknown-format").with("detail", d),
            Self::Crypto(d) => phrase("error-sync-crypto").with("detail", d),
            Self::Store(e) => e.phrase(),
        }
    }
}
