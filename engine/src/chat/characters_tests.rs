//! Importing a card file as an assistant, and a character's chat opening with its greetings.

use super::*;
use crate::test_fixtures::*;
use futures_executor::block_on;

const V2_PNG: &[u8] = include_bytes!("../../tests/fixtures/cards/v2.png");
const V3: &str = include_str!("../../tests/fixtures/cards/v3_full.json");

fn template() -> Assistant {
    Assistant {
        user_name: "Sam".into(),
        ..Assistant::default()
    }
}

#[test]
fn a_card_file_becomes_a_saved_assistant() {
    let service = service(vec![]);
    let mira = block_on(service.import_character(V2_PNG, &template())).unwrap();
    assert_eq!(mira.name, "Captain Mira");
    assert_eq!(mira.user_name, "Sam");
    let listed = block_on(service.list_assistants()).unwrap();
    assert!(listed
        .iter()
        .any(|a| a.id == mira.id && a.character.is_some()));
    // A damaged file is refused with its reason and nothing more is stored.
    let refused = block_on(service.import_character(&V2_PNG[..100], &template()));
    assert!(matches!(refused, Err(ChatError::Card(_))), "{refused:?}");
    assert_eq!(
        refused.unwrap_err().to_string(),
        "The PNG file is cut short (chunk 2 runs past the end of the file)."
    );
    assert_eq!(
        block_on(service.list_assistants()).unwrap().len(),
        listed.len()
    );
}

#[test]
fn a_character_chat_opens_with_its_greetings_as_versions() {
    let service = service(vec![answer("Welcome, then.")]);
    let oru = block_on(service.import_character(V3.as_bytes(), &template())).unwrap();
    let (conversation, branch) = block_on(service.start_character_chat(&oru))
        .unwrap()
        .unwrap();
    assert_eq!(conversation.title, "Archivist Oru");
    assert_eq!(conversation.assistant_id.as_deref(), Some(oru.id.as_str()));
    assert_eq!(branch.len(), 1);
    assert_eq!(branch[0].node.text(), "Mind the water, Sam.");
    assert_eq!(
        (branch[0].sibling_position, branch[0].sibling_count),
        (0, 2)
    );
    let (saved, messages) = stored(&service);
    assert_eq!(saved, conversation);
    assert_eq!(messages.len(), 2, "both greetings are stored");
    // The alternate is the other version.
    let (_, other) = block_on(service.switch_branch(conversation, &branch[0].node.id, 1)).unwrap();
    assert_eq!(
        other[0].node.text(),
        "The archive is closed. Unless you have a pass?"
    );
    // The user's first message answers the greeting on screen; the request carries it.
    let (conversation, _) = stored(&service);
    let reply = block_on(service.send_message(
        Some(conversation),
        "I have a pass.",
        &crate::TurnContext::new(
            &settings(),
            &oru,
            &crate::CancelToken::new(),
            &crate::chat::EventLog::default(),
        ),
    ))
    .unwrap();
    assert_eq!(reply.text(), "Welcome, then.");
    let body = request_body(&service, 0);
    let turns: Vec<(&str, &str)> = body["messages"].as_array().unwrap()[1..]
        .iter()
        .map(|m| (m["role"].as_str().unwrap(), m["content"].as_str().unwrap()))
        .collect();
    assert_eq!(
        turns,
        [
            (
                "assistant",
                "The archive is closed. Unless you have a pass?"
            ),
            ("user", "I have a pass.")
        ]
    );
}

#[test]
fn an_assistant_without_greetings_starts_as_usual() {
    let service = service(vec![]);
    assert_eq!(
        block_on(service.start_character_chat(&Assistant::default())).unwrap(),
        None
    );
    let quiet = V3
        .replace("Mind the water, {{user}}.", "")
        .replace("\"The archive is closed. Unless you have a pass?\"", "");
    let oru = block_on(service.import_character(quiet.as_bytes(), &template())).unwrap();
    assert_eq!(block_on(service.start_character_chat(&oru)).unwrap(), None);
    assert_eq!(block_on(service.list_conversations()).unwrap().len(), 0);
}
