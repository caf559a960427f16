//! Start-up: opens storage, builds the runtime, loads the settings and the conversation list,
//! and starts what runs in the background (the other tabs' changes, sync, an embedding run the
//! last visit left).

use crate::runtime::{Changed, Engine, Ready, Runtime, KNOWLEDGE_CHANGED};
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::provider::ProviderClient;
use skein_engine::render::first_screen::opened_at_start;
use skein_engine::store::temporary::TemporaryChats;
use skein_engine::ChatService;
use skein_platform::{BrowserClock, FetchTransport, IdbStore, RandomIds, StorageHealth};
use std::rc::Rc;

/// The channel Skein's tabs share.
const TAB_CHANNEL: &str = "skein-changes";

/// Opens storage, then loads the settings and the conversation list.
pub fn init(engine: Engine) {
    let state = engine.state;
    spawn_local(async move {
        let on_health: skein_platform::HealthListener = Rc::new(move |health: &StorageHealth| {
            crate::page::storage::storage_health_changed(state, health)
        });
        let database = crate::page::embedded::database_name();
        let store = match IdbStore::open_watched(&database, Some(on_health)).await {
            Ok(store) => store,
            Err(err) => {
                state.shell.banner.set(Some(tf(
                    "notice-storage-unavailable",
                    &[("err", skein_components::explain(&err).into())],
                )));
                state.shell.ready.set(true);
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
            Ok(list) => state.library.assistants.set(list),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
        // The tools, retrieval and the workspaces are connected when the code that writes
        // answers loads (src/chat/equipment.rs); the MCP servers' clients are kept from the
        // start.
        let mcp = Rc::new(skein_engine::mcp::McpHub::new(Rc::new(FetchTransport)));
        let ready = engine.set(Runtime {
            service,
            storage: store,
            tabs: skein_platform::TabChannel::open(TAB_CHANNEL, move |id| {
                if let Some(ready) = engine.ready() {
                    changed_elsewhere(ready, id);
                }
            })
            .ok(),
            mcp,
            modules: crate::split::modules(),
            on_changed: crate::shell::changed::follow,
            loading_images: Default::default(),
            equipped: Default::default(),
            persistence_asked: Default::default(),
            workflow_call: Default::default(),
            follow_up_timer: Default::default(),
            embedding_run: Default::default(),
            sync: Default::default(),
        });
        // A closed or hidden tab saves the streaming answers as they are shown now (the
        // streaming writes are throttled); on reopening they are marked incomplete.
        if let Err(err) = skein_platform::on_page_hidden(move || {
            flush_live(ready);
            crate::chat::list::flush_pending_deletes(ready);
        }) {
            state.shell.banner.set(Some(tf(
                "notice-tab-close-unwatched",
                &[("err", err.to_string().into())],
            )));
        }
        match (crate::page::embedded::provider(), settings) {
            // The embedding page's provider wins over the saved one (and is not saved).
            (Some(chosen), _) => state.settings.provider.set(chosen),
            (None, Ok(Some(settings))) => state.settings.provider.set(settings),
            // The first run: nothing saved at all. Conversations without a provider (written
            // by a page through the JavaScript API) show as they are; sending asks for one.
            (None, Ok(None)) if conversations.as_ref().is_ok_and(Vec::is_empty) => {
                crate::shell::welcome::start(ready)
            }
            (None, Ok(None)) => {}
            (None, Err(err)) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
        let assistant = crate::page::embedded::assistant();
        match conversations {
            Ok(list) => {
                let first = opened_at_start(&list).map(|c| c.id.clone());
                state.chat.conversations.set(list);
                // A page that names the assistant starts a new chat with it.
                if let (Some(id), None) = (first, &assistant) {
                    crate::chat::conversation::select(ready, id);
                }
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
        if let Some(name) = assistant {
            let library = state.library;
            match library
                .assistants
                .with_untracked(|list| list.iter().find(|a| a.name == name).map(|a| a.id.clone()))
            {
                Some(id) => library.assistant_id.set(id),
                None => state.shell.banner.set(Some(tf(
                    "notice-embedded-assistant-missing",
                    &[
                        ("name", name.into()),
                        ("used", library.assistant_untracked().name.into()),
                    ],
                ))),
            }
        }
        // What the browser keeps for Skein; kept for good once there is something to keep.
        spawn_local(async move {
            crate::page::storage::refresh_storage(state).await;
            crate::page::storage::ask_for_persistence(ready);
        });
        // Questions written offline on an earlier visit go out if the connection is here.
        crate::chat::offline::send_waiting(ready);
        crate::library::knowledge::refresh(ready);
        crate::library::personas::load(ready);
        crate::library::world_books::load(ready);
        crate::panels::follow_ups::refresh(ready);
        crate::library::dictionaries::load(ready);
        crate::settings::tools::load(ready);
        state.shell.ready.set(true);
        crate::sync::on(ready, skein_engine::sync::SyncEvent::Started);
        // An embedding run the last visit did not finish goes on (its code comes with the
        // module that writes answers, loaded now only when a knowledge base embeds).
        if ready.runtime.service.embeds_anything().await {
            if let Ok(generation) = crate::chat::generation::load(ready).await {
                (generation.embed_pending)(ready).await;
            }
        }
    });
}

/// Another tab changed conversation `id` (or added, renamed, deleted one), or wrote knowledge
/// vectors.
fn changed_elsewhere(ready: Ready, id: String) {
    if id == KNOWLEDGE_CHANGED {
        ready.runtime.service.knowledge_changed_elsewhere();
    } else {
        ready.changed(Changed::Elsewhere(vec![id]));
    }
}

/// Writes every answer streaming in this tab as it is now.
fn flush_live(ready: Ready) {
    spawn_local(async move {
        // Best effort: the page may be going away; the throttled writes stand otherwise.
        // Never over a finished answer (the store checks, in one transaction).
        let _ = ready.runtime.service.save_live_snapshots().await;
    });
}
