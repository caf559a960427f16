//! Stored blobs as `blob:` URLs for `<img>` elements.
//!
//! A `blob:` URL points at bytes already in this page: showing an image this way fetches
//! nothing from the network. Only raster image types are turned into URLs (an SVG can carry
//! script); the engine stores no other kind from model output.

use crate::js_error::describe;
use skein_engine::Blob;

const DISPLAYABLE: [&str; 5] = [
    "image/png",
    "image/jpeg",
    "image/gif",
    "image/webp",
    "image/avif",
];

/// A `blob:` URL for `blob`, or why there is none. The caller revokes it when the image is gone
/// (`URL.revokeObjectURL`) or keeps it for the page's lifetime.
pub fn object_url(blob: &Blob) -> Result<String, String> {
    if !DISPLAYABLE.contains(&blob.mime.as_str()) {
        return Err(format!("{} is not an image type Skein displays", blob.mime));
    }
    let bytes = js_sys::Uint8Array::from(blob.bytes.as_slice());
    let parts = js_sys::Array::of1(&bytes);
    let options = web_sys::BlobPropertyBag::new();
    options.set_type(&blob.mime);
    let js_blob = web_sys::Blob::new_with_u8_array_sequence_and_options(&parts, &options)
        .map_err(|e| describe(&e))?;
    web_sys::Url::create_object_url_with_blob(&js_blob).map_err(|e| describe(&e))
}
