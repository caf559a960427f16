//! The answers the service holds in memory: a reply shown as far as it got while it streams,
//! written when the page is hidden, gone once stored; an answer storage could not take kept,
//! shown, continued from, and saved in order once there is room.

use super::*;
use crate::chat::events::EventLog;
use crate::chat::TurnContext;
use crate::domain::message::{MessageNode, MessageStatus, Role};
use crate::store::StoreError;
use crate::test_fixtures::*;
use crate::{Assistant, CancelToken};
use futures_executor::block_on;
use std::future::Future;
use std::task::{Context, Poll};

const WORDS: [&str; 4] = ["Streaming ", "answers ", "stay ", "current."];

/// Polls `future` until it waits for good (the stream stalled after `WORDS`).
fn run_until_stalled<F: Future>(mut future: std::pin::Pin<&mut F>) {
    let waker = futures::task::noop_waker();
    let mut cx = Context::from_waker(&waker);
    for _ in 0..100 {
        assert!(
            matches!(future.as_mut().poll(&mut cx), Poll::Pending),
            "the answer ended before the stall"
        );
    }
}

/// A service whose answer streams `WORDS` and stalls, with a clock that never moves: the
/// answer is stored empty when placed and never written again while it streams.
fn stalling() -> Service {
    let service = service(vec![Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks: vec![
            content_chunks(&WORDS[..2], false),
            content_chunks(&WORDS[2..], false),
            STALL.to_vec(),
        ],
    }]);
    service.clock().step_ms.set(0.0);
    service
}

fn answer_in(tree: &ConversationTree) -> MessageNode {
    let branch = tree.current_branch();
    let answer = branch.iter().find(|n| n.role == Role::Assistant).unwrap();
    (*answer).clone()
}

fn stored_answer(service: &Service) -> MessageNode {
    let (_, nodes) = stored(service);
    nodes
        .into_iter()
        .find(|n| n.role == Role::Assistant)
        .unwrap()
}

#[test]
fn an_answer_streaming_shows_in_the_opened_tree_with_its_latest_text_before_it_is_stored() {
    let service = stalling();
    let (settings, assistant, cancel, log) = (
        settings(),
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let mut sending = Box::pin(service.send_message(None, "Go", &context));
    run_until_stalled(sending.as_mut());
    assert!(service.is_streaming());
    assert_eq!(stored_answer(&service).text(), "", "nothing written yet");

    let conversation = stored(&service).0;
    // Generating here, whatever the caller says: the answer is not taken for interrupted.
    let (tree, interrupted) = block_on(service.open_tree(&conversation, false)).unwrap();
    let shown = answer_in(&tree);
    assert_eq!(shown.text(), WORDS.concat());
    assert_eq!(shown.status, MessageStatus::Streaming);
    assert!(interrupted.is_empty());
    assert_eq!(stored_answer(&service).status, MessageStatus::Streaming);

    assert_eq!(block_on(service.save_live_snapshots()), Ok(1));
    let written = stored_answer(&service);
    assert_eq!(
        written.text(),
        WORDS.concat(),
        "the partial text is written"
    );
    assert_eq!(written.status, MessageStatus::Streaming);

    // A page that goes away drops the generation: nothing streams any more.
    drop(sending);
    assert!(!service.is_streaming());
}

#[test]
fn after_an_answer_finished_nothing_is_overlaid_and_nothing_is_left_to_write() {
    let service = service(vec![answer("Done.")]);
    send(&service, None, "Go");
    assert!(!service.is_streaming());
    assert_eq!(block_on(service.save_live_snapshots()), Ok(0));

    // The stored record is what opens (another tab edited it, say).
    let (conversation, _) = stored(&service);
    let mut edited = stored_answer(&service);
    edited.parts.clear();
    edited.push_text("Edited elsewhere.");
    block_on(service.store().save_message(&conversation, &edited)).unwrap();
    let (tree, _) = block_on(service.open_tree(&conversation, false)).unwrap();
    assert_eq!(answer_in(&tree).text(), "Edited elsewhere.");
    assert!(!service.has_kept_answers());
}

#[test]
fn an_answer_storage_could_not_take_is_kept_shown_and_saved_once_there_is_room() {
    let service = service(vec![answer("Every word of it.")]);
    let (conversation, kept) = send_into_full_storage(&service, "q", &EventLog::default());
    assert!(service.has_kept_answers());
    assert!(!service.is_streaming(), "it is no longer being written");
    assert_eq!(stored_answer(&service).text(), "", "not in the store");

    // Opening the conversation shows it, and writes nothing (storage is still full).
    let (tree, interrupted) = block_on(service.open_tree(&conversation, false)).unwrap();
    assert_eq!(answer_in(&tree), kept);
    assert_eq!(kept.text(), "Every word of it.");
    assert_eq!(kept.status, MessageStatus::Complete);
    assert!(
        interrupted.is_empty(),
        "its words are here, not interrupted"
    );

    // Still full: the replay fails and the answer stays kept.
    let still_full = block_on(service.save_kept_answers());
    assert!(still_full.saved.is_empty());
    assert!(matches!(
        still_full.error,
        Some(ChatError::Store(StoreError::QuotaExceeded(_)))
    ));
    assert!(service.has_kept_answers());

    service.store().make_room();
    let done = block_on(service.save_kept_answers());
    assert_eq!(done.error, None);
    let saved: Vec<&str> = done.saved.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(saved, [conversation.id.as_str()]);
    assert!(!service.has_kept_answers());
    assert_eq!(stored_answer(&service), kept);
    let journal = block_on(
        service
            .client()
            .transport()
            .read_journal(&conversation.id, &kept.id),
    );
    assert_eq!(journal, None, "saved whole: its journal went");
}

#[test]
fn kept_answers_are_saved_in_order_and_a_failure_keeps_the_rest() {
    let service = service(vec![answer("First."), answer("Second.")]);
    let (first, _) = send_into_full_storage(&service, "one", &EventLog::default());
    let (second, second_answer) = send_into_full_storage(&service, "two", &EventLog::default());

    // Room for one more message.
    service.store().fill_up_after(1);
    let partly = block_on(service.save_kept_answers());
    let saved: Vec<&str> = partly.saved.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(saved, [first.id.as_str()], "the oldest first");
    assert!(partly.error.is_some());
    assert!(service.has_kept_answers(), "the second stays kept");
    let (tree, _) = block_on(service.open_tree(&second, false)).unwrap();
    assert_eq!(answer_in(&tree), second_answer);

    service.store().make_room();
    let rest = block_on(service.save_kept_answers());
    let saved: Vec<&str> = rest.saved.iter().map(|c| c.id.as_str()).collect();
    assert_eq!(saved, [second.id.as_str()]);
    assert!(!service.has_kept_answers());
}

#[test]
fn a_kept_answer_is_continued_from_the_words_the_user_saw() {
    let service = service(vec![answer("Kept words."), answer(" And the rest.")]);
    let (conversation, kept) = send_into_full_storage(&service, "q", &EventLog::default());
    service.store().make_room();
    let (settings, assistant, cancel, log) = (
        settings(),
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );
    let context = TurnContext::new(&settings, &assistant, &cancel, &log);
    let continued = block_on(service.continue_reply(conversation, &kept.id, &context)).unwrap();
    assert_eq!(continued.text(), "Kept words. And the rest.");
    assert!(
        !service.has_kept_answers(),
        "the stored answer is newer than the copy kept: replaying it would lose the rest"
    );
    assert_eq!(stored_answer(&service), continued);
}
