//! The summary panel against a whole service: summarise now on a short chat, the summary (then
//! the user's edit) in the next request, reset, and the refusals that change nothing.

use super::*;
use crate::test_fixtures::*;
use futures_executor::block_on;

/// Two short exchanges, then the scripts of what the test does next.
fn short_chat(next: Vec<Script>) -> (Service, Conversation) {
    let mut scripts = vec![answer("Kyoto in May."), answer("Book the ryokan.")];
    scripts.extend(next);
    let service = service(scripts);
    send(&service, None, "Q1 Plan a trip");
    send(&service, Some(stored(&service).0), "Q2 Where to stay?");
    let conversation = stored(&service).0;
    (service, conversation)
}

fn summarise(
    service: &Service,
    conversation: &Conversation,
    instructions: &str,
) -> Result<SummaryView, ChatError> {
    block_on(service.summarise_now(
        conversation,
        &Assistant::default(),
        &settings(),
        instructions,
        &CancelToken::new(),
    ))
}

/// The system prompt and the contents of the other messages of request `index`.
fn sent(service: &Service, index: usize) -> (String, Vec<String>) {
    let body = request_body(service, index);
    let messages = body["messages"].as_array().unwrap();
    let system = messages[0]["content"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    let rest = messages[1..]
        .iter()
        .map(|m| m["content"].as_str().unwrap_or_default().to_owned())
        .collect();
    (system, rest)
}

#[test]
fn summarise_now_on_a_short_chat_stands_in_for_all_but_the_last_exchange() {
    let (service, conversation) = short_chat(vec![
        json_completion("They planned Kyoto in May."),
        answer("Third."),
    ]);
    let view = summarise(&service, &conversation, "  Keep the dates.  ").unwrap();
    assert_eq!(view.text, "They planned Kyoto in May.");
    assert_eq!(
        view.covered
            .iter()
            .map(|c| (c.role, c.excerpt.as_str()))
            .collect::<Vec<_>>(),
        [
            (Role::User, "Q1 Plan a trip"),
            (Role::Assistant, "Kyoto in May.")
        ]
    );
    assert_eq!(view.provenance.model.as_deref(), Some("mock-model"));
    assert_eq!(view.provenance.edited_at_ms, None);
    assert_eq!(view.instructions.as_deref(), Some("Keep the dates."));

    // The summary request: the instructions in its system prompt, the first exchange only.
    let (system, rest) = sent(&service, 2);
    assert!(system.ends_with("Keep the dates."), "{system}");
    assert!(rest[0].contains("User: Q1 Plan a trip") && !rest[0].contains("Q2"));
    // The next request, far under any threshold, sends the summary instead of the first exchange.
    send(&service, Some(stored(&service).0), "Q3 And Osaka?");
    let (system, rest) = sent(&service, 3);
    assert!(system.contains("They planned Kyoto in May."), "{system}");
    assert!(rest.iter().all(|m| !m.starts_with("Q1")), "{rest:?}");
    assert!(rest[0].starts_with("Q2"));
    assert_eq!(
        block_on(service.current_summary(&stored(&service).0)).unwrap(),
        {
            let mut later = view.clone();
            later.covered.truncate(2);
            Some(later)
        }
    );
}

#[test]
fn the_users_edit_is_sent_next_and_a_reset_sends_the_whole_chat_again() {
    let (service, conversation) = short_chat(vec![
        json_completion("Model summary."),
        answer("Third."),
        answer("Fourth."),
    ]);
    summarise(&service, &conversation, "").unwrap();
    let edited =
        block_on(service.edit_summary(&conversation, "  My own summary: Kyoto, May.  ")).unwrap();
    assert!(edited.edited);
    assert_eq!(edited.text, "My own summary: Kyoto, May.");
    assert!(edited.provenance.edited_at_ms.is_some());
    assert_eq!(edited.provenance.model.as_deref(), Some("mock-model"));
    assert_eq!(edited.covered.len(), 2);
    send(&service, Some(stored(&service).0), "Q3");
    let (system, _) = sent(&service, 3);
    assert!(system.contains("My own summary: Kyoto, May.") && !system.contains("Model summary."));

    let conversation = stored(&service).0;
    assert_eq!(block_on(service.reset_summary(&conversation)).unwrap(), 1);
    assert_eq!(
        block_on(service.current_summary(&conversation)).unwrap(),
        None
    );
    send(&service, Some(stored(&service).0), "Q4");
    let (system, rest) = sent(&service, 4);
    assert!(!system.contains("My own summary"));
    assert!(rest[0].starts_with("Q1"), "the whole chat again: {rest:?}");
    assert_eq!(stored(&service).1.len(), 8, "no message was touched");
}

#[test]
fn refusals_and_failures_say_what_to_do_and_change_nothing() {
    // A refused key is not retried: one request, one failure.
    let failure = json_response(401, r#"{"error":{"message":"bad key"}}"#);
    let (service, conversation) = short_chat(vec![failure, json_completion("Summary.")]);
    let err = summarise(&service, &conversation, "")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("Summarising failed (") && err.contains("bad key"),
        "{err}"
    );
    assert!(block_on(service.store.load_summaries(&conversation.id))
        .unwrap()
        .is_empty());

    // No summary yet: nothing to edit.
    let err = block_on(service.edit_summary(&conversation, "mine")).unwrap_err();
    assert!(err.to_string().contains("no summary to edit"), "{err}");

    let made = summarise(&service, &conversation, "").unwrap();
    assert_eq!(made.text, "Summary.");
    // Nothing new since: the user is told to edit or reset.
    let err = summarise(&service, &conversation, "")
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("The summary already covers everything"),
        "{err}"
    );
    for bad in ["   ", &"x".repeat(MAX_SUMMARY_CHARS + 1)] {
        assert!(block_on(service.edit_summary(&conversation, bad)).is_err());
    }
    assert_eq!(
        block_on(service.current_summary(&conversation)).unwrap(),
        Some(made)
    );
}

