//! The app's reactive state. Everything here is a signal (cheap to copy into closures); the
//! non-`Send` browser resources live in [`crate::runtime`].

use leptos::prelude::*;
use skein_components::{ConversationSummary, Draft, MessageView, NotificationStatus};
use skein_engine::chat::date_groups;
use skein_engine::domain::assistant::assistant_for;
use skein_engine::provider::model_list::ModelInfo;
use skein_engine::store::search::list_matches;
use skein_engine::{Assistant, BranchEntry, Clock, Conversation, ProviderSettings};

/// A failed answer: shown in the error banner while its conversation is on screen.
#[derive(Debug, Clone, PartialEq)]
pub struct Failure {
    pub conversation_id: String,
    pub kind: skein_engine::FailureKind,
    pub message: String,
    /// What the banner's retry does.
    pub retry: skein_engine::ChatAction,
}

#[derive(Debug, Clone, Copy)]
pub struct AppState {
    /// All conversations, newest first.
    pub conversations: RwSignal<Vec<Conversation>>,
    /// The conversation on screen; `None` for a new, still empty chat.
    pub current: RwSignal<Option<String>>,
    /// The current branch of the conversation on screen.
    pub messages: RwSignal<Vec<MessageView>>,
    /// Conversations with a generation running in this tab.
    pub generating: RwSignal<Vec<String>>,
    /// Actions still running in this tab, including the title and suggestions requests that
    /// follow an answer (the app switches versions only when this is 0).
    pub actions_running: RwSignal<usize>,
    /// The composer's text and attached files.
    pub draft: Draft,
    pub banner: RwSignal<Option<String>>,
    /// What a screen reader is told without moving its focus (a streaming answer, approvals).
    pub live: skein_components::LiveRegion,
    /// A passing note that is not an error ("Imported 3 conversations").
    pub info: RwSignal<Option<String>>,
    /// The last answer that failed, with what retrying it means.
    pub failure: RwSignal<Option<Failure>>,
    pub settings: RwSignal<ProviderSettings>,
    /// Theme and Enter-key behaviour (this device's, from `localStorage`).
    pub preferences: RwSignal<skein_engine::domain::preferences::Preferences>,
    /// How full the next request of the conversation on screen is.
    pub context: RwSignal<Option<skein_engine::prompt::context_meter::ContextUsage>>,
    /// The models the provider listed in the settings, or why it could not.
    pub models: RwSignal<Option<Result<Vec<ModelInfo>, String>>>,
    /// Every assistant (at least one).
    pub assistants: RwSignal<Vec<Assistant>>,
    /// The assistant in use: the conversation on screen's, or the one a new chat will use.
    /// The settings edit this one.
    pub assistant_id: RwSignal<String>,
    /// The knowledge bases with their documents, for the settings.
    pub knowledge: RwSignal<Vec<skein_components::KnowledgeView>>,
    /// What the embedding job is doing ("Embedding Handbook: 32 of 120 chunks…").
    pub embedding_progress: RwSignal<Option<String>>,
    /// Everything assistants remember, for the memories screen.
    pub memories: RwSignal<Vec<skein_engine::knowledge::memories::Memory>>,
    /// Every tool the app has, for the assistant's settings.
    pub tools: RwSignal<Vec<skein_engine::tools::choice::ToolInfo>>,
    pub show_settings: RwSignal<bool>,
    /// The find bar over the conversation on screen is open.
    pub find_open: RwSignal<bool>,
    /// A message of the conversation on screen to bring into view (the chat view clears it).
    pub reveal: RwSignal<Option<String>>,
    /// The settings page shown when the settings are open.
    pub settings_section: RwSignal<skein_components::SettingsSection>,
    /// The first run's welcome step is shown (no provider saved yet).
    pub welcome: RwSignal<bool>,
    /// The chat's newest messages are in the page (false while the reader is far above them and
    /// they were let go: `components/src/chat_view.rs`).
    pub newest_in_page: RwSignal<bool>,
    /// Local servers (Ollama, llama.cpp) that answered on their usual ports, for the welcome.
    pub local_servers: RwSignal<Vec<skein_components::LocalServer>>,
    /// Start-up (opening storage, loading settings and the list) has finished, well or not.
    pub ready: RwSignal<bool>,
    /// Whether answers finishing in a background tab raise a notification.
    pub notifications: RwSignal<NotificationStatus>,
    /// What the browser reports about Skein's storage (usage, quota, persistence).
    pub storage: RwSignal<Option<skein_components::StorageFigures>>,
    /// The text in the sidebar's search box.
    pub search: RwSignal<String>,
    /// Conversation ID → the matching words of one of its messages, for the current search.
    pub search_hits: RwSignal<std::collections::HashMap<String, String>>,
    /// The conversation just deleted (ID, title) while it can be brought back.
    pub undo: RwSignal<Option<(String, String)>>,
    /// Why nothing can be saved right now (storage full, closed for another tab's upgrade).
    pub storage_alert: RwSignal<Option<skein_components::StorageAlert>>,
    /// Blob ID → `blob:` URL of the message images loaded so far.
    pub image_urls: RwSignal<std::collections::HashMap<String, String>>,
    /// The browser has a network connection (messages wait while it has none).
    pub online: RwSignal<bool>,
    /// A new version of the installed app, and when it switches.
    pub update: RwSignal<skein_engine::domain::app_update::AppUpdate>,
    /// Whether the app works offline (its service worker has cached it).
    pub offline: RwSignal<skein_components::OfflineStatus>,
    /// In the browser extension: the sites the user let it reach; `None` on the web.
    pub hosts: RwSignal<Option<Vec<String>>>,
    /// The usage page's figures (`None` until loaded), its period in days, the user's prices
    /// and why the last price was refused.
    pub usage: RwSignal<Option<skein_engine::usage::UsageReport>>,
    pub usage_days: RwSignal<u32>,
    pub prices: RwSignal<skein_engine::usage::Prices>,
    pub price_error: RwSignal<Option<String>>,
    /// The provider and its fallbacks, with their circuit breakers (read when shown).
    pub chain: RwSignal<Vec<skein_engine::provider::fallback_chain::ChainEntry>>,
    /// The summary panel.
    pub summary: crate::summary::SummaryState,
    /// The branch map.
    pub branch_map: crate::branch_map::BranchMapState,
    /// The chat's files side sheet.
    pub workspace: crate::workspace::WorkspaceState,
    /// The workflows screen.
    pub workflows: crate::workflows::WorkflowsState,
    /// The follow-ups made from answers' promises, and their side sheet.
    pub follow_ups: crate::follow_ups::FollowUpsState,
    /// The next new chat is temporary (never saved), as the user chose on the empty chat.
    pub temporary_next: RwSignal<bool>,
    /// The user's personas, and why the last persona change was refused.
    pub personas: RwSignal<skein_engine::persona::user_persona::Personas>,
    pub persona_error: RwSignal<Option<String>>,
    /// What the last import, export or save in the character gallery said.
    pub character_feedback: RwSignal<Option<Result<String, String>>>,
    /// "This chat": its panel is open, and what its last save said.
    pub chat_settings: RwSignal<bool>,
    pub chat_settings_feedback: RwSignal<Option<Result<String, String>>>,
    /// The world books, the one being edited, and what the last action on them said.
    pub world_books: RwSignal<skein_engine::persona::world_books::WorldBooks>,
    pub world_book_editing: RwSignal<Option<String>>,
    pub world_book_feedback: RwSignal<Option<Result<String, String>>>,
    /// The prompt inspector.
    pub inspector: crate::inspector::InspectorState,
    /// The chat dictionaries, the one being edited, and what the last action on them said.
    pub dictionaries: RwSignal<skein_engine::persona::dictionary_file::Dictionaries>,
    pub dictionary_editing: RwSignal<Option<String>>,
    pub dictionary_feedback: RwSignal<Option<Result<String, String>>>,
    /// The MCP servers as stored, as shown (with their clients' state), tools the catalogue
    /// leaves out, and what the last action on them said.
    pub mcp_list: RwSignal<Vec<skein_engine::mcp::McpServer>>,
    pub mcp_servers: RwSignal<Vec<skein_components::McpServerView>>,
    pub tool_refusals: RwSignal<Vec<String>>,
    pub mcp_feedback: RwSignal<Option<Result<String, String>>>,
    /// The web search settings, and what saving them said.
    pub web_search: RwSignal<skein_engine::tools::search_backends::WebSearchSettings>,
    pub web_search_feedback: RwSignal<Option<Result<String, String>>>,
    /// What the Sync settings show.
    pub sync: RwSignal<skein_components::SyncView>,
}

