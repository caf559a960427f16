//! World Info files and card books: every field SillyTavern writes read as it means, written
//! back so a re-import is equal, refusals that name the entry and field, and fuzzing.

use super::*;
use crate::domain::message::MessageNode;
use crate::prompt::injection::{CompiledLorebook, FoundIn, SecondaryLogic, SecondaryMatch, Why};
use proptest::prelude::*;

const ST_FULL: &str = include_str!("../../tests/fixtures/world_info/st_full.json");
const V2_CARD: &str = include_str!("../../tests/fixtures/cards/v2_full.json");

fn full() -> Lorebook {
    read_world_info(ST_FULL.as_bytes()).unwrap()
}

fn words(list: &[&str]) -> InjectionTrigger {
    InjectionTrigger::Keywords {
        words: list.iter().map(|w| (*w).to_owned()).collect(),
        case_sensitive: false,
    }
}

#[test]
fn every_sillytavern_field_is_read_as_it_means() {
    let book = full();
    assert_eq!(book.name, "Vel Chronicles");
    assert_eq!(
        (book.token_budget, book.scan_depth, book.recursive),
        (600, 3, true)
    );
    assert_eq!(book.extra["extensions"]["st_custom"]["kept"], true);
    assert!(book.extra.contains_key("originalData"));
    let names: Vec<&str> = book.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "The Dragon of Vel",
            "Ember Crown (theft)",
            "Mount Ashen, without the dragon",
            "Valley weather (always)",
            "Ghost sightings (sometimes)",
            "Disabled tavern note",
            "The curse, found only through the crown",
        ]
    );
    let [dragon, crown, mount, weather, ghost, tavern, curse] = &book.entries[..] else {
        panic!("seven entries");
    };
    assert_eq!(dragon.trigger, words(&["dragon", "wyrm"]));
    assert_eq!(dragon.position, InjectionPosition::BeforeSystemPrompt);
    assert_eq!((dragon.order, dragon.priority), (100, 100));
    assert_eq!(
        crown.trigger,
        InjectionTrigger::Keywords {
            words: vec!["Ember Crown".into()],
            case_sensitive: true
        }
    );
    assert_eq!(crown.secondary_keys, ["steal", "take"]);
    assert_eq!(crown.logic, SecondaryLogic::AndAny);
    assert_eq!(crown.position, InjectionPosition::AtDepth(1));
    assert_eq!(crown.role, Some(Role::User));
    assert!(crown.prevent_recursion);
    assert_eq!(mount.trigger, words(&["/mount(ain)? ashen/i"]));
    assert_eq!(mount.logic, SecondaryLogic::NotAny);
    assert_eq!(mount.position, InjectionPosition::AfterSystemPrompt);
    assert_eq!(mount.scan_depth, Some(1));
    assert!(mount.whole_words && mount.exclude_recursion);
    assert_eq!(weather.trigger, InjectionTrigger::Always);
    assert_eq!(weather.position, InjectionPosition::AuthorsNoteTop);
    assert_eq!(ghost.probability, 0);
    assert_eq!(ghost.logic, SecondaryLogic::AndAll);
    assert_eq!(ghost.position, InjectionPosition::AuthorsNoteBottom);
    assert!(!tavern.enabled);
    assert_eq!(tavern.logic, SecondaryLogic::NotAll);
    assert_eq!(tavern.position, InjectionPosition::ExamplesTop);
    assert_eq!(tavern.role, Some(Role::Assistant));
    assert_eq!(tavern.probability, 100, "its probability is switched off");
    assert_eq!(curse.position, InjectionPosition::ExamplesBottom);
    assert_eq!(curse.extra["a_future_field"], serde_json::json!([1, 2, 3]));
}

