//! Reading a file the user chose (an import), in the page: nothing is uploaded.

use crate::js_error::describe;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// The name and bytes of the first file chosen in `input`, if any.
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
) -> Result<Option<(String, Vec<u8>)>, String> {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return Ok(None);
    };
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| describe(&e))?;
    let buffer: js_sys::ArrayBuffer = buffer.dyn_into().map_err(|e| describe(&e))?;
    let bytes = js_sys::Uint8Array::new(&buffer);
    Ok(Some((file.name(), bytes.to_vec())))
}
