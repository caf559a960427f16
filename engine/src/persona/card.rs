//! Character cards: the files SillyTavern and its peers share (Character Card V1, V2 and V3),
//! as JSON or inside a PNG's text chunks (`chara` holds V2, `ccv3` holds V3; V3 wins when both
//! are there).
//!
//! A card is read into [`CharacterCard`]: the fields Skein uses, typed, and the card's whole
//! `data` object as read, so an export writes back every field Skein does not use (the specs
//! require that `extensions` and unknown fields survive). An export writes V2 or V3 with the
//! V1 fields mirrored at the top level, as the ecosystem's readers expect.
//!
//! Cards are untrusted files: each known field must have its type (a `null` counts as empty),
//! the JSON and the lists have size limits, and every refusal names what is wrong. Nothing of a
//! card is interpreted here: its text reaches the prompt through the assistant it becomes, and
//! the screen as plain text.

use super::Expected;
use crate::domain::base64;
use crate::persona::png_text::{self, PngError};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use thiserror::Error;

/// The largest card file read, JSON or PNG.
pub const MAX_CARD_BYTES: usize = 16 * 1024 * 1024;
/// The most greetings (first message and alternates) or tags a card may have.
pub const MAX_LIST_ITEMS: usize = 256;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CardSpec {
    V1,
    V2,
    V3,
}

impl CardSpec {
    fn name(self) -> &'static str {
        match self {
            CardSpec::V1 => "",
            CardSpec::V2 => "chara_card_v2",
            CardSpec::V3 => "chara_card_v3",
        }
    }

    fn version(self) -> &'static str {
        match self {
            CardSpec::V1 => "1.0",
            CardSpec::V2 => "2.0",
            CardSpec::V3 => "3.0",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CardError {
    #[error("The card is larger than {} MB.", MAX_CARD_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("{0}")]
    Png(#[from] PngError),
    #[error("This PNG image holds no character card (no `chara` or `ccv3` text in it).")]
    NoCardInPng,
    #[error("The card in this PNG is not valid base64.")]
    BadBase64,
    #[error("The card is not UTF-8 text.")]
    NotText,
    #[error("The card is not valid JSON: {0}")]
    Json(String),
    #[error("This is not a character card: it is JSON, but not an object with a name or a `data` object.")]
    NotACard,
    #[error("Unknown card format `{0}`: Skein reads chara_card_v2 and chara_card_v3.")]
    UnknownSpec(String),
    #[error("The card's `{field}` must be {expected}.")]
    Field {
        field: &'static str,
        expected: Expected,
    },
    #[error("The card's `{0}` has more than {MAX_LIST_ITEMS} items.")]
    TooMany(&'static str),
    #[error("The card has no name.")]
    NoName,
    #[error("This assistant is not a character: only characters export as cards.")]
    NotACharacter,
}

impl crate::i18n::Explain for CardError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::TooLarge => {
                phrase("error-card-too-large").with("max", MAX_CARD_BYTES / (1024 * 1024))
            }
            Self::Png(err) => err.phrase(),
            Self::NoCardInPng => phrase("error-card-no-card-in-png"),
            Self::BadBase64 => phrase("error-card-bad-base64"),
            Self::NotText => phrase("error-card-not-text"),
            Self::Json(why) => phrase("error-card-json").with("why", why),
            Self::NotACard => phrase("error-card-not-a-card"),
            Self::UnknownSpec(spec) => phrase("error-card-unknown-spec").with("spec", spec),
            Self::Field { field, expected } => phrase("error-card-field")
                .with("field", field)
                .nest("expected", expected.phrase()),
            Self::TooMany(field) => phrase("error-card-too-many")
                .with("field", field)
                .with("max", MAX_LIST_ITEMS),
            Self::NoName => phrase("error-card-no-name"),
            Self::NotACharacter => phrase("error-card-not-a-character"),
        }
    }
}

/// A character card as Skein reads and writes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct CharacterCard {
    /// The format the card was read from.
    pub spec: CardSpec,
    pub name: String,
    pub description: String,
    pub personality: String,
    pub scenario: String,
    pub first_mes: String,
    pub mes_example: String,
    pub creator_notes: String,
    pub system_prompt: String,
    pub post_history_instructions: String,
    pub alternate_greetings: Vec<String>,
    /// V3: greetings meant for group chats only.
    pub group_only_greetings: Vec<String>,
    pub tags: Vec<String>,
    pub creator: String,
    pub character_version: String,
    /// V3: the name `{{char}}` stands for, when set.
    pub nickname: Option<String>,
    /// The embedded lorebook, as written in the card.
    pub character_book: Option<Value>,
    /// The fields of the card's `data` that Skein does not use (`extensions` among them),
    /// written back as they were.
    pub data: Map<String, Value>,
    /// Top-level fields beside `data` other than the spec and the V1 mirror (some apps keep
    /// their own there).
    pub root_extra: Map<String, Value>,
    /// The spec version when it is newer than the one Skein reads (the card is read anyway).
    pub newer_version: Option<String>,
}

