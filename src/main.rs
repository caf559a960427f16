//! # skein: the app
//!
//! Mounts the UI, owns the reactive state, and wires the engine (orchestration) to the platform
//! (browser adapters) and the components (views).
//!
//! How the crates fit together, the path of one message, and what the "seed 000 §N" rules cited
//! in comments say: `docs/architecture.md`.
//!
//! ## Architecture invariant
//! Nothing depends on this crate. It holds no chat logic of its own: it turns user actions into
//! engine calls (run with `spawn_local`) and engine events into signal updates.

mod chat;
mod library;
mod page;
mod panels;
mod runtime;
mod settings;
mod shell;
mod split;
mod state;
mod sync;
mod workflows;

/// The app mounts itself on the page once its language is in (`language`); the embed build
/// waits for the embedding page to mount it.
fn main() {
    skein_platform::log_panics_to_console();
    #[cfg(not(feature = "embed"))]
    wasm_bindgen_futures::spawn_local(async {
        page::language::start("").await;
        leptos::mount::mount_to_body(shell::app::App);
    });
}
