//! The browser's side of the interface language: the languages the user prefers, and fetching
//! a translation file shipped beside the app.

use gloo_net::http::RequestBuilder;

/// `navigator.languages`, most preferred first (empty where the browser does not say).
pub fn browser_languages() -> Vec<String> {
    web_sys::window()
        .map(|w| w.navigator().languages())
        .map(|list| list.iter().filter_map(|l| l.as_string()).collect())
        .unwrap_or_default()
}

/// The text at `url` (a translation file shipped with the app, same origin), or what went wrong.
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let response = RequestBuilder::new(url)
        .send()
        .await
        .map_err(|e| format!("{url} could not be fetched: {e}"))?;
    if !response.ok() {
        return Err(format!("{url}: the server answered {}", response.status()));
    }
    response
        .text()
        .await
        .map_err(|e| format!("{url} could not be read: {e}"))
}