impl AppState {
    pub fn new() -> Self {
        Self {
            conversations: RwSignal::new(Vec::new()),
            live: skein_components::LiveRegion::default(),
            current: RwSignal::new(None),
            messages: RwSignal::new(Vec::new()),
            generating: RwSignal::new(Vec::new()),
            actions_running: RwSignal::new(0),
            draft: Draft::new(),
            banner: RwSignal::new(None),
            info: RwSignal::new(None),
            failure: RwSignal::new(None),
            settings: RwSignal::new(ProviderSettings::default()),
            assistants: RwSignal::new(vec![Assistant::default()]),
            assistant_id: RwSignal::new(Assistant::default().id),
            tools: RwSignal::new(Vec::new()),
            knowledge: RwSignal::new(Vec::new()),
            memories: RwSignal::new(Vec::new()),
            embedding_progress: RwSignal::new(None),
            models: RwSignal::new(None),
            context: RwSignal::new(None),
            preferences: RwSignal::new(crate::preferences::load()),
            show_settings: RwSignal::new(false),
            find_open: RwSignal::new(false),
            reveal: RwSignal::new(None),
            settings_section: RwSignal::new(skein_components::SettingsSection::default()),
            welcome: RwSignal::new(false),
            newest_in_page: RwSignal::new(true),
            local_servers: RwSignal::new(Vec::new()),
            ready: RwSignal::new(false),
            image_urls: RwSignal::new(std::collections::HashMap::new()),
            storage: RwSignal::new(None),
            storage_alert: RwSignal::new(None),
            search: RwSignal::new(String::new()),
            search_hits: RwSignal::new(std::collections::HashMap::new()),
            undo: RwSignal::new(None),
            notifications: RwSignal::new(crate::notify::status()),
            online: RwSignal::new(skein_platform::is_online()),
            update: RwSignal::new(Default::default()),
            offline: RwSignal::new(skein_components::OfflineStatus::Checking),
            hosts: RwSignal::new(None),
            usage: RwSignal::new(None),
            usage_days: RwSignal::new(30),
            prices: RwSignal::new(crate::usage::load_prices()),
            price_error: RwSignal::new(None),
            chain: RwSignal::new(Vec::new()),
            summary: crate::summary::SummaryState::new(),
            branch_map: crate::branch_map::BranchMapState::new(),
            workspace: crate::workspace::WorkspaceState::new(),
            workflows: crate::workflows::WorkflowsState::new(),
            follow_ups: crate::follow_ups::FollowUpsState::new(),
            temporary_next: RwSignal::new(false),
            personas: RwSignal::new(Default::default()),
            persona_error: RwSignal::new(None),
            character_feedback: RwSignal::new(None),
            chat_settings: RwSignal::new(false),
            chat_settings_feedback: RwSignal::new(None),
            world_books: RwSignal::new(Default::default()),
            world_book_editing: RwSignal::new(None),
            world_book_feedback: RwSignal::new(None),
            inspector: crate::inspector::InspectorState::new(),
            dictionaries: RwSignal::new(Default::default()),
            dictionary_editing: RwSignal::new(None),
            dictionary_feedback: RwSignal::new(None),
            mcp_list: RwSignal::new(Vec::new()),
            mcp_servers: RwSignal::new(Vec::new()),
            tool_refusals: RwSignal::new(Vec::new()),
            mcp_feedback: RwSignal::new(None),
            web_search: RwSignal::new(Default::default()),
            web_search_feedback: RwSignal::new(None),
            sync: RwSignal::new(Default::default()),
        }
    }

