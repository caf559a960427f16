//! [`UiSink`]: turns the engine's generation events into signal updates.
//!
//! A streamed token updates the text signal of its own message only (the engine keeps the reply
//! being written, `ChatService::open_tree` shows it). Events of a conversation that is not
//! on screen update the conversation list and nothing else, so a generation keeps running (and stays visible in the sidebar) while the user reads
//! another chat.

use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use skein_components::tf;
use skein_components::MessageView;
use skein_engine::chat::{GenerationEvent, GenerationSink};
use skein_engine::render::announce::{Announcer, Spoken};
use skein_engine::{MessageNode, MessagePart, MessageStatus, Role, ToolApproval};
use std::cell::RefCell;

pub struct UiSink {
    state: AppState,
    ready: Ready,
    /// Known after the first event (a new conversation gets its id from the engine).
    conversation_id: RefCell<Option<String>>,
    /// The engine reported the user's message as added, i.e. saved.
    user_message_saved: std::cell::Cell<bool>,
    /// What of the streaming answer a screen reader has been told (whole sentences only).
    announcer: RefCell<Announcer>,
    /// Held while this tab generates the conversation (other tabs see it is not interrupted).
    lock: RefCell<Option<skein_platform::GenerationLock>>,
    /// The banner this generation shows while it waits to try again (taken down when the
    /// engine says the wait is over, unless something else replaced it meanwhile).
    waiting_banner: RefCell<Option<String>>,
}

impl UiSink {
    pub fn new(ready: Ready) -> Self {
        let state = ready.state;
        Self {
            state,
            ready,
            conversation_id: RefCell::new(None),
            user_message_saved: std::cell::Cell::new(false),
            waiting_banner: RefCell::new(None),
            announcer: RefCell::default(),
            lock: RefCell::new(None),
        }
    }

    /// Whether the user's message reached storage (if not, the app gives the text back).
    pub fn user_message_saved(&self) -> bool {
        self.user_message_saved.get()
    }

    fn register(&self, conversation_id: &str) {
        if self.conversation_id.borrow().is_some() {
            return;
        }
        *self.conversation_id.borrow_mut() = Some(conversation_id.to_owned());
        *self.lock.borrow_mut() = skein_platform::hold_generation_lock(conversation_id);
        self.state
            .chat
            .generating
            .update(|g| g.push(conversation_id.to_owned()));
        // A message sent from a new, empty chat puts its conversation on screen.
        if self.state.chat.current.get_untracked().is_none() {
            self.state
                .chat
                .current
                .set(Some(conversation_id.to_owned()));
        }
    }

    /// Called when the action's answers are done ([`GenerationEvent::AnswerDone`]) and again
    /// once `run` has returned, whatever the outcome; a second call changes nothing.
    pub fn generation_ended(&self) {
        self.lock.borrow_mut().take();
        if let Some(id) = self.conversation_id.borrow().as_deref() {
            self.state.chat.generating.update(|g| g.retain(|c| c != id));
        }
        // Its files, follow-ups and sync follow.
        if self.conversation_id.borrow().is_some() {
            self.ready.changed(Changed::Answered);
        }
    }

    /// Tells a screen reader what the announcer found ready, if the chat is on screen.
    fn announce(&self, spoken: &[Spoken]) {
        let on_screen = self
            .conversation_id
            .borrow()
            .as_deref()
            .is_some_and(|id| self.state.chat.is_current(id));
        if on_screen && !spoken.is_empty() {
            self.state
                .shell
                .live
                .say(skein_components::spoken_text(spoken));
        }
    }

    /// The answer stopped for tool calls the user must approve: said at once.
    fn announce_approvals(&self, node: &MessageNode) {
        let names: Vec<&str> = node
            .parts
            .iter()
            .filter_map(|part| match part {
                MessagePart::ToolCall(call) if call.approval == ToolApproval::Pending => {
                    Some(call.name.as_str())
                }
                _ => None,
            })
            .collect();
        if !names.is_empty() && self.state.chat.is_current(&node.conversation_id) {
            self.state.shell.live.alert(tf(
                "spoken-awaiting-approval",
                &[("names", names.join(", ").into())],
            ));
        }
    }
}

