//! The OpenAI-shaped surface other software calls (seed 001's chat module as a service): an
//! embedding page hands a chat completion request in OpenAI's JSON shape, whichever protocol the
//! chosen provider speaks, and gets back a `chat.completion` or a stream of
//! `chat.completion.chunk` objects, through the same [`ProviderClient`] the app uses (fallbacks,
//! retries that wait for the provider, per-minute limits, bounded bodies).
//!
//! - [`providers`]: the providers an embedder configures, and which one a `model` names.
//! - [`request`]: an OpenAI chat completion request read into the engine's protocol-neutral
//!   request, every problem an [`ApiError`] naming the field.
//! - [`response`]: the engine's stream deltas written as OpenAI chunks, or gathered into one
//!   completion.
//! - [`completions`]: one request run end to end.
//! - [`conversations`]: the conversations API over the app's storage: actions in, records
//!   and generation events out, as JSON.
//! - [`element`]: the `<skein-chat>` element's options and the events it sends its page.
//!
//! The browser binding (`src/embed/`) only converts JavaScript values to and from this JSON.
//!
//! [`ProviderClient`]: crate::provider::ProviderClient

pub mod completions;
pub mod conversations;
pub mod element;
mod error;
pub mod providers;
pub mod request;
pub mod response;

pub use error::ApiError;
