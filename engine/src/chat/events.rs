//! What a generation reports: [`GenerationEvent`]s pushed into the caller's [`GenerationSink`],
//! ripgrep-style: the engine decides what happened; the app decides how to show it. Streamed
//! text comes once per body chunk read, so the transport's batch window paces it.

use crate::domain::message::{Conversation, MessageNode};

#[derive(Debug, Clone, PartialEq)]
pub enum GenerationEvent {
    /// A conversation record was created or changed (title, timestamps, current leaf).
    ConversationUpdated(Conversation),
    /// A message node was added at the end of the current branch.
    MessageAdded(MessageNode),
    /// The current branch changed shape (regenerate, edit, continue): this is the whole branch.
    BranchChanged {
        conversation_id: String,
        branch: Vec<crate::domain::tree::BranchEntry>,
    },
    /// Text appended to a streaming message.
    Delta { message_id: String, text: String },
    /// Reasoning ("thinking") appended to a streaming message.
    ReasoningDelta { message_id: String, text: String },
    /// A streaming message changed in a way deltas do not describe (a tool call arrived, was
    /// paused for approval, got its result): this is the message as it is now.
    MessageUpdated(MessageNode),
    /// The generation ended (complete, stopped, failed, or paused for a tool approval, as the
    /// status says); this is the record as stored.
    Finished(MessageNode),
    /// Something went wrong that did not end the generation (e.g. an intermediate save failed).
    Warning(crate::i18n::Cause),
    /// The generation waits before trying again (a retry after a failure, the user's
    /// per-minute limit, a broken answer restarted): `Some` says why while it waits; `None`
    /// says the wait is over (the answer is arriving again, or the generation ended), so
    /// whatever showed the reason can go.
    Waiting(Option<crate::i18n::Cause>),
    /// The action's answers are all written ([`ChatService::run`](crate::ChatService::run)):
    /// what follows (title, suggestions) may take a while but holds nothing up; the app can
    /// release the conversation for the next action.
    AnswerDone { conversation_id: String },
    /// The finished answer could not be saved (storage full): this is it, as it would have
    /// been stored. The service keeps it, shows it when its conversation opens, and saves it
    /// once storage is writable (`ChatService::save_kept_answers`); the caller may say so.
    /// The generation then ends with the store's error.
    Unsaved {
        conversation: Box<Conversation>,
        message: MessageNode,
    },
    /// A tool call reported how far it has got (an MCP server's progress notifications).
    ToolProgress {
        message_id: String,
        call_id: String,
        text: String,
    },
    /// What the turn writing message `message_id` planned (seed 004's `PlannerDecision`): the
    /// tools offered and the retrievals run. Sent when the answer is placed, before the request.
    Planned {
        message_id: String,
        plan: crate::domain::message::TurnPlan,
    },
    /// The provider is still reading the prompt (llama.cpp): `processed` of `total` tokens.
    PromptProgress {
        message_id: String,
        processed: u64,
        total: u64,
    },
}

/// Receives generation progress. Called synchronously from the generation task.
pub trait GenerationSink {
    fn emit(&self, event: GenerationEvent);
}

/// Collects events; handy for tests and for callers that want a transcript.
#[derive(Debug, Default)]
pub struct EventLog(pub std::cell::RefCell<Vec<GenerationEvent>>);

impl GenerationSink for EventLog {
    fn emit(&self, event: GenerationEvent) {
        self.0.borrow_mut().push(event);
    }
}
