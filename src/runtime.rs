//! The browser-side runtime: the engine's [`ChatService`] over the platform adapters, and what
//! else of the page is not a signal (storage, the tab channel, the MCP clients, the code
//! loaded on first use, and each feature's bookkeeping).
//!
//! It exists once storage is open. Whatever needs it takes a [`Ready`], which only exists once
//! it does: a feature cannot be reached before start-up has finished, and says so by its type.
//! The views reach features through [`Engine::act`], the one place that knows the runtime may
//! not be there yet.
//!
//! The code loaded on first use is reached through [`Modules`]: the entries of each split
//! module (`src/split/` names the split points and fills these tables) and the loaders
//! start-up hands the runtime. A feature asks for a module; it never names a split point.

use crate::state::AppState;
use leptos::prelude::*;
use skein_components::t;
use skein_engine::knowledge::embedding_run::RunGate;
use skein_engine::mcp::McpServers;
use skein_engine::store::temporary::TemporaryChats;
use skein_engine::{Assistant, ChatAction, ProviderSettings};
use skein_engine::{CancelToken, ChatService, Conversation};
use skein_platform::{BrowserClock, FetchTransport, IdbStore, RandomIds};
use std::cell::{Cell, RefCell};
use std::collections::HashSet;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

pub type Service = ChatService<FetchTransport, TemporaryChats<IdbStore>, BrowserClock, RandomIds>;

pub struct Runtime {
    pub service: Service,
    /// The IndexedDB adapter itself, for what only the platform knows: its health, and a
    /// probe write after the user freed space.
    pub storage: IdbStore,
    /// Tells Skein's other tabs which conversation changed here (`None` where the browser
    /// has no BroadcastChannel).
    pub tabs: Option<skein_platform::TabChannel>,
    /// A client per MCP server that is on; their tools are in the service's catalogue.
    pub mcp: Rc<skein_engine::mcp::McpHub<FetchTransport>>,
    /// The code loaded on first use (`src/split/`).
    pub modules: Modules,
    /// What follows a change, for the features to call (`crate::shell::changed`).
    pub on_changed: fn(Ready, Changed),
    /// Images being loaded, so each is read from storage once.
    pub loading_images: RefCell<HashSet<String>>,
    /// The tools, retrieval and workspaces of the generation module are connected.
    pub equipped: Cell<bool>,
    /// The browser was asked to keep Skein's storage this visit.
    pub persistence_asked: Cell<bool>,
    /// The model call of a workflow run under way, for Stop.
    pub workflow_call: RefCell<Option<CancelToken>>,
    /// The timer of the next follow-up reminder.
    pub follow_up_timer: RefCell<Option<leptos::prelude::TimeoutHandle>>,
    /// The embedding run of this tab.
    pub embedding_run: RunGate,
    /// When sync rounds run, and the one running (the engine's rule; `crate::sync` keeps its
    /// timers).
    pub sync: skein_engine::sync::SyncSchedule,
}

/// A change one feature makes that others follow (`crate::shell::changed` says how).
#[derive(Debug, Clone, PartialEq)]
pub enum Changed {
    /// A conversation changed here (its messages, title or branch): the other tabs read it.
    Conversation(String),
    /// A conversation was renamed or deleted here: the other tabs read it, and the other
    /// devices get it soon.
    Stored(String),
    /// An answer ended in this conversation: its files and follow-ups are read again, and the
    /// other devices get it soon.
    Answered,
    /// Conversations changed elsewhere (another tab): the list is read again, and the
    /// conversation on screen when it is one of them.
    Elsewhere(Vec<String>),
    /// A sync round brought other devices' changes to these conversations: read again as
    /// [`Changed::Elsewhere`], and the other tabs told.
    Pulled(Vec<String>),
    /// Knowledge vectors were written here: the other tabs read them again.
    Knowledge,
    /// Settings were written under the screens (a sync round): every settings area is read
    /// again.
    Settings,
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
pub const KNOWLEDGE_CHANGED: &str = "knowledge vectors";

/// The state and the runtime, once storage is open. The runtime lives as long as the page.
#[derive(Clone, Copy)]
pub struct Ready {
    pub state: AppState,
    pub runtime: &'static Runtime,
}

impl Ready {
    /// Follows a change: the other tabs, sync, and the screens that show it
    /// (`crate::shell::changed`).
    pub fn changed(self, change: Changed) {
        (self.runtime.on_changed)(self, change);
    }
}

/// The runtime as the views see it: there once start-up has opened storage.
#[derive(Clone, Copy)]
pub struct Engine {
    pub state: AppState,
    ready: StoredValue<Option<Ready>, LocalStorage>,
}

impl Engine {
    pub fn new(state: AppState) -> Self {
        Self {
            state,
            ready: StoredValue::new_local(None),
        }
    }

