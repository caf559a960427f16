//! # skein-engine: the orchestration core
//!
//! Everything Skein *decides* lives here: the conversation model, how a provider request is
//! built, how a provider's byte stream becomes message deltas, when a streaming message is
//! persisted, and how a cancelled or failed generation is recorded.
//!
//! ## Architecture invariant
//! This crate does no I/O and knows nothing about the browser: no `wasm-bindgen`, `web-sys`,
//! `js-sys` or `leptos` (the crate graph enforces it: none of them is a dependency). It talks to the
//! world only through the small traits it defines ([`Transport`], [`ChatStore`], [`Clock`],
//! [`IdGenerator`]) and reports progress as [`GenerationEvent`]s pushed into a caller-supplied
//! [`GenerationSink`]. Futures are deliberately not `Send`: the browser is single-threaded, and the
//! traits use `async fn` directly.
//!
//! Time always comes from the injected [`Clock`] (`std::time::Instant` panics on wasm32).
//!
//! ## API boundary
//! The public API is [`ChatService`] plus the data types it speaks in ([`Conversation`],
//! [`MessageNode`], [`ProviderSettings`]) and the traits above. Provider protocols are pure
//! functions of bytes ([`sse`], [`provider::openai`]) so they can be tested with recorded
//! transcripts and fuzzed.
//!
//! ## Errors
//! Input the engine did not create (provider bytes, stored records, user settings) never causes a
//! panic: it becomes a typed error whose `Display` is a message a user can act on.
#![allow(
    async_fn_in_trait,
    reason = "the engine's futures are intentionally not Send: it runs on the browser's single thread"
)]

pub mod assistant;
pub mod cancel;
pub mod chat_dictionary;
pub mod chat_service;
pub mod clock;
pub mod generation;
pub mod memory_store;
pub mod message;
pub mod message_part;
pub mod output_transform;
pub mod prompt;
pub mod provider;
pub mod provider_settings;
pub mod regex_rules;
pub mod request_builder;
pub mod rolling_context;
pub mod sse;
pub mod store;
pub mod think_tags;
pub mod token_estimate;
pub mod transport;
pub mod tree;

pub use assistant::{Assistant, AssistantError};
pub use cancel::CancelToken;
pub use chat_service::{ChatError, ChatService};
pub use clock::{Clock, IdGenerator};
pub use generation::{GenerationEvent, GenerationSink};
pub use memory_store::MemoryStore;
pub use message::{Conversation, MessageNode, MessageStatus, Role};
pub use message_part::{
    Annotation, MessagePart, ProviderTimings, ToolApproval, ToolCall, ToolResult,
};
pub use provider::ProviderError;
pub use provider_settings::{ProviderSettings, SettingsError};
pub use store::{ChatStore, StoreError};
pub use transport::{ByteStream, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError};
pub use tree::{ConversationTree, Siblings, TreeChange, TreeError};
