//! Regenerate, edit, continue, switch and delete on one conversation tree, and a regeneration
//! that fails.

use super::*;
use crate::chat::events::EventLog;
use crate::test_fixtures::*;
use crate::Assistant;
use futures_executor::block_on;

fn texts(branch: &[crate::BranchEntry]) -> Vec<String> {
    branch.iter().map(|e| e.node.text()).collect()
}

fn run<F: std::future::Future<Output = Result<MessageNode, ChatError>>>(f: F) -> MessageNode {
    block_on(f).unwrap()
}

/// Another version of the answer `id` of the stored conversation, with the default settings.
fn regenerate(service: &Service, id: &str) -> MessageNode {
    run(service.regenerate(
        stored(service).0,
        id,
        &TurnContext::new(
            &settings(),
            &Assistant::default(),
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
}

#[test]
fn regenerate_edit_continue_switch_and_delete_share_one_tree() {
    let service = service(vec![
        sse(200, &content_chunks(&["First answer."], true), 9),
        sse(200, &content_chunks(&["Second answer."], true), 9),
        sse(200, &content_chunks(&["Answer to the edit"], false), 9),
        sse(200, &content_chunks(&[", continued."], true), 9),
    ]);
    let first = send(&service, None, "Question?");
    let conversation = stored(&service).0;
    let (a, c, log) = (
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );

    // Regenerate: a sibling answer, selected, old one kept.
    let second = run(service.regenerate(
        conversation.clone(),
        &first.id,
        &TurnContext::new(&settings(), &a, &c, &log),
    ));
    assert_eq!(second.text(), "Second answer.");
    assert_eq!(second.parent_id, first.parent_id);
    let request = request_body(&service, 1);
    assert_eq!(
        request["messages"],
        serde_json::json!([no_tools_note(), {"role": "user", "content": dated("Question?")}]),
        "the regenerated answer sees the question, not the old answer"
    );
    let branch_events = log
        .0
        .borrow()
        .iter()
        .filter(|e| matches!(e, GenerationEvent::BranchChanged { .. }))
        .count();
    assert_eq!(branch_events, 1);

    // Edit the question: new sibling question, answered (the stream stops without a finish).
    let conversation = stored(&service).0;
    let user_id = first.parent_id.clone().unwrap();
    let edited = run(service.edit_and_resend(
        conversation.clone(),
        &user_id,
        "Better question?",
        &TurnContext::new(&settings(), &a, &c, &log),
    ));
    assert_eq!(edited.status, MessageStatus::Incomplete);

    // Continue the incomplete answer: text is appended to the same message.
    let conversation = stored(&service).0;
    let continued = run(service.continue_reply(
        conversation,
        &edited.id,
        &TurnContext::new(&settings(), &a, &c, &log),
    ));
    assert_eq!(continued.id, edited.id);
    assert_eq!(continued.text(), "Answer to the edit, continued.");
    assert_eq!(continued.status, MessageStatus::Complete);
    let request = request_body(&service, 3);
    assert_eq!(
        request["messages"],
        serde_json::json!([
            no_tools_note(),
            {"role": "user", "content": dated("Better question?")},
            {"role": "assistant", "content": "Answer to the edit"},
        ])
    );

    // Switch back to the first question's branch: its most recent answer is shown.
    let conversation = stored(&service).0;
    let (conversation, branch) =
        block_on(service.switch_branch(conversation, &edited.parent_id.clone().unwrap(), -1))
            .unwrap();
    assert_eq!(texts(&branch), ["Question?", "Second answer."]);
    assert_eq!(
        (branch[1].sibling_position, branch[1].sibling_count),
        (1, 2)
    );
    assert_eq!(stored(&service).0, conversation, "the choice was saved");

    // Delete the second answer: the first comes back, nothing else is lost.
    let (_, branch) = block_on(service.delete_message(conversation, &second.id)).unwrap();
    assert_eq!(texts(&branch), ["Question?", "First answer."]);
    assert_eq!(
        stored(&service).1.len(),
        4,
        "two questions, two answers remain"
    );
}

#[test]
fn a_regeneration_with_another_model_asks_that_model_and_records_it_on_the_new_version() {
    let service = service(vec![
        sse(200, &content_chunks(&["From the usual model."], true), 9),
        sse(200, &content_chunks(&["From the other model."], true), 9),
    ]);
    let first = send(&service, None, "Question?");
    let (a, c, log) = (
        Assistant::default(),
        CancelToken::new(),
        EventLog::default(),
    );
    let other = crate::ProviderSettings {
        model: "other-model".into(),
        ..settings()
    };
    let second = run(service.regenerate(
        stored(&service).0,
        &first.id,
        &TurnContext::new(&other, &a, &c, &log),
    ));
    assert_eq!(request_body(&service, 1)["model"], "other-model");
    assert_eq!(second.model.as_deref(), Some("other-model"));
    assert_eq!(first.model.as_deref(), Some(settings().model.as_str()));
    assert_eq!(
        second.parent_id, first.parent_id,
        "a sibling of the first answer"
    );
}

#[test]
fn a_regeneration_that_fails_before_any_content_leaves_the_earlier_answer_shown() {
    let service = service(vec![answer("First."), Script::Unreachable]);
    let first = send(&service, None, "q");
    let failed = regenerate(&service, &first.id);
    assert_eq!(failed.error_kind, Some(crate::FailureKind::Network));
    let (conversation, messages) = stored(&service);
    assert_eq!(messages.len(), 2);
    assert_eq!(
        conversation.current_leaf_id.as_deref(),
        Some(first.id.as_str())
    );
}

#[test]
fn the_branch_map_shows_every_version_and_a_pick_shows_its_branch() {
    let service = service(vec![answer("First."), answer("Second.")]);
    let first = send(&service, None, "Question?");
    let second = regenerate(&service, &first.id);
    let map = block_on(service.branch_map(&stored(&service).0, &Default::default())).unwrap();
    let shown: Vec<String> = map
        .entries
        .iter()
        .filter_map(|entry| match entry {
            crate::domain::branch_map::MapEntry::Node(n) => {
                Some(format!("{} {:?} {}", n.excerpt, n.version, n.on_path))
            }
            _ => None,
        })
        .collect();
    assert_eq!(
        shown,
        [
            "Question? None true",
            "First. Some((1, 2)) false",
            "Second. Some((2, 2)) true",
        ]
    );
    assert_eq!((map.messages, map.branches), (3, 2));

    // Picking the first answer shows its branch and saves the choice.
    let (conversation, branch) =
        block_on(service.show_branch_through(stored(&service).0, &first.id)).unwrap();
    assert_eq!(texts(&branch), ["Question?", "First."]);
    assert_eq!(stored(&service).0, conversation);
    // An unknown message changes nothing.
    let refused = block_on(service.show_branch_through(conversation, "nope"));
    assert!(matches!(refused, Err(ChatError::Tree(_))), "{refused:?}");
    assert_eq!(
        stored(&service).0.current_leaf_id.as_deref(),
        Some(first.id.as_str())
    );
    assert_ne!(second.id, first.id);
}
