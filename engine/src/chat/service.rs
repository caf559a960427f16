//! [`ChatService`]: the user-facing entry point (seed 000's `ChatService`), turning "the user
//! pressed send" into a persisted user message, a streamed and persisted assistant reply, and the
//! events the app renders.
//!
//! Order matters and is the seed's: the input is checked, the user message is saved *before* any
//! request is made (so a crash mid-request never loses what the user typed), then the reply is
//! generated.

use super::events::{GenerationEvent, GenerationSink};
use super::reply_writer::{ReplyEnd, ReplyWriter};
use super::tool_results::complete_interrupted_calls;
use super::turn::TurnContext;
use crate::chat::honesty;
use crate::chat::live_replies::LiveReplies;
use crate::chat::registry::GenerationRegistry;
use crate::domain::attachment::{check_count, Attachment, AttachmentContent, UserInput};
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::message_part::MessagePart;
use crate::domain::tree::ConversationTree;
use crate::knowledge::provider_embedder::ProviderEmbedder;
use crate::ports::cancel::CancelToken;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::prompt::hooks::RetrievalHook;
use crate::prompt::regex_rules::RuleScope;
use crate::provider::retry::RetryPolicy;
use crate::provider::settings::ProviderSettings;
use crate::provider::ChatRequest;
use crate::provider::ProviderClient;
use crate::store::{Blob, ChatStore};
use crate::tools::session::{RetrievalMode, RetrievalModes};
use crate::tools::ToolCatalog;
use std::cell::OnceCell;
use std::rc::Rc;

pub use crate::chat::error::ChatError;

pub(crate) use super::turn::{ReplyTarget, Turn};

/// The longest a request waits for tools still connecting (see `ChatService::tools_settled`).
const TOOLS_SETTLE_MS: f64 = 5_000.0;

/// What happens after a question is stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Then {
    /// The provider is asked now.
    Answer,
    /// The browser is offline: the question waits for the connection.
    Wait,
}

/// The chat's service: the generation of answers and the edits the app makes outside one.
/// Its whole public surface, by concept: `chat/surface.rs`.
pub struct ChatService<T, S, C, I> {
    /// Every call to a provider, shared with whoever else calls providers (the embedder).
    pub(super) client: Rc<ProviderClient<T, C>>,
    pub(super) store: S,
    pub(super) ids: I,
    /// Every tool the app has; each assistant enables some of them.
    pub(super) tools: ToolCatalog,
    /// The running generation of each conversation.
    pub(super) generations: GenerationRegistry,
    /// The reply being written in each generating conversation, and the answers storage was
    /// too full to take (see `answers_in_memory`).
    pub(super) live: LiveReplies,
    /// Knowledge and memory retrieval for each request (seed 000 §5), when the app has them.
    pub(super) retrieval: RetrievalSources,
    /// Embeddings for the library's run, once the app has connected it
    /// ([`connect_library`](Self::connect_library)).
    pub(super) embedder: OnceCell<ProviderEmbedder<T, C>>,
    /// The conversations' workspaces, once the app has connected them
    /// ([`connect_workspace`](Self::connect_workspace)).
    pub(super) workspace: OnceCell<Rc<dyn crate::workspace::WorkspaceFiles>>,
    /// The knowledge bases read and indexed for retrieval and the knowledge tools.
    pub(super) knowledge_index: Rc<crate::knowledge::index_cache::KnowledgeIndexCache>,
    /// What the reading model found in images already read (each is read once).
    pub(super) transcripts: super::ocr::Transcripts,
}

/// Where request-only knowledge and memory context comes from. Each is set once, through
/// `&self` (the app connects the library when the code that writes answers loads, after the
/// service is shared).
#[derive(Default)]
pub struct RetrievalSources {
    pub knowledge: OnceCell<Rc<dyn RetrievalHook>>,
    pub memory: OnceCell<Rc<dyn RetrievalHook>>,
}

impl RetrievalSources {
    fn modes(&self) -> RetrievalModes {
        let mode = |hook: &OnceCell<Rc<dyn RetrievalHook>>| {
            if hook.get().is_some() {
                RetrievalMode::Retrieval
            } else {
                RetrievalMode::Off
            }
        };
        RetrievalModes {
            knowledge: mode(&self.knowledge),
            memory: mode(&self.memory),
        }
    }
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub fn new(transport: T, store: S, clock: C, ids: I) -> Self {
        Self::with_client(Rc::new(ProviderClient::new(transport, clock)), store, ids)
    }

