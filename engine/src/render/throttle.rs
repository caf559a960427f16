//! How often streamed text reaches the screen (seed 000 §6).
//!
//! Tokens can arrive hundreds of times a second; re-rendering a long message for each one costs
//! the reader frames. The transport gathers a stream's bytes and hands them over at most once per
//! [`PUBLISH_INTERVAL_MS`] (the browser's batch window, `BATCH_WINDOW_MS` in
//! `platform/src/fetch_transport.rs`); the engine hands on what each batch brought at once, so
//! this window is the rate at which the screen shows new text, and the only throttle.

/// The rate at which the screen shows new streamed text: the transport's batch window.
pub const PUBLISH_INTERVAL_MS: f64 = 83.0;