    /// The assistant in use (see [`assistant_id`](Self::assistant_id)); tracked.
    pub fn assistant(&self) -> Assistant {
        let id = self.assistant_id.get();
        self.assistants.with(|list| assistant_for(Some(&id), list))
    }

    pub fn assistant_untracked(&self) -> Assistant {
        let id = self.assistant_id.get_untracked();
        self.assistants
            .with_untracked(|list| assistant_for(Some(&id), list))
    }

    /// The assistant conversation `conversation` talks to.
    pub fn assistant_of(&self, conversation: &Conversation) -> Assistant {
        self.assistants
            .with_untracked(|list| assistant_for(conversation.assistant_id.as_deref(), list))
    }

    /// Adds or replaces an assistant in the list.
    pub fn put_assistant(&self, assistant: Assistant) {
        self.assistants
            .update(|list| skein_engine::chat::records::upsert_assistant(list, assistant));
    }

    /// The follow-up questions to offer in the conversation on screen; tracked.
    pub fn current_suggestions(&self) -> Vec<String> {
        let Some(id) = self.current.get() else {
            return Vec::new();
        };
        self.conversations.with(|list| {
            list.iter()
                .find(|c| c.id == id)
                .map(|c| c.current_suggestions().to_vec())
                .unwrap_or_default()
        })
    }