    /// A service over a provider client that others share.
    pub fn with_client(client: Rc<ProviderClient<T, C>>, store: S, ids: I) -> Self {
        Self {
            client,
            store,
            ids,
            tools: ToolCatalog::default(),
            generations: GenerationRegistry::default(),
            live: LiveReplies::default(),
            retrieval: RetrievalSources::default(),
            embedder: OnceCell::new(),
            knowledge_index: Rc::default(),
            workspace: OnceCell::new(),
            transcripts: super::ocr::Transcripts::default(),
        }
    }

    /// Adds a tool the app has (an assistant offers it once enabled); returns its name as the
    /// model sees it. Refused when the name is empty, reserved or already taken.
    pub fn add_tool(
        &self,
        source: crate::tools::ToolSource,
        tool: Rc<dyn crate::tools::Tool>,
    ) -> Result<String, crate::tools::catalog::CatalogError> {
        self.tools.add(source, tool)
    }

    /// The clock every time here comes from (the provider client's).
    pub fn clock(&self) -> &C {
        self.client.clock()
    }

    /// The provider client.
    pub fn client(&self) -> &Rc<ProviderClient<T, C>> {
        &self.client
    }

    /// Stops the generation running in `conversation_id`, keeping what has arrived; `false`
    /// when none runs.
    pub fn stop(&self, conversation_id: &str) -> bool {
        self.generations.stop(conversation_id)
    }

    /// Whether an answer is being generated in `conversation_id` by this service.
    pub fn is_generating(&self, conversation_id: &str) -> bool {
        self.generations.is_running(conversation_id)
    }

    /// Sends one model step to the provider (and its fallbacks) and records each provider's
    /// attempt as a [`UsageEvent`](crate::domain::usage::UsageEvent) of the reply.
    pub(crate) async fn stream_model(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        // The pictures the answer's tools returned, ready for this model.
        let pictures = self
            .ready_pictures(settings, request.messages, cancel, writer)
            .await;
        let request = &match &pictures {
            Some(messages) => ChatRequest {
                messages,
                ..*request
            },
            None => *request,
        };
        let mut reports = Vec::new();
        let end = self
            .client
            .stream(settings, request, cancel, writer, &mut reports)
            .await;
        // The call that answered (the last one that did not fail, after any fallbacks) is
        // said on the answer.
        if let Some(answered) = reports.iter().rev().find(|r| r.outcome != "error") {
            writer.reply_mut().call = Some(crate::domain::message_part::AnswerCall {
                host: answered.host.clone(),
                first_token_ms: answered.first_token_ms,
                duration_ms: answered.duration_ms,
            });
        }
        for report in reports {
            let event = crate::domain::usage::UsageEvent {
                id: self.ids.new_id(),
                at_ms: report.at_ms,
                conversation_id: writer.reply().conversation_id.clone(),
                message_id: writer.reply().id.clone(),
                provider: report.provider,
                host: report.host,
                model: report.model,
                outcome: report.outcome.to_owned(),
                prompt_tokens: report.usage.map(|u| u.prompt_tokens),
                completion_tokens: report.usage.map(|u| u.completion_tokens),
                cached_tokens: report.usage.map(|u| u.cached_tokens),
                reasoning_tokens: report.usage.map(|u| u.reasoning_tokens),
                first_token_ms: report.first_token_ms,
                duration_ms: report.duration_ms,
                retries: report.retries,
            };
            if let Err(err) = self.store.save_usage(&event).await {
                writer.warn(super::warnings::usage_not_recorded(&err));
            }
        }
        end.into()
    }

