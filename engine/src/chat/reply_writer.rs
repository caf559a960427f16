//! One assistant reply being generated: how provider deltas become message text, when the
//! growing message is persisted, and how it ends (complete, incomplete or error). Progress goes
//! to the turn's [`GenerationSink`] as [`GenerationEvent`]s.

use super::coalescer::{Kind, StreamCoalescer};
use super::events::{GenerationEvent, GenerationSink};
use super::live_replies::{LiveEntry, LiveReplies, SharedReply};
use super::warnings::{answer_not_saved, SaveMoment};
use crate::chat::honesty::{apply_reply_gates, ReplyGates};
use crate::domain::assistant::CompiledAssistant;
use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::domain::message_part::{MessagePart, ToolApproval, ToolCall};
use crate::i18n::{phrase, Cause, Explain};
use crate::ports::clock::Clock;
use crate::ports::transport::JournalTarget;
use crate::provider::client::{CallEnd, DeltaSink};
use crate::provider::{StopKind, StreamDelta, TokenUsage};
use crate::render::output_transform::{self, stored_transform};
use crate::render::think_tags::{Segment, ThinkTagSplitter};
use crate::store::{Blob, ChatStore, StoreError};
use std::cell::{Ref, RefCell, RefMut};
use std::rc::Rc;

/// A streaming message is written at most this often (plus a final write), so a closed tab
/// loses at most this much of an answer without turning every token into a database write.
pub const PERSIST_INTERVAL_MS: f64 = 250.0;

/// How the provider's stream ended, as far as the reply is concerned.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReplyEnd {
    /// The provider said it was done (`[DONE]` or a finish reason).
    Finished,
    /// The user stopped it.
    Cancelled,
    /// The stream failed; the message says why, for the user, and the kind what to do.
    Failed(Cause, crate::domain::failure::FailureKind),
    /// The body ended without the provider saying it was done: a dropped connection looks
    /// exactly like this, so the answer may be cut short.
    Truncated,
    /// The stream broke after text arrived (dropped connection, malformed chunk, idle
    /// timeout); the message says how. What arrived is kept, marked incomplete.
    Broken(Cause, crate::domain::failure::FailureKind),
    /// The provider ended the answer before it was done: at the output limit (Continue gets
    /// the rest) or with its content filter (the kind says which).
    Stopped(Cause, Option<crate::domain::failure::FailureKind>),
    /// Tool calls wait for the user's approval; the generation resumes when they decide.
    AwaitingApproval,
    /// The model/tool loop used all its steps (seed 000 §8) without finishing.
    StepLimit,
}

impl From<CallEnd> for ReplyEnd {
    fn from(end: CallEnd) -> Self {
        match end {
            CallEnd::Finished => Self::Finished,
            CallEnd::Cancelled => Self::Cancelled,
            CallEnd::Truncated => Self::Truncated,
            CallEnd::Broken(message, kind) => Self::Broken(message, kind),
            CallEnd::Failed(failure) => Self::Failed(failure.message, failure.kind),
        }
    }
}

/// The most tool calls one model step may make; more are not run (hostile or runaway output).
pub const MAX_CALLS_PER_STEP: usize = 64;

