//! The conversations API as a JavaScript class (the `js-api` feature): the app's
//! [`ChatService`] over an IndexedDB database (the app's own by default) or over memory, for
//! an embedding page. Every rule — which action, the JSON of records and events — is the
//! engine's (`skein_engine::api::conversations`); this file opens the store and carries values
//! across.

use crate::js_values::{error_to_js, json_from_js, json_to_js};
use crate::{BrowserClock, FetchTransport, IdbStore, RandomIds};
use skein_engine::api::conversations::{action_from_json, branch_json, event_json};
use skein_engine::api::providers::Providers;
use skein_engine::api::ApiError;
use skein_engine::domain::assistant::assistant_for;
use skein_engine::prompt::OutputChannel;
use skein_engine::provider::ProviderClient;
use skein_engine::{
    ChatError, ChatService, Conversation, GenerationEvent, GenerationSink, MemoryStore, TurnContext,
};
use std::rc::Rc;
use wasm_bindgen::prelude::*;
use wasm_bindgen_futures::future_to_promise;

type Client = ProviderClient<FetchTransport, BrowserClock>;

/// The service over the store the page chose.
enum Service {
    Idb(ChatService<FetchTransport, IdbStore, BrowserClock, RandomIds>),
    Memory(ChatService<FetchTransport, Rc<MemoryStore>, BrowserClock, RandomIds>),
}

/// Runs `$body` with `$s` bound to the service, whichever its store.
macro_rules! with_service {
    ($service:expr, $s:ident => $body:expr) => {
        match &*$service {
            Service::Idb($s) => $body,
            Service::Memory($s) => $body,
        }
    };
}

/// The storage name that keeps nothing after the page closes.
const MEMORY: &str = "memory";

#[wasm_bindgen(js_name = SkeinChats)]
pub struct Chats {
    service: Rc<Service>,
    providers: Rc<Providers>,
}

fn chat_error(err: ChatError) -> JsValue {
    error_to_js(ApiError::from(err))
}

fn catalog_error(err: impl std::fmt::Display) -> JsValue {
    error_to_js(ApiError {
        kind: "other".into(),
        message: err.to_string(),
        status: None,
        retry_after_ms: None,
    })
}

/// Opens the conversations of `storage` (a database name, or `"memory"`).
pub(crate) async fn open(
    storage: String,
    client: Rc<Client>,
    providers: Rc<Providers>,
) -> Result<JsValue, JsValue> {
    let settings_now = {
        let providers = providers.clone();
        Rc::new(move || providers.route("").unwrap_or_default())
    };
    let service = if storage == MEMORY {
        let service = ChatService::with_client(client, Rc::new(MemoryStore::new()), RandomIds);
        service
            .connect_library(settings_now)
            .map_err(catalog_error)?;
        Service::Memory(service)
    } else {
        let store = IdbStore::open(&storage)
            .await
            .map_err(|e| chat_error(e.into()))?;
        let service = ChatService::with_client(client, store, RandomIds);
        service
            .connect_library(settings_now)
            .map_err(catalog_error)?;
        Service::Idb(service)
    };
    Ok(Chats {
        service: Rc::new(service),
        providers,
    }
    .into())
}

/// The page's event callback.
struct Events(Option<js_sys::Function>);

impl GenerationSink for Events {
    fn emit(&self, event: GenerationEvent) {
        if let Some(f) = &self.0 {
            let _ = f.call1(&JsValue::NULL, &json_to_js(&event_json(&event)));
        }
    }
}

async fn find(service: &Service, id: &str) -> Result<Conversation, JsValue> {
    let list = with_service!(service, s => s.list_conversations().await).map_err(chat_error)?;
    list.into_iter().find(|c| c.id == id).ok_or_else(|| {
        error_to_js(ApiError::invalid(
            "conversationId",
            format!("no conversation \"{id}\" in this storage"),
        ))
    })
}

#[wasm_bindgen(js_class = SkeinChats)]
impl Chats {
    /// Every conversation, the most recent first.
    pub fn list(&self) -> js_sys::Promise {
        let service = self.service.clone();
        future_to_promise(async move {
            let list =
                with_service!(service, s => s.list_conversations().await).map_err(chat_error)?;
            Ok(json_to_js(&serde_json::to_value(list).unwrap_or_default()))
        })
    }