#[test]
fn export_then_import_gives_the_same_book() {
    let book = full();
    let written = write_world_info(&book);
    let again = read_world_info(written.as_bytes()).unwrap();
    assert_eq!(again, book);
    // And once more: the written form is stable.
    assert_eq!(write_world_info(&again), written);
    // SillyTavern's own fields are there, with its numbers.
    let value: Value = serde_json::from_str(&written).unwrap();
    let crown = &value["entries"]["1"];
    assert_eq!(crown["position"], 4);
    assert_eq!(crown["depth"], 1);
    assert_eq!(crown["role"], 1);
    assert_eq!(crown["keysecondary"], serde_json::json!(["steal", "take"]));
    assert_eq!(value["entries"]["5"]["disable"], true);
    assert_eq!(value["entries"]["5"]["useProbability"], false);
    assert_eq!(value["entries"]["2"]["selectiveLogic"], 2);
    assert_eq!(
        value["entries"]["6"]["a_future_field"],
        serde_json::json!([1, 2, 3])
    );
    assert_eq!(value["extensions"]["st_custom"]["kept"], true);
}

#[test]
fn the_imported_book_fires_as_sillytavern_would() {
    let compiled = CompiledLorebook::compile(&full()).unwrap();
    let said = |text: &str| vec![MessageNode::new("m", "c", Role::User, 0.0).with_text(text)];
    let fired = |text: &str| -> Vec<(String, Why)> {
        compiled
            .activate(&said(text), 1)
            .fired
            .into_iter()
            .map(|f| (f.entry.name, f.why))
            .collect()
    };
    // The dragon fires on the message, the crown through the dragon's text (recursion) but
    // only with a secondary key; the curse would be found through the crown's text, which
    // prevents recursion.
    let dragon = fired("I will steal from the dragon.");
    let names: Vec<&str> = dragon.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "Valley weather (always)",
            "Ember Crown (theft)",
            "The Dragon of Vel"
        ],
        "insertion order: lowest order first"
    );
    assert_eq!(
        dragon[1].1,
        Why::Key {
            key: "Ember Crown".into(),
            found_in: FoundIn::Entry("The Dragon of Vel".into()),
            secondary: Some(SecondaryMatch {
                logic: SecondaryLogic::AndAny,
                keys: vec!["steal".into()],
            }),
        }
    );
    // Mount Ashen fires only without the dragon (NOT ANY), on whole words.
    let mount = fired("We saw Mountain Ashen.");
    assert!(mount
        .iter()
        .any(|(n, _)| n == "Mount Ashen, without the dragon"));
    let both = fired("The dragon of Mount Ashen.");
    assert!(!both
        .iter()
        .any(|(n, _)| n == "Mount Ashen, without the dragon"));
}

