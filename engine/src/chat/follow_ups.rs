//! Follow-ups in the chat service (seed 004's follow-up gate): an answer whose text promises
//! to follow up becomes a stored follow-up after it finishes (one per answer; not for
//! temporary chats, which are never stored); the user sets when to be reminded, marks it
//! done or deletes it; the app asks which reminders have fallen due.

use super::service::ChatService;
use super::ChatError;
use crate::chat::unavailable::Unavailable;
use crate::domain::follow_up::{promise_sentence, FollowUp, FollowUps};
use crate::domain::message::{MessageNode, MessageStatus};
use crate::domain::message_part::Annotation;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

fn gone() -> ChatError {
    ChatError::from(Unavailable::FollowUpGone)
}

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn follow_ups(&self) -> Result<FollowUps, ChatError> {
        Ok(self.store.load_follow_ups().await?)
    }

    /// Stores the follow-up of a finished answer that promised one (the gate's
    /// [`Annotation::FollowUpPromise`]); `None` when it promised nothing, already has one, or
    /// belongs to a temporary chat.
    pub(crate) async fn record_promise(
        &self,
        reply: &MessageNode,
    ) -> Result<Option<FollowUp>, ChatError> {
        let phrase = reply.annotations.iter().find_map(|a| match a {
            Annotation::FollowUpPromise { phrase } => Some(phrase.clone()),
            _ => None,
        });
        let Some(phrase) = phrase.filter(|_| reply.status == MessageStatus::Complete) else {
            return Ok(None);
        };
        let Some(conversation) = self.store.load_conversation(&reply.conversation_id).await? else {
            return Ok(None);
        };
        if conversation.temporary {
            return Ok(None);
        }
        let mut follow_ups = self.store.load_follow_ups().await?;
        if follow_ups.has_message(&reply.id) {
            return Ok(None);
        }
        let follow_up = FollowUp {
            id: self.ids.new_id(),
            conversation_id: reply.conversation_id.clone(),
            message_id: reply.id.clone(),
            text: promise_sentence(&reply.text(), &phrase),
            created_at_ms: self.clock().now_ms(),
            due_at_ms: None,
            reminded_at_ms: None,
            done: false,
        };
        follow_ups.items.push(follow_up.clone());
        self.store.save_follow_ups(&follow_ups).await?;
        Ok(Some(follow_up))
    }

    /// When to remind the user of follow-up `id` (`None`: no reminder); a new time reminds
    /// anew.
    pub async fn set_follow_up_time(
        &self,
        id: &str,
        due_at_ms: Option<f64>,
    ) -> Result<FollowUps, ChatError> {
        let mut follow_ups = self.store.load_follow_ups().await?;
        if !follow_ups.set_due(id, due_at_ms) {
            return Err(gone());
        }
        self.store.save_follow_ups(&follow_ups).await?;
        Ok(follow_ups)
    }

    /// Marks follow-up `id` done (no reminder follows) or open again.
    pub async fn finish_follow_up(&self, id: &str, done: bool) -> Result<FollowUps, ChatError> {
        let mut follow_ups = self.store.load_follow_ups().await?;
        follow_ups.get_mut(id).ok_or_else(gone)?.done = done;
        self.store.save_follow_ups(&follow_ups).await?;
        Ok(follow_ups)
    }

    pub async fn delete_follow_up(&self, id: &str) -> Result<FollowUps, ChatError> {
        let mut follow_ups = self.store.load_follow_ups().await?;
        follow_ups.remove(id);
        self.store.save_follow_ups(&follow_ups).await?;
        Ok(follow_ups)
    }

    /// The reminders due now, each returned once (saved as reminded before they are shown, so
    /// another tab does not show them again), and the list as it is afterwards.
    pub async fn take_due_follow_ups(&self) -> Result<(Vec<FollowUp>, FollowUps), ChatError> {
        let mut follow_ups = self.store.load_follow_ups().await?;
        let due = follow_ups.take_due(self.clock().now_ms());
        if !due.is_empty() {
            self.store.save_follow_ups(&follow_ups).await?;
        }
        Ok((due, follow_ups))
    }
}

#[cfg(test)]
mod tests {
    use crate::ports::clock::Clock;
    use crate::test_fixtures::*;
    use futures_executor::block_on;

    #[test]
    fn a_promise_becomes_a_follow_up_that_reminds_once_at_its_time() {
        let service = service(vec![
            sse(
                200,
                &content_chunks(
                    &["The scan is running. I'll let you know when it ends."],
                    true,
                ),
                16,
            ),
            sse(200, &content_chunks(&["Sure."], true), 8),
        ]);
        let reply = send(&service, None, "Scan my repo");
        let follow_up = block_on(service.record_promise(&reply)).unwrap().unwrap();
        assert_eq!(follow_up.text, "I'll let you know when it ends.");
        assert_eq!(follow_up.message_id, reply.id);
        assert_eq!(
            block_on(service.record_promise(&reply)).unwrap(),
            None,
            "one per answer"
        );
        let plain = send(&service, Some(stored(&service).0), "Thanks");
        assert_eq!(block_on(service.record_promise(&plain)).unwrap(), None);

        let now = service.clock().now_ms();
        block_on(service.set_follow_up_time(&follow_up.id, Some(now + 60_000.0))).unwrap();
        assert!(block_on(service.take_due_follow_ups())
            .unwrap()
            .0
            .is_empty());
        let clock = &service.clock().now;
        clock.set(clock.get() + 60_000.0);
        let (due, list) = block_on(service.take_due_follow_ups()).unwrap();
        assert_eq!(due.len(), 1);
        assert!(list.items[0].reminded_at_ms.is_some(), "saved as reminded");
        assert!(block_on(service.take_due_follow_ups())
            .unwrap()
            .0
            .is_empty());
        let list = block_on(service.finish_follow_up(&follow_up.id, true)).unwrap();
        assert!(list.items[0].done);
        assert!(block_on(service.delete_follow_up(&follow_up.id))
            .unwrap()
            .items
            .is_empty());
        assert!(block_on(service.set_follow_up_time(&follow_up.id, None)).is_err());
    }

    #[test]
    fn running_an_action_records_the_promise_of_its_answer() {
        let service = service(vec![
            sse(
                200,
                &content_chunks(&["I'll get back to you tomorrow."], true),
                16,
            ),
            json_completion("Tomorrow"),
        ]);
        let log = crate::chat::events::EventLog::default();
        let assistant = crate::Assistant::default();
        let cancel = crate::CancelToken::new();
        let settings = settings();
        let context = crate::TurnContext::new(&settings, &assistant, &cancel, &log);
        let reply = block_on(service.run(
            None,
            crate::ChatAction::Send("Check the logs".into()),
            &context,
        ))
        .unwrap();
        let list = block_on(service.follow_ups()).unwrap();
        assert_eq!(list.items.len(), 1);
        assert_eq!(list.items[0].message_id, reply.id);
        assert_eq!(list.items[0].text, "I'll get back to you tomorrow.");
    }
}
