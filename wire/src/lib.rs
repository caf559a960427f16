//! The bytes of a streamed answer as they come off the wire: the Server-Sent Events decoder
//! ([`sse`]) and the strict JSON scanner the provider decoders read their common chunk with
//! ([`json_scan`]).
//!
//! **Architecture invariant:** pure Rust with no Skein types, so that it can be its own crate,
//! and that is the reason it is one: the release profile compiles it for speed
//! (`profile.release.package.skein-wire` in the workspace's `Cargo.toml`) while everything
//! else is compiled for size. An answer's thousands of events pass through here; at the
//! size-optimised level they took longer than the JavaScript pair of an SSE parser and
//! `JSON.parse` (BENCHMARKS.md). The engine re-exports both modules under `provider`.

pub mod json_scan;
pub mod sse;
