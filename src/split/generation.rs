//! The split point of the code that writes answers (`src/chat/generation.rs` says what it holds
//! and when it loads): with the `split` feature (the web build of `cargo xtask dist`),
//! [`generation_split`] puts the engine's turn (prompt assembly, retrieval, the request
//! builders, the three protocols' stream decoders, the tool loop) into its own module
//! (`split_generation.wasm`), precached by the service worker. Without the feature it is there
//! from the start.

use crate::runtime::{Generation, Later, LoadFailed};

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(generation, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn generation_split() -> Result<Generation, LoadFailed> {
    Ok(Generation {
        run: |turn| Box::pin(crate::chat::turns::run_turn(turn)),
        inspect: |request| Box::pin(crate::panels::inspector::dry_run(request)),
        equip: crate::chat::equipment::equip,
        connect_mcp: crate::settings::tools::connect_servers,
        embed_pending: |ready| Box::pin(crate::library::embeddings::embed_pending(ready)),
        recover: |ready, conversation, ids| {
            Box::pin(async move {
                let recovered = ready
                    .runtime
                    .service
                    .recover_interrupted(&conversation, &ids)
                    .await;
                // What could not be taken back stays as it was saved, marked interrupted.
                recovered.unwrap_or(0)
            })
        },
    })
}

/// Loads the module (a failed load is tried again on the next call).
pub fn load() -> Later<Result<Generation, LoadFailed>> {
    #[cfg(feature = "split")]
    return Box::pin(generation_split());
    #[cfg(not(feature = "split"))]
    return Box::pin(std::future::ready(generation_split()));
}
