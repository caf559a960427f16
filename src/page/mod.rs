//! The page and the browser around the app: the embedding element, the browser extension, the
//! interface language and this device's preferences, notifications, the confirmation dialog,
//! what the browser says about storage, and the installed app's updates. Features call these;
//! they call no feature.

pub mod confirm;
pub mod embedded;
pub mod extension;
pub mod installed;
pub mod language;
pub mod notify;
pub mod preferences;
pub mod storage;
