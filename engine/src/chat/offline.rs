//! Questions written while the browser says it is offline: sent to a provider on this machine
//! or its network (which answers whenever it runs), else stored to wait for the connection;
//! and a wait the user gives up. The app answers a waiting question with
//! [`ChatAction::Retry`](crate::chat::action::ChatAction::Retry) when the connection returns.

use super::service::{ChatError, ChatService, Then};
use super::turn::TurnContext;
use crate::chat::events::GenerationEvent;
use crate::domain::attachment::UserInput;
use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Stores `input` as a new question (in a new conversation when `None`) without asking the
    /// provider: the browser is offline. The conversation remembers that the question waits
    /// ([`Conversation::question_to_send`]), across reloads, until it is answered
    /// ([`ChatAction::Retry`](crate::chat::action::ChatAction::Retry) with its ID) or the user
    /// cancels ([`ChatService::cancel_waiting`]). Returns the stored question.
    pub async fn queue_question(
        &self,
        conversation: Option<Conversation>,
        input: impl Into<UserInput>,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let input = input.into();
        let conversation = self.conversation_for(conversation, &input, context);
        self.ask(conversation, None, &input, Then::Wait, context)
            .await
    }

    /// Sends `input` while the browser says it is offline. The flag alone does not decide: a
    /// provider on this machine or its network (a local Ollama or llama.cpp) is tried, and
    /// answers whenever it runs; when it cannot be reached, or the provider is elsewhere, the
    /// question waits for the connection as [`Self::queue_question`] leaves it. Returns the
    /// answer, or the waiting question.
    pub async fn send_while_offline(
        &self,
        conversation: Option<Conversation>,
        input: impl Into<UserInput>,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        if !crate::provider::settings::on_this_network(&context.settings.base_url) {
            return self.queue_question(conversation, input, context).await;
        }
        let reply = self
            .run(conversation, crate::ChatAction::Send(input.into()), context)
            .await?;
        let unreachable = reply.role == Role::Assistant
            && reply.status == MessageStatus::Error
            && reply.error_kind == Some(crate::domain::failure::FailureKind::Network);
        let Some(question_id) = reply.parent_id.clone().filter(|_| unreachable) else {
            return Ok(reply);
        };
        // Not reached: the question (already stored, its failed answer removed) waits.
        let Some(mut conversation) = self.store.load_conversation(&reply.conversation_id).await?
        else {
            return Ok(reply);
        };
        conversation.waiting_question = Some(question_id.clone());
        self.store.save_conversation(&conversation).await?;
        context
            .sink
            .emit(GenerationEvent::ConversationUpdated(conversation.clone()));
        let tree = self.load_tree(&conversation).await?;
        Ok(tree.get(&question_id).cloned().unwrap_or(reply))
    }

    /// The question stays where it is, unanswered, and no longer waits for the connection.
    pub async fn cancel_waiting(
        &self,
        conversation: &Conversation,
    ) -> Result<Conversation, ChatError> {
        let mut conversation = self.reload(conversation.clone()).await?;
        conversation.waiting_question = None;
        self.store.save_conversation(&conversation).await?;
        Ok(conversation)
    }
}
