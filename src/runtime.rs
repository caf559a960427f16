//! The browser-side runtime: the engine's [`ChatService`] over the platform adapters, the cancel
//! token of each running generation, and the user actions that drive them.
//!
//! These values are not `Send` (they hold JavaScript objects), so they live in a thread-local;
//! the browser runs this app on one thread.

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_engine::provider::ProviderClient;
use skein_engine::render::first_screen::opened_at_start;
use skein_engine::store::temporary::TemporaryChats;
use skein_engine::{ChatAction, UserInput};
use skein_engine::{ChatService, Conversation, MessageNode};
use skein_platform::{BrowserClock, FetchTransport, IdbStore, RandomIds, StorageHealth};
use std::cell::RefCell;
use std::collections::HashMap;
use std::rc::Rc;

pub type Service = ChatService<FetchTransport, TemporaryChats<IdbStore>, BrowserClock, RandomIds>;

pub struct Runtime {
    pub service: Service,
    /// The IndexedDB adapter itself, for what only the platform knows: its health, and a
    /// probe write after the user freed space.
    pub storage: IdbStore,
    /// The assistant message being streamed in each generating conversation, as it is now
    /// (the stored copy can be up to one persistence interval behind).
    pub live: RefCell<HashMap<String, MessageNode>>,
    /// Finished answers that could not be saved (storage full), by message ID, with their
    /// conversation: kept here, on screen, until storage is writable again.
    pub unsaved: RefCell<HashMap<String, (Conversation, MessageNode)>>,
    /// Images being loaded, so each is read from storage once.
    pub loading_images: RefCell<std::collections::HashSet<String>>,
    /// Tells Skein's other tabs which conversation changed here (`None` where the browser
    /// has no BroadcastChannel).
    pub tabs: Option<skein_platform::TabChannel>,
    /// A client per MCP server that is on; their tools are in the service's catalogue.
    pub mcp: Rc<skein_engine::mcp::McpHub<FetchTransport>>,
}

impl Runtime {
    /// Tells the other tabs that `conversation_id` changed in this one (not a temporary chat:
    /// they cannot read it).
    pub fn announce(&self, conversation_id: &str) {
        if self.service.is_temporary(conversation_id) {
            return;
        }
        if let Some(tabs) = &self.tabs {
            tabs.post(conversation_id);
        }
    }

    /// Tells the other tabs that this one wrote knowledge vectors.
    pub fn announce_knowledge(&self) {
        if let Some(tabs) = &self.tabs {
            tabs.post(KNOWLEDGE_CHANGED);
        }
    }
}

/// What a tab posts after writing knowledge vectors, instead of a conversation id. Skein's ids
/// are UUIDs; were a page's own id ever this text, its tabs would only re-read their knowledge.
const KNOWLEDGE_CHANGED: &str = "knowledge vectors";

/// The channel Skein's tabs share.
const TAB_CHANNEL: &str = "skein-changes";

thread_local! {
    static RUNTIME: RefCell<Option<Rc<Runtime>>> = const { RefCell::new(None) };
}

pub(crate) fn runtime() -> Option<Rc<Runtime>> {
    RUNTIME.with(|r| r.borrow().clone())
}