#[test]
fn a_single_exchange_has_nothing_to_summarise() {
    let service = service(vec![answer("Hi.")]);
    send(&service, None, "Hello");
    let err = summarise(&service, &stored(&service).0, "").unwrap_err();
    assert!(
        err.to_string().starts_with("Nothing to summarise yet"),
        "{err}"
    );
    assert_eq!(service.client().transport().requests.borrow().len(), 1);
}

#[test]
fn a_refusal_reads_the_same_from_the_catalogue_and_in_chinese_from_its_file() {
    use crate::chat::summary_control::SummaryRefusal;
    use crate::i18n::{EnglishRules, Explain, Language, Localizer};
    let english = Localizer::english();
    let chinese = Localizer::new(
        Language::SimplifiedChinese,
        include_str!("../../../public/locales/zh-CN.ftl"),
    )
    .unwrap();
    for refusal in [
        SummaryRefusal::Covered,
        SummaryRefusal::NothingYet,
        SummaryRefusal::Failed("HTTP 500".into()),
        SummaryRefusal::Empty,
        SummaryRefusal::NoSummary,
    ] {
        let error = ChatError::Summary(refusal);
        assert_eq!(error.words(&english, &EnglishRules), error.to_string());
        let said = error.words(&chinese, &EnglishRules);
        assert!(!said.is_empty() && !said.is_ascii(), "{said}");
    }
    let long = ChatError::Summary(SummaryRefusal::TooLong(MAX_SUMMARY_CHARS));
    assert_eq!(
        long.words(&english, &EnglishRules),
        "That summary is longer than 200,000 characters; shorten it."
    );
    assert_eq!(
        ChatError::EmptyTitle.words(&chinese, &EnglishRules),
        "标题不能为空。"
    );
}
