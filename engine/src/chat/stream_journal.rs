//! The stream journal: a streamed answer's bytes, kept by the transport as they arrive
//! ([`Transport::send_journaled`](crate::Transport::send_journaled)), so that a page killed
//! in the middle of an answer loses none of the text it had received.
//!
//! The message itself is written to the store at most every
//! [`PERSIST_INTERVAL_MS`](super::PERSIST_INTERVAL_MS), a database transaction each; writing
//! it more often would make every token a transaction. The journal is written between those,
//! with none: in the browser it is a file of the origin's private file system written by the
//! fetch worker as each network chunk arrives (`platform/src/batched_body.js`).
//!
//! A journal is a head line (JSON: the protocol, and the message as it was before the call)
//! followed by the call's body bytes. When a conversation opens with a message still marked
//! streaming and no tab writing it, the page that wrote it was killed
//! ([`open_conversation`](ChatService::open_conversation) marks it interrupted, and names it
//! while its journal is there): the journal's bytes are decoded again onto the head's message
//! ([`recover`]), and its parts replace the stored message's when they hold everything the
//! stored ones do, and more ([`ChatService::recover_interrupted`]). That runs apart from the
//! opening, so that the decoders it needs can stay with the code that writes answers (the app
//! loads it later; a Continue takes the journal back first).

use super::events::{GenerationEvent, GenerationSink};
use super::journal_head;
use super::reply_writer::ReplyWriter;
use super::service::ChatService;
use crate::domain::message::{Conversation, MessageNode, MessageStatus};
use crate::domain::message_part::MessagePart;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::provider::sse::SseDecoder;
use crate::provider::StreamDecoder;
use crate::store::{ChatStore, StoreError};

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Takes back from the stream journal the text that the interrupted answers `ids` of
    /// `conversation` (as [`open_conversation`](Self::open_conversation) found them) received
    /// after their last save: each one still interrupted gets the replayed parts, usage and
    /// model, and its journal goes. Nothing is done while this service generates in the
    /// conversation (the app does not call it while another tab does). Returns how many
    /// changed.
    pub async fn recover_interrupted(
        &self,
        conversation: &Conversation,
        ids: &[String],
    ) -> Result<usize, StoreError> {
        if self.is_generating(&conversation.id) {
            return Ok(0);
        }
        let transport = self.client().transport();
        let mut stored: Option<Vec<MessageNode>> = None;
        let mut changed = 0;
        for id in ids {
            let Some(journal) = transport.read_journal(&conversation.id, id).await else {
                continue;
            };
            if stored.is_none() {
                stored = Some(self.store.load_messages(&conversation.id).await?);
            }
            let node = stored
                .as_ref()
                .and_then(|nodes| nodes.iter().find(|n| &n.id == id));
            // A message continued since (streaming again) keeps its own journal.
            if node.is_some_and(|n| n.status == MessageStatus::Streaming) {
                continue;
            }
            if let Some(node) = node {
                let now = self.clock().now_ms();
                let replayed = recover(&journal, node, conversation, &self.store, now).await;
                // The conversation as it is now (a branch chosen meanwhile stays chosen); a
                // deleted one is not written again.
                let current = self.store.load_conversation(&conversation.id).await?;
                if let (Some(replayed), Some(current)) = (replayed, current) {
                    let mut node = node.clone();
                    node.parts = replayed.parts;
                    node.usage = replayed.usage.or(node.usage);
                    node.timings = replayed.timings.or(node.timings);
                    node.model = replayed.model.or(node.model);
                    self.store.save_message(&current, &node).await?;
                    changed += 1;
                }
            }
            transport.drop_journal(&conversation.id, Some(id));
        }
        Ok(changed)
    }
}

/// Sees nothing: a replay shows no one its progress.
struct Unseen;

impl GenerationSink for Unseen {
    fn emit(&self, _event: GenerationEvent) {}
}

/// A clock that stands still: a replay is never due to save.
struct Stopped(f64);

impl Clock for Stopped {
    fn now_ms(&self) -> f64 {
        self.0
    }
}

/// The message `journal` holds, decoded again, when it is `stored` with more: `None` when the
/// journal is not this message's, cannot be read, or adds nothing (the stored message was
/// saved after it, or the answer's tools ran since).
pub(crate) async fn recover<S: ChatStore>(
    journal: &[u8],
    stored: &MessageNode,
    conversation: &Conversation,
    store: &S,
    now_ms: f64,
) -> Option<MessageNode> {
    let (head, body) = journal_head::split(journal)?;
    if head.message.id != stored.id {
        return None;
    }
    let clock = Stopped(now_ms);
    let mut conversation = conversation.clone();
    let mut writer = ReplyWriter::new(store, &clock, &Unseen, &mut conversation, head.message);
    writer.begin_step();
    let mut protocol = StreamDecoder::new(head.kind);
    let mut decoder = SseDecoder::default();
    let mut events = Vec::new();
    // What decodes is replayed; the first thing that does not (the page died in the middle of
    // an event) ends it.
    if decoder.push(body, &mut events).is_ok() {
        if let Ok(Some(last)) = decoder.finish() {
            events.push(last);
        }
    }
    'replay: for event in &events {
        let Ok(deltas) = protocol.decode(event) else {
            break;
        };
        for delta in deltas {
            if writer.apply(delta).await {
                break 'replay;
            }
        }
    }
    let mut recovered = writer.into_replayed();
    if !holds_all_of(&recovered, stored) || size(&recovered) <= size(stored) {
        return None;
    }
    // The replay's clock is the time of recovery: the times the stored reasoning was written
    // at are the true ones.
    for (replayed, kept) in recovered.parts.iter_mut().zip(&stored.parts) {
        if let (
            MessagePart::Reasoning {
                started_at_ms,
                finished_at_ms,
                ..
            },
            MessagePart::Reasoning {
                started_at_ms: started,
                finished_at_ms: finished,
                ..
            },
        ) = (replayed, kept)
        {
            *started_at_ms = *started;
            *finished_at_ms = finished.or(*finished_at_ms);
        }
    }
    Some(recovered)
}

/// Whether `longer` has every part of `shorter`, each the same or grown at its end.
fn holds_all_of(longer: &MessageNode, shorter: &MessageNode) -> bool {
    longer.parts.len() >= shorter.parts.len()
        && shorter
            .parts
            .iter()
            .zip(&longer.parts)
            .all(|(short, long)| match (short, long) {
                (MessagePart::Text { text: a }, MessagePart::Text { text: b }) => b.starts_with(a),
                (
                    MessagePart::Reasoning {
                        text: a,
                        signature: signed,
                        ..
                    },
                    MessagePart::Reasoning {
                        text: b,
                        signature: replayed,
                        ..
                    },
                ) => b.starts_with(a) && (signed.is_none() || signed == replayed),
                (MessagePart::ToolCall(a), MessagePart::ToolCall(b)) => {
                    a.result.is_none()
                        && b.result.is_none()
                        && a.id == b.id
                        && a.name == b.name
                        && b.arguments.starts_with(&a.arguments)
                }
                (short, long) => short == long,
            })
}

/// How much a message holds: the bytes of its text, reasoning and tool calls' arguments.
fn size(node: &MessageNode) -> usize {
    node.parts
        .iter()
        .map(|part| match part {
            MessagePart::Text { text } | MessagePart::Reasoning { text, .. } => text.len(),
            MessagePart::ToolCall(call) => call.arguments.len(),
            MessagePart::Image { .. } | MessagePart::Document { .. } => 0,
        })
        .sum()
}

#[cfg(test)]
#[path = "stream_journal_tests.rs"]
mod tests;