/// The message being written, with its persistence throttle.
pub(crate) struct ReplyWriter<'a, S: ChatStore, C: Clock> {
    store: &'a S,
    clock: &'a C,
    sink: &'a dyn GenerationSink,
    conversation: &'a mut Conversation,
    /// Shared with the service while it is shown there ([`shown_in`](Self::shown_in)): borrowed
    /// mutably only here, and never across an await.
    reply: SharedReply,
    /// The reply's place among the service's replies being written, when it is shown there.
    live: Option<LiveEntry>,
    last_persist_ms: f64,
    provider_finished: bool,
    /// Separates `<think>` reasoning from answer text in content deltas.
    think_tags: ThinkTagSplitter,
    /// The tool calls of the current model step: stream index → position in `reply.parts`.
    open_calls: Vec<(u32, usize)>,
    /// The number of the current model step (continuing the numbers already in the reply).
    step: u32,
    /// Merges the text events one body chunk brought (the text itself is in `reply` at once).
    coalescer: StreamCoalescer,
    /// How many deltas with something to show (text, reasoning, tool calls) arrived.
    received: usize,
    /// When the first of them arrived in the current model step.
    first_received_ms: Option<f64>,
    /// The token usage the provider reported for the current model step.
    step_usage: Option<crate::provider::TokenUsage>,
    /// Which honesty gates check the finished reply, with the question it answers.
    gates: ReplyGates,
    /// Why the provider said the current step ended (its finish reason, read).
    stop: StopKind,
    /// What the answer's steps before this one wrote (their usage, added up).
    earlier_usage: TokenUsage,
    /// A wait before trying again is shown ([`GenerationEvent::Waiting`]) until the answer
    /// arrives again or ends.
    waiting: bool,
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
            reply: Rc::new(RefCell::new(reply)),
            live: None,
            last_persist_ms,
            provider_finished: false,
            think_tags: ThinkTagSplitter::new(),
            open_calls: Vec::new(),
            step: 0,
            coalescer: StreamCoalescer::default(),
            received: 0,
            first_received_ms: None,
            step_usage: None,
            gates: ReplyGates::default(),
            stop: StopKind::Done,
            waiting: false,
            earlier_usage: TokenUsage::default(),
        }
    }

    /// Whether a wait before this reply is shown (a broken answer restarted as this one).
    pub fn waiting(mut self, waiting: bool) -> Self {
        self.waiting = waiting;
        self
    }

    /// Shows the reply in `replies` while it is written (a conversation opened meanwhile shows
    /// it as far as it got; a page being hidden writes it); when it ends, saved it leaves, not
    /// saved it stays there as a kept answer. A replay is never shown.
    pub fn shown_in(mut self, replies: &LiveReplies) -> Self {
        self.live = Some(replies.register(&self.conversation.id, &self.reply));
        self
    }

    /// The honesty gates to run on the finished reply (none unless set).
    pub fn with_gates(mut self, gates: ReplyGates) -> Self {
        self.gates = gates;
        self
    }

    /// When the current step's first text, reasoning or tool call arrived.
    pub fn first_received_ms(&self) -> Option<f64> {
        self.first_received_ms
    }

    /// The usage reported for the current step.
    pub fn step_usage(&self) -> Option<crate::provider::TokenUsage> {
        self.step_usage
    }

    /// How many deltas with something to show arrived so far: a failure after one of them
    /// cannot be retried as if nothing happened.
    pub fn received(&self) -> usize {
        self.received
    }

    fn emit_text(&self, (kind, text): (Kind, String)) {
        let message_id = self.reply.borrow().id.clone();
        self.sink.emit(match kind {
            Kind::Answer => GenerationEvent::Delta { message_id, text },
            Kind::Reasoning => GenerationEvent::ReasoningDelta { message_id, text },
        });
    }

    /// Hands on the text events held by the coalescer (after each body chunk read, before a
    /// tool call, at the end of a step).
    pub fn flush_events(&mut self) {
        if let Some(held) = self.coalescer.flush() {
            self.emit_text(held);
        }
    }

    /// The message as a replay of its deltas left it, text held by the `<think>` splitter
    /// placed (see `stream_journal.rs`).
    pub(crate) fn into_replayed(mut self) -> MessageNode {
        for segment in self.think_tags.finish() {
            self.apply_segment(segment);
        }
        drop(self.live.take());
        Rc::try_unwrap(self.reply)
            .map(RefCell::into_inner)
            .unwrap_or_else(|shared| shared.borrow().clone())
    }

    /// The reply as it is now. Not to be held across an await, nor while calling a method that
    /// changes it.
    pub fn reply(&self) -> Ref<'_, MessageNode> {
        self.reply.borrow()
    }

    /// The conversation the reply is written in.
    pub(crate) fn conversation(&self) -> &Conversation {
        self.conversation
    }

    /// The reply, to change. Not to be held across an await.
    pub fn reply_mut(&mut self) -> RefMut<'_, MessageNode> {
        self.reply.borrow_mut()
    }

    /// A new model step starts: its tool calls are numbered afresh.
    pub fn begin_step(&mut self) {
        self.open_calls.clear();
        self.first_received_ms = None;
        self.step_usage = None;
        let reply = self.reply.borrow();
        self.earlier_usage = reply.usage.unwrap_or_default();
        self.step = reply
            .parts
            .iter()
            .filter_map(|p| match p {
                MessagePart::ToolCall(call) => Some(call.step + 1),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        self.provider_finished = false;
        self.stop = StopKind::Done;
    }

    /// The model step ended: text held back by the `<think>` splitter is placed, and every call
    /// gets a unique ID (some servers send none, and a model's IDs are untrusted).
    pub fn end_step(&mut self, new_id: &mut dyn FnMut() -> String) {
        for segment in self.think_tags.finish() {
            self.apply_segment(segment);
        }
        self.flush_events();
        let mut seen = std::collections::HashSet::new();
        for part in &mut self.reply.borrow_mut().parts {
            if let MessagePart::ToolCall(call) = part {
                if call.id.is_empty() || !seen.insert(call.id.clone()) {
                    call.id = format!("call_{}", new_id());
                    seen.insert(call.id.clone());
                }
            }
        }
        self.open_calls.clear();
    }

    /// Writes the message now and shows it as it is (tool calls change it outside deltas).
    pub async fn save_and_show(&mut self) {
        self.flush_events();
        self.save(SaveMoment::Final).await;
        let shown = self.reply.borrow().clone();
        self.sink.emit(GenerationEvent::MessageUpdated(shown));
    }

    pub fn warn(&self, message: Cause) {
        self.sink.emit(GenerationEvent::Warning(message));
    }

    /// Shows why the generation waits before trying again, until the answer arrives or ends.
    pub fn wait_notice(&mut self, message: Cause) {
        self.waiting = true;
        self.sink.emit(GenerationEvent::Waiting(Some(message)));
    }

    /// The wait shown is over.
    fn end_wait(&mut self) {
        if std::mem::take(&mut self.waiting) {
            self.sink.emit(GenerationEvent::Waiting(None));
        }
    }

    /// One piece of a streamed tool call, assembled by its index.
    fn apply_tool_call(
        &mut self,
        index: u32,
        id: Option<String>,
        name: Option<String>,
        arguments: &str,
    ) -> bool {
        if let Some(&(_, at)) = self.open_calls.iter().find(|(i, _)| *i == index) {
            if let Some(MessagePart::ToolCall(call)) = self.reply.borrow_mut().parts.get_mut(at) {
                call.arguments.push_str(arguments);
                if call.id.is_empty() {
                    call.id = id.unwrap_or_default();
                }
                if call.name.is_empty() {
                    call.name = name.unwrap_or_default();
                }
            }
            return false;
        }
        if self.open_calls.len() >= MAX_CALLS_PER_STEP {
            return false;
        }
        // Text held back by the splitter belongs before the call, and is shown first.
        for segment in self.think_tags.finish() {
            self.apply_segment(segment);
        }
        self.flush_events();
        let mut reply = self.reply.borrow_mut();
        reply.close_reasoning(self.clock.now_ms());
        self.open_calls.push((index, reply.parts.len()));
        reply.parts.push(MessagePart::ToolCall(ToolCall {
            id: id.unwrap_or_default(),
            name: name.unwrap_or_default(),
            arguments: arguments.to_owned(),
            approval: ToolApproval::Auto,
            result: None,
            step: self.step,
        }));
        true
    }

    fn apply_segment(&mut self, segment: Segment) {
        let now = self.clock.now_ms();
        let (kind, text) = match segment {
            Segment::Content(text) => {
                // Answer text after reasoning means the reasoning is over.
                let mut reply = self.reply.borrow_mut();
                reply.close_reasoning(now);
                reply.push_text(&text);
                (Kind::Answer, text)
            }
            Segment::Reasoning(text) => {
                self.reply.borrow_mut().push_reasoning(&text, now);
                (Kind::Reasoning, text)
            }
        };
        if let Some(earlier) = self.coalescer.push(kind, &text) {
            self.emit_text(earlier);
        }
    }

    /// Applies one delta; returns `true` when the provider signalled the end of its answer.
    pub async fn apply(&mut self, delta: StreamDelta) -> bool {
        if matches!(
            delta,
            StreamDelta::Content(_) | StreamDelta::Reasoning(_) | StreamDelta::ToolCall { .. }
        ) {
            self.received += 1;
            if self.first_received_ms.is_none() {
                self.first_received_ms = Some(self.clock.now_ms());
            }
            self.end_wait();
        }
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
            StreamDelta::ReasoningSignature(signature) => {
                self.flush_events();
                let now = self.clock.now_ms();
                self.reply.borrow_mut().sign_reasoning(&signature, now);
            }
            StreamDelta::Model(model) => self.reply.borrow_mut().model = Some(model),
            StreamDelta::Timings(timings) => self.reply.borrow_mut().timings = Some(timings),
            StreamDelta::PromptProgress { processed, total } => {
                self.sink.emit(GenerationEvent::PromptProgress {
                    message_id: self.reply.borrow().id.clone(),
                    processed,
                    total,
                });
            }
            StreamDelta::Usage(usage) => {
                // The prompt is the newest step's; what the answer wrote adds up over its
                // steps (a tool loop, a Continue), each step's report counting only its own.
                let earlier = self.earlier_usage;
                self.reply.borrow_mut().usage = Some(TokenUsage {
                    completion_tokens: earlier
                        .completion_tokens
                        .saturating_add(usage.completion_tokens)
                        .min(crate::domain::message_part::MAX_COUNT),
                    reasoning_tokens: earlier
                        .reasoning_tokens
                        .saturating_add(usage.reasoning_tokens)
                        .min(crate::domain::message_part::MAX_COUNT),
                    ..usage
                });
                self.step_usage = Some(usage);
            }
            StreamDelta::Finish(reason) => {
                self.provider_finished = true;
                self.stop = StopKind::of(&reason);
            }
            StreamDelta::ToolCall {
                index,
                id,
                name,
                arguments,
            } => {
                // A new call is shown at once (seed 000 §6: tool calls need immediate display).
                if self.apply_tool_call(index, id, name, &arguments) {
                    let shown = self.reply.borrow().clone();
                    self.sink.emit(GenerationEvent::MessageUpdated(shown));
                }
            }
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
        if self.clock.now_ms() - self.last_persist_ms >= PERSIST_INTERVAL_MS {
            // What the reply holds goes on first: a conversation opened while the store writes
            // shows the reply as it is, and the text it has already been handed must not come
            // again after it.
            self.flush_events();
            self.save(SaveMoment::Streaming).await;
        }
    }

    /// Writes the message as it is now; a failure is a warning (the final write reports its
    /// own), since the text stays in memory and the next write may succeed.
    async fn save(&mut self, moment: SaveMoment) {
        self.last_persist_ms = self.clock.now_ms();
        // A copy: the reply is not borrowed while the store writes (at most every 250 ms).
        let reply = self.reply.borrow().clone();
        if let Err(err) = self.store.save_message(self.conversation, &reply).await {
            self.sink
                .emit(GenerationEvent::Warning(answer_not_saved(moment, &err)));
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
        // The final stream state is handed on before the answer is saved and announced.
        self.flush_events();
        self.end_wait();
        // The final record is made from a copy: the one shown stays as it streamed until the
        // record is stored (or kept).
        let mut reply = self.reply.borrow().clone();
        // Seed 000 §7: the stored transform (assistant output rules) applies to the saved answer.
        stored_transform(&mut reply, &assistant.rules);
        // Seed 004's gates, on answers that are over: a claimed action is unfounded unless a
        // tool really ran for this answer.
        if !matches!(end, ReplyEnd::Failed(..) | ReplyEnd::AwaitingApproval) {
            let tools_ran = reply.parts.iter().any(|part| {
                matches!(part, MessagePart::ToolCall(call)
                    if matches!(call.approval, ToolApproval::Auto | ToolApproval::Approved)
                        && call.result.as_ref().is_some_and(|r| !r.is_error))
            });
            apply_reply_gates(&mut reply, &self.gates, tools_ran);
        }
        // An answer the provider ended at its length limit or with its filter is not finished,
        // whatever the stream's end looked like.
        let end = match (end, self.stop) {
            (ReplyEnd::Finished, StopKind::Length) => ReplyEnd::Stopped(
                Cause::new(
                    "The answer reached the maximum length set for it (output tokens) before it \
                     was finished. Continue to get the rest."
                        .to_owned(),
                    phrase("error-reply-length"),
                ),
                None,
            ),
            (ReplyEnd::Finished, StopKind::Filtered) => ReplyEnd::Stopped(
                Cause::new(
                    "The provider's content filter stopped the answer.".to_owned(),
                    phrase("error-reply-filtered"),
                ),
                Some(crate::domain::failure::FailureKind::Blocked),
            ),
            (end, _) => end,
        };
        let Self {
            store,
            clock,
            sink,
            conversation,
            live,
            ..
        } = self;
        let now = clock.now_ms();
        let mut error_kind = None;
        let (status, error) = match end {
            ReplyEnd::Finished => (MessageStatus::Complete, None),
            ReplyEnd::Cancelled => (MessageStatus::Incomplete, None),
            ReplyEnd::Truncated => {
                error_kind = Some(crate::domain::failure::FailureKind::Network);
                (
                    MessageStatus::Incomplete,
                    Some(Cause::new(
                        "The connection ended before the provider finished the answer.".to_owned(),
                        phrase("error-reply-truncated"),
                    )),
                )
            }
            // Seed 003: what arrived before a failure is kept, marked incomplete; a failure
            // before anything arrived is an error (the caller removes that empty answer).
            ReplyEnd::Failed(message, kind) => {
                error_kind = Some(kind);
                let status = if reply.has_content() {
                    MessageStatus::Incomplete
                } else {
                    MessageStatus::Error
                };
                (status, Some(message))
            }
            ReplyEnd::Broken(message, kind) => {
                error_kind = Some(kind);
                (MessageStatus::Incomplete, Some(message))
            }
            ReplyEnd::Stopped(message, kind) => {
                error_kind = kind;
                (MessageStatus::Incomplete, Some(message))
            }
            ReplyEnd::AwaitingApproval => (MessageStatus::AwaitingApproval, None),
            ReplyEnd::StepLimit => (
                MessageStatus::Incomplete,
                Some(Cause::new(
                    format!(
                        "Stopped after {} model steps without a final answer; the tool calls of \
                         the last step were not run. Continue to let it go on.",
                        super::turn::MAX_STEPS
                    ),
                    phrase("error-reply-step-limit").with("steps", super::turn::MAX_STEPS),
                )),
            ),
        };
        reply.status = status;
        reply.error_phrase = error.as_ref().map(Explain::phrase);
        reply.error = error.map(|cause| cause.to_string());
        reply.error_kind = error_kind;
        reply.finished_at_ms = (status != MessageStatus::AwaitingApproval).then_some(now);
        reply.close_reasoning(now);
        move_inline_images_to_blobs(store, conversation, sink, &mut reply, now, new_id).await;
        conversation.updated_at_ms = now;
        if let Err(err) = store.save_message(conversation, &reply).await {
            // Never drop the words: the service keeps them until they can be saved
            // (`ChatService::save_kept_answers`), and so may the caller.
            if let Some(live) = live {
                live.kept(conversation, &reply);
            }
            sink.emit(GenerationEvent::MessageUpdated(reply.clone()));
            sink.emit(GenerationEvent::Unsaved {
                conversation: Box::new(conversation.clone()),
                message: reply,
            });
            return Err(err);
        }
        if let Some(live) = live {
            live.stored(&reply);
        }
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
    conversation: &Conversation,
    sink: &dyn GenerationSink,
    reply: &mut MessageNode,
    now: f64,
    new_id: &mut dyn FnMut() -> String,
) {
    let original = reply.parts.clone();
    let images = output_transform::finish(reply, now, new_id);
    for image in images {
        let saved = match crate::domain::base64::decode(&image.base64) {
            Ok(bytes) => {
                let blob = Blob {
                    id: image.blob_id,
                    mime: image.mime,
                    bytes,
                };
                store.save_blob_of(conversation, &blob).await
            }
            Err(err) => Err(StoreError::Corrupt(err.to_string())),
        };
        if let Err(err) = saved {
            reply.parts = original;
            sink.emit(GenerationEvent::Warning(
                super::warnings::image_kept_in_text(&err),
            ));
            return;
        }
    }
}
/// The provider client streams into the reply being written.
impl<S: ChatStore, C: Clock> DeltaSink for ReplyWriter<'_, S, C> {
    async fn apply(&mut self, delta: StreamDelta) -> bool {
        ReplyWriter::apply(self, delta).await
    }

    fn received(&self) -> usize {
        ReplyWriter::received(self)
    }

    fn first_received_ms(&self) -> Option<f64> {
        ReplyWriter::first_received_ms(self)
    }

    fn provider_finished(&self) -> bool {
        ReplyWriter::provider_finished(self)
    }

    fn step_usage(&self) -> Option<crate::provider::TokenUsage> {
        ReplyWriter::step_usage(self)
    }

    fn flush_chunk(&mut self) {
        ReplyWriter::flush_events(self);
    }

    fn warn(&self, message: Cause) {
        ReplyWriter::warn(self, message);
    }

    fn wait_notice(&mut self, message: Cause) {
        ReplyWriter::wait_notice(self, message);
    }

    /// Every call is journaled, but a temporary chat's: it is never written anywhere.
    fn journal(&self, kind: crate::provider::ProviderKind) -> Option<JournalTarget> {
        (!self.conversation.temporary)
            .then(|| super::journal_head::target(&self.reply.borrow(), kind))
            .flatten()
    }
}
