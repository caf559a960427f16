//! The chat: what happens between "the user did something" and "the answer is stored and shown".
//!
//! The façade is [`ChatService::run`]: one [`ChatAction`] (send, regenerate, continue, retry,
//! edit, decide a tool call) with one [`TurnContext`] (settings, assistant, cancel token, sink).
//! Progress reaches the caller as [`GenerationEvent`]s. Beside it, thin service methods for what
//! the app edits outside a generation ([`records`], the library), so their rules live here.
//!
//! The parts, each in its own file:
//! - `service`: the [`ChatService`] itself, the entry (check, save the question first, then
//!   generate) and the generation of one reply;
//! - `turn`: what one generation works with and where its reply goes;
//! - `prepare` and `context_window`: what a reply is asked with, and where the request starts
//!   (rolling summaries, seed 000 §2);
//! - `reply_writer` and `coalescer`: provider deltas into the stored reply, and into the sink
//!   once per body chunk read (the transport's batch window is the one throttle);
//! - `tool_loop` and `tool_results`: the model/tool steps, approvals and results (seed 000 §8);
//! - `tool_pictures`: the pictures tools return, made ready for the model's next step;
//! - `after_answer`: the title and follow-up suggestions (seed 000 §9);
//! - `registry`: one running generation per conversation;
//! - `live_replies` and `answers_in_memory`: the reply being written in each conversation and
//!   the answers storage was too full to take, held by the service: shown when a conversation
//!   opens, written when the page is hidden, saved once storage has room;
//! - `offline`: a question written while the browser says it is offline (a local provider
//!   tried, else it waits for the connection);
//! - `honesty`: seed 004's gates (honest refusal, anti-fabrication note, follow-up promises);
//! - `branches`: versions shown, messages and conversations deleted, a gate's note dismissed, a
//!   conversation opened;
//! - `summary_control`: the summary panel (read, edit, reset, summarise now);
//! - `summary_refusal`: why it refused or failed, in words;
//! - `temporary_chats`: keeping a temporary chat;
//! - `transfer`: import and backup;
//! - `records`, `library`: the CRUD the app asks for;
//! - `surface`: every public method of the service, one line each, by concept (a test keeps
//!   the list and the code the same).
//!
//! Invariant: nothing here does I/O except through the service's `Transport` (via its
//! [`ProviderClient`](crate::provider::ProviderClient)), its store and its clock; the service's
//! fields are private to this module.

mod action;
mod after_answer;
pub mod answer_details;
mod answers_in_memory;
mod branches;
mod characters;
mod coalescer;
mod context_window;
pub mod date_groups;
mod dictionaries;
mod error;
mod events;
pub mod finished_notice;
mod follow_ups;
pub mod honesty;
mod inspect;
mod journal_head;
mod library;
mod live_replies;
mod mcp_servers;
mod ocr;
mod offline;
mod personas;
mod prepare;
pub mod prompt_progress;
pub mod records;
mod registry;
mod reply_writer;
mod service;
mod stream_journal;
pub mod summary_control;
mod summary_refusal;
mod surface;
mod sync;
mod temporary_chats;
mod tool_loop;
mod tool_pictures;
mod tool_results;
mod tool_sources;
mod transfer;
mod turn;
pub mod unavailable;
pub(crate) mod warnings;
pub mod workflow_refusal;
mod workflows;
mod workspace_files;
#[cfg(test)]
mod workspace_tests;
pub mod world_books;

pub use action::{ChatAction, TurnContext};
pub use answers_in_memory::KeptAnswersSaved;
pub use characters::{CardFile, CardFormat};
pub use error::ChatError;
pub use events::{EventLog, GenerationEvent, GenerationSink};
pub use inspect::{EntryReason, Extra, InspectedEntry, InspectedMessage, Inspection, SummaryShown};
pub use reply_writer::PERSIST_INTERVAL_MS;
pub use service::{ChatService, RetrievalSources};
pub use sync::SyncConnect;
pub use tool_loop::ToolDecision;
pub use turn::MAX_STEPS;
