//! The only files that name wasm split points: each puts a part of the app that most visits do
//! not need into its own module, fetched on first use (`xtask/src/split.rs` runs the splitting
//! step). The features reach them through the loaders in [`crate::runtime::Modules`], which
//! start-up hands the runtime ([`modules`]); the frame mounts the screens and the Markdown
//! extras itself.

pub mod generation;
pub mod markup;
pub mod screens;
pub mod sync;

/// The loaders the runtime keeps for the features.
pub fn modules() -> crate::runtime::Modules {
    crate::runtime::Modules {
        generation: generation::load,
        sync: sync::load,
    }
}
