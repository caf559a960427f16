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
    let question = dated("I have a pass.");
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
            ("user", question.as_str())
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

#[test]
fn the_greeting_names_the_default_persona_and_the_chat_prompt_keeps_the_card() {
    use crate::persona::user_persona::Persona;
    let service = service(vec![answer("Welcome, then.")]);
    block_on(service.save_persona(Persona {
        name: "Ada".into(),
        ..Persona::default()
    }))
    .unwrap();
    let oru = block_on(service.import_character(V3.as_bytes(), &template())).unwrap();
    let (conversation, branch) = block_on(service.start_character_chat(&oru))
        .unwrap()
        .unwrap();
    assert_eq!(branch[0].node.text(), "Mind the water, Ada.");
    // The chat's own prompt stands for the card's {{original}}: the card's definition stays.
    let conversation =
        block_on(service.set_conversation_system_prompt(&conversation.id, "Speak in riddles."))
            .unwrap();
    send_as(&service, Some(conversation), "Hello", &oru).unwrap();
    let system = request_body(&service, 0)["messages"][0]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(system.contains("Speak in riddles."), "{system}");
    assert!(system.contains("Oru keeps the old library."), "{system}");
}

#[test]
fn a_character_exports_to_each_format_and_reads_back_the_same() {
    let service = service(vec![]);
    let mira = block_on(service.import_character(V2_PNG, &template())).unwrap();
    // The card's picture is kept as the avatar.
    let avatar = block_on(service.store().load_blob(mira.avatar.as_deref().unwrap()))
        .unwrap()
        .unwrap();
    assert_eq!(avatar.bytes, V2_PNG);
    let card = mira.character.as_deref().unwrap();
    for format in [CardFormat::V2Json, CardFormat::V3Json, CardFormat::Png] {
        let file = block_on(service.export_character(&mira, format)).unwrap();
        let again = CharacterCard::from_file(&file.bytes).unwrap();
        assert_eq!(again.name, card.name, "{format:?}");
        assert_eq!(again.data, card.data, "{format:?}: unknown fields kept");
        assert_eq!(again.character_book, card.character_book, "{format:?}");
        assert!(
            file.file_name.starts_with("Captain Mira."),
            "{}",
            file.file_name
        );
    }
    let png = block_on(service.export_character(&mira, CardFormat::Png)).unwrap();
    assert_eq!(png.mime, "image/png");
    assert_eq!(png.file_name, "Captain Mira.png");
    // A character read from JSON has no picture: a plain one carries the card.
    let oru = block_on(service.import_character(V3.as_bytes(), &template())).unwrap();
    assert_eq!(oru.avatar, None);
    let png = block_on(service.export_character(&oru, CardFormat::Png)).unwrap();
    assert_eq!(
        CharacterCard::from_file(&png.bytes).unwrap(),
        *oru.character.unwrap()
    );
    // A plain assistant is not a character.
    let refused = block_on(service.export_character(&Assistant::default(), CardFormat::V2Json));
    assert_eq!(
        refused.unwrap_err().to_string(),
        "This assistant is not a character: only characters export as cards."
    );
}

#[test]
fn a_backup_carries_a_characters_picture() {
    let original = service(vec![]);
    let mira = block_on(original.import_character(V2_PNG, &template())).unwrap();
    let text = block_on(original.backup(false)).unwrap();
    let fresh = service(vec![]);
    block_on(fresh.import_file(text.as_bytes())).unwrap();
    let restored = block_on(fresh.list_assistants())
        .unwrap()
        .into_iter()
        .find(|a| a.id == mira.id)
        .unwrap();
    let picture = block_on(fresh.store().load_blob(restored.avatar.as_deref().unwrap()))
        .unwrap()
        .unwrap();
    assert_eq!(picture.bytes, V2_PNG);
}

#[test]
fn deleting_a_character_deletes_its_picture() {
    let service = service(vec![]);
    let mira = block_on(service.import_character(V2_PNG, &template())).unwrap();
    let avatar = mira.avatar.clone().unwrap();
    assert!(block_on(service.store().load_blob(&avatar))
        .unwrap()
        .is_some());
    block_on(service.delete_assistant(&mira.id)).unwrap();
    assert_eq!(block_on(service.store().load_blob(&avatar)).unwrap(), None);
    assert!(block_on(service.list_assistants())
        .unwrap()
        .iter()
        .all(|a| a.id != mira.id));
}

#[test]
fn a_characters_note_is_sent_at_its_depth_and_its_decorated_book_entry_without_decorators() {
    let mut card: serde_json::Value = serde_json::from_str(V3).unwrap();
    card["data"]["extensions"]["depth_prompt"] =
        serde_json::json!({"prompt": "{{char}} whispers.", "depth": 1, "role": "system"});
    card["data"]["character_book"] = serde_json::json!({"entries": [
        {"keys": ["pass"], "content": "@@depth 0\nPasses are stamped in red.", "enabled": true}
    ]});
    let service = service(vec![answer("Welcome, then.")]);
    let oru = block_on(service.import_character(card.to_string().as_bytes(), &template())).unwrap();
    let reply = block_on(service.send_message(
        None,
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
    let messages = body["messages"].as_array().unwrap();
    let all = body.to_string();
    assert!(
        !all.contains("@@depth"),
        "the decorator is applied, not sent: {all}"
    );
    assert!(all.contains("Passes are stamped in red."));
    // The note, one message from the end, before the question; {{char}} filled in.
    let note = messages
        .iter()
        .position(|m| {
            m["content"]
                .as_str()
                .is_some_and(|c| c.contains("whispers."))
        })
        .expect("the note is sent");
    assert_eq!(messages[note]["content"], "Oru whispers.");
    assert_eq!(messages[note]["role"], "system");
    assert!(
        messages[note + 1..].iter().any(|m| m["content"]
            .as_str()
            .unwrap_or("")
            .contains("I have a pass.")),
        "the question comes after it: {messages:#?}"
    );
}

#[test]
fn the_same_card_imported_twice_is_one_character() {
    let service = service(vec![]);
    let first = block_on(service.import_character(V3.as_bytes(), &template())).unwrap();
    let again = block_on(service.import_character(V3.as_bytes(), &template())).unwrap();
    assert_eq!(again.id, first.id);
    let characters = block_on(service.list_assistants())
        .unwrap()
        .into_iter()
        .filter(|a| a.character.is_some())
        .count();
    assert_eq!(characters, 1);
    // A changed card is another character.
    let changed = V3.replace("Archivist Oru", "Archivist Oru II");
    let other = block_on(service.import_character(changed.as_bytes(), &template())).unwrap();
    assert_ne!(other.id, first.id);
}
