//! Dictionary files: every shape read, Skein's written back equal, refusals named, fuzzed.

use super::*;
use proptest::prelude::*;

#[test]
fn skeins_format_round_trips_with_every_setting() {
    let dictionary = ChatDictionary {
        id: String::new(),
        name: "Ship slang".into(),
        entries: vec![
            DictionaryEntry::new(DictionaryPattern::Keyword("k8s".into()), "Kubernetes"),
            DictionaryEntry {
                enabled: false,
                probability: 40,
                max_replacements: Some(2),
                ..DictionaryEntry::new(DictionaryPattern::Regex(r"#(\d+)".into()), "issue $1")
            },
        ],
        token_budget: 120,
    };
    let written = write_dictionary(&dictionary);
    assert_eq!(
        read_dictionary(written.as_bytes(), "x.json").unwrap(),
        dictionary
    );
}

#[test]
fn simple_shapes_are_read_and_named_after_the_file() {
    let map = read_dictionary(
        br#"{"brb": "be right back", "afk": "away"}"#,
        "Chat words.json",
    )
    .unwrap();
    assert_eq!(map.name, "Chat words");
    assert_eq!(map.entries.len(), 2);
    assert_eq!(
        map.entries[0],
        DictionaryEntry::new(DictionaryPattern::Keyword("afk".into()), "away")
    );
    let list = read_dictionary(
        br#"[{"key": "hp", "content": "hit points", "probability": 150}]"#,
        "rpg.json",
    )
    .unwrap();
    assert_eq!(list.entries[0].replacement, "hit points");
    assert_eq!(list.entries[0].probability, 100, "clamped");
}

#[test]
fn a_broken_file_is_refused_naming_the_entry_and_field() {
    let refused = |text: &str| {
        read_dictionary(text.as_bytes(), "d.json")
            .unwrap_err()
            .to_string()
    };
    assert!(refused("nope").starts_with("The dictionary file is not valid JSON"));
    assert!(refused("42").starts_with("This is not a chat dictionary"));
    assert_eq!(
        refused(r#"[{"pattern": "a"}, {"pattern": 5}]"#),
        "Entry 2 of the dictionary: `pattern` must be text."
    );
    assert_eq!(
        refused(r#"[{"pattern": "a", "max_replacements": -1}]"#),
        "Entry 1 of the dictionary: `max_replacements` must be a whole number."
    );
    assert!(
        refused(r#"[{"pattern": "ok"}, {"pattern": "(", "regex": true}]"#).starts_with(
            "Entry 2 of the dictionary has a pattern that is not a valid regular expression"
        )
    );
    assert_eq!(
        read_dictionary(&vec![b' '; MAX_DICTIONARY_BYTES + 1], "d.json").unwrap_err(),
        DictionaryFileError::TooLarge
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,200}") {
        let _ = read_dictionary(text.as_bytes(), "d.json");
    }

    #[test]
    fn any_read_dictionary_round_trips(words in proptest::collection::vec(("[a-z]{1,8}", ".{0,12}"), 0..6)) {
        let map: serde_json::Map<String, Value> = words
            .into_iter()
            .map(|(k, v)| (k, Value::String(v)))
            .collect();
        let read = read_dictionary(Value::Object(map).to_string().as_bytes(), "d.json").unwrap();
        let again = read_dictionary(write_dictionary(&read).as_bytes(), "other.json").unwrap();
        prop_assert_eq!(again, read);
    }
}
