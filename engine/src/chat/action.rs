//! [`ChatAction`]: every way an answer is made, as one value the app hands to
//! [`ChatService::run`] with one [`TurnContext`], instead of a method per action with the same
//! four arguments threaded through each. `run` also does the work after a finished answer
//! (seed 000 §9: the title after the first exchange, follow-up suggestions when enabled), so
//! the app does not decide when that happens.

use crate::chat::events::GenerationEvent;
use crate::chat::service::{ChatError, ChatService};
use crate::chat::tool_loop::ToolDecision;
use crate::domain::attachment::UserInput;
use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

/// What the user asked for.
#[derive(Debug, Clone, PartialEq)]
pub enum ChatAction {
    /// A new question (in a new conversation when there is none).
    Send(UserInput),
    /// A new version of this answer, beside it.
    Regenerate(String),
    /// More of this answer (after a stop or a cut).
    Continue(String),
    /// This question with a new text, on a new branch: its ID and the text.
    Edit(String, String),
    /// A new answer to this question (its failed answer was removed).
    Retry(String),
    /// The user's decision on a pending tool call: the message's ID, the call's ID, the decision.
    Decide(String, String, ToolDecision),
}

impl ChatAction {
    /// What "retry" means for a reply that failed: an answer removed because nothing arrived is
    /// asked again from its question; an answer that kept what arrived gets a new version
    /// beside it. `None` when the reply did not fail.
    pub fn retry_for(reply: &MessageNode) -> Option<Self> {
        reply.error_kind?;
        match (reply.status, &reply.parent_id) {
            (MessageStatus::Error, Some(question)) => Some(Self::Retry(question.clone())),
            (MessageStatus::Incomplete, _) => Some(Self::Regenerate(reply.id.clone())),
            _ => None,
        }
    }
}

