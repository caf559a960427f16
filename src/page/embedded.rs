//! When an embedding page mounted the chat (`<skein-chat>`, the embed build's `mountChat`)
//! instead of the app mounting itself: the element it lives in, the storage and provider the page
//! chose (`skein_engine::api::element::ElementOptions`), and the events the page hears. In the
//! app itself nothing is set and every function here answers as the app.

use skein_engine::api::element::{answer_events, ElementOptions, APP_DATABASE};
use skein_engine::{MessageNode, ProviderSettings};
use std::cell::RefCell;

pub struct Host {
    pub element: web_sys::HtmlElement,
    pub options: ElementOptions,
}

thread_local! {
    static HOST: RefCell<Option<Host>> = const { RefCell::new(None) };
}

/// Records the embedding; `false` when the page already mounted one chat (one per page: the
/// app's runtime is one per page).
#[cfg(feature = "embed")]
pub fn set(host: Host) -> bool {
    HOST.with(|h| {
        let mut h = h.borrow_mut();
        if h.is_some() {
            return false;
        }
        *h = Some(host);
        true
    })
}

pub fn is_embedded() -> bool {
    HOST.with(|h| h.borrow().is_some())
}

/// The IndexedDB database to open.
pub fn database_name() -> String {
    HOST.with(|h| {
        h.borrow()
            .as_ref()
            .map_or_else(|| APP_DATABASE.to_owned(), |h| h.options.storage.clone())
    })
}

/// The provider the page chose, over the saved settings.
pub fn provider() -> Option<ProviderSettings> {
    HOST.with(|h| h.borrow().as_ref().and_then(|h| h.options.provider.clone()))
}

/// The assistant (by name) a new chat starts with.
pub fn assistant() -> Option<String> {
    HOST.with(|h| {
        h.borrow()
            .as_ref()
            .and_then(|h| h.options.assistant.clone())
    })
}

/// Where the theme goes: the embedding element, or the document.
pub fn theme_root() -> Option<web_sys::Element> {
    HOST.with(|h| h.borrow().as_ref().map(|h| h.element.clone().into()))
        .or_else(|| web_sys::window()?.document()?.document_element())
}

/// Tells the page an answer ended (`skein-message`, and `skein-error` when it failed).
pub fn answer_ended(answer: &MessageNode) {
    HOST.with(|h| {
        let Some(host) = h.borrow().as_ref().map(|h| h.element.clone()) else {
            return;
        };
        for (name, detail) in answer_events(answer) {
            // A page listener that throws is the page's problem, not the answer's.
            let _ = skein_platform::dispatch_json_event(&host, name, &detail.to_string());
        }
    });
}