/// Opens storage, then loads the settings and the conversation list.
pub fn init(state: AppState) {
    spawn_local(async move {
        let on_health: skein_platform::HealthListener = Rc::new(move |health: &StorageHealth| {
            crate::storage_notices::storage_health_changed(state, health)
        });
        let database = crate::embedded::database_name();
        let store = match IdbStore::open_watched(&database, Some(on_health)).await {
            Ok(store) => store,
            Err(err) => {
                state.banner.set(Some(tf(
                    "notice-storage-unavailable",
                    &[("err", skein_components::explain(&err).into())],
                )));
                state.ready.set(true);
                return;
            }
        };
        // One provider client: chat, summaries, titles and embeddings share its limits and
        // circuit breakers.
        let client = Rc::new(ProviderClient::new(FetchTransport, BrowserClock));
        let service =
            ChatService::with_client(client, TemporaryChats::new(store.clone()), RandomIds);
        let settings = service.load_provider_settings().await;
        let conversations = service.list_conversations().await;
        match service.list_assistants().await {
            Ok(list) => state.assistants.set(list),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
        // The tools, retrieval and the workspaces are connected when the code that writes
        // answers loads (src/equipment.rs); the MCP servers' clients are kept from the start.
        let mcp = Rc::new(skein_engine::mcp::McpHub::new(Rc::new(FetchTransport)));
        RUNTIME.with(|r| {
            *r.borrow_mut() = Some(Rc::new(Runtime {
                service,
                storage: store,
                live: RefCell::default(),
                unsaved: RefCell::default(),
                loading_images: RefCell::default(),
                tabs: skein_platform::TabChannel::open(TAB_CHANNEL, move |id| {
                    changed_elsewhere(state, id);
                })
                .ok(),
                mcp,
            }));
        });
        // A closed or hidden tab saves the streaming answers as they are shown now (the
        // streaming writes are throttled); on reopening they are marked incomplete.
        if let Err(err) = skein_platform::on_page_hidden(move || {
            flush_live();
            crate::conversation_list::flush_pending_deletes(state);
        }) {
            state.banner.set(Some(format!(
                "Skein cannot watch for the tab closing, so an answer streaming then may lose its \
                 last words: {err}"
            )));
        }
        match (crate::embedded::provider(), settings) {
            // The embedding page's provider wins over the saved one (and is not saved).
            (Some(chosen), _) => state.settings.set(chosen),
            (None, Ok(Some(settings))) => state.settings.set(settings),
            // The first run: nothing saved at all. Conversations without a provider (written
            // by a page through the JavaScript API) show as they are; sending asks for one.
            (None, Ok(None)) if conversations.as_ref().is_ok_and(Vec::is_empty) => {
                crate::welcome::start(state)
            }
            (None, Ok(None)) => {}
            (None, Err(err)) => state.banner.set(Some(skein_components::explain(&err))),
        }
        let assistant = crate::embedded::assistant();
        match conversations {
            Ok(list) => {
                let first = opened_at_start(&list).map(|c| c.id.clone());
                state.conversations.set(list);
                // A page that names the assistant starts a new chat with it.
                if let (Some(id), None) = (first, &assistant) {
                    select(state, id);
                }
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
        if let Some(name) = assistant {
            match state
                .assistants
                .with_untracked(|list| list.iter().find(|a| a.name == name).map(|a| a.id.clone()))
            {
                Some(id) => state.assistant_id.set(id),
                None => state.banner.set(Some(format!(
                    "The page asks for the assistant “{name}”, which this storage does not have: \
                     the chat uses “{}”.",
                    state.assistant_untracked().name
                ))),
            }
        }
        // What the browser keeps for Skein; kept for good once there is something to keep.
        spawn_local(async move {
            crate::storage_notices::refresh_storage(state).await;
            crate::storage_notices::ask_for_persistence(state);
        });
        // Questions written offline on an earlier visit go out if the connection is here.
        crate::offline::send_waiting(state);
        crate::knowledge::refresh(state);
        crate::personas::load(state);
        crate::world_books::load(state);
        crate::follow_ups::refresh(state);
        crate::dictionaries::load(state);
        crate::tool_settings::load(state);
        state.ready.set(true);
        crate::sync::start(state);
        // An embedding run the last visit did not finish goes on (its code comes with the
        // module that writes answers, loaded now only when a knowledge base embeds).
        if let Some(runtime) = runtime() {
            if runtime.service.embeds_anything().await {
                if let Ok(generation) = crate::lazy_generation::load(state).await {
                    (generation.embed_pending)(state).await;
                }
            }
        }
    });
}

/// Shows conversation `id`: its current branch, with any reply streaming in this tab up to date.
pub fn select(state: AppState, id: String) {
    select_showing(state, id, None);
}

/// Shows message `message_id` of conversation `conversation_id` (a cited message): the
/// branch through it, scrolled to it.
pub fn open_message(state: AppState, conversation_id: String, message_id: String) {
    if state.is_current(&conversation_id) {
        reshape(state, Reshape::Show(message_id));
    } else {
        select_showing(state, conversation_id, Some(message_id));
    }
}

/// Shows conversation `id`, then the branch through `message` when one is given.
fn select_showing(state: AppState, id: String, message: Option<String>) {
    state.show_settings.set(false);
    state.workflows.open.set(false);
    state.current.set(Some(id.clone()));
    load_current(state, id, message);
}

/// Reads conversation `id` again if it is the one on screen, leaving whatever screen is open
/// (settings, workflows) as it is: what changed under it (a sync round) shows when the user
/// returns to the chat.
pub fn reload(state: AppState, id: String) {
    if state.is_current(&id) && !state.is_generating(&id) {
        load_current(state, id, None);
    }
}

fn load_current(state: AppState, id: String, message: Option<String>) {
    let Some(runtime) = runtime() else { return };
    let Some(conversation) = state.conversation(&id) else {
        return;
    };
    state.assistant_id.set(state.assistant_of(&conversation).id);
    spawn_local(async move {
        // Generating here, or in another tab (which holds the conversation's lock): either way
        // a streaming answer is being written, not interrupted.
        let generating_here =
            state.is_generating(&id) || skein_platform::generating_in_some_tab(&id).await;
        // The answer streaming here, and answers waiting for storage space, are shown as they
        // are, not as last stored.
        let tree = {
            // Copies: no borrow is held across the await (the stream writes to `live`).
            let live = runtime.live.borrow().get(&id).cloned();
            let unsaved: Vec<MessageNode> = (runtime.unsaved.borrow().values())
                .map(|(_, kept)| kept.clone())
                .collect();
            let newer: Vec<&MessageNode> = live.iter().chain(&unsaved).collect();
            runtime
                .service
                .open_tree(&conversation, generating_here, &newer)
                .await
        };
        if !state.is_current(&id) {
            return; // the user moved on while this loaded
        }
        match tree {
            Ok((tree, interrupted)) => {
                state.show_branch(&id, &tree.current_branch_entries());
                set_context(state, &runtime, &conversation, Some(&tree.current_branch())).await;
                if let Some(message) = message {
                    reshape(state, Reshape::Show(message));
                }
                if !interrupted.is_empty() {
                    crate::lazy_generation::recover_interrupted(state, conversation, interrupted);
                }
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Another tab changed conversation `id` (or added, renamed, deleted one): the list is read
/// again, and the conversation on screen too when it is the one (unless it is generating here,
/// where this tab is the writer).
fn changed_elsewhere(state: AppState, id: String) {
    let Some(runtime) = runtime() else { return };
    if id == KNOWLEDGE_CHANGED {
        runtime.service.knowledge_changed_elsewhere();
        return;
    }
    spawn_local(async move {
        match runtime.service.list_conversations().await {
            Ok(list) => {
                let gone = state.is_current(&id) && !list.iter().any(|c| c.id == id);
                state.conversations.set(list);
                if gone {
                    new_chat(state);
                } else {
                    // Whatever screen is open here (settings, workflows) stays open.
                    reload(state, id);
                }
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Writes every answer streaming in this tab as it is now.
fn flush_live() {
    let Some(runtime) = runtime() else { return };
    let live: Vec<MessageNode> = runtime.live.borrow().values().cloned().collect();
    for node in live {
        let runtime = runtime.clone();
        spawn_local(async move {
            // Best effort: the page may be going away; the throttled writes stand otherwise.
            // Never over a finished answer (the store checks, in one transaction).
            let _ = runtime.service.save_streaming_snapshot(&node).await;
        });
    }
}

pub fn new_chat(state: AppState) {
    state.show_settings.set(false);
    state.workflows.open.set(false);
    state.temporary_next.set(false);
    state.context.set(None);
    state.current.set(None);
    state.messages.set(Vec::new());
}

/// Recomputes the context meter of conversation `id` (if it is still on screen), reading its
/// branch from storage (after a generation, whose final tree the app does not hold).
pub fn refresh_context(state: AppState, id: String) {
    let Some(runtime) = runtime() else { return };
    spawn_local(async move {
        let Some(conversation) = state.conversation(&id) else {
            return;
        };
        set_context(state, &runtime, &conversation, None).await;
    });
}

/// Sets the context meter of `conversation` (from `branch` when it is in hand).
async fn set_context(
    state: AppState,
    runtime: &Runtime,
    conversation: &Conversation,
    branch: Option<&[&MessageNode]>,
) {
    let (assistant, settings) = (state.assistant_untracked(), state.settings.get_untracked());
    let usage = runtime
        .service
        .context_usage(conversation, branch, &assistant, &settings)
        .await;
    if let Ok(usage) = usage {
        if state.is_current(&conversation.id) {
            state.context.set(Some(usage));
        }
    }
}

/// Retries the failed answer the banner shows.
pub fn retry(state: AppState) {
    let Some(failure) = state.failure.get_untracked() else {
        return;
    };
    start(state, failure.retry);
}

/// Starts sending `text`. Returns `false` (and explains why) when it cannot start, so the
/// composer keeps the text.
pub fn send(state: AppState, input: UserInput) -> bool {
    start(state, ChatAction::Send(input))
}

/// Starts a generation in the conversation on screen. Returns `false` (and explains why) when
/// it cannot start.
pub fn start(state: AppState, action: ChatAction) -> bool {
    start_in(state, current_conversation(state), action)
}

/// Starts `action` in the current conversation with `model` in place of the provider
/// settings' model, for this generation only (regenerate with another model).
pub fn start_with_model(state: AppState, action: ChatAction, model: String) -> bool {
    start_as(state, current_conversation(state), action, Some(model))
}

/// Starts a generation in `conversation` (a new one when `None`, for a new question). While
/// the browser is offline a new question is saved and waits for the connection instead
/// ([`crate::offline`]).
pub fn start_in(state: AppState, conversation: Option<Conversation>, action: ChatAction) -> bool {
    start_as(state, conversation, action, None)
}

fn start_as(
    state: AppState,
    conversation: Option<Conversation>,
    action: ChatAction,
    model: Option<String>,
) -> bool {
    let Some(runtime) = runtime() else {
        state.banner.set(Some(t("notice-storage-opening").into()));
        return false;
    };
    let mut settings = state.settings.get_untracked();
    if let Some(model) = model {
        settings.model = model;
    }
    if let Err(err) = settings.validate() {
        state.banner.set(Some(skein_components::explain(&err)));
        state
            .settings_section
            .set(skein_components::SettingsSection::Providers);
        state.show_settings.set(true);
        return false;
    }
    if conversation
        .as_ref()
        .is_some_and(|c| state.is_generating(&c.id))
    {
        return false;
    }
    if conversation.is_none() && !matches!(action, ChatAction::Send(_)) {
        return false;
    }
    // The conversation's own assistant; a new chat gets the one chosen for it.
    let assistant = conversation
        .as_ref()
        .map_or_else(|| state.assistant_untracked(), |c| state.assistant_of(c));
    // A new chat is temporary when the user chose so on it.
    let temporary = conversation.is_none() && state.temporary_next.get_untracked();
    state.banner.set(None);
    state.failure.set(None);
    let offline = !state.online.get_untracked();
    state.actions_running.update(|n| *n += 1);
    spawn_local(async move {
        match crate::lazy_generation::load(state).await {
            Ok(generation) => {
                (generation.run)(crate::lazy_generation::Turn {
                    state,
                    runtime,
                    conversation,
                    action,
                    settings,
                    assistant,
                    temporary,
                    offline,
                })
                .await;
            }
            Err(_) => could_not_load(state, conversation, action),
        }
        crate::storage_notices::ask_for_persistence(state);
        state.actions_running.update(|n| *n -= 1);
    });
    true
}

/// The code that writes answers could not be fetched: nothing happened, and what the user
/// typed or what was waiting is back where it was.
fn could_not_load(state: AppState, conversation: Option<Conversation>, action: ChatAction) {
    match action {
        ChatAction::Send(input) => state.draft.restore(input),
        // A question that waited for the connection waits again (it never left storage).
        ChatAction::Retry(_) => {
            if let Some(conversation) = conversation {
                state.upsert_conversation(conversation);
            }
        }
        _ => {}
    }
    state
        .banner
        .set(Some(t("notice-generation-load-failed").to_owned()));
}

pub(crate) fn current_conversation(state: AppState) -> Option<Conversation> {
    state.conversation(&state.current.get_untracked()?)
}

/// Shows another version of a message (‹ / ›) or the branch through a message (picked in the
/// branch map, then scrolled to), deletes a message and what follows it, or dismisses the
/// honesty gate's note on an answer.
pub enum Reshape {
    Switch(String, isize),
    Show(String),
    Delete(String),
    DismissCorrection(String),
}

pub fn reshape(state: AppState, action: Reshape) {
    let (Some(runtime), Some(conversation)) = (runtime(), current_conversation(state)) else {
        return;
    };
    if state.is_generating(&conversation.id) {
        return;
    }
    spawn_local(async move {
        let service = &runtime.service;
        let result = match &action {
            Reshape::Switch(id, offset) => service.switch_branch(conversation, id, *offset).await,
            Reshape::Show(id) => service.show_branch_through(conversation, id).await,
            Reshape::Delete(id) => service.delete_message(conversation, id).await,
            Reshape::DismissCorrection(id) => service.dismiss_correction(conversation, id).await,
        };
        match result {
            Ok((conversation, branch)) => {
                runtime.announce(&conversation.id);
                state.upsert_conversation(conversation.clone());
                state.show_branch(&conversation.id, &branch);
                let nodes: Vec<&MessageNode> = branch.iter().map(|entry| &entry.node).collect();
                set_context(state, &runtime, &conversation, Some(&nodes)).await;
                if let Reshape::Show(id) = action {
                    crate::jump::jump_to(state, id);
                }
            }
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Stops the generation of the conversation on screen, keeping what has arrived.
pub fn stop(state: AppState) {
    let (Some(runtime), Some(id)) = (runtime(), state.current.get_untracked()) else {
        return;
    };
    // The engine knows which generation runs in each conversation.
    runtime.service.stop(&id);
}

/// Loads a message image from storage and makes it displayable (a `blob:` URL, nothing leaves
/// the page). Each image is loaded once.
pub fn load_image(state: AppState, blob_id: String) {
    let Some(runtime) = runtime() else { return };
    if state
        .image_urls
        .with_untracked(|urls| urls.contains_key(&blob_id))
        || !runtime.loading_images.borrow_mut().insert(blob_id.clone())
    {
        return;
    }
    spawn_local(async move {
        match runtime.service.load_blob(&blob_id).await {
            Ok(Some(blob)) => match skein_platform::object_url(&blob) {
                Ok(url) => state.image_urls.update(|urls| {
                    urls.insert(blob_id, url);
                }),
                Err(err) => state.banner.set(Some(tf(
                    "notice-image-failed",
                    &[("err", err.to_string().into())],
                ))),
            },
            Ok(None) => state.banner.set(Some(t("notice-image-missing").into())),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}