    /// Whether one of the chat's panels is open (tracked): the side sheets Esc closes, whose
    /// code loads on first use (`lazy_screens`).
    pub fn panel_open(&self) -> bool {
        self.summary.open.get()
            || self.branch_map.open.get()
            || self.workspace.open.get()
            || self.follow_ups.open.get()
            || self.inspector.open.get()
            || self.chat_settings.get()
    }

    pub fn is_generating(&self, conversation_id: &str) -> bool {
        self.generating
            .with_untracked(|g| g.iter().any(|id| id == conversation_id))
    }

    pub fn is_current(&self, conversation_id: &str) -> bool {
        self.current
            .with_untracked(|c| c.as_deref() == Some(conversation_id))
    }

    pub fn conversation(&self, id: &str) -> Option<Conversation> {
        self.conversations
            .with_untracked(|list| list.iter().find(|c| c.id == id).cloned())
    }

    /// The view of message `id` in the branch on screen (searched from the end, where the
    /// streaming message is).
    pub fn message_view(&self, id: &str) -> Option<MessageView> {
        self.messages.with_untracked(|messages| {
            messages
                .iter()
                .rev()
                .find(|m| m.id.with_value(|own| own == id))
                .copied()
        })
    }

    /// Puts `branch` on screen if it belongs to the conversation on screen. Messages already
    /// shown keep their view (the list is keyed by message ID) and are brought up to date, so a
    /// reloaded branch never leaves a stale copy on screen.
    pub fn show_branch(&self, conversation_id: &str, branch: &[BranchEntry]) {
        if !self.is_current(conversation_id) {
            return;
        }
        let views: Vec<MessageView> = branch
            .iter()
            .map(|entry| match self.message_view(&entry.node.id) {
                Some(view) => {
                    view.update_from_entry(entry);
                    view
                }
                None => MessageView::from_entry(entry),
            })
            .collect();
        self.messages.set(views);
    }

    /// Inserts or replaces a conversation, keeping the list newest first.
    pub fn upsert_conversation(&self, conversation: Conversation) {
        self.conversations
            .update(|list| skein_engine::chat::records::upsert_newest_first(list, conversation));
    }

    /// The sidebar's list: every conversation, or those the search finds (the engine's
    /// `search::list_matches`), newest first.
    pub fn summaries(&self) -> Vec<ConversationSummary> {
        let generating = self.generating.get();
        let (query, hits) = (self.search.get(), self.search_hits.get());
        self.conversations.with(|list| {
            let hidden = crate::conversation_list::is_pending_delete;
            let found = list_matches(list, &query, &hits, hidden);
            // Date headings over the whole list; search results are ranked, not dated.
            let headings = if query.trim().is_empty() {
                let clock = skein_platform::BrowserClock;
                let times: Vec<f64> = found.iter().map(|f| f.conversation.updated_at_ms).collect();
                date_groups::headings(&times, clock.now_ms(), clock.utc_offset_minutes())
            } else {
                vec![None; found.len()]
            };
            found
                .into_iter()
                .zip(headings)
                .map(|(found, heading)| ConversationSummary {
                    id: found.conversation.id.clone(),
                    title: found.conversation.title.clone(),
                    generating: generating.contains(&found.conversation.id),
                    snippet: found.snippet,
                    heading: heading.map(skein_components::date_group_label),
                    temporary: found.conversation.temporary,
                })
                .collect()
        })
    }
}
