//! One assistant reply being generated: how provider deltas become message text, when the
//! growing message is persisted, and how it ends (complete, incomplete or error).
//!
//! Progress is pushed to a [`GenerationSink`] as [`GenerationEvent`]s, ripgrep-style: the engine
//! decides what happened; the app decides how to show it (and throttles its own rendering).

use crate::assistant::CompiledAssistant;
use crate::clock::Clock;
use crate::honesty::apply_reply_gates;
use crate::message::{Conversation, MessageNode, MessageStatus};
use crate::output_transform::{self, stored_transform};
use crate::provider::StreamDelta;
use crate::store::{Blob, ChatStore, StoreError};
use crate::think_tags::{Segment, ThinkTagSplitter};

/// A streaming message is written at most this often (plus a final write), so a closed tab
/// loses at most this much of an answer without turning every token into a database write.
pub const PERSIST_INTERVAL_MS: f64 = 250.0;

#[derive(Debug, Clone, PartialEq)]
pub enum GenerationEvent {
    /// A conversation record was created or changed (title, timestamps, current leaf).
    ConversationUpdated(Conversation),
    /// A message node was added at the end of the current branch.
    MessageAdded(MessageNode),
    /// The current branch changed shape (regenerate, edit, continue): this is the whole branch.
    BranchChanged {
        conversation_id: String,
        branch: Vec<crate::tree::BranchEntry>,
    },
    /// Text appended to a streaming message.
    Delta { message_id: String, text: String },
    /// Reasoning ("thinking") appended to a streaming message.
    ReasoningDelta { message_id: String, text: String },
    /// The message reached its final state; this is the record as stored.
    Finished(MessageNode),
    /// Something went wrong that did not end the generation (e.g. an intermediate save failed).
    Warning(String),
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

/// How the provider's stream ended, as far as the reply is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyEnd {
    /// The provider said it was done (`[DONE]` or a finish reason).
    Finished,
    /// The user stopped it.
    Cancelled,
    /// The stream failed; the message says why, for the user.
    Failed(String),
    /// The body ended without the provider saying it was done: a dropped connection looks
    /// exactly like this, so the answer may be cut short.
    Truncated,
}

/// The message being written, with its persistence throttle.
pub(crate) struct ReplyWriter<'a, S: ChatStore, C: Clock> {
    store: &'a S,
    clock: &'a C,
    sink: &'a dyn GenerationSink,
    conversation: &'a mut Conversation,
    reply: MessageNode,
    last_persist_ms: f64,
    provider_finished: bool,
    /// Separates `<think>` reasoning from answer text in content deltas.
    think_tags: ThinkTagSplitter,
}

impl<'a, S: ChatStore, C: Clock> ReplyWriter<'a, S, C> {
    pub fn new(
        store: &'a S,
        clock: &'a C,
        sink: &'a dyn GenerationSink,
        conversation: &'a mut Conversation,
        reply: MessageNode,
    ) -> Self {
        let last_persist_ms = clock.now_ms();
        Self {
            store,
            clock,
            sink,
            conversation,
            reply,
            last_persist_ms,
            provider_finished: false,
            think_tags: ThinkTagSplitter::new(),
        }
    }

    fn apply_segment(&mut self, segment: Segment) {
        let now = self.clock.now_ms();
        let message_id = self.reply.id.clone();
        match segment {
            Segment::Content(text) => {
                // Answer text after reasoning means the reasoning is over.
                self.reply.close_reasoning(now);
                self.reply.push_text(&text);
                self.sink.emit(GenerationEvent::Delta { message_id, text });
            }
            Segment::Reasoning(text) => {
                self.reply.push_reasoning(&text, now);
                self.sink
                    .emit(GenerationEvent::ReasoningDelta { message_id, text });
            }
        }
    }