    /// Checks the settings and the assistant and assembles the request's tools. In a
    /// temporary chat (`context.temporary`, see [`Self::turn_in`]) the tools that would keep
    /// something (memories) are not offered: such a chat leaves nothing behind.
    pub(crate) fn turn<'a>(&self, context: &TurnContext<'a>) -> Result<Turn<'a>, ChatError> {
        let TurnContext {
            settings,
            assistant,
            cancel,
            sink,
            temporary,
            channel,
        } = *context;
        settings.validate()?;
        let compiled = assistant.compile()?;
        let enabled: Vec<crate::tools::EnabledTool> = assistant
            .enabled_tools
            .iter()
            .filter(|t| !(temporary && crate::knowledge::memories::writes_memory(&t.name)))
            .cloned()
            .collect();
        let tools =
            self.tools
                .for_request(&enabled, settings.supports_tools, self.retrieval.modes());
        Ok(Turn {
            settings,
            assistant,
            compiled,
            tools,
            cancel,
            sink,
            channel,
            dry_run: false,
        })
    }

    /// Waits, at most [`TOOLS_SETTLE_MS`], while a tool set is still finding its tools for the
    /// first time (MCP servers connecting right after a start), so a question sent at once is
    /// offered them as the one after it will be.
    pub(crate) async fn tools_settled(&self, cancel: &CancelToken) {
        let clock = self.clock();
        let started = clock.now_ms();
        while self.tools.settling()
            && clock.has_timers()
            && !cancel.is_cancelled()
            && clock.now_ms() - started < TOOLS_SETTLE_MS
        {
            clock.sleep(100.0).await;
        }
    }

    /// The turn for an action in `conversation`, which knows whether it is a temporary chat.
    pub(crate) fn turn_in<'a>(
        &self,
        context: &TurnContext<'a>,
        conversation: &Conversation,
    ) -> Result<Turn<'a>, ChatError> {
        // The record says so (it is created so, and kept only in memory).
        let temporary = context.temporary || conversation.temporary;
        self.turn(&TurnContext {
            temporary,
            ..*context
        })
    }

    /// The stored version of `conversation` (another generation may have moved its current
    /// leaf since the caller read it), or `conversation` itself when it is new.
    pub(crate) async fn reload(
        &self,
        conversation: Conversation,
    ) -> Result<Conversation, ChatError> {
        Ok(self
            .store
            .load_conversation(&conversation.id)
            .await?
            .unwrap_or(conversation))
    }

    /// Sends `text` as a new user message in `conversation` (or in a new conversation when
    /// `None`), then streams the assistant's reply.
    ///
    /// Returns `Err` only when nothing could be started (empty input, invalid settings, storage
    /// failure); the caller keeps the user's text in that case. A provider failure is not an
    /// `Err`: it is recorded on the assistant message (status [`MessageStatus::Error`]) and
    /// reported through [`GenerationEvent::Finished`].
    pub async fn send_message(
        &self,
        conversation: Option<Conversation>,
        input: impl Into<UserInput>,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let input = input.into();
        let conversation = self.conversation_for(conversation, &input, context);
        self.ask(conversation, None, &input, Then::Answer, context)
            .await
    }

    /// `conversation`, or a new one titled after `input` for the turn's assistant.
    pub(super) fn conversation_for(
        &self,
        conversation: Option<Conversation>,
        input: &UserInput,
        context: &TurnContext<'_>,
    ) -> Conversation {
        conversation.unwrap_or_else(|| Conversation {
            assistant_id: Some(context.assistant.id.clone()),
            temporary: context.temporary,
            ..Conversation::new(
                &self.ids.new_id(),
                &Conversation::title_from_first_message(input.title_source()),
                self.clock().now_ms(),
            )
        })
    }

    /// Regenerates an assistant message: the new answer becomes its sibling (‹ 2/2 ›); the old
    /// one and everything below it stay.
    pub async fn regenerate(
        &self,
        conversation: Conversation,
        assistant_message_id: &str,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let target = ReplyTarget::SiblingOf(assistant_message_id.to_owned());
        self.answer_existing(conversation, target, context).await
    }

    /// Answers user message `user_message_id` again after an answer to it failed (and was
    /// removed): the new answer goes below it, beside any earlier answers.
    pub async fn retry_reply(
        &self,
        conversation: Conversation,
        user_message_id: &str,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let target = ReplyTarget::Under(user_message_id.to_owned());
        self.answer_existing(conversation, target, context).await
    }

    /// Edits a user message: the edited text becomes a new sibling with its own answer; the
    /// original question and its answers stay on their branch.
    pub async fn edit_and_resend(
        &self,
        conversation: Conversation,
        user_message_id: &str,
        text: &str,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        self.ask(
            conversation,
            Some(user_message_id),
            &UserInput::from(text),
            Then::Answer,
            context,
        )
        .await
    }

    /// Send and edit-and-resend: store the user's message (new, or a new sibling of
    /// `edit_of`) before anything else, then answer it.
    pub(super) async fn ask(
        &self,
        conversation: Conversation,
        edit_of: Option<&str>,
        input: &UserInput,
        then: Then,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        if input.is_empty() {
            return Err(ChatError::EmptyMessage);
        }
        check_count(&input.attachments)?;
        let text = input.text.as_str();
        // Checked before anything is stored (its rules shape the question); built again
        // below knowing the chat and its tools.
        let checked = self.turn(context)?;
        let (cancel, sink) = (context.cancel, context.sink);
        // Seed 000 §1 step 2: the conversation's running generation is stopped, and has saved
        // what it had, before anything else happens here.
        let _running = self.generations.begin(&conversation.id, cancel).await;
        let mut conversation = self.reload(conversation).await?;
        let mut tree = self.load_tree(&conversation).await?;
        self.complete_interrupted_tools(&conversation, &mut tree, sink)
            .await?;
        let now = self.clock().now_ms();
        let mut user = MessageNode::new(&self.ids.new_id(), &conversation.id, Role::User, now);
        if !text.trim().is_empty() {
            user = user.with_text(text);
        }
        user.finished_at_ms = Some(now);
        // Seed 000 §1 step 4: user-scope rules change the stored text parts only.
        checked
            .compiled
            .rules
            .apply_to_parts(RuleScope::User, &mut user.parts);
        match edit_of.and_then(|id| tree.get(id)) {
            // An edit keeps the question's attachments.
            Some(original) => user.parts.extend(
                original
                    .parts
                    .iter()
                    .filter(|p| {
                        matches!(p, MessagePart::Image { .. } | MessagePart::Document { .. })
                    })
                    .cloned(),
            ),
            None => user.parts.extend(
                self.store_attachments(&conversation, &input.attachments)
                    .await?,
            ),
        }
        let user = match edit_of {
            None => tree.append(user)?,
            Some(original) => tree.edit_user_message(original, user)?,
        }
        .into_node();
        conversation.current_leaf_id = Some(user.id.clone());
        conversation.updated_at_ms = now;
        // Written with the question: it waits, or (answered now) nothing earlier does.
        conversation.waiting_question = (then == Then::Wait).then(|| user.id.clone());
        self.store.save_message(&conversation, &user).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        // Only a waiting question is returned; an answered one goes to the sink alone.
        let waiting = (then == Then::Wait).then(|| user.clone());
        sink.emit(match edit_of {
            None => GenerationEvent::MessageAdded(user),
            Some(_) => GenerationEvent::BranchChanged {
                conversation_id: conversation.id.clone(),
                branch: tree.current_branch_entries(),
            },
        });
        if let Some(question) = waiting {
            return Ok(question);
        }
        // The question is stored and shown: now a moment for tools still connecting.
        self.tools_settled(cancel).await;
        let turn = self.turn_in(context, &conversation)?;
        if let Some(reply) = self
            .refuse_if_unavailable(&mut conversation, &mut tree, &turn, text)
            .await?
        {
            return Ok(reply);
        }
        self.generate(conversation, tree, ReplyTarget::Append, &turn)
            .await
    }

    /// The parts of a question's attachments; images are stored as blobs first, so a message
    /// never refers to an image that is not stored.
    async fn store_attachments(
        &self,
        conversation: &Conversation,
        attachments: &[Attachment],
    ) -> Result<Vec<MessagePart>, ChatError> {
        let mut parts = Vec::with_capacity(attachments.len());
        for attachment in attachments {
            let name = attachment.name.clone();
            parts.push(match &attachment.content {
                AttachmentContent::Image { mime, bytes } => {
                    let blob = Blob {
                        id: self.ids.new_id(),
                        mime: mime.clone(),
                        bytes: bytes.clone(),
                    };
                    self.store.save_blob_of(conversation, &blob).await?;
                    MessagePart::Image {
                        blob_id: blob.id,
                        mime: blob.mime,
                        name: Some(name),
                    }
                }
                AttachmentContent::Document { mime, text } => MessagePart::Document {
                    name,
                    mime: mime.clone(),
                    text: text.clone(),
                },
            });
        }
        Ok(parts)
    }

    /// Seed 000 §1 step 3: tool calls of the branch's last answer that were left pending or
    /// interrupted get a result now (denied, or "not run"), so the next request is well formed
    /// and nothing waits forever.
    async fn complete_interrupted_tools(
        &self,
        conversation: &Conversation,
        tree: &mut ConversationTree,
        sink: &dyn GenerationSink,
    ) -> Result<(), ChatError> {
        let Some(leaf) = tree.current_leaf().and_then(|id| tree.get(id)).cloned() else {
            return Ok(());
        };
        let mut node = leaf;
        if node.role != Role::Assistant || !complete_interrupted_calls(&mut node) {
            return Ok(());
        }
        let node = tree.update(node)?.into_node();
        self.store.save_message(conversation, &node).await?;
        sink.emit(GenerationEvent::MessageUpdated(node));
        Ok(())
    }

    /// Continues an assistant message: the provider receives the branch ending with that
    /// (partial) answer and its text is appended to the same message.
    pub async fn continue_reply(
        &self,
        conversation: Conversation,
        assistant_message_id: &str,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        // An answer a killed page left gets back what its journal kept first: the new
        // stream's journal replaces that one.
        let ids = [assistant_message_id.to_owned()];
        let _ = self.recover_interrupted(&conversation, &ids).await;
        let target = ReplyTarget::Continue(assistant_message_id.to_owned());
        self.answer_existing(conversation, target, context).await
    }

    /// Regenerate, continue and retry: a reply for a branch that is already stored.
    async fn answer_existing(
        &self,
        conversation: Conversation,
        target: ReplyTarget,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        self.turn(context)?;
        let _running = self
            .generations
            .begin(&conversation.id, context.cancel)
            .await;
        let mut conversation = self.reload(conversation).await?;
        self.tools_settled(context.cancel).await;
        let turn = self.turn_in(context, &conversation)?;
        // Answering now: no question waits any more (written with the answer).
        conversation.waiting_question = None;
        let tree = self.load_tree(&conversation).await?;
        self.generate(conversation, tree, target, &turn).await
    }

    /// Seed 004's honest-refusal short-circuit: a request for an action none of this
    /// request's tools can perform is answered without calling the model, and the answer is
    /// stored like any other.
    async fn refuse_if_unavailable(
        &self,
        conversation: &mut Conversation,
        tree: &mut ConversationTree,
        turn: &Turn<'_>,
        user_text: &str,
    ) -> Result<Option<MessageNode>, ChatError> {
        let sink = turn.sink;
        let tools: Vec<(&str, &str)> = turn
            .tools
            .tools
            .iter()
            .filter(|t| t.acts())
            .map(|t| {
                (
                    t.definition.name.as_str(),
                    t.definition.description.as_str(),
                )
            })
            .collect();
        let Some(answer) = turn
            .assistant
            .refusal_gate()
            .then(|| honesty::honest_refusal(user_text, &tools))
            .flatten()
        else {
            return Ok(None);
        };
        let now = self.clock().now_ms();
        let mut reply =
            MessageNode::new(&self.ids.new_id(), &conversation.id, Role::Assistant, now)
                .with_text(&answer);
        reply.finished_at_ms = Some(now);
        reply
            .annotations
            .push(crate::domain::message_part::Annotation::HonestRefusal);
        let reply = tree.append(reply)?.into_node();
        conversation.current_leaf_id = Some(reply.id.clone());
        conversation.updated_at_ms = now;
        self.store.save_message(conversation, &reply).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        sink.emit(GenerationEvent::MessageAdded(reply.clone()));
        sink.emit(GenerationEvent::Finished(reply.clone()));
        Ok(Some(reply))
    }

    /// What this turn offers the model and retrieves (seed 004's planner decision): the tools
    /// that can act, and knowledge and memory retrieval where the assistant uses them.
    fn plan(&self, turn: &Turn<'_>) -> crate::domain::message::TurnPlan {
        crate::domain::message::TurnPlan {
            tools: turn
                .tools
                .tools
                .iter()
                .filter(|t| t.acts())
                .map(|t| t.definition.name.clone())
                .collect(),
            knowledge: self.retrieval.knowledge.get().is_some()
                && !turn.assistant.knowledge_base_ids.is_empty(),
            memory: self.retrieval.memory.get().is_some() && turn.assistant.memory_on(),
        }
    }

    /// The completion path every action shares: build the request from the branch the reply
    /// answers, place the reply in the tree, persist it, run the model/tool loop into it, and
    /// finish it.
    pub(crate) async fn generate(
        &self,
        mut conversation: Conversation,
        mut tree: ConversationTree,
        target: ReplyTarget,
        turn: &Turn<'_>,
    ) -> Result<MessageNode, ChatError> {
        let (settings, sink) = (turn.settings, turn.sink);
        let now = self.clock().now_ms();
        let prepared = self
            .prepare_reply(&conversation, &tree, &target, turn, now)
            .await?;

        let conversation_id = conversation.id.clone();
        let plan = self.plan(turn);
        // Each version is made at its own time (a retry comes later than what it replaces).
        let fresh = || {
            let now = self.clock().now_ms();
            let mut reply =
                MessageNode::new(&self.ids.new_id(), &conversation_id, Role::Assistant, now)
                    .with_status(MessageStatus::Streaming);
            reply.model = Some(settings.model_name().to_owned());
            reply.plan = Some(plan.clone());
            reply
        };
        let mut target = target;
        let mut broken_retries = 0;
        let mut restarted = false;
        loop {
            let reply = self
                .place_reply(&mut conversation, &mut tree, &target, &fresh, sink)
                .await?;
            sink.emit(GenerationEvent::Planned {
                message_id: reply.id.clone(),
                plan: plan.clone(),
            });
            let gates = honesty::ReplyGates {
                fabrication: turn.assistant.fabrication_gate(),
                follow_up: turn.assistant.follow_up_gate(),
                question: question_of(&tree, &reply),
            };
            let mut writer =
                ReplyWriter::new(&self.store, self.clock(), sink, &mut conversation, reply)
                    .with_gates(gates)
                    .waiting(restarted)
                    .shown_in(&self.live);
            {
                let mut answer = writer.reply_mut();
                // A continued answer is planned anew.
                answer.plan = Some(plan.clone());
                // Seed 000 §5: the chunks retrieved for this request are the answer's citations.
                for citation in &prepared.citations {
                    if !answer.annotations.contains(citation) {
                        answer.annotations.push(citation.clone());
                    }
                }
            }
            let end = self
                .run_steps(&prepared.history, &prepared.known_calls, turn, &mut writer)
                .await;
            // A stream that broke after text arrived is tried again as a new version; the
            // broken one stays as an earlier sibling, marked incomplete. Not for a continued
            // answer (its earlier text would be lost from view) nor one that ran tools (they
            // would run again).
            let retry_broken =
                self.retries_broken(&end, &target, &writer.reply(), broken_retries, turn);
            let reply = writer
                .finish(end, &turn.compiled, &mut || self.ids.new_id())
                .await?;
            // Saved whole: what the journal kept of it is no longer needed. (An answer whose
            // final save failed returned above with its journal kept: its only copy on disk.)
            self.client
                .transport()
                .drop_journal(&reply.conversation_id, Some(&reply.id));
            if reply.status == MessageStatus::Error && !matches!(target, ReplyTarget::Continue(_)) {
                // Seed 003: an answer that failed before anything arrived is removed; the
                // caller shows the error with a retry (`retry_reply`).
                self.remove_failed(&mut conversation, &mut tree, &reply, sink)
                    .await?;
                return Ok(reply);
            }
            if !retry_broken {
                return Ok(reply);
            }
            broken_retries += 1;
            tree.update(reply.clone())?;
            let delay = RetryPolicy::default()
                .delay_ms(broken_retries, None, self.clock().random_unit())
                .unwrap_or(0.0);
            let reason = reply.error.as_deref().zip(reply.error_phrase.as_ref());
            sink.emit(GenerationEvent::Waiting(Some(super::warnings::restarting(
                reason,
                delay / 1_000.0,
            ))));
            restarted = true;
            if !self.client.wait(delay, turn.cancel).await {
                return Ok(reply);
            }
            target = ReplyTarget::SiblingOf(reply.id);
        }
    }

    /// Puts the reply at `target` in the tree (a new node, or the continued one streaming
    /// again), saves it with the conversation's new leaf, and says so.
    async fn place_reply(
        &self,
        conversation: &mut Conversation,
        tree: &mut ConversationTree,
        target: &ReplyTarget,
        fresh: &dyn Fn() -> MessageNode,
        sink: &dyn GenerationSink,
    ) -> Result<MessageNode, ChatError> {
        let (reply, added) = match target {
            ReplyTarget::Append => (tree.append(fresh())?.into_node(), true),
            ReplyTarget::Under(id) => {
                tree.select_exact(id)?;
                (tree.append(fresh())?.into_node(), true)
            }
            ReplyTarget::SiblingOf(id) => (tree.regenerate(id, fresh())?.into_node(), false),
            ReplyTarget::Continue(id) => {
                let mut existing = tree.continue_from(id)?.clone();
                existing.status = MessageStatus::Streaming;
                existing.error = None;
                existing.finished_at_ms = None;
                (tree.update(existing)?.into_node(), false)
            }
        };
        conversation.current_leaf_id = Some(reply.id.clone());
        conversation.updated_at_ms = self.clock().now_ms();
        self.store.save_message(conversation, &reply).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        if added {
            sink.emit(GenerationEvent::MessageAdded(reply.clone()));
        } else {
            sink.emit(GenerationEvent::BranchChanged {
                conversation_id: conversation.id.clone(),
                branch: tree.current_branch_entries(),
            });
        }
        Ok(reply)
    }

    /// Whether a reply that ended with `end` is tried again as a new version: a stream that
    /// broke after text arrived, when the assistant wants it, attempts are left and the clock
    /// can wait. Never for a continued answer (its earlier text would be lost from view) nor
    /// one that ran tools (they would run again).
    fn retries_broken(
        &self,
        end: &ReplyEnd,
        target: &ReplyTarget,
        reply: &MessageNode,
        broken_retries: u32,
        turn: &Turn<'_>,
    ) -> bool {
        matches!(end, ReplyEnd::Broken(..) | ReplyEnd::Truncated)
            && turn.assistant.retry_broken_streams
            && !matches!(target, ReplyTarget::Continue(_))
            && !reply
                .parts
                .iter()
                .any(|p| matches!(p, MessagePart::ToolCall(_)))
            && broken_retries + 1 < RetryPolicy::default().max_attempts
            && self.clock().has_timers()
    }

    /// Deletes an answer that failed before any content arrived, showing the branch above it.
    async fn remove_failed(
        &self,
        conversation: &mut Conversation,
        tree: &mut ConversationTree,
        reply: &MessageNode,
        sink: &dyn GenerationSink,
    ) -> Result<(), ChatError> {
        tree.update(reply.clone())?;
        let change = tree.delete_subtree(&reply.id)?;
        conversation.current_leaf_id = tree.current_leaf().map(str::to_owned);
        self.store
            .delete_messages(conversation, &change.deleted)
            .await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        sink.emit(GenerationEvent::BranchChanged {
            conversation_id: conversation.id.clone(),
            branch: tree.current_branch_entries(),
        });
        Ok(())
    }
}