#[test]
fn a_damaged_file_is_refused_with_the_entry_and_field() {
    let refused = |text: &str| read_world_info(text.as_bytes()).unwrap_err().to_string();
    assert!(refused("{").starts_with("The world book is not valid JSON"));
    assert_eq!(
        refused(r#"{"name": "x"}"#),
        "This is not a SillyTavern world book: it has no `entries`."
    );
    assert_eq!(
        refused(r#"{"entries": {"7": {"key": "a", "content": 5}}}"#),
        "Entry 7 of the world book: `content` must be text."
    );
    assert_eq!(
        refused(r#"{"entries": {"3": {"key": [1], "content": "c"}}}"#),
        "Entry 3 of the world book: `key` must be a list of texts."
    );
    assert_eq!(
        refused(r#"{"entries": {"0": {"key": ["a"], "probability": "high"}}}"#),
        "Entry 0 of the world book: `probability` must be a number."
    );
    assert!(
        refused(r#"{"entries": {"0": {"comment": "Broken", "key": ["/(/"]}}}"#)
            .starts_with("Entry Broken of the world book has a key that is not a valid pattern")
    );
    assert_eq!(
        refused(r#"{"entries": [7]}"#),
        "Entry 1 of the world book: `entry` must be an object."
    );
    assert_eq!(
        read_world_info(&vec![b' '; MAX_WORLD_BYTES + 1]).unwrap_err(),
        WorldInfoError::TooLarge
    );
    assert_eq!(
        read_world_info(&[0xff, 0xfe]).unwrap_err(),
        WorldInfoError::NotText
    );
    let many: Vec<Value> = (0..=MAX_ENTRIES).map(|_| serde_json::json!({})).collect();
    let too_many = serde_json::json!({ "entries": many }).to_string();
    assert_eq!(
        read_world_info(too_many.as_bytes()).unwrap_err(),
        WorldInfoError::TooMany
    );
    // Hostile text is kept as text; nothing in a book is interpreted here.
    let hostile = r#"{"entries": {"0": {"key": ["x"], "content": "<script>alert(1)</script>"}}}"#;
    assert_eq!(
        read_world_info(hostile.as_bytes()).unwrap().entries[0].content,
        "<script>alert(1)</script>"
    );
}

#[test]
fn a_cards_book_reads_its_v2_fields_and_sillytavern_extensions() {
    let card: Value = serde_json::from_str(V2_CARD).unwrap();
    let book = book_from_card(&card["data"]["character_book"]);
    assert_eq!(
        (book.name.as_str(), book.token_budget, book.scan_depth),
        ("Meridian lore", 512, 4)
    );
    let entry = &book.entries[0];
    assert_eq!(entry.name, "Warp core");
    assert_eq!(entry.trigger, words(&["engine", "warp core"]));
    assert_eq!(entry.secondary_keys, ["repair"]);
    // SillyTavern's "at depth" (extension position 4) wins over before/after.
    assert_eq!(entry.position, InjectionPosition::AtDepth(2));
    assert_eq!(entry.role, Some(Role::System));
    assert_eq!((entry.order, entry.priority), (100, 10));
}

#[test]
fn a_cards_odd_book_still_gives_a_usable_lorebook() {
    let book = book_from_card(&serde_json::json!({
        "token_budget": -5,
        "scan_depth": "deep",
        "entries": [
            {"keys": ["a"], "content": "A", "enabled": false},
            {"keys": "not a list", "content": "B", "constant": true, "position": "before_char"},
            {"keys": ["c"], "content": 7},
            {"keys": ["d", 5], "content": "D", "extensions": {"position": 4, "depth": -3}},
            {"keys": ["/(/"], "content": "broken pattern"},
            {"keys": ["flood"], "use_regex": true, "content": "E"},
            "not an entry"
        ]
    }));
    assert_eq!((book.token_budget, book.scan_depth), (2048, 2));
    let summary: Vec<(&str, bool, &InjectionTrigger, InjectionPosition)> = book
        .entries
        .iter()
        .map(|e| (e.content.as_str(), e.enabled, &e.trigger, e.position))
        .collect();
    use InjectionPosition::*;
    assert_eq!(
        summary,
        [
            ("A", false, &words(&["a"]), AfterSystemPrompt),
            ("B", true, &InjectionTrigger::Always, BeforeSystemPrompt),
            ("", true, &words(&["c"]), AfterSystemPrompt),
            ("D", true, &words(&["d"]), AtDepth(0)),
            ("E", true, &words(&["/flood/"]), AfterSystemPrompt),
        ]
    );
    assert!(CompiledLorebook::compile(&book).is_ok());
    assert!(book_from_card(&Value::Null).entries.is_empty());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Arbitrary text is read or refused, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,300}") {
        let _ = read_world_info(text.as_bytes());
    }

    /// An entry with arbitrary values in every field SillyTavern writes is read or refused
    /// (never a panic); a card reads it leniently; whatever is read exports and reads back
    /// equal.
    #[test]
    fn any_entry_is_read_or_refused_and_round_trips(
        values in proptest::collection::vec(
            prop_oneof![
                Just(Value::Null),
                any::<bool>().prop_map(Value::Bool),
                any::<i32>().prop_map(|n| serde_json::json!(n)),
                any::<f64>().prop_map(|n| serde_json::json!(n)),
                ".{0,12}".prop_map(Value::String),
                proptest::collection::vec(".{0,6}", 0..3).prop_map(|v| serde_json::json!(v)),
            ],
            ENTRY_FIELDS.len(),
        )
    ) {
        let entry: Map<String, Value> = ENTRY_FIELDS
            .iter()
            .zip(values)
            .map(|(k, v)| ((*k).to_owned(), v))
            .collect();
        let file = serde_json::json!({ "entries": { "0": entry } });
        if let Ok(book) = read_world_info(file.to_string().as_bytes()) {
            let again = read_world_info(write_world_info(&book).as_bytes()).unwrap();
            prop_assert_eq!(again, book);
        }
        let lenient = book_from_card(&file);
        prop_assert!(CompiledLorebook::compile(&lenient).is_ok());
    }
}

#[test]
fn a_regex_key_follows_the_entrys_case_setting() {
    let file = |case: bool| {
        format!(
            r#"{{"entries": {{"0": {{"comment": "Dragon", "key": ["/drag(on|ons)\\b/"],
                "caseSensitive": {case}, "content": "Dragons sleep."}}}}}}"#
        )
    };
    let said = vec![MessageNode::new("m", "c", Role::User, 0.0).with_text("The Dragon woke.")];
    let fires = |case: bool| {
        let book = read_world_info(file(case).as_bytes()).unwrap();
        !CompiledLorebook::compile(&book)
            .unwrap()
            .activate(&said, 1)
            .fired
            .is_empty()
    };
    assert!(fires(false), "caseSensitive false: /dragon/ matches Dragon");
    assert!(!fires(true));
}

