//! The conversations and the chat on screen: the list and its search, the branch shown, what
//! generates, the composer, and the context meter.

use leptos::prelude::*;
use skein_components::{ConversationSummary, Draft, MessageView};
use skein_engine::chat::date_groups;
use skein_engine::store::pending_deletions::PendingDeletions;
use skein_engine::store::search::list_matches;
use skein_engine::{BranchEntry, Clock, Conversation};
use std::collections::HashMap;

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
pub struct ChatState {
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
    /// The last answer that failed, with what retrying it means.
    pub failure: RwSignal<Option<Failure>>,
    /// How full the next request of the conversation on screen is.
    pub context: RwSignal<Option<skein_engine::prompt::context_meter::ContextUsage>>,
    /// The find bar over the conversation on screen is open.
    pub find_open: RwSignal<bool>,
    /// A message of the conversation on screen to bring into view (the chat view clears it).
    pub reveal: RwSignal<Option<String>>,
    /// The chat's newest messages are in the page (false while the reader is far above them and
    /// they were let go: `components/src/chat_view.rs`).
    pub newest_in_page: RwSignal<bool>,
    /// The text in the sidebar's search box.
    pub search: RwSignal<String>,
    /// Conversation ID → the matching words of one of its messages, for the current search.
    pub search_hits: RwSignal<HashMap<String, String>>,
    /// Increases with each keystroke in the search box: a slower, older search never
    /// overwrites a newer one.
    pub search_generation: StoredValue<u64>,
    /// The conversation just deleted (ID, title) while it can be brought back.
    pub undo: RwSignal<Option<(String, String)>>,
    /// Conversations deleted from the list whose deletion has not been carried out yet (the
    /// engine's rules: [`PendingDeletions`]); the list leaves them out.
    pub pending_deletes: StoredValue<PendingDeletions<Conversation>, LocalStorage>,
    /// Blob ID → `blob:` URL of the message images loaded so far.
    pub image_urls: RwSignal<HashMap<String, String>>,
    /// The next new chat is temporary (never saved), as the user chose on the empty chat.
    pub temporary_next: RwSignal<bool>,
}

impl ChatState {
    pub fn new() -> Self {
        Self {
            conversations: RwSignal::new(Vec::new()),
            current: RwSignal::new(None),
            messages: RwSignal::new(Vec::new()),
            generating: RwSignal::new(Vec::new()),
            actions_running: RwSignal::new(0),
            draft: Draft::new(),
            failure: RwSignal::new(None),
            context: RwSignal::new(None),
            find_open: RwSignal::new(false),
            reveal: RwSignal::new(None),
            newest_in_page: RwSignal::new(true),
            search: RwSignal::new(String::new()),
            search_hits: RwSignal::new(HashMap::new()),
            search_generation: StoredValue::new(0),
            undo: RwSignal::new(None),
            pending_deletes: StoredValue::new_local(PendingDeletions::default()),
            image_urls: RwSignal::new(HashMap::new()),
            temporary_next: RwSignal::new(false),
        }
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

    /// The conversation on screen, as listed.
    pub fn on_screen(&self) -> Option<Conversation> {
        self.conversation(&self.current.get_untracked()?)
    }

    /// Whether a conversation is deleted but still in its undo window (lists leave it out).
    pub fn is_pending_delete(&self, id: &str) -> bool {
        self.pending_deletes.with_value(|p| p.contains(id))
    }

    /// Changes the deletions waiting in their undo window.
    pub fn with_pending_deletes<T: Default>(
        &self,
        change: impl FnOnce(&mut PendingDeletions<Conversation>) -> T,
    ) -> T {
        self.pending_deletes
            .try_update_value(change)
            .unwrap_or_default()
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

    /// Empties the chat area (a new chat, or the one on screen was deleted elsewhere).
    pub fn clear_screen(&self) {
        self.context.set(None);
        self.current.set(None);
        self.messages.set(Vec::new());
    }

    /// The sidebar's list: every conversation, or those the search finds (the engine's
    /// `search::list_matches`), newest first.
    pub fn summaries(&self) -> Vec<ConversationSummary> {
        let generating = self.generating.get();
        let (query, hits) = (self.search.get(), self.search_hits.get());
        self.conversations.with(|list| {
            let hidden = |id: &str| self.is_pending_delete(id);
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