    /// Applies one delta; returns `true` when the provider signalled the end of its answer.
    pub async fn apply(&mut self, delta: StreamDelta) -> bool {
        match delta {
            StreamDelta::Content(text) => {
                for segment in self.think_tags.push(&text) {
                    self.apply_segment(segment);
                }
                self.persist_if_due().await;
            }
            StreamDelta::Reasoning(text) => {
                self.apply_segment(Segment::Reasoning(text));
                self.persist_if_due().await;
            }
            StreamDelta::Model(model) => self.reply.model = Some(model),
            StreamDelta::Usage(usage) => self.reply.usage = Some(usage),
            StreamDelta::Finish(_) => self.provider_finished = true,
            StreamDelta::Done => {
                self.provider_finished = true;
                return true;
            }
        }
        false
    }

    pub fn provider_finished(&self) -> bool {
        self.provider_finished
    }

    async fn persist_if_due(&mut self) {
        let now = self.clock.now_ms();
        if now - self.last_persist_ms < PERSIST_INTERVAL_MS {
            return;
        }
        self.last_persist_ms = now;
        if let Err(err) = self
            .store
            .save_message(self.conversation, &self.reply)
            .await
        {
            self.sink.emit(GenerationEvent::Warning(format!(
                "The answer could not be saved while streaming: {err}"
            )));
        }
    }

    /// Records how the reply ended, writes it, and emits [`GenerationEvent::Finished`].
    ///
    /// Partial text is always kept: a cancelled or failed reply keeps every word it received.
    pub async fn finish(
        mut self,
        end: ReplyEnd,
        assistant: &CompiledAssistant,
        new_id: &mut dyn FnMut() -> String,
    ) -> Result<MessageNode, StoreError> {
        for segment in self.think_tags.finish() {
            self.apply_segment(segment);
        }
        // Seed 000 §7: the stored transform (assistant output rules) applies to the saved answer.
        stored_transform(&mut self.reply, &assistant.rules);
        // Seed 004's gates. No tool can run yet (the tool loop comes later), so a claimed action
        // is always unfounded.
        if !matches!(end, ReplyEnd::Failed(_)) {
            apply_reply_gates(&mut self.reply, false);
        }
        let Self {
            store,
            clock,
            sink,
            conversation,
            mut reply,
            ..
        } = self;
        let now = clock.now_ms();
        let (status, error) = match end {
            ReplyEnd::Finished => (MessageStatus::Complete, None),
            ReplyEnd::Cancelled => (MessageStatus::Incomplete, None),
            ReplyEnd::Truncated => (
                MessageStatus::Incomplete,
                Some("The connection ended before the provider finished the answer.".to_owned()),
            ),
            ReplyEnd::Failed(message) => (MessageStatus::Error, Some(message)),
        };
        reply.status = status;
        reply.error = error;
        reply.finished_at_ms = Some(now);
        reply.close_reasoning(now);
        move_inline_images_to_blobs(store, sink, &mut reply, now, new_id).await;
        conversation.updated_at_ms = now;
        store.save_message(conversation, &reply).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        sink.emit(GenerationEvent::Finished(reply.clone()));
        Ok(reply)
    }
}

/// Finish phase (seed 000 §7): inline base64 images leave the answer text for the blob store.
/// If any image cannot be decoded or stored, the answer keeps its text exactly as it came (no
/// word or image is lost) and the user is told.
async fn move_inline_images_to_blobs<S: ChatStore>(
    store: &S,
    sink: &dyn GenerationSink,
    reply: &mut MessageNode,
    now: f64,
    new_id: &mut dyn FnMut() -> String,
) {
    let original = reply.parts.clone();
    let images = output_transform::finish(reply, now, new_id);
    for image in images {
        let saved = match crate::base64::decode(&image.base64) {
            Ok(bytes) => {
                let blob = Blob {
                    id: image.blob_id,
                    mime: image.mime,
                    bytes,
                };
                store.save_blob(&blob).await
            }
            Err(err) => Err(StoreError::Corrupt(err.to_string())),
        };
        if let Err(err) = saved {
            reply.parts = original;
            sink.emit(GenerationEvent::Warning(format!(
                "An image in the answer could not be stored separately ({err}); it was kept in \
                 the text."
            )));
            return;
        }
    }
}
