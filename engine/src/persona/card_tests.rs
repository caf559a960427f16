//! Cards read from fixtures built from the specs' field lists (the PNGs by Python's zlib, see
//! `engine/tests/fixtures/cards/make_pngs.py`), exported and read again, and refused with a
//! reason when they are broken.

use super::*;
use crate::persona::png_text::tests::one_pixel_png;
use crate::persona::Expected;
use proptest::prelude::*;

const V1: &str = include_str!("../../tests/fixtures/cards/v1.json");
const V2: &str = include_str!("../../tests/fixtures/cards/v2_full.json");
const V3: &str = include_str!("../../tests/fixtures/cards/v3_full.json");
const V2_PNG: &[u8] = include_bytes!("../../tests/fixtures/cards/v2.png");
const V3_AND_V2_PNG: &[u8] = include_bytes!("../../tests/fixtures/cards/v3_and_v2.png");
const NO_CARD_PNG: &[u8] = include_bytes!("../../tests/fixtures/cards/no_card.png");

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap()
}

#[test]
fn a_v2_card_reads_every_field() {
    let card = CharacterCard::from_json(V2).unwrap();
    assert_eq!(card.spec, CardSpec::V2);
    assert_eq!(card.name, "Captain Mira");
    assert_eq!(card.personality, "calm, dry humour");
    assert_eq!(
        card.system_prompt,
        "{{original}} Stay in character as {{char}}."
    );
    assert_eq!(
        card.post_history_instructions,
        "Keep replies under 120 words."
    );
    assert_eq!(card.alternate_greetings.len(), 2);
    assert_eq!(card.tags, ["sci-fi", "Captain", "space"]);
    assert_eq!(card.creator_notes, "Works best with a <b>long</b> context.");
    assert_eq!(card.character_version, "1.2");
    assert_eq!(card.nickname, None);
    let book = card.character_book.as_ref().unwrap();
    assert_eq!(book["entries"][0]["secondary_keys"][0], "repair");
    // What Skein does not use is kept: extensions and the app's own top-level fields.
    assert_eq!(card.data["extensions"]["world"], "Meridian");
    assert_eq!(card.root_extra["talkativeness"], "0.5");
    assert!(
        !card.data.contains_key("name"),
        "known fields live in the struct"
    );
    assert_eq!(
        card.greetings(),
        [
            "*turns the chair* Welcome aboard, {{user}}.",
            "*looks up from the star chart* {{user}}, you're late.",
            "Red alert. {{user}}, to your station!",
        ]
    );
}

#[test]
fn a_v3_card_reads_its_own_fields_and_keeps_the_rest() {
    let card = CharacterCard::from_json(V3).unwrap();
    assert_eq!(card.spec, CardSpec::V3);
    assert_eq!(card.nickname.as_deref(), Some("Oru"));
    assert_eq!(
        card.group_only_greetings,
        ["Everyone, please sign the ledger."]
    );
    assert_eq!(card.data["assets"][1]["name"], "hall");
    assert_eq!(
        card.data["creator_notes_multilingual"]["de"],
        "Deutsche Notizen"
    );
    assert_eq!(card.data["source"][0], "https://example.invalid/cards/oru");
    assert_eq!(card.newer_version, None);
    // An empty first message is no greeting.
    let quiet = CharacterCard::from_json(&V3.replace("Mind the water, {{user}}.", "")).unwrap();
    assert_eq!(
        quiet.greetings(),
        ["The archive is closed. Unless you have a pass?"]
    );
}

