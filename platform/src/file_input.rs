//! Reading files the user chose, pasted or dropped, in the page: nothing is uploaded.

use crate::js_error::describe;
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

/// A file's name, the type the browser reports (possibly empty or wrong) and its bytes.
pub struct FileBytes {
    pub name: String,
    pub mime: String,
    pub bytes: Vec<u8>,
}

/// Reads one file's bytes.
pub async fn read_file(file: &web_sys::File) -> Result<FileBytes, String> {
    let buffer = JsFuture::from(file.array_buffer())
        .await
        .map_err(|e| describe(&e))?;
    let buffer: js_sys::ArrayBuffer = buffer.dyn_into().map_err(|e| describe(&e))?;
    Ok(FileBytes {
        name: file.name(),
        mime: file.type_(),
        bytes: js_sys::Uint8Array::new(&buffer).to_vec(),
    })
}

/// The name and bytes of the first file chosen in `input`, if any.
pub async fn read_chosen_file(
    input: &web_sys::HtmlInputElement,
) -> Result<Option<(String, Vec<u8>)>, String> {
    let Some(file) = input.files().and_then(|files| files.get(0)) else {
        return Ok(None);
    };
    let read = read_file(&file).await?;
    Ok(Some((read.name, read.bytes)))
}