/// The fields of `data` read into [`CharacterCard`]'s own fields.
const KNOWN_FIELDS: [&str; 16] = [
    "name",
    "description",
    "personality",
    "scenario",
    "first_mes",
    "mes_example",
    "creator_notes",
    "system_prompt",
    "post_history_instructions",
    "alternate_greetings",
    "group_only_greetings",
    "tags",
    "creator",
    "character_version",
    "nickname",
    "character_book",
];

/// The text fields every spec has: the first six of [`KNOWN_FIELDS`].
fn text_fields() -> impl Iterator<Item = &'static str> {
    KNOWN_FIELDS.into_iter().take(6)
}

impl CharacterCard {
    /// Reads a card file: a PNG with a card in it, or card JSON.
    pub fn from_file(bytes: &[u8]) -> Result<Self, CardError> {
        if bytes.len() > MAX_CARD_BYTES {
            return Err(CardError::TooLarge);
        }
        if bytes.starts_with(b"\x89PNG") {
            return Self::from_png(bytes);
        }
        let text = std::str::from_utf8(bytes).map_err(|_| CardError::NotText)?;
        Self::from_json(text.trim_start_matches('\u{feff}'))
    }

    /// Reads the card in a PNG's text chunks (`ccv3` before `chara`).
    pub fn from_png(bytes: &[u8]) -> Result<Self, CardError> {
        if bytes.len() > MAX_CARD_BYTES {
            return Err(CardError::TooLarge);
        }
        let texts = png_text::read_text_chunks(bytes)?;
        let find = |name: &str| {
            texts
                .iter()
                .find(|(key, _)| key.eq_ignore_ascii_case(name))
                .map(|(_, text)| text)
        };
        let encoded = find("ccv3").or_else(|| find("chara"));
        let encoded = encoded.ok_or(CardError::NoCardInPng)?;
        let decoded = base64::decode(encoded.trim()).map_err(|_| CardError::BadBase64)?;
        let text = String::from_utf8(decoded).map_err(|_| CardError::NotText)?;
        Self::from_json(&text)
    }

    /// Reads card JSON (V1, V2 or V3).
    pub fn from_json(text: &str) -> Result<Self, CardError> {
        if text.len() > MAX_CARD_BYTES {
            return Err(CardError::TooLarge);
        }
        let value: Value =
            serde_json::from_str(text).map_err(|err| CardError::Json(err.to_string()))?;
        let Value::Object(mut root) = value else {
            return Err(CardError::NotACard);
        };
        let spec_name = match root.get("spec") {
            None | Some(Value::Null) => None,
            Some(Value::String(spec)) => Some(spec.clone()),
            Some(_) => {
                return Err(CardError::Field {
                    field: "spec",
                    expected: Expected::Text,
                })
            }
        };
        let spec = match spec_name.as_deref() {
            Some("chara_card_v3") => CardSpec::V3,
            Some("chara_card_v2") => CardSpec::V2,
            None if !root.contains_key("data") && root.contains_key("name") => CardSpec::V1,
            None => return Err(CardError::NotACard),
            Some(other) => return Err(CardError::UnknownSpec(other.to_owned())),
        };
        let newer_version = match (spec, root.get("spec_version")) {
            (CardSpec::V3, Some(Value::String(v))) => v
                .parse::<f64>()
                .ok()
                .filter(|&n| n > 3.0)
                .map(|_| v.clone()),
            _ => None,
        };
        let data = match spec {
            CardSpec::V1 => {
                // A V1 card is flat: its fields are the data.
                let mut data = Map::new();
                for field in text_fields() {
                    if let Some(value) = root.remove(field) {
                        data.insert(field.to_owned(), value);
                    }
                }
                data
            }
            _ => match root.remove("data") {
                Some(Value::Object(data)) => data,
                _ => {
                    return Err(CardError::Field {
                        field: "data",
                        expected: Expected::Object,
                    })
                }
            },
        };
        for key in ["spec", "spec_version"].into_iter().chain(text_fields()) {
            root.remove(key);
        }
        let mut card = Self {
            spec,
            name: text_field(&data, "name")?,
            description: text_field(&data, "description")?,
            personality: text_field(&data, "personality")?,
            scenario: text_field(&data, "scenario")?,
            first_mes: text_field(&data, "first_mes")?,
            mes_example: text_field(&data, "mes_example")?,
            creator_notes: text_field(&data, "creator_notes")?,
            system_prompt: text_field(&data, "system_prompt")?,
            post_history_instructions: text_field(&data, "post_history_instructions")?,
            alternate_greetings: list_field(&data, "alternate_greetings")?,
            group_only_greetings: list_field(&data, "group_only_greetings")?,
            tags: list_field(&data, "tags")?,
            creator: text_field(&data, "creator")?,
            character_version: text_field(&data, "character_version")?,
            nickname: Some(text_field(&data, "nickname")?).filter(|n| !n.is_empty()),
            character_book: match data.get("character_book") {
                None | Some(Value::Null) => None,
                Some(book @ Value::Object(_)) => Some(book.clone()),
                Some(_) => {
                    return Err(CardError::Field {
                        field: "character_book",
                        expected: Expected::Object,
                    })
                }
            },
            data: Map::new(),
            root_extra: root,
            newer_version,
        };
        card.data = data;
        for key in KNOWN_FIELDS {
            card.data.remove(key);
        }
        // Mandatory in V2 and V3, `{}` by default.
        card.data
            .entry("extensions")
            .or_insert_with(|| Value::Object(Map::new()));
        if card.name.trim().is_empty() {
            return Err(CardError::NoName);
        }
        Ok(card)
    }