    /// `{ conversation, branch }`: the conversation and its current branch.
    pub fn open(&self, conversation_id: String) -> js_sys::Promise {
        let service = self.service.clone();
        future_to_promise(async move {
            let conversation = find(&service, &conversation_id).await?;
            let tree = with_service!(service, s => {
                let here = s.is_generating(&conversation.id);
                match s.open_tree(&conversation, here).await {
                    // An answer a killed page left gets back what its journal kept.
                    Ok((_, interrupted)) if !interrupted.is_empty() => {
                        let _ = s.recover_interrupted(&conversation, &interrupted).await;
                        s.open_tree(&conversation, here).await.map(|(tree, _)| tree)
                    }
                    opened => opened.map(|(tree, _)| tree),
                }
            })
            .map_err(chat_error)?;
            Ok(json_to_js(&serde_json::json!({
                "conversation": conversation,
                "branch": branch_json(&tree.current_branch_entries()),
            })))
        })
    }

    /// Shows the sibling `offset` away from message `message_id` (‹ ›); the new branch.
    #[wasm_bindgen(js_name = switchBranch)]
    pub fn switch_branch(
        &self,
        conversation_id: String,
        message_id: String,
        offset: i32,
    ) -> js_sys::Promise {
        let service = self.service.clone();
        future_to_promise(async move {
            let conversation = find(&service, &conversation_id).await?;
            let offset = isize::try_from(offset).unwrap_or(0);
            let (_, branch) = with_service!(service, s => s.switch_branch(conversation, &message_id, offset).await)
                .map_err(chat_error)?;
            Ok(json_to_js(&branch_json(&branch)))
        })
    }

    /// The assistants this storage has.
    pub fn assistants(&self) -> js_sys::Promise {
        let service = self.service.clone();
        future_to_promise(async move {
            let list =
                with_service!(service, s => s.list_assistants().await).map_err(chat_error)?;
            let list: Vec<serde_json::Value> = list
                .iter()
                .map(|a| serde_json::json!({ "id": a.id, "name": a.name }))
                .collect();
            Ok(json_to_js(&serde_json::Value::Array(list)))
        })
    }

    /// Runs one action (`send`, `regenerate`, `continue`, `retry`, `edit`, `decide`; see
    /// `skein_engine::api::conversations::action_from_json`) with the whole pipeline; each
    /// generation event goes to `on_event`. `options`: `{ model?, assistantId? }`. Resolves with
    /// the reply's record.
    pub fn run(
        &self,
        action: JsValue,
        options: JsValue,
        signal: Option<web_sys::AbortSignal>,
        on_event: Option<js_sys::Function>,
    ) -> js_sys::Promise {
        let (service, providers) = (self.service.clone(), self.providers.clone());
        let cancel = crate::js_values::cancel_token(signal.as_ref());
        let parsed = json_from_js(&action)
            .and_then(|v| action_from_json(&v).map_err(error_to_js))
            .and_then(|action| json_from_js(&options).map(|options| (action, options)));
        future_to_promise(async move {
            let ((conversation_id, action), options) = parsed?;
            let text = |field: &str| options.get(field).and_then(|v| v.as_str()).unwrap_or("");
            let settings = providers.route(text("model")).map_err(error_to_js)?;
            let conversation = match &conversation_id {
                Some(id) => Some(find(&service, id).await?),
                None => None,
            };
            let assistants =
                with_service!(service, s => s.list_assistants().await).map_err(chat_error)?;
            let wanted = Some(text("assistantId"))
                .filter(|id| !id.is_empty())
                .or_else(|| {
                    conversation
                        .as_ref()
                        .and_then(|c| c.assistant_id.as_deref())
                });
            let assistant = assistant_for(wanted, &assistants);
            let sink = Events(on_event);
            let channel = match text("format") {
                "plain" => OutputChannel::PlainText,
                _ => OutputChannel::Markdown,
            };
            let context = TurnContext {
                channel,
                ..TurnContext::new(&settings, &assistant, &cancel, &sink)
            };
            let reply = with_service!(service, s => s.run(conversation, action, &context).await)
                .map_err(chat_error)?;
            Ok(json_to_js(&skein_engine::api::conversations::message_json(
                &reply,
            )))
        })
    }

    /// Stops the answer being generated in `conversation_id`; `true` when there was one.
    pub fn stop(&self, conversation_id: String) -> bool {
        with_service!(self.service, s => s.stop(&conversation_id))
    }
}
