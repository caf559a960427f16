//! Workloads for `cargo xtask bench`. Each figure of BENCHMARKS.md is one of these functions run
//! on the host (`skein-bench native`) or in Chromium (this crate as a wasm module, see
//! `wasm.rs`), on inputs built here deterministically so every run measures the same work.

pub mod fixtures;
pub mod workloads;

#[cfg(target_arch = "wasm32")]
mod wasm;