/// Test access to the parts whose fields are private to the chat module.
#[cfg(test)]
impl<T, S, C, I> ChatService<T, S, C, I> {
    pub(crate) fn store(&self) -> &S {
        &self.store
    }

    pub(crate) fn retrieval(&self) -> &RetrievalSources {
        &self.retrieval
    }
}

#[cfg(test)]
#[path = "service_tests.rs"]
mod tests;

#[cfg(test)]
#[path = "service_branch_tests.rs"]
mod branch_tests;

#[cfg(test)]
#[path = "service_honesty_tests.rs"]
mod honesty_tests;

#[cfg(test)]
#[path = "service_stop_tests.rs"]
mod stop_tests;

#[cfg(test)]
#[path = "service_context_tests.rs"]
mod context_tests;

#[cfg(test)]
#[path = "service_data_tests.rs"]
mod data_tests;

#[cfg(test)]
#[path = "attachment_tests.rs"]
mod attachment_tests;

#[cfg(test)]
#[path = "waiting_tests.rs"]
mod waiting_tests;

/// The text of the user's message a reply answers (the nearest user message above it).
fn question_of(tree: &ConversationTree, reply: &MessageNode) -> String {
    let mut at = reply.parent_id.as_deref();
    while let Some(node) = at.and_then(|id| tree.get(id)) {
        if node.role == Role::User {
            return node.text();
        }
        at = node.parent_id.as_deref();
    }
    String::new()
}
