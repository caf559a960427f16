//! Saving a file the app made (an export) through the browser's download: the text becomes a
//! `blob:` URL clicked from a temporary link, so nothing goes over the network.

use crate::js_error::describe;
use wasm_bindgen::JsCast;

/// Offers `text` as a download named `file_name`.
pub fn download_text(file_name: &str, mime: &str, text: &str) -> Result<(), String> {
    let parts = js_sys::Array::of1(&text.into());
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_str_sequence_and_options(&parts, &options)
        .map_err(|e| describe(&e))?;
    offer(file_name, &blob)
}

/// Offers `bytes` (an image, a binary file) as a download named `file_name`.
pub fn download_bytes(file_name: &str, mime: &str, bytes: &[u8]) -> Result<(), String> {
    let parts = js_sys::Array::of1(&js_sys::Uint8Array::from(bytes));
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(mime);
    let blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|e| describe(&e))?;
    offer(file_name, &blob)
}

fn offer(file_name: &str, blob: &web_sys::Blob) -> Result<(), String> {
    let url = web_sys::Url::create_object_url_with_blob(blob).map_err(|e| describe(&e))?;
    let document = web_sys::window()
        .and_then(|w| w.document())
        .ok_or("no document")?;
    let link: web_sys::HtmlAnchorElement = document
        .create_element("a")
        .map_err(|e| describe(&e))?
        .unchecked_into();
    link.set_href(&url);
    link.set_download(file_name);
    link.click();
    // The download reads the URL asynchronously: release it a little later, not now.
    let release = wasm_bindgen::closure::Closure::once_into_js(move || {
        let _ = web_sys::Url::revoke_object_url(&url);
    });
    if let Some(window) = web_sys::window() {
        let _ = window
            .set_timeout_with_callback_and_timeout_and_arguments_0(release.unchecked_ref(), 60_000);
    }
    Ok(())
}