    /// The greetings a chat with this character may open with: the first message, then the
    /// alternates (empty ones left out).
    pub fn greetings(&self) -> Vec<&str> {
        std::iter::once(self.first_mes.as_str())
            .chain(self.alternate_greetings.iter().map(String::as_str))
            .filter(|g| !g.trim().is_empty())
            .collect()
    }

    /// The card as V2 or V3 JSON: every field of `data` (the unknown ones as read), and the V1
    /// fields mirrored at the top level. V3's nickname and group greetings are written to a V2
    /// card too when set, so nothing is lost either way.
    pub fn to_json(&self, spec: CardSpec) -> String {
        let spec = if spec == CardSpec::V1 {
            CardSpec::V2
        } else {
            spec
        };
        let mut data = self.data.clone();
        let mut put = |key: &str, value: Value| {
            data.insert(key.to_owned(), value);
        };
        let strings = |list: &[String]| Value::from(list.to_vec());
        for (key, value) in self.text_values() {
            put(key, Value::from(value));
        }
        put("creator_notes", Value::from(self.creator_notes.as_str()));
        put("system_prompt", Value::from(self.system_prompt.as_str()));
        put(
            "post_history_instructions",
            Value::from(self.post_history_instructions.as_str()),
        );
        put("alternate_greetings", strings(&self.alternate_greetings));
        put("tags", strings(&self.tags));
        put("creator", Value::from(self.creator.as_str()));
        put(
            "character_version",
            Value::from(self.character_version.as_str()),
        );
        if let Some(book) = &self.character_book {
            data.insert("character_book".into(), book.clone());
        }
        if spec == CardSpec::V3 || !self.group_only_greetings.is_empty() {
            data.insert(
                "group_only_greetings".into(),
                strings(&self.group_only_greetings),
            );
        }
        if let Some(nickname) = &self.nickname {
            data.insert("nickname".into(), Value::from(nickname.as_str()));
        }
        let mut root = self.root_extra.clone();
        root.insert("spec".into(), Value::from(spec.name()));
        root.insert("spec_version".into(), Value::from(spec.version()));
        for (key, value) in self.text_values() {
            root.insert(key.to_owned(), Value::from(value));
        }
        root.insert("data".into(), Value::Object(data));
        Value::Object(root).to_string()
    }

    /// The card written into `image` (a PNG): V2 in `chara` and V3 in `ccv3`, replacing any
    /// card the image already held.
    pub fn to_png(&self, image: &[u8]) -> Result<Vec<u8>, CardError> {
        let v2 = base64::encode(self.to_json(CardSpec::V2).as_bytes());
        let v3 = base64::encode(self.to_json(CardSpec::V3).as_bytes());
        Ok(png_text::write_text_chunks(
            image,
            &["chara", "ccv3"],
            &[("chara", &v2), ("ccv3", &v3)],
        )?)
    }

    fn text_values(&self) -> [(&'static str, &str); 6] {
        [
            ("name", &self.name),
            ("description", &self.description),
            ("personality", &self.personality),
            ("scenario", &self.scenario),
            ("first_mes", &self.first_mes),
            ("mes_example", &self.mes_example),
        ]
    }
}

/// A text field of `data` (missing or `null`: empty).
fn text_field(data: &Map<String, Value>, field: &'static str) -> Result<String, CardError> {
    match data.get(field) {
        None | Some(Value::Null) => Ok(String::new()),
        Some(Value::String(text)) => Ok(text.clone()),
        Some(_) => Err(CardError::Field {
            field,
            expected: Expected::Text,
        }),
    }
}

/// A list of texts in `data` (missing or `null`: empty).
fn list_field(data: &Map<String, Value>, field: &'static str) -> Result<Vec<String>, CardError> {
    let wrong = CardError::Field {
        field,
        expected: Expected::TextList,
    };
    match data.get(field) {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) if items.len() > MAX_LIST_ITEMS => Err(CardError::TooMany(field)),
        Some(Value::Array(items)) => items
            .iter()
            .map(|item| item.as_str().map(str::to_owned).ok_or(wrong.clone()))
            .collect(),
        Some(_) => Err(wrong),
    }
}

#[cfg(test)]
#[path = "card_tests.rs"]
mod tests;
