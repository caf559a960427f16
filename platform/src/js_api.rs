//! The engine's OpenAI-shaped API as a JavaScript class, for pages that embed Skein (built only
//! with the `js-api` feature; packaged by `cargo xtask dist --embed`, whose `index.js` wraps
//! it in `Skein.create`, async iterators and `SkeinError`).
//!
//! Values cross as JSON-compatible JavaScript objects (`serde-wasm-bindgen`); every rule —
//! routing a model, reading the request, the chunks' shapes, how a failure is reported — is the
//! engine's (`skein_engine::api`). A failure rejects the promise with
//! `{ kind, message, status?, retryAfterMs? }`.

use crate::js_values::cancel_token;
pub use crate::js_values::{error_to_js, json_from_js, json_to_js};
use crate::{BrowserClock, FetchTransport, RandomIds};
use skein_engine::api::completions::{self, ChunkSink};
use skein_engine::api::providers::Providers;
use skein_engine::api::request::CompletionRequest;
use skein_engine::provider::ProviderClient;
use skein_engine::IdGenerator;
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;
use web_sys::AbortSignal;

/// The providers an embedding page configured, and the client every call goes through (so
/// per-minute limits and circuit breakers hold across calls).
#[wasm_bindgen(js_name = SkeinEngine)]
pub struct Engine {
    providers: Rc<Providers>,
    client: Rc<ProviderClient<FetchTransport, BrowserClock>>,
}

#[wasm_bindgen(js_class = SkeinEngine)]
impl Engine {
    /// `providers`: `[{ id?, protocol, baseUrl?, apiKey?, model?, models?, headers?, body?,
    /// fallbacks? }]`. Throws `{ kind: "invalid_request", message }` when it is wrong.
    #[wasm_bindgen(constructor)]
    pub fn new(providers: JsValue) -> Result<Engine, JsValue> {
        let providers = Providers::from_json(&json_from_js(&providers)?).map_err(error_to_js)?;
        Ok(Self {
            providers: Rc::new(providers),
            client: Rc::new(ProviderClient::new(FetchTransport, BrowserClock)),
        })
    }

    /// One chat completion (OpenAI's request shape). Each `chat.completion.chunk` goes to
    /// `on_chunk` when the request streams; resolves with the whole `chat.completion`.
    pub fn complete(
        &self,
        request: JsValue,
        signal: Option<AbortSignal>,
        on_chunk: Option<js_sys::Function>,
        on_warning: Option<js_sys::Function>,
    ) -> js_sys::Promise {
        let request = json_from_js(&request)
            .and_then(|value| CompletionRequest::from_json(&value).map_err(error_to_js));
        let (providers, client) = (self.providers.clone(), self.client.clone());
        let cancel = cancel_token(signal.as_ref());
        future_to_promise(async move {
            let request = request?;
            let id = format!("chatcmpl-{}", RandomIds.new_id());
            let mut out = Callbacks {
                on_chunk,
                on_warning,
            };
            completions::create(&client, &providers, &request, &id, &cancel, &mut out)
                .await
                .map(|completion| json_to_js(&completion))
                .map_err(error_to_js)
        })
    }

    /// The conversations of `storage` (an IndexedDB database: the app's own is `skein`; or
    /// `"memory"`, kept until the page closes), with the app's whole chat pipeline; resolves
    /// with a `SkeinChats`.
    pub fn chats(&self, storage: String) -> js_sys::Promise {
        let (providers, client) = (self.providers.clone(), self.client.clone());
        future_to_promise(crate::js_chats::open(storage, client, providers))
    }

    /// The models of provider `provider` (the first when absent), as OpenAI's list.
    #[wasm_bindgen(js_name = listModels)]
    pub fn list_models(
        &self,
        provider: Option<String>,
        signal: Option<AbortSignal>,
    ) -> js_sys::Promise {
        let (providers, client) = (self.providers.clone(), self.client.clone());
        let cancel = cancel_token(signal.as_ref());
        future_to_promise(async move {
            completions::list_models(&client, &providers, provider.as_deref(), &cancel)
                .await
                .map(|list| json_to_js(&list))
                .map_err(error_to_js)
        })
    }
}

/// The page's callbacks; one that throws does not stop the answer.
struct Callbacks {
    on_chunk: Option<js_sys::Function>,
    on_warning: Option<js_sys::Function>,
}

impl ChunkSink for Callbacks {
    fn chunk(&mut self, chunk: serde_json::Value) {
        if let Some(f) = &self.on_chunk {
            let _ = f.call1(&JsValue::NULL, &json_to_js(&chunk));
        }
    }

    fn warn(&mut self, message: String) {
        if let Some(f) = &self.on_warning {
            let _ = f.call1(&JsValue::NULL, &JsValue::from_str(&message));
        }
    }
}