    /// Called once, by start-up, with the runtime it built.
    pub fn set(&self, runtime: Runtime) -> Ready {
        let ready = Ready {
            state: self.state,
            runtime: Box::leak(Box::new(runtime)),
        };
        self.ready.set_value(Some(ready));
        ready
    }

    pub fn ready(&self) -> Option<Ready> {
        self.ready.get_value()
    }

    /// Runs `then` if storage is open; before, nothing (what runs on its own, such as loading
    /// code ahead of need, waits for the next occasion).
    pub fn if_ready(&self, then: impl FnOnce(Ready)) {
        if let Some(ready) = self.ready() {
            then(ready);
        }
    }

    /// [`act`](Self::act) for an action that answers: `otherwise` when it could not start.
    pub fn try_act<T>(&self, otherwise: T, action: impl FnOnce(Ready) -> T) -> T {
        match self.ready() {
            Some(ready) => action(ready),
            None => {
                self.act(|_| ());
                otherwise
            }
        }
    }

    /// Does what the user asked once storage is open. Before, it says storage is still
    /// opening (after start-up, a storage that could not open has said why in the banner).
    pub fn act<T>(&self, action: impl FnOnce(Ready) -> T) {
        match self.ready() {
            Some(ready) => {
                action(ready);
            }
            None if !self.state.shell.ready.get_untracked() => self
                .state
                .shell
                .banner
                .set(Some(t("notice-storage-opening").into())),
            None => {}
        }
    }
}

/// Work a module does, to be awaited.
pub type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// A split module could not be fetched or instantiated.
pub struct LoadFailed;

#[cfg(feature = "split")]
impl From<leptos::wasm_split::SplitLoaderError> for LoadFailed {
    fn from(_: leptos::wasm_split::SplitLoaderError) -> Self {
        LoadFailed
    }
}

/// The loaders of the modules features use (the screens and the Markdown extras are the
/// frame's, `src/shell/app.rs`).
#[derive(Clone, Copy)]
pub struct Modules {
    /// The code that writes answers (`src/split/generation.rs`).
    pub generation: fn() -> Later<Result<Generation, LoadFailed>>,
    /// The code that syncs (`src/split/sync.rs`).
    pub sync: fn() -> Later<Result<SyncModule, LoadFailed>>,
}

/// One chat action, with everything it was started with.
pub struct Turn {
    pub ready: Ready,
    /// `None` for a question that starts a new conversation.
    pub conversation: Option<Conversation>,
    pub action: ChatAction,
    pub settings: ProviderSettings,
    pub assistant: Assistant,
    /// A new conversation is a temporary chat.
    pub temporary: bool,
    /// The browser said it was offline: a question goes to a local provider, or waits.
    pub offline: bool,
}

/// A dry run of the prompt inspector, with what a real send would use.
pub struct Inspection {
    pub ready: Ready,
    pub conversation: Option<Conversation>,
    /// The answer whose regeneration is inspected; `None` for the next question.
    pub answer: Option<String>,
    pub settings: ProviderSettings,
    pub assistant: Assistant,
    /// The composer's text (the next question).
    pub draft: String,
}

/// The entries of the module that writes answers.
#[derive(Clone, Copy)]
pub struct Generation {
    /// Runs a turn to its end.
    pub run: fn(Turn) -> Later<()>,
    /// Builds the request a turn would send, for the prompt inspector (nothing is sent).
    pub inspect: fn(Inspection) -> Later<()>,
    /// Connects the tools, retrieval and the workspaces to the service
    /// (`src/chat/equipment.rs`): their code comes with this module.
    pub equip: fn(Ready),
    /// Connects the MCP servers that are on (at start, when there is one).
    pub connect_mcp: fn(Ready, McpServers),
    /// The embedding run of this tab (at start, when a knowledge base embeds).
    pub embed_pending: fn(Ready) -> Later<()>,
    /// Takes back from the stream journal what interrupted answers received after their last
    /// save (it decodes provider streams); how many changed.
    pub recover: fn(Ready, Conversation, Vec<String>) -> Later<usize>,
}

/// The entries of the module that syncs.
#[derive(Clone, Copy)]
pub struct SyncModule {
    /// Shows the stored state in the Sync settings.
    pub refresh: fn(Ready) -> Later<()>,
    /// Runs a round the schedule asked for (unless sync is off or paused); whether it went
    /// through.
    pub round: fn(Ready, skein_engine::sync::Round) -> Later<bool>,
    /// Carries out what the user did in the Sync settings.
    pub act: fn(Ready, skein_components::SyncAction) -> Later<()>,
}
