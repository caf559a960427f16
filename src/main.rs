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

mod app;
mod assistants;
mod attach;
mod branch_map;
mod characters;
mod conversation_list;
mod dictionaries;
mod embedded;
mod embeddings;
mod equipment;
mod extension;
mod files;
mod first_screen;
mod follow_ups;
mod inspector;
mod installed;
mod jump;
mod knowledge;
mod language;
mod lazy_generation;
mod lazy_markup;
mod lazy_screens;
mod lazy_sync;
mod memories;
mod notify;
mod offline;
mod personas;
mod preferences;
mod remote_images;
mod runtime;
mod settings_actions;
mod settings_screen;
mod shortcuts;
mod state;
mod storage_notices;
mod summary;
mod sync;
mod temporary;
mod tool_settings;
mod ui_sink;
mod usage;
mod welcome;
mod workflows;
mod workspace;
mod world_books;

#[cfg(feature = "embed")]
mod embed;

/// The app mounts itself on the page once its language is in (`language`); the embed build
/// waits for the embedding page to mount it.
fn main() {
    skein_platform::log_panics_to_console();
    #[cfg(not(feature = "embed"))]
    wasm_bindgen_futures::spawn_local(async {
        language::start("").await;
        leptos::mount::mount_to_body(app::App);
    });
}
