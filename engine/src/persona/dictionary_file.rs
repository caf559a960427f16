//! Chat dictionary files: Skein's own format (written on export, read back losslessly), and
//! the simple shapes people keep such lists in — a JSON object of `"word": "replacement"`, or
//! a list of entries. Files are untrusted: size and entry limits, a type check for every field
//! read, patterns compiled before anything is kept, refusals that name the entry and field.

use super::Expected;
use crate::persona::shelf::{Shelf, Shelved};
use crate::prompt::dictionary::{
    ChatDictionary, CompiledDictionary, DictionaryEntry, DictionaryPattern,
};
use crate::prompt::regex_rules::RuleError;
use serde_json::{json, Map, Value};
use thiserror::Error;

/// The user's stored chat dictionaries, used by assistants and chats that pick them.
pub type Dictionaries = Shelf<ChatDictionary>;

impl Shelved for ChatDictionary {
    fn id(&self) -> &str {
        &self.id
    }
}

pub const DICTIONARY_FORMAT: &str = "skein.dictionary";
/// The largest dictionary file read.
pub const MAX_DICTIONARY_BYTES: usize = 4 * 1024 * 1024;
/// The most entries a dictionary may have.
pub const MAX_DICTIONARY_ENTRIES: usize = 5_000;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum DictionaryFileError {
    #[error("The dictionary file is larger than {} MB.", MAX_DICTIONARY_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("The dictionary file is not UTF-8 text.")]
    NotText,
    #[error("The dictionary file is not valid JSON: {0}")]
    Json(String),
    #[error("This is not a chat dictionary: expected Skein's dictionary format, an object of \"word\": \"replacement\", or a list of entries.")]
    Shape,
    #[error("The dictionary has more than {MAX_DICTIONARY_ENTRIES} entries.")]
    TooMany,
    #[error("Entry {entry} of the dictionary: `{field}` must be {expected}.")]
    Field {
        entry: usize,
        field: &'static str,
        expected: Expected,
    },
    #[error("Entry {entry} of the dictionary has a pattern that is not a valid regular expression: {message}")]
    Pattern { entry: usize, message: String },
}

impl crate::i18n::Explain for DictionaryFileError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::TooLarge => phrase("error-dictionary-too-large")
                .with("max", MAX_DICTIONARY_BYTES / (1024 * 1024)),
            Self::NotText => phrase("error-dictionary-not-text"),
            Self::Json(why) => phrase("error-dictionary-json").with("why", why),
            Self::Shape => phrase("error-dictionary-shape"),
            Self::TooMany => {
                phrase("error-dictionary-too-many").with("max", MAX_DICTIONARY_ENTRIES)
            }
            Self::Field {
                entry,
                field,
                expected,
            } => phrase("error-dictionary-field")
                .with("entry", entry)
                .with("field", field)
                .nest("expected", expected.phrase()),
            Self::Pattern { entry, message } => phrase("error-dictionary-pattern")
                .with("entry", entry)
                .with("why", message),
        }
    }
}

/// Reads a dictionary file; `file_name` names it when the file does not.
pub fn read_dictionary(
    bytes: &[u8],
    file_name: &str,
) -> Result<ChatDictionary, DictionaryFileError> {
    if bytes.len() > MAX_DICTIONARY_BYTES {
        return Err(DictionaryFileError::TooLarge);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| DictionaryFileError::NotText)?;
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| DictionaryFileError::Json(e.to_string()))?;
    let stem = file_name
        .rsplit_once('.')
        .map_or(file_name, |(stem, _)| stem)
        .to_owned();
    let (name, budget, raw_entries): (String, u64, Vec<Value>) = match &value {
        Value::Object(root)
            if root.get("format").and_then(Value::as_str) == Some(DICTIONARY_FORMAT) =>
        {
            let name = root
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or(&stem)
                .to_owned();
            let budget = root
                .get("token_budget")
                .and_then(Value::as_u64)
                .unwrap_or(500);
            let entries = root
                .get("entries")
                .and_then(Value::as_array)
                .cloned()
                .ok_or(DictionaryFileError::Shape)?;
            (name, budget, entries)
        }
        Value::Object(map) => {
            let entries = map
                .iter()
                .map(|(word, replacement)| json!({"pattern": word, "replacement": replacement}))
                .collect();
            (stem, 500, entries)
        }
        Value::Array(list) => (stem, 500, list.clone()),
        _ => return Err(DictionaryFileError::Shape),
    };
    if raw_entries.len() > MAX_DICTIONARY_ENTRIES {
        return Err(DictionaryFileError::TooMany);
    }
    let entries = raw_entries
        .iter()
        .enumerate()
        .map(|(i, raw)| entry_from(i + 1, raw))
        .collect::<Result<Vec<_>, _>>()?;
    let dictionary = ChatDictionary {
        id: String::new(),
        name: if name.trim().is_empty() {
            "Dictionary".to_owned()
        } else {
            name
        },
        entries,
        token_budget: budget.min(1_000_000),
    };
    check(&dictionary)?;
    Ok(dictionary)
}

