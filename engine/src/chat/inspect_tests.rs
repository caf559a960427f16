//! The prompt inspector: the request as it would go, what built it and why, and nothing stored
//! or sent while looking.

use super::*;
use crate::domain::assistant::Assistant;
use crate::ports::cancel::CancelToken;
use crate::prompt::dictionary::{ChatDictionary, DictionaryEntry, DictionaryPattern};
use crate::test_fixtures::*;
use futures_executor::block_on;

const ST_FULL: &[u8] = include_bytes!("../../tests/fixtures/world_info/st_full.json");

fn requests_sent(service: &Service) -> usize {
    service.client().transport().requests.borrow().len()
}

fn look(
    service: &Service,
    conversation: Option<&Conversation>,
    draft: &str,
    assistant: &Assistant,
) -> Inspection {
    let log = EventLog::default();
    let settings = settings();
    let cancel = CancelToken::new();
    block_on(service.inspect_next(
        conversation,
        draft,
        &TurnContext::new(&settings, assistant, &cancel, &log),
    ))
    .unwrap()
}

#[test]
fn the_next_request_shows_what_fired_and_why_and_nothing_is_stored_or_sent() {
    let service = service(vec![answer("Which dragon?")]);
    let (book, _) = block_on(service.import_world_book(ST_FULL, "vel.json")).unwrap();
    send(&service, None, "Hello there.");
    let (chat, before) = stored(&service);
    let chat = block_on(service.set_conversation_world_books(&chat.id, vec![book.id])).unwrap();
    let sent = requests_sent(&service);

    let seen = look(
        &service,
        Some(&chat),
        "Tell me of the dragon.",
        &Assistant::default(),
    );
    assert_eq!(seen.model, "mock-model");
    assert_eq!(seen.url, "http://127.0.0.1:9/v1/chat/completions");
    // The system prompt (the dragon before it), the constant entry where an author's note
    // would be (above the chat, which is shorter than its depth), the chat, the question.
    let roles: Vec<Role> = seen.messages.iter().map(|m| m.role).collect();
    assert_eq!(
        roles,
        [
            Role::System,
            Role::System,
            Role::User,
            Role::Assistant,
            Role::User
        ]
    );
    assert!(seen.messages[0]
        .text
        .starts_with("The Dragon of Vel sleeps under Mount Ashen"));
    assert_eq!(seen.messages[1].text, "It is the rainy season in Vel.");
    assert_eq!(seen.messages[4].text, dated("Tell me of the dragon."));
    let english = crate::i18n::Localizer::english();
    let fired: Vec<(&str, String, bool)> = seen
        .lore
        .iter()
        .map(|e| {
            (
                e.entry.as_str(),
                e.why_words(&english, &crate::i18n::EnglishRules),
                e.fired(),
            )
        })
        .collect();
    assert_eq!(
        fired,
        [
            ("Valley weather (always)", "always on".to_owned(), true),
            (
                "The Dragon of Vel",
                "“dragon” in the last message".to_owned(),
                true
            ),
        ]
    );
    assert!(seen
        .lore
        .iter()
        .all(|e| e.book.as_deref() == Some("Vel Chronicles") && e.tokens > 0));
    assert!(
        seen.body.contains("\\n\\nTell me of the dragon.\""),
        "{}",
        seen.body
    );
    assert!(!seen.body.contains("sk-test"), "the key is never shown");
    let parts: u64 = seen.messages.iter().map(|m| m.tokens).sum();
    assert_eq!(seen.total_tokens, parts, "no tools here");
    assert!(seen.total_tokens > 20);
    assert_eq!(seen.summary, None);
    // Looking changed nothing and asked nobody.
    assert_eq!(requests_sent(&service), sent);
    assert_eq!(stored(&service).1, before);
}

#[test]
fn an_answers_request_ends_with_its_question() {
    let service = service(vec![answer("Paris."), answer("Rome.")]);
    send(&service, None, "Capital of France?");
    let (chat, messages) = stored(&service);
    let answer_id = messages
        .iter()
        .find(|m| m.role == Role::Assistant)
        .unwrap()
        .id
        .clone();
    let log = EventLog::default();
    let settings = settings();
    let cancel = CancelToken::new();
    let assistant = Assistant::default();
    let seen = block_on(service.inspect_answer(
        &chat,
        &answer_id,
        &TurnContext::new(&settings, &assistant, &cancel, &log),
    ))
    .unwrap();
    let last = seen.messages.last().unwrap();
    assert_eq!(
        (last.role, last.text.as_str()),
        (Role::User, dated("Capital of France?").as_str())
    );
    assert!(!seen.body.contains("Paris."));
}

#[test]
fn a_long_chat_shows_where_a_summary_would_go_without_making_one() {
    // Twelve messages of about 500 tokens: over the smallest threshold (4,000), under 10,000.
    let words = "lorem ipsum dolor sit amet ".repeat(100);
    let service = service((0..6).map(|_| answer(&words)).collect());
    let assistant = Assistant {
        context_threshold_tokens: Some(10_000),
        ..Assistant::default()
    };
    let mut chat = None;
    for _ in 0..6 {
        send_as(&service, chat.clone(), &words, &assistant).unwrap();
        chat = Some(stored(&service).0);
    }
    let sent = requests_sent(&service);
    let tight = Assistant {
        context_threshold_tokens: Some(4_000),
        ..Assistant::default()
    };
    let seen = look(&service, chat.as_ref(), "And now?", &tight);
    let summary = seen.summary.unwrap();
    assert!(summary.pending);
    assert!(summary.covered_messages > 0);
    assert_eq!(requests_sent(&service), sent, "no summary was asked for");
    assert!(block_on(service.store().load_summaries(&chat.unwrap().id))
        .unwrap()
        .is_empty());
}

#[test]
fn dictionaries_say_how_much_they_replaced() {
    let service = service(vec![]);
    let assistant = Assistant {
        chat_dictionaries: vec![ChatDictionary {
            name: "Names".into(),
            entries: vec![DictionaryEntry::new(
                DictionaryPattern::Keyword("Bob".into()),
                "Robert",
            )],
            token_budget: 100,
            id: String::new(),
        }],
        ..Assistant::default()
    };
    let seen = look(&service, None, "Bob met bob.", &assistant);
    assert_eq!(seen.dictionaries, [("Names".to_owned(), 2, 0)]);
    assert_eq!(
        seen.messages.last().unwrap().text,
        dated("Robert met Robert.")
    );
}

#[test]
fn image_data_is_shortened_in_the_shown_body() {
    let data = "iVBORw0KGgo".repeat(20);
    let body = serde_json::json!({"messages": [{"content": [{"type": "image_url", "image_url": {"url": format!("data:image/png;base64,{data}")}}, {"type": "text", "text": "A long sentence that is plain text and stays as it is, whatever its length may be."}]}]});
    let shown = shown_body(&body.to_string());
    assert!(
        shown.contains("\"data:image/png;b… (242 characters of data)\""),
        "{shown}"
    );
    assert!(shown.contains("stays as it is, whatever its length may be."));
}
