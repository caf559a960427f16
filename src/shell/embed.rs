//! The embed build (`--features embed`, packaged by `cargo xtask dist --embed`): instead of
//! mounting on the page's body, the module waits for the embedding page. It exports the
//! engine's JavaScript API (`skein_platform::js_api`) and [`mount_chat`], which the package's
//! `<skein-chat>` element calls with a node inside its shadow root.

use skein_engine::api::element::ElementOptions;
use skein_engine::api::ApiError;
use wasm_bindgen::prelude::*;

/// Mounts the whole chat UI inside `container` (in the shadow root of `host`, which hears the
/// chat's events and carries its theme and language), configured by `options` (`{ storage?,
/// providers?, model?, assistant? }`), once the interface language is fetched from `base` (the
/// package's folder URL, ending in `/`). It stays for the page's life; one per page. Rejects
/// with `{ kind: "invalid_request", message }` for wrong options or a second chat.
#[wasm_bindgen(js_name = mountChat)]
pub async fn mount_chat(
    host: web_sys::HtmlElement,
    container: web_sys::HtmlElement,
    options: JsValue,
    base: String,
) -> Result<(), JsValue> {
    let options = skein_platform::js_api::json_from_js(&options)?;
    let options =
        ElementOptions::from_json(&options).map_err(skein_platform::js_api::error_to_js)?;
    let embedded = crate::page::embedded::set(crate::page::embedded::Host {
        element: host,
        options,
    });
    if !embedded {
        return Err(skein_platform::js_api::error_to_js(ApiError::invalid(
            "skein-chat",
            "a page holds one chat; this one already has one",
        )));
    }
    crate::page::language::start(&base).await;
    leptos::mount::mount_to(container, crate::shell::app::App).forget();
    Ok(())
}
