use super::*;

const V2: &str = include_str!("../../tests/fixtures/cards/v2_full.json");
const V3: &str = include_str!("../../tests/fixtures/cards/v3_full.json");

fn character(card: &str) -> Assistant {
    let template = Assistant {
        user_name: "Sam".into(),
        system_prompt: "ignored: a character starts with its own".into(),
        ..Assistant::default()
    };
    assistant_from_card(CharacterCard::from_json(card).unwrap(), "c1", &template)
}

#[test]
fn a_card_becomes_an_assistant_with_the_users_settings() {
    let mira = character(V2);
    assert_eq!(
        (mira.id.as_str(), mira.name.as_str()),
        ("c1", "Captain Mira")
    );
    assert_eq!(mira.user_name, "Sam");
    assert_eq!(mira.system_prompt, "");
    assert_eq!(char_name(&mira), "Captain Mira");
    assert_eq!(char_name(&character(V3)), "Oru", "the nickname is {{char}}");
    assert_eq!(char_name(&Assistant::default()), "Skein");
}

#[test]
fn the_system_prompt_is_the_cards_then_its_definition() {
    let mut mira = character(V2);
    assert_eq!(
        system_prompt(&mira, &mira.system_prompt),
        " Stay in character as {{char}}.\n\n\
         A starship captain, {{char}} talks to {{user}} plainly.\n\n\
         {{char}}'s personality: calm, dry humour\n\n\
         Scenario: The bridge of the Meridian.\n\n\
         Example dialogue:\n{{user}}: Status?\n{{char}}: Green across the board."
            .trim_start()
    );
    // {{original}} is the user's own prompt for the character.
    mira.system_prompt = "Write in British English.".into();
    assert!(system_prompt(&mira, &mira.system_prompt)
        .starts_with("Write in British English. Stay in character as {{char}}.\n\n"));
    // A card without a system prompt starts with the user's own.
    let mut oru = character(V3);
    oru.system_prompt = "Be brief.".into();
    assert_eq!(
        system_prompt(&oru, &oru.system_prompt),
        "Be brief.\n\n{{char}} keeps the old library.\n\n{{char}}'s personality: precise\n\n\
         Scenario: A flooded archive."
    );
    // An ordinary assistant's prompt is its own.
    let plain = Assistant {
        system_prompt: "You are Skein.".into(),
        ..Assistant::default()
    };
    assert_eq!(
        system_prompt(&plain, &plain.system_prompt),
        "You are Skein."
    );
    assert_eq!(post_history_instructions(&plain), None);
    assert_eq!(
        post_history_instructions(&character(V2)),
        Some("Keep replies under 120 words.")
    );
    assert_eq!(post_history_instructions(&oru), None);
}

#[test]
fn example_dialogue_splits_on_start_markers_in_any_case() {
    assert_eq!(
        example_dialogue("<START>\nA: 1\n<start>\n\nB: 2\n<Start>").as_deref(),
        Some("A: 1\n\nB: 2")
    );
    assert_eq!(example_dialogue("  <START>  "), None);
    assert_eq!(example_dialogue("no marker").as_deref(), Some("no marker"));
}

#[test]
fn the_embedded_book_becomes_the_lorebook() {
    // How a card's book reads is `world_info`'s (its tests); here: it is the lorebook.
    let mira = character(V2);
    let book = mira.lorebook.as_ref().unwrap();
    assert_eq!(
        (book.name.as_str(), book.token_budget, book.scan_depth),
        ("Meridian lore", 512, 4)
    );
    assert_eq!(book.entries[0].name, "Warp core");
    let oru = character(V3);
    assert_eq!(oru.lorebook.as_ref().unwrap().entries[0].name, "entry 1");
}

/// A whole request with a character: its prompt with the names filled in, its book firing on
/// a keyword, and its post-history instructions last.
#[test]
fn a_character_chat_sends_the_definition_the_book_and_the_instructions() {
    use crate::chat::EventLog;
    use crate::test_fixtures::*;
    use crate::{CancelToken, TurnContext};
    use futures_executor::block_on;
    let service = service(vec![answer("Aye.")]);
    let mira = character(V2);
    block_on(service.send_message(
        None,
        "Is the warp core holding after the repair?",
        &TurnContext::new(
            &settings(),
            &mira,
            &CancelToken::new(),
            &EventLog::default(),
        ),
    ))
    .unwrap();
    let body = request_body(&service, 0);
    let messages = body["messages"].as_array().unwrap();
    let system = messages[0]["content"].as_str().unwrap();
    let system = system
        .strip_prefix(&format!(
            "You are Captain Mira.\n\n{}\n\n",
            crate::prompt::system_prompt::BASE_RULES
        ))
        .unwrap_or_else(|| panic!("the preamble and base rules first: {system}"));
    assert!(
        system.starts_with(
            "Stay in character as Captain Mira.\n\nA starship captain, Captain Mira talks to Sam \
             plainly.\n\nCaptain Mira's personality: calm, dry humour"
        ),
        "{system}"
    );
    assert!(system.contains("Example dialogue:\nSam: Status?\nCaptain Mira: Green"));
    let question = crate::test_fixtures::dated("Is the warp core holding after the repair?");
    let texts: Vec<(&str, &str)> = messages[1..]
        .iter()
        .map(|m| (m["role"].as_str().unwrap(), m["content"].as_str().unwrap()))
        .collect();
    assert_eq!(
        texts,
        [
            ("system", "Mira is tired."),
            ("system", "The warp core is unstable since the last jump."),
            ("user", question.as_str()),
            ("system", "Keep replies under 120 words."),
        ],
        "the character's note at depth 4 (first, in a short chat), the book's entry at depth \
         2, the instructions after the question"
    );
}

#[test]
fn regex_keys_written_as_javascript_literals_keep_their_flags() {
    // Oru's book has `/flood(ed)?/i` with `use_regex`: it matches as the card meant.
    let oru = character(V3);
    let compiled =
        crate::prompt::injection::CompiledLorebook::compile(oru.lorebook.as_ref().unwrap())
            .unwrap();
    let said = crate::domain::message::MessageNode::new("m", "c", crate::Role::User, 0.0)
        .with_text("The FLOODED stairs?");
    assert_eq!(compiled.fired(&[said]).len(), 1);
}
