//! [`ChatService`]: the user-facing entry point (seed 000's `ChatService`), turning "the user
//! pressed send" into a persisted user message, a streamed and persisted assistant reply, and the
//! events the app renders.
//!
//! Order matters and is the seed's: the input is checked, the user message is saved *before* any
//! request is made (so a crash mid-request never loses what the user typed), then the reply is
//! generated.

use crate::assistant::{Assistant, AssistantError};
use crate::cancel::CancelToken;
use crate::clock::{Clock, IdGenerator};
use crate::generation::{GenerationEvent, GenerationSink, ReplyEnd, ReplyWriter};
use crate::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::prompt::time_context::TimeContext;
use crate::provider::{self, openai, ChatMessage, ProviderError};
use crate::provider_settings::{ProviderSettings, SettingsError};
use crate::regex_rules::RuleScope;
use crate::request_builder::{build_request, chat_messages, RequestInputs};
use crate::sse::SseDecoder;
use crate::store::{ChatStore, StoreError};
use crate::transport::{ByteStream, Transport, TransportError};
use crate::tree::{ConversationTree, TreeError};
use thiserror::Error;

/// The most of an error body read to explain a failed request.
const MAX_ERROR_BODY_BYTES: usize = 64 << 10;
/// The largest non-streaming response accepted.
const MAX_COMPLETION_BODY_BYTES: usize = 16 << 20;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ChatError {
    #[error("Type a message first.")]
    EmptyMessage,
    #[error(transparent)]
    Settings(#[from] SettingsError),
    #[error(transparent)]
    Store(#[from] StoreError),
    #[error("This conversation's stored messages are damaged ({0}); nothing was changed.")]
    Tree(#[from] TreeError),
    #[error(transparent)]
    Assistant(#[from] AssistantError),
}

pub struct ChatService<T, S, C, I> {
    pub transport: T,
    pub store: S,
    pub clock: C,
    pub ids: I,
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
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
        text: &str,
        settings: &ProviderSettings,
        assistant: &Assistant,
        cancel: &CancelToken,
        sink: &dyn GenerationSink,
    ) -> Result<MessageNode, ChatError> {
        if text.trim().is_empty() {
            return Err(ChatError::EmptyMessage);
        }
        settings.validate()?;
        let compiled = assistant.compile()?;
        let now = self.clock.now_ms();
        let mut conversation = conversation.unwrap_or_else(|| Conversation {
            id: self.ids.new_id(),
            title: Conversation::title_from_first_message(text),
            created_at_ms: now,
            updated_at_ms: now,
            current_leaf_id: None,
        });
        let nodes = self.store.load_messages(&conversation.id).await?;
        let mut tree = ConversationTree::from_nodes(
            &conversation.id,
            nodes,
            conversation.current_leaf_id.as_deref(),
        )?;

        let mut user =
            MessageNode::new(&self.ids.new_id(), &conversation.id, Role::User, now).with_text(text);
        user.finished_at_ms = Some(now);
        // Seed 000 §1 step 4: user-scope rules change the stored text parts only.
        compiled
            .rules
            .apply_to_parts(RuleScope::User, &mut user.parts);
        let user = tree.append(user)?.saved.remove(0);
        conversation.current_leaf_id = Some(user.id.clone());
        conversation.updated_at_ms = now;
        self.store.save_message(&conversation, &user).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        sink.emit(GenerationEvent::MessageAdded(user));

        let prepared = build_request(RequestInputs {
            branch: tree.current_branch(),
            conversation: &conversation,
            assistant,
            compiled: &compiled,
            model: settings.model.trim(),
            time: TimeContext {
                now_ms: now,
                utc_offset_minutes: self.clock.utc_offset_minutes(),
                time_zone: self.clock.time_zone(),
            },
        })
        .await;
        let history = chat_messages(&prepared);
        let mut reply = MessageNode::new(
            &self.ids.new_id(),
            &conversation.id,
            Role::Assistant,
            self.clock.now_ms(),
        )
        .with_status(MessageStatus::Streaming);
        reply.model = Some(settings.model.trim().to_owned());
        let reply = tree.append(reply)?.saved.remove(0);
        conversation.current_leaf_id = Some(reply.id.clone());
        self.store.save_message(&conversation, &reply).await?;
        sink.emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        sink.emit(GenerationEvent::MessageAdded(reply.clone()));

        let mut writer = ReplyWriter::new(&self.store, &self.clock, sink, &mut conversation, reply);
        let end = self
            .stream_reply(settings, &history, cancel, &mut writer)
            .await;
        Ok(writer
            .finish(end, &compiled, &mut || self.ids.new_id())
            .await?)
    }

    /// Loads every message of `conversation`.
    ///
    /// A message still marked [`MessageStatus::Streaming`] whose generation is not running here
    /// (`generating_here` is false) was interrupted by a closed tab or a crash: it is marked
    /// [`MessageStatus::Incomplete`] and saved, keeping all its text, rather than being left
    /// "streaming" forever or silently shown as complete.
    pub async fn open_conversation(
        &self,
        conversation: &Conversation,
        generating_here: bool,
    ) -> Result<Vec<MessageNode>, StoreError> {
        let mut nodes = self.store.load_messages(&conversation.id).await?;
        if generating_here {
            return Ok(nodes);
        }
        for node in nodes
            .iter_mut()
            .filter(|n| n.status == MessageStatus::Streaming)
        {
            node.status = MessageStatus::Incomplete;
            node.error =
                Some("Generation was interrupted (the page was closed or reloaded).".into());
            self.store.save_message(conversation, node).await?;
        }
        Ok(nodes)
    }

    /// Runs the provider request and feeds every delta into `writer`.
    async fn stream_reply(
        &self,
        settings: &ProviderSettings,
        history: &[ChatMessage],
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        match self
            .try_stream_reply(settings, history, cancel, writer)
            .await
        {
            Ok(end) => end,
            Err(_) if cancel.is_cancelled() => ReplyEnd::Cancelled,
            Err(ProviderError::Transport(TransportError::Aborted)) => ReplyEnd::Cancelled,
            Err(err) => ReplyEnd::Failed(err.to_string()),
        }
    }

    async fn try_stream_reply(
        &self,
        settings: &ProviderSettings,
        history: &[ChatMessage],
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Result<ReplyEnd, ProviderError> {
        let request = openai::build_chat_request(settings, history, true)?;
        let mut response = self.transport.send(request, cancel).await?;
        if !(200..300).contains(&response.status) {
            let body = read_body(&mut response.body, MAX_ERROR_BODY_BYTES, cancel).await?;
            return Err(provider::error_from_status(response.status, &body));
        }
        let is_json = response
            .content_type
            .as_deref()
            .is_some_and(|t| t.contains("application/json"));
        if is_json {
            // The server ignored `stream: true` and answered in one piece.
            let body = read_body(&mut response.body, MAX_COMPLETION_BODY_BYTES, cancel).await?;
            for delta in openai::decode_completion(&body)? {
                writer.apply(delta).await;
            }
            return Ok(ReplyEnd::Finished);
        }

        let mut decoder = SseDecoder::default();
        let mut events = Vec::new();
        while let Some(chunk) = response.body.next_chunk().await {
            if cancel.is_cancelled() {
                return Ok(ReplyEnd::Cancelled);
            }
            decoder.push(&chunk?, &mut events)?;
            for event in events.drain(..) {
                for delta in openai::decode_stream_data(&event.data)? {
                    if writer.apply(delta).await {
                        return Ok(ReplyEnd::Finished);
                    }
                }
            }
        }
        if cancel.is_cancelled() {
            return Ok(ReplyEnd::Cancelled);
        }
        if let Some(event) = decoder.finish()? {
            for delta in openai::decode_stream_data(&event.data)? {
                writer.apply(delta).await;
            }
        }
        Ok(if writer.provider_finished() {
            ReplyEnd::Finished
        } else {
            ReplyEnd::Truncated
        })
    }
}

/// Reads a whole (bounded) body; used for error bodies and non-streaming completions.
async fn read_body<B: ByteStream>(
    body: &mut B,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<u8>, ProviderError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next_chunk().await {
        if cancel.is_cancelled() {
            return Err(TransportError::Aborted.into());
        }
        let chunk = chunk?;
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if bytes.len() >= limit {
            break;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
#[path = "chat_service_tests.rs"]
mod tests;