impl GenerationSink for UiSink {
    fn emit(&self, event: GenerationEvent) {
        match event {
            GenerationEvent::ConversationUpdated(conversation) => {
                self.register(&conversation.id);
                self.ready
                    .changed(Changed::Conversation(conversation.id.clone()));
                // The generation's copy is the one it started with: a rename made meanwhile
                // stays (the engine's rule).
                let listed = self.state.chat.conversation(&conversation.id);
                let shown =
                    skein_engine::chat::records::as_generated(listed.as_ref(), conversation);
                self.state.chat.upsert_conversation(shown);
            }
            GenerationEvent::MessageAdded(node) => {
                if node.role == Role::User {
                    self.user_message_saved.set(true);
                }
                if self.state.chat.is_current(&node.conversation_id) {
                    self.state
                        .chat
                        .messages
                        .update(|m| m.push(MessageView::new(&node)));
                }
            }
            GenerationEvent::BranchChanged {
                conversation_id,
                branch,
            } => {
                self.state.chat.show_branch(&conversation_id, &branch);
            }
            GenerationEvent::Delta { message_id, text } => {
                // The engine merged what one network batch brought: it goes on screen now.
                if let Some(view) = self.state.chat.message_view(&message_id) {
                    view.text.update(|shown| shown.push_str(&text));
                }
                let spoken = self.announcer.borrow_mut().push(&text);
                self.announce(&spoken);
            }
            GenerationEvent::ReasoningDelta { message_id, text } => {
                if let Some(view) = self.state.chat.message_view(&message_id) {
                    view.reasoning.update(|shown| shown.push_str(&text));
                }
            }
            GenerationEvent::MessageUpdated(node) => {
                // Tool calls changed the message.
                if let Some(view) = self.state.chat.message_view(&node.id) {
                    view.update_from(&node);
                }
            }
            GenerationEvent::Finished(node) => {
                let rest = self.announcer.borrow_mut().finish();
                self.announce(&rest);
                if node.status == MessageStatus::AwaitingApproval {
                    self.announce_approvals(&node);
                }
                crate::page::notify::generation_ended(self.state, &node);
                crate::page::embedded::answer_ended(&node);
                if let Some(view) = self.state.chat.message_view(&node.id) {
                    view.update_from(&node);
                }
            }
            GenerationEvent::Warning(message) => self
                .state
                .shell
                .banner
                .set(Some(skein_components::explain(&message))),
            GenerationEvent::Waiting(Some(message)) => {
                let shown = skein_components::explain(&message);
                *self.waiting_banner.borrow_mut() = Some(shown.clone());
                self.state.shell.banner.set(Some(shown));
            }
            GenerationEvent::Waiting(None) => {
                if let Some(shown) = self.waiting_banner.borrow_mut().take() {
                    if self
                        .state
                        .shell
                        .banner
                        .with_untracked(|b| b.as_ref() == Some(&shown))
                    {
                        self.state.shell.banner.set(None);
                    }
                }
            }
            // The title and suggestions that may follow hold nothing up.
            GenerationEvent::AnswerDone { .. } => self.generation_ended(),
            // Storage is full: the engine keeps the answer (shown as it is) until the user has
            // freed space (`src/page/storage.rs`, `check_storage`).
            GenerationEvent::Unsaved { .. } => {}
            // The answer carries its plan (shown in its details line).
            GenerationEvent::Planned { .. } => {}
            // A long tool call's progress: shown on its card while it runs.
            GenerationEvent::ToolProgress {
                message_id,
                call_id,
                text,
            } => {
                if let Some(view) = self.state.chat.message_view(&message_id) {
                    view.tool_progress.update(|p| {
                        p.insert(call_id, text);
                    });
                }
            }
            // Prompt-processing progress (llama.cpp): shown on the answer until its first word.
            GenerationEvent::PromptProgress {
                message_id,
                processed,
                total,
            } => {
                if let Some(view) = self.state.chat.message_view(&message_id) {
                    view.prompt_progress.set(Some((processed, total)));
                }
            }
        }
    }
}
