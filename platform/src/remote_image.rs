//! A remote image the user asked to see, fetched by the page and shown as a `blob:` URL.
//!
//! The page's Content Security Policy allows images only from the app, `blob:` and `data:`, so
//! an `<img>` in model output can never load anything by itself. When the user clicks "Load
//! image", the image is fetched here (no cookies, no referrer), checked to be a raster image
//! of a sane size, and handed to [`object_url`]. A server that does not allow other pages to
//! read its images (no CORS headers) cannot be shown this way; the error says so, and the view
//! offers the link instead.

use crate::blob_url::object_url;
use gloo_net::http::RequestBuilder;
use skein_engine::Blob;
use web_sys::{ReferrerPolicy, RequestCredentials};

/// The largest remote image shown: a bigger one is almost certainly not an illustration.
const MAX_BYTES: usize = 20 * 1024 * 1024;

/// Fetches the image at `url` and returns a `blob:` URL for it, or what went wrong in words
/// the user can act on.
pub async fn fetch_remote_image(url: &str) -> Result<String, String> {
    let response = RequestBuilder::new(url)
        .credentials(RequestCredentials::Omit)
        .referrer_policy(ReferrerPolicy::NoReferrer)
        .send()
        .await
        .map_err(|_| {
            "its server cannot be reached, or does not let other pages load its images (no \
             CORS headers); open the link instead"
                .to_owned()
        })?;
    if !response.ok() {
        return Err(format!("its server answered {}", response.status()));
    }
    let too_large = || format!("it is larger than {} MB", MAX_BYTES / (1024 * 1024));
    let declared = response.headers().get("content-length");
    if declared.and_then(|n| n.trim().parse::<usize>().ok()) > Some(MAX_BYTES) {
        return Err(too_large());
    }
    let mime = response
        .headers()
        .get("content-type")
        .unwrap_or_default()
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    let bytes = response
        .binary()
        .await
        .map_err(|e| format!("it could not be read: {e}"))?;
    if bytes.len() > MAX_BYTES {
        return Err(too_large());
    }
    object_url(&Blob {
        id: String::new(),
        mime,
        bytes,
    })
}