#[test]
fn an_entry_without_a_comment_is_written_back_without_one() {
    let file = r#"{"entries": {"0": {"uid": 0, "comment": "", "key": ["a"], "content": "A."},
        "1": {"uid": 1, "comment": "Named", "key": ["b"], "content": "B."}}}"#;
    let mut book = read_world_info(file.as_bytes()).unwrap();
    assert_eq!(book.entries[0].name, "entry 0", "shown with a name");
    let written: Value = serde_json::from_str(&write_world_info(&book)).unwrap();
    assert_eq!(written["entries"]["0"]["comment"], "");
    assert_eq!(written["entries"]["1"]["comment"], "Named");
    assert!(
        !write_world_info(&book).contains("skein_"),
        "nothing of Skein's own"
    );
    // Named by the user since: that name is written.
    book.entries[0].name = "Apples".into();
    let written: Value = serde_json::from_str(&write_world_info(&book)).unwrap();
    assert_eq!(written["entries"]["0"]["comment"], "Apples");
}

#[test]
fn v3_decorators_are_applied_and_never_sent() {
    let card = serde_json::json!({"entries": [
        {"keys": ["raven"], "content": "@@depth 1\n@@role system\n@@unknown thing\nRavens carry letters.",
         "enabled": true, "insertion_order": 10},
        {"keys": ["crown"], "content": "@@dont_activate\nThe crown is lost.", "enabled": true},
        {"keys": [], "content": "@@activate\nIt is winter.", "enabled": true},
    ]});
    let book = book_from_card(&card);
    let raven = &book.entries[0];
    assert_eq!(raven.content, "Ravens carry letters.");
    assert_eq!(raven.position, InjectionPosition::AtDepth(1));
    assert_eq!(raven.role, Some(Role::System));
    assert!(!book.entries[1].enabled);
    assert_eq!(book.entries[1].content, "The crown is lost.");
    assert_eq!(book.entries[2].trigger, InjectionTrigger::Always);
    assert_eq!(book.entries[2].content, "It is winter.");
    assert!(book.entries.iter().all(|e| !e.content.contains("@@")));
}
