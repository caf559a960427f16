//! The embed build (`--features embed`, packaged by `cargo xtask dist --embed`): instead of
//! mounting on the page's body, the module waits for the embedding page. It exports the
//! engine's JavaScript API (`skein_platform::js_api`) and [`mount_chat`], which the package's
//! `<skein-chat>` element calls with a node inside its shadow root.

use wasm_bindgen::prelude::*;

/// Mounts the whole chat UI inside `element` (for `<skein-chat>`); it stays for the page's life.
#[wasm_bindgen(js_name = mountChat)]
pub fn mount_chat(element: web_sys::HtmlElement) {
    leptos::mount::mount_to(element, crate::app::App).forget();
}
