//! # skein-platform: the browser adapters
//!
//! The imperative shell around [`skein_engine`]: it implements the engine's traits with the
//! browser's own facilities and nothing else.
//!
//! How the crates fit together, the path of one message, and what the "seed 000 §N" rules cited
//! in comments say: `docs/architecture.md`.
//!
//! - [`FetchTransport`]: `fetch` sent and its body read in JavaScript (`batched_body.js`), in a
//!   dedicated worker where one can start, the body handed over in batches; an
//!   `AbortController` wired to the engine's `CancelToken`.
//! - [`IdbStore`]: IndexedDB through `indexed_db_futures`, one record per conversation and per
//!   message node; assistants, memories and knowledge ([`skein_engine::LibraryStore`]) beside
//!   them; records converted with `serde-wasm-bindgen`.
//! - [`BrowserClock`] and [`RandomIds`]: `Date.now()` and `crypto.getRandomValues`.
//! - [`register_service_worker`] and [`activate_update`]: the installed app's service worker
//!   (offline start, new versions); [`is_online`]: the connection; [`fetch_remote_image`]: a
//!   remote image the user asked for, shown from a `blob:` URL.
//! - [`in_extension`] and the host permissions and context-menu questions of the browser
//!   extension build.
//!
//! ## Architecture invariant
//! This is the only crate that knows `JsValue` and `web-sys`. It holds no chat logic: deciding
//! what to send, how to decode it and when to persist is the engine's job. No IndexedDB
//! transaction awaits anything but IndexedDB (a transaction commits itself at the first foreign
//! await): every write issues all its requests synchronously and then awaits the transaction.
//!
//! ## IndexedDB through `indexed_db_futures`
//! Requests go out when they are built; a transaction dropped before it ends rolls back, so a
//! write that fails half-way leaves nothing. [`idb`] adds what the store needs on top: the
//! cause of an aborted transaction (a full disk says `QuotaExceededError` only there), the
//! open that tells the app when other tabs block an upgrade, and the mapping to the engine's
//! `StoreError`.

mod blob_url;
mod clock;
mod connectivity;
mod couch_http;
mod dom_event;
mod download;
mod extension;
mod fetch_transport;
mod file_input;
mod generation_lock;
mod idb;
mod idb_library;
mod idb_store;
mod idb_workspace;
#[cfg(feature = "js-api")]
pub mod js_api;
#[cfg(feature = "js-api")]
mod js_chats;
mod js_error;
mod js_global;
#[cfg(feature = "js-api")]
mod js_values;
mod local_storage;
mod local_time;
mod locale;
mod notifications;
mod opfs_workspace;
mod page_lifecycle;
mod panic_log;
mod remote_image;
mod service_worker;
mod storage_health;
mod storage_status;
mod stream_journal;
mod sync_cipher;
mod tab_channel;

pub use blob_url::object_url;
pub use clock::{BrowserClock, RandomIds};
pub use connectivity::{is_online, on_connectivity_change};
pub use couch_http::CouchHttp;
pub use dom_event::dispatch_json_event;
pub use download::{download_bytes, download_text};
pub use extension::{
    granted_hosts, has_host_permission, in_extension, on_page_question, request_host_permission,
    revoke_host_permission, take_page_question, PageQuestion,
};
pub use fetch_transport::{FetchBody, FetchTransport};
pub use file_input::{read_chosen_file, read_file, FileBytes};
pub use generation_lock::{generating_in_some_tab, hold_generation_lock, GenerationLock};
pub use idb_store::IdbStore;
pub use idb_workspace::{BrowserWorkspace, IdbWorkspace};
pub use local_storage::{read_local, write_local};
pub use local_time::{local_input_value, local_time_words, parse_local_input};
pub use locale::{browser_languages, fetch_text};
pub use notifications::{
    notification_permission, notify, notify_as, page_hidden, request_notification_permission,
    NotificationAccess,
};
pub use opfs_workspace::OpfsWorkspace;
pub use page_lifecycle::on_page_hidden;
pub use panic_log::log_panics_to_console;
pub use remote_image::fetch_remote_image;
pub use service_worker::{activate_update, build_id, register_service_worker, ServiceWorkerEvents};
pub use storage_health::{HealthListener, StorageHealth};
pub use storage_status::{request_persistent_storage, storage_status, StorageStatus};
pub use sync_cipher::{random_salt, WebCrypto, WebCryptoCipher};
pub use tab_channel::TabChannel;
