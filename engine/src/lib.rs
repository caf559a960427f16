//! # skein-engine: the orchestration core
//!
//! Everything Skein *decides* lives here; the browser shell only carries it out.
//!
//! How the crates fit together, the path of one message, and what the "seed 000 §N" rules cited
//! in comments say: `docs/architecture.md`.
//!
//! ## The model, in the seeds' vocabulary
//! - A [`Conversation`] is a tree of [`MessageNode`]s ([`ConversationTree`]): regenerating an
//!   answer or editing a question adds a sibling, so every branch stays reachable (‹ 2/3 ›). The
//!   *current branch* is what the user sees and what requests are built from. Local history is
//!   never deleted to fit a provider's context.
//! - A message is made of typed [`MessagePart`]s (text, image by reference, document, reasoning,
//!   tool call with its [`ToolApproval`] state and result) plus [`Annotation`]s (citations), and
//!   records its model, times, status, token usage and provider timings.
//! - [`ChatService`] is the seed's `ChatService`: it checks the input, applies the
//!   [`Assistant`]'s user-scope [regex rules](regex_rules), saves the user node *before*
//!   generating, builds the request, streams the reply and records how it ended.
//! - The request is built by [`request_builder`]: the [rolling context](rolling_context) chooses
//!   the window (a [`rolling_context::RollingContextSummary`] stands in for an exact, validated
//!   prefix), the [system prompt](prompt::system_prompt) is layered in the seed's order, and the
//!   [input transformers](prompt::pipeline) run in the seed's order on a request-only copy.
//!   Retrieved knowledge and memory enter only as delimited DATA ([`prompt::data_block`]).
//! - Each answer runs the model/tool loop ([`chat`]: at most [`chat::MAX_STEPS`] model steps): tools come
//!   from a [`tools::ToolCatalog`] in the seed's order (MCP tools as `mcp__{server}__{tool}`,
//!   plus `get_session_capabilities` and `read_tool_output`); a call that needs approval goes
//!   `Auto → Pending` and the generation pauses until [`ChatService::decide_tool_call`]; results
//!   stay on the call's part; outputs over 32 KiB are stored as files with a 4 KiB preview. One
//!   generation runs per conversation, many conversations at once.
//! - Streamed text reaches the sink coalesced at ~40 ms and the app
//!   publishes it at ~83 ms ([`throttle`]); the final state is always flushed before the answer
//!   is saved and the generation-ended event is emitted. After a finished answer, a title and
//!   follow-up suggestions never touch the answer when they fail.
//! - Output processing has the seed's three phases ([`output_transform`]): stored transforms,
//!   visual transforms (`<think>` reasoning, [`think_tags`]) and finish.
//! - Provider protocols are pure functions of bytes ([`sse`], [`provider::openai`]), so they are
//!   tested with recorded transcripts and fuzzed.
//!
//! ## Architecture invariant
//! This crate does no I/O and knows nothing about the browser: no `wasm-bindgen`, `web-sys`,
//! `js-sys` or `leptos` (`cargo xtask test` checks the dependency tree). It talks to the world
//! only through the small traits it defines ([`Transport`], [`ChatStore`], [`Clock`],
//! [`IdGenerator`], the [prompt hooks](prompt::hooks)) and reports progress as
//! [`GenerationEvent`]s pushed into a caller-supplied [`GenerationSink`]. Futures are
//! deliberately not `Send`: the browser is single-threaded. Time always comes from the injected
//! [`Clock`] (`std::time::Instant` panics on wasm32).
//!
//! ## API boundary
//! [`ChatService`] and the data types it speaks in, the traits above, and the pure functions
//! of each module (tree operations, planner, transformers, protocols), each usable alone.
//!
//! ## Errors
//! Input the engine did not create (provider bytes, stored or imported records, user-written
//! rules and templates, settings) never causes a panic: it becomes a typed error whose `Display`
//! is a message a user can act on.
#![allow(
    async_fn_in_trait,
    reason = "the engine's futures are intentionally not Send: it runs on the browser's single thread"
)]

pub mod assistant;
pub mod attachment;
pub mod backup;
pub mod base64;
pub mod cancel;
pub mod chat;
pub mod chat_dictionary;
pub mod clock;
pub mod context_meter;
pub mod custom_request;
pub mod export;
pub mod failure;
pub mod finished_notice;
pub mod honesty;
pub mod import;
#[cfg(test)]
mod invariants_tests;
pub mod knowledge;
pub mod markdown;
pub mod memories;
pub mod memory_retrieval;
pub mod memory_store;
pub mod message;
pub mod message_part;
pub mod output_transform;
pub mod pending_deletions;
pub mod preferences;
pub mod prompt;
pub mod provider;
pub mod provider_settings;
pub mod regex_rules;
pub mod request_builder;
pub mod rolling_context;
pub mod search;
pub mod sse;
pub mod store;
#[cfg(any(test, feature = "conformance"))]
pub mod store_conformance;
pub mod summary_prompt;
#[cfg(test)]
mod test_fixtures;
pub mod think_tags;
pub mod throttle;
pub mod token_estimate;
pub mod tools;
pub mod transport;
pub mod tree;
pub mod usage;

pub use assistant::{Assistant, AssistantError};
pub use attachment::{Attachment, AttachmentContent, AttachmentError, UserInput};
pub use cancel::CancelToken;
pub use chat::{ChatAction, ChatError, ChatService, GenerationEvent, GenerationSink, TurnContext};
pub use clock::{Clock, IdGenerator};
pub use failure::FailureKind;
pub use knowledge::store::LibraryStore;
pub use memory_store::MemoryStore;
pub use message::{Conversation, MessageNode, MessageStatus, Role};
pub use message_part::{
    Annotation, MessagePart, ProviderTimings, ToolApproval, ToolCall, ToolResult,
};
pub use provider::ProviderError;
pub use provider_settings::{ProviderKind, ProviderSettings, SettingsError};
pub use store::{Blob, ChatStore, StoreError};
pub use transport::{ByteStream, HttpMethod, HttpRequest, HttpResponse, Transport, TransportError};
pub use tree::{BranchEntry, ConversationTree, Siblings, TreeChange, TreeError};