/// Compiles `dictionary`, a broken pattern refused naming its entry.
pub fn check(dictionary: &ChatDictionary) -> Result<CompiledDictionary, DictionaryFileError> {
    // Each entry alone first, so the refusal can say which.
    for (i, entry) in dictionary.entries.iter().enumerate() {
        let alone = ChatDictionary {
            entries: vec![entry.clone()],
            ..dictionary.clone()
        };
        if let Err(RuleError::InvalidPattern { message, .. }) = CompiledDictionary::compile(&alone)
        {
            return Err(DictionaryFileError::Pattern {
                entry: i + 1,
                message,
            });
        }
    }
    CompiledDictionary::compile(dictionary).map_err(
        |RuleError::InvalidPattern { message, .. }| DictionaryFileError::Pattern {
            entry: 0,
            message,
        },
    )
}

fn entry_from(index: usize, raw: &Value) -> Result<DictionaryEntry, DictionaryFileError> {
    let wrong = |field: &'static str, expected: Expected| DictionaryFileError::Field {
        entry: index,
        field,
        expected,
    };
    let Some(object) = raw.as_object() else {
        return Err(wrong("entry", Expected::Object));
    };
    let text = |field: &'static str| -> Result<Option<String>, DictionaryFileError> {
        match object.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.clone())),
            Some(_) => Err(wrong(field, Expected::Text)),
        }
    };
    let flag = |field: &'static str| -> Result<Option<bool>, DictionaryFileError> {
        match object.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => Err(wrong(field, Expected::Bool)),
        }
    };
    let count = |field: &'static str| -> Result<Option<u64>, DictionaryFileError> {
        match object.get(field) {
            None | Some(Value::Null) => Ok(None),
            Some(value) => value
                .as_u64()
                .map(Some)
                .ok_or(wrong(field, Expected::WholeNumber)),
        }
    };
    let pattern = text("pattern")?
        .or(text("key")?)
        .filter(|p| !p.is_empty())
        .ok_or(wrong("pattern", Expected::NonEmptyText))?;
    let regex = flag("regex")?.unwrap_or(false);
    Ok(DictionaryEntry {
        pattern: if regex {
            DictionaryPattern::Regex(pattern)
        } else {
            DictionaryPattern::Keyword(pattern)
        },
        replacement: text("replacement")?
            .or(text("content")?)
            .unwrap_or_default(),
        enabled: flag("enabled")?.unwrap_or(true),
        probability: count("probability")?.map_or(100, |p| p.min(100) as u8),
        max_replacements: count("max_replacements")?.map(|n| n.min(1_000_000) as usize),
    })
}

/// The dictionary in Skein's format.
pub fn write_dictionary(dictionary: &ChatDictionary) -> String {
    let entries: Vec<Value> = dictionary
        .entries
        .iter()
        .map(|entry| {
            let (pattern, regex) = match &entry.pattern {
                DictionaryPattern::Keyword(word) => (word, false),
                DictionaryPattern::Regex(pattern) => (pattern, true),
            };
            let mut out = Map::new();
            out.insert("pattern".into(), json!(pattern));
            out.insert("regex".into(), json!(regex));
            out.insert("replacement".into(), json!(entry.replacement));
            out.insert("enabled".into(), json!(entry.enabled));
            out.insert("probability".into(), json!(entry.probability));
            if let Some(max) = entry.max_replacements {
                out.insert("max_replacements".into(), json!(max));
            }
            Value::Object(out)
        })
        .collect();
    json!({
        "format": DICTIONARY_FORMAT,
        "version": 1,
        "name": dictionary.name,
        "token_budget": dictionary.token_budget,
        "entries": entries,
    })
    .to_string()
}

#[cfg(test)]
#[path = "dictionary_file_tests.rs"]
mod tests;