pub use super::turn::TurnContext;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Runs `action` in `conversation` (only [`ChatAction::Send`] may start without one), says
    /// so ([`GenerationEvent::AnswerDone`]), then, after an answer that did not fail, names the
    /// conversation and proposes follow-ups; their failures are warnings on the sink and never
    /// touch the answer.
    ///
    /// Returns `Err` only when nothing could be started (see [`ChatService::send_message`]).
    pub async fn run(
        &self,
        conversation: Option<Conversation>,
        action: ChatAction,
        context: &TurnContext<'_>,
    ) -> Result<MessageNode, ChatError> {
        let sink = context.sink;
        let reply = match (action, conversation) {
            (ChatAction::Send(input), conversation) => {
                self.send_message(conversation, input, context).await
            }
            (_, None) => Err(ChatError::NoConversation),
            (ChatAction::Regenerate(id), Some(conv)) => self.regenerate(conv, &id, context).await,
            (ChatAction::Continue(id), Some(conv)) => self.continue_reply(conv, &id, context).await,
            (ChatAction::Edit(id, text), Some(conv)) => {
                self.edit_and_resend(conv, &id, &text, context).await
            }
            (ChatAction::Retry(id), Some(conv)) => self.retry_reply(conv, &id, context).await,
            (ChatAction::Decide(message, call, decision), Some(conv)) => {
                self.decide_tool_call(conv, &message, &call, decision, context)
                    .await
            }
        }?;
        // Seed 004's follow-up gate: a promise becomes a follow-up the user can act on.
        if let Err(err) = self.record_promise(&reply).await {
            sink.emit(GenerationEvent::Warning(super::warnings::promise_not_kept(
                &err,
            )));
        }
        sink.emit(GenerationEvent::AnswerDone {
            conversation_id: reply.conversation_id.clone(),
        });
        // An honest refusal calls no model at all: no title or suggestions either (the chat
        // keeps the title made from its first message).
        let refused = reply
            .annotations
            .contains(&crate::domain::message_part::Annotation::HonestRefusal);
        if reply.error_kind.is_none() && !refused {
            if let Err(err) = self.after_answer(&reply, context).await {
                sink.emit(GenerationEvent::Warning(crate::i18n::Cause::of(&err)));
            }
        }
        Ok(reply)
    }

    /// Seed 000 §9 on the stored conversation of `reply`.
    async fn after_answer(
        &self,
        reply: &MessageNode,
        context: &TurnContext<'_>,
    ) -> Result<(), ChatError> {
        let Some(conversation) = self.store.load_conversation(&reply.conversation_id).await? else {
            return Ok(()); // deleted meanwhile
        };
        self.title_and_suggestions(
            conversation,
            reply,
            context.settings,
            context.assistant,
            context.cancel,
            context.sink,
        )
        .await
        .map(|_| ())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::chat::events::EventLog;
    use crate::domain::failure::FailureKind;
    use crate::domain::message::Role;
    use crate::test_fixtures::*;
    use crate::{Assistant, CancelToken};
    use futures_executor::block_on;

    fn run(
        service: &Service,
        conversation: Option<Conversation>,
        action: ChatAction,
        log: &EventLog,
    ) -> Result<MessageNode, ChatError> {
        let (settings, assistant, cancel) = (settings(), Assistant::default(), CancelToken::new());
        let context = TurnContext {
            settings: &settings,
            assistant: &assistant,
            cancel: &cancel,
            sink: log,
            temporary: false,
            channel: crate::prompt::OutputChannel::Markdown,
        };
        block_on(service.run(conversation, action, &context))
    }

    #[test]
    fn a_first_answer_is_followed_by_its_title_and_later_ones_are_not() {
        let service = service(vec![
            sse(200, &content_chunks(&["Use lifetimes."], true), 9),
            json_completion("\"Borrowing in Rust\""),
            sse(200, &content_chunks(&["Again."], true), 9),
        ]);
        let log = EventLog::default();
        let send = ChatAction::Send("How do I borrow?".into());
        let reply = run(&service, None, send, &log).unwrap();
        assert_eq!(reply.text(), "Use lifetimes.");
        // The answer is done before the title is asked for.
        let events = log.0.borrow();
        let done = events
            .iter()
            .position(|e| matches!(e, GenerationEvent::AnswerDone { .. }))
            .unwrap();
        let titled = events
            .iter()
            .position(|e| matches!(e, GenerationEvent::ConversationUpdated(c) if c.title == "Borrowing in Rust"))
            .unwrap();
        assert!(done < titled);
        drop(events);
        let conversation = stored(&service).0;
        assert_eq!(conversation.title, "Borrowing in Rust");
        let next = ChatAction::Send("And then?".into());
        let second = run(&service, Some(conversation), next, &log).unwrap();
        assert_eq!(second.text(), "Again.");
        assert_eq!(
            service.client.transport().requests.borrow().len(),
            3,
            "no second title"
        );
    }

    #[test]
    fn a_failed_answer_gets_no_title_and_says_what_retry_does() {
        let service = service(vec![json_response(500, r#"{"error":{"message":"boom"}}"#)]);
        let log = EventLog::default();
        let reply = run(&service, None, ChatAction::Send("Hi".into()), &log).unwrap();
        assert_eq!(reply.status, MessageStatus::Error);
        assert_eq!(
            service.client.transport().requests.borrow().len(),
            1,
            "no title request"
        );
        assert_eq!(
            ChatAction::retry_for(&reply),
            Some(ChatAction::Retry(reply.parent_id.clone().unwrap()))
        );
        // Without a conversation only a new question can start.
        assert_eq!(
            run(&service, None, ChatAction::Regenerate("x".into()), &log),
            Err(ChatError::NoConversation)
        );
    }

    #[test]
    fn retry_regenerates_a_kept_answer_and_nothing_is_retried_that_did_not_fail() {
        let mut kept = MessageNode::new("a", "c", Role::Assistant, 1.0).with_text("Half");
        kept.parent_id = Some("q".into());
        assert_eq!(ChatAction::retry_for(&kept), None, "not failed");
        kept.status = MessageStatus::Incomplete;
        kept.error_kind = Some(FailureKind::Server);
        assert_eq!(
            ChatAction::retry_for(&kept),
            Some(ChatAction::Regenerate("a".into()))
        );
        kept.status = MessageStatus::Complete;
        assert_eq!(ChatAction::retry_for(&kept), None);
    }
}