#[test]
fn a_v1_card_is_flat() {
    let card = CharacterCard::from_json(V1).unwrap();
    assert_eq!((card.spec, card.name.as_str()), (CardSpec::V1, "Old Tom"));
    assert_eq!(card.first_mes, "What'll it be?");
    assert!(card.alternate_greetings.is_empty());
    assert_eq!(Value::Object(card.data), json(r#"{"extensions": {}}"#));
    assert!(card.root_extra.is_empty());
}

#[test]
fn pngs_made_elsewhere_read_and_v3_wins_over_its_backfill() {
    let v2 = CharacterCard::from_file(V2_PNG).unwrap();
    assert_eq!(v2, CharacterCard::from_json(V2).unwrap());
    let v3 = CharacterCard::from_file(V3_AND_V2_PNG).unwrap();
    assert_eq!(v3.name, "Archivist Oru");
    assert_eq!(
        CharacterCard::from_file(NO_CARD_PNG),
        Err(CardError::NoCardInPng)
    );
}

#[test]
fn export_then_import_gives_the_same_card_in_either_spec() {
    for source in [V1, V2, V3] {
        let card = CharacterCard::from_json(source).unwrap();
        for spec in [CardSpec::V2, CardSpec::V3] {
            let again = CharacterCard::from_json(&card.to_json(spec)).unwrap();
            assert_eq!(
                again,
                CharacterCard {
                    spec,
                    ..card.clone()
                },
                "{spec:?} of {}",
                card.name
            );
        }
    }
}

#[test]
fn an_export_keeps_every_field_of_the_file_it_came_from() {
    // The V2 file exported as V2 holds everything the file held (and the same V1 mirror).
    let exported = json(&CharacterCard::from_json(V2).unwrap().to_json(CardSpec::V2));
    assert_eq!(exported, json(V2));
    // The V3 file exported as V3: the same, plus V3's mirror of the V1 fields at the top.
    let mut exported = json(&CharacterCard::from_json(V3).unwrap().to_json(CardSpec::V3));
    let original = json(V3);
    assert_eq!(exported["data"], original["data"]);
    assert_eq!(exported["name"], "Archivist Oru");
    for key in text_fields() {
        exported.as_object_mut().unwrap().remove(key);
    }
    assert_eq!(exported, original);
}

#[test]
fn a_card_written_into_a_png_reads_back_and_the_image_is_kept() {
    let card = CharacterCard::from_json(V3).unwrap();
    let png = card.to_png(&one_pixel_png()).unwrap();
    let read = CharacterCard::from_file(&png).unwrap();
    assert_eq!(read, card);
    let texts = png_text::read_text_chunks(&png).unwrap();
    let keys: Vec<&str> = texts.iter().map(|(k, _)| k.as_str()).collect();
    assert_eq!(keys, ["chara", "ccv3"]);
    // The V2 chunk is a V2 card of the same character, for V2-only readers.
    let v2 =
        CharacterCard::from_json(&String::from_utf8(base64::decode(&texts[0].1).unwrap()).unwrap())
            .unwrap();
    assert_eq!((v2.spec, v2.name.as_str()), (CardSpec::V2, "Archivist Oru"));
    // Writing again replaces the card rather than adding another.
    let renamed = CharacterCard {
        name: "Oru the Second".into(),
        ..card
    };
    let again = renamed.to_png(&png).unwrap();
    assert_eq!(png_text::read_text_chunks(&again).unwrap().len(), 2);
    assert_eq!(
        CharacterCard::from_file(&again).unwrap().name,
        "Oru the Second"
    );
    // Non-ASCII text survives (base64 of UTF-8).
    let unicode = CharacterCard {
        name: "Émile 😀".into(),
        ..renamed
    };
    let png = unicode.to_png(&one_pixel_png()).unwrap();
    assert_eq!(CharacterCard::from_file(&png).unwrap().name, "Émile 😀");
}

#[test]
fn broken_cards_are_refused_with_what_is_wrong() {
    let refused = |text: &str| CharacterCard::from_json(text).unwrap_err();
    assert!(matches!(refused("{"), CardError::Json(_)));
    assert_eq!(refused("[1, 2]"), CardError::NotACard);
    assert_eq!(refused(r#"{"hello": "world"}"#), CardError::NotACard);
    assert_eq!(
        refused(r#"{"spec": "chara_card_v9", "data": {"name": "X"}}"#),
        CardError::UnknownSpec("chara_card_v9".into())
    );
    assert_eq!(
        refused(r#"{"spec": "chara_card_v2", "data": "X"}"#),
        CardError::Field {
            field: "data",
            expected: Expected::Object
        }
    );
    assert_eq!(
        refused(r#"{"spec": "chara_card_v2", "data": {"name": "X", "description": 5}}"#),
        CardError::Field {
            field: "description",
            expected: Expected::Text
        }
    );
    assert_eq!(
        refused(r#"{"spec": "chara_card_v2", "data": {"name": "X", "tags": ["a", 1]}}"#),
        CardError::Field {
            field: "tags",
            expected: Expected::TextList
        }
    );
    assert_eq!(
        refused(r#"{"spec": "chara_card_v2", "data": {"name": "X", "character_book": []}}"#),
        CardError::Field {
            field: "character_book",
            expected: Expected::Object
        }
    );
    assert_eq!(
        refused(r#"{"spec": "chara_card_v2", "data": {"name": "  "}}"#),
        CardError::NoName
    );
    let many = format!(
        r#"{{"spec": "chara_card_v2", "data": {{"name": "X", "alternate_greetings": [{}]}}}}"#,
        vec!["\"hi\""; MAX_LIST_ITEMS + 1].join(",")
    );
    assert_eq!(refused(&many), CardError::TooMany("alternate_greetings"));
    // Nulls are empty, not errors (some exporters write them).
    let nulls = CharacterCard::from_json(
        r#"{"spec": "chara_card_v2", "data": {"name": "X", "scenario": null, "tags": null}}"#,
    )
    .unwrap();
    assert_eq!((nulls.scenario.as_str(), nulls.tags.len()), ("", 0));
    // Files: not text, too large, a PNG whose card is not base64 or not UTF-8.
    assert_eq!(
        CharacterCard::from_file(&[0xff, 0xfe, 0]),
        Err(CardError::NotText)
    );
    assert_eq!(
        CharacterCard::from_file(&vec![b' '; MAX_CARD_BYTES + 1]),
        Err(CardError::TooLarge)
    );
    let bad64 = png_text::write_text_chunks(&one_pixel_png(), &[], &[("chara", "%%%")]).unwrap();
    assert_eq!(CharacterCard::from_file(&bad64), Err(CardError::BadBase64));
    let latin = png_text::write_text_chunks(&one_pixel_png(), &[], &[("chara", "/w==")]).unwrap();
    assert_eq!(CharacterCard::from_file(&latin), Err(CardError::NotText));
    assert_eq!(
        CharacterCard::from_file(&V2_PNG[..V2_PNG.len() - 20]),
        Err(CardError::Png(PngError::Truncated(2)))
    );
    // A byte-order mark before JSON is fine.
    assert!(CharacterCard::from_file(format!("\u{feff}{V1}").as_bytes()).is_ok());
}

#[test]
fn a_newer_v3_version_is_read_and_said() {
    let newer = CharacterCard::from_json(&V3.replace("\"3.0\"", "\"3.1\"")).unwrap();
    assert_eq!(newer.newer_version.as_deref(), Some("3.1"));
    assert_eq!(newer.name, "Archivist Oru");
}

#[test]
fn hostile_text_is_kept_as_text() {
    let hostile = r#"{"spec": "chara_card_v2", "data": {"name": "<script>alert(1)</script>",
        "description": "<img src=x onerror=alert(1)> {{user}}"}}"#;
    let card = CharacterCard::from_json(hostile).unwrap();
    assert_eq!(card.name, "<script>alert(1)</script>");
    let again = CharacterCard::from_json(&card.to_json(CardSpec::V3)).unwrap();
    assert_eq!(again.description, "<img src=x onerror=alert(1)> {{user}}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    /// Arbitrary JSON-ish text and arbitrary bytes are read or refused, never a panic.
    #[test]
    fn any_text_is_read_or_refused(text in ".{0,200}") {
        let _ = CharacterCard::from_json(&text);
        let _ = CharacterCard::from_file(text.as_bytes());
    }

    /// A card with any byte of its PNG changed is read or refused, never a panic.
    #[test]
    fn any_damaged_png_is_read_or_refused(at in 0usize..4000, value in any::<u8>()) {
        let mut png = V2_PNG.to_vec();
        let at = at % png.len();
        png[at] = value;
        let _ = CharacterCard::from_file(&png);
    }

    /// Any card built from arbitrary field texts survives export and import in both specs.
    #[test]
    fn any_card_round_trips(name in "[^\u{0}]{1,30}", description in ".{0,100}",
                            greetings in proptest::collection::vec(".{0,30}", 0..4)) {
        prop_assume!(!name.trim().is_empty());
        let mut card = CharacterCard::from_json(V1).unwrap();
        card.name = name;
        card.description = description;
        card.alternate_greetings = greetings;
        for spec in [CardSpec::V2, CardSpec::V3] {
            let again = CharacterCard::from_json(&card.to_json(spec)).unwrap();
            prop_assert_eq!(&again, &CharacterCard { spec, ..card.clone() });
            let png = CharacterCard { spec, ..card.clone() }.to_png(&one_pixel_png()).unwrap();
            prop_assert_eq!(CharacterCard::from_file(&png).unwrap(), CharacterCard { spec: CardSpec::V3, ..card.clone() });
        }
    }
}
