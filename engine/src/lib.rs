//! # skein-engine: the orchestration core
//!
//! Everything Skein *decides* lives here; the browser shell only carries it out.
//!
//! How the crates fit together, the path of one message, and what the "seed 000 §N" rules cited
//! in comments say: `docs/architecture.md`.
//!
//! ## Where things are
//! | module | holds |
//! | --- | --- |
//! | [`api`] | the OpenAI-shaped surface embedders call: providers by id, requests and chunks in OpenAI's JSON |
//! | [`domain`] | the data: conversations, messages and their parts, the tree, attachments, assistants, failures, usage, preferences |
//! | [`chat`] | the chat service: one action with one turn context, the reply, the tool loop, the context window, what follows an answer, the honesty gates |
//! | [`prompt`] | the request: system prompt layers, input transformers, rolling context and summaries, regex rules, dictionaries, token estimates |
//! | [`provider`] | the provider protocols (as functions of bytes), settings, capabilities, and the one client that calls them |
//! | [`knowledge`] | knowledge bases, chunks, retrieval, citations, memories |
//! | [`tools`] | the tool catalogue, approval policies, the built-in tools |
//! | [`workspace`] | a conversation's files: paths, the storage port, the file and skill tools, the reminder |
//! | [`workflow`] | chat workflows: templates of question and dialogue steps, runs frozen from them, the moderator's schema |
//! | [`mcp`] | the Model Context Protocol client: remote servers' tools over Streamable HTTP |
//! | [`store`] | the persistence traits, the in-memory store, backup, import, export, search |
//! | [`sync`] | sync across devices over CouchDB's replication protocol, end-to-end encrypted |
//! | [`i18n`] | the interface's languages: Fluent translation files, negotiation, plurals and placeholders |
//! | [`render`] | Markdown to a safe display model, `<think>` splitting, output transforms, the rate streamed text is shown at |
//! | [`usage`] | what the recorded provider calls add up to: per model and day, cost at the user's prices, CSV |
//! | [`ports`] | the traits for time, identifiers, HTTP and cancellation |
//!
//! ## The model, in the seeds' vocabulary
//! - A [`Conversation`] is a tree of [`MessageNode`]s ([`ConversationTree`]): regenerating an
//!   answer or editing a question adds a sibling, so every branch stays reachable (‹ 2/3 ›). The
//!   *current branch* is what the user sees and what requests are built from. Local history is
//!   never deleted to fit a provider's context.
//! - A message is made of typed [`MessagePart`]s (text, image by reference, document, reasoning,
//!   tool call with its [`ToolApproval`] state and result) plus [`Annotation`]s (citations), and
//!   records its model, times, status, token usage and provider timings.
//! - [`ChatService`] is the seed's `ChatService`: [`ChatService::run`] takes one [`ChatAction`]
//!   with one [`TurnContext`]; it checks the input, applies the [`Assistant`]'s user-scope
//!   [regex rules](prompt::regex_rules), saves the user node *before* generating, builds the
//!   request, streams the reply and records how it ended.
//! - The request is built by [`prompt::request_builder`]: the
//!   [rolling context](prompt::rolling_context) chooses the window (a
//!   [`prompt::rolling_context::RollingContextSummary`] stands in for an exact, validated
//!   prefix), the system prompt is layered in the seed's order, and the
//!   input transformers run in the seed's order on a request-only copy.
//!   Retrieved knowledge and memory enter only as delimited DATA (`prompt::data_block`).
//! - Each answer runs the model/tool loop (at most [`chat::MAX_STEPS`] model steps): tools come
//!   from a [`tools::ToolCatalog`] in the seed's order (MCP tools as `mcp__{server}__{tool}`,
//!   plus `get_session_capabilities` and `read_tool_output`); a call that needs approval goes
//!   `Auto → Pending` and the generation pauses until the user decides
//!   ([`ChatAction::Decide`]); results stay on the call's part; outputs over 32 KiB are stored
//!   as files with a 4 KiB preview. One generation runs per conversation, many conversations at
//!   once.
//! - Streamed text reaches the sink once per body chunk read, merged per kind; the transport's
//!   batch window (~83 ms, [`render::throttle`]) is the one throttle. The final state is always
//!   flushed before the answer is saved and the generation-ended event is emitted. After a finished answer, a title and follow-up
//!   suggestions never touch the answer when they fail.
//! - Output processing has the seed's three phases (`render::output_transform`): stored
//!   transforms, visual transforms (`<think>` reasoning, `render::think_tags`) and finish.
//! - Provider protocols are pure functions of bytes ([`provider::sse`], `provider::openai`),
//!   so they are tested with recorded transcripts and fuzzed.
//!
//! ## Architecture invariant
//! This crate does no I/O and knows nothing about the browser: no `wasm-bindgen`, `web-sys`,
//! `js-sys` or `leptos` (`cargo xtask test` checks the dependency tree). It talks to the world
//! only through the small traits it defines ([`Transport`], [`ChatStore`], [`Clock`],
//! [`IdGenerator`], the prompt hooks) and reports progress as
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
#![warn(unnameable_types)]
#![allow(
    async_fn_in_trait,
    reason = "the engine's futures are intentionally not Send: it runs on the browser's single thread"
)]

pub mod api;
pub mod chat;
pub mod domain;
pub mod i18n;
#[cfg(test)]
mod invariants_tests;
pub mod knowledge;
pub mod mcp;
pub mod persona;
pub mod ports;
pub mod prompt;
pub mod provider;
pub mod render;
pub mod store;
pub mod sync;
#[cfg(test)]
mod test_fixtures;
pub mod tools;
pub mod usage;
pub mod workflow;
pub mod workspace;

pub use chat::{ChatAction, ChatError, ChatService, GenerationEvent, GenerationSink, TurnContext};
pub use domain::assistant::{Assistant, AssistantError, HonestyGates};
pub use domain::attachment::{Attachment, AttachmentContent, AttachmentError, UserInput};
pub use domain::failure::FailureKind;
pub use domain::message::{Conversation, MessageNode, MessageStatus, Role, TurnPlan};
pub use domain::message_part::{
    Annotation, AnswerCall, MessagePart, ProviderTimings, SourceRef, ToolApproval, ToolCall,
    ToolResult,
};
pub use domain::tree::{BranchEntry, ConversationTree, Siblings, TreeChange, TreeError};
pub use knowledge::store::LibraryStore;
pub use ports::cancel::CancelToken;
pub use ports::clock::{Clock, IdGenerator};
pub use ports::transport::{
    ByteStream, HttpMethod, HttpRequest, HttpResponse, JournalTarget, Transport, TransportError,
};
pub use provider::settings::{ProviderKind, ProviderSettings, SettingsError};
pub use provider::ProviderError;
pub use store::in_memory::MemoryStore;
pub use store::{Blob, ChatStore, StoreError};
