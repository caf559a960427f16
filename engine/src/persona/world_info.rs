//! SillyTavern World Info files, read into a [`Lorebook`] and written back: the `entries`
//! object (or list) with SillyTavern's field names, and a character card's `character_book`
//! (V2 field names, SillyTavern's own settings in each entry's `extensions`). Every field Skein
//! does not use is kept in the book's or entry's `extra` and written back, so an import followed
//! by an export loses nothing SillyTavern needs.
//!
//! World Info files are untrusted: a size limit, a limit on entries, a type check for every
//! field read (a `null` counts as unset) and refusals that name the entry and field.

use super::decorators::Decorators;
use super::Expected;
use crate::domain::message::Role;
use crate::prompt::injection::{
    regex_literal, CompiledLorebook, InjectionPosition, InjectionTrigger, Lorebook,
    PromptInjection, SecondaryLogic,
};
use crate::prompt::regex_rules::RuleError;
use serde_json::{json, Map, Value};
use thiserror::Error;

/// The largest World Info file read.
pub const MAX_WORLD_BYTES: usize = 16 * 1024 * 1024;
/// The most entries a book may have.
pub const MAX_ENTRIES: usize = 10_000;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum WorldInfoError {
    #[error("The world book is larger than {} MB.", MAX_WORLD_BYTES / (1024 * 1024))]
    TooLarge,
    #[error("The world book is not UTF-8 text.")]
    NotText,
    #[error("The world book is not valid JSON: {0}")]
    Json(String),
    #[error("This is not a SillyTavern world book: it has no `entries`.")]
    NoEntries,
    #[error("The world book has more than {MAX_ENTRIES} entries.")]
    TooMany,
    #[error("Entry {entry} of the world book: `{field}` must be {expected}.")]
    Field {
        entry: String,
        field: &'static str,
        expected: Expected,
    },
    #[error("Entry {entry} of the world book has a key that is not a valid pattern: {message}")]
    Pattern { entry: String, message: String },
}

impl crate::i18n::Explain for WorldInfoError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::TooLarge => {
                phrase("error-world-too-large").with("max", MAX_WORLD_BYTES / (1024 * 1024))
            }
            Self::NotText => phrase("error-world-not-text"),
            Self::Json(why) => phrase("error-world-json").with("why", why),
            Self::NoEntries => phrase("error-world-no-entries"),
            Self::TooMany => phrase("error-world-too-many").with("max", MAX_ENTRIES),
            Self::Field {
                entry,
                field,
                expected,
            } => phrase("error-world-field")
                .with("entry", entry)
                .with("field", field)
                .nest("expected", expected.phrase()),
            Self::Pattern { entry, message } => phrase("error-world-pattern")
                .with("entry", entry)
                .with("why", message),
        }
    }
}

/// The fields of a World Info entry read into [`PromptInjection`].
const ENTRY_FIELDS: [&str; 20] = [
    "uid",
    "key",
    "keysecondary",
    "comment",
    "content",
    "constant",
    "selective",
    "selectiveLogic",
    "order",
    "position",
    "disable",
    "probability",
    "useProbability",
    "depth",
    "role",
    "scanDepth",
    "caseSensitive",
    "matchWholeWords",
    "excludeRecursion",
    "preventRecursion",
];

/// The top-level fields read into [`Lorebook`].
const BOOK_FIELDS: [&str; 6] = [
    "name",
    "description",
    "scan_depth",
    "token_budget",
    "recursive_scanning",
    "entries",
];

/// One entry's fields, typed, with the entry's label for errors.
struct Fields<'a> {
    label: String,
    raw: &'a Map<String, Value>,
    /// A card's book: a field of the wrong type reads as unset instead of refusing.
    lenient: bool,
}

impl<'a> Fields<'a> {
    fn get(&self, key: &str) -> Option<&'a Value> {
        self.raw.get(key).filter(|v| !v.is_null())
    }

    /// A wrong-typed field: refused, or unset when lenient.
    fn or_unset<T: Default>(
        &self,
        field: &'static str,
        expected: Expected,
    ) -> Result<T, WorldInfoError> {
        if self.lenient {
            Ok(T::default())
        } else {
            Err(self.wrong(field, expected))
        }
    }

    fn wrong(&self, field: &'static str, expected: Expected) -> WorldInfoError {
        WorldInfoError::Field {
            entry: self.label.clone(),
            field,
            expected,
        }
    }

    fn text(&self, field: &'static str) -> Result<String, WorldInfoError> {
        match self.get(field) {
            None => Ok(String::new()),
            Some(Value::String(s)) => Ok(s.clone()),
            Some(_) => self.or_unset(field, Expected::Text),
        }
    }

    fn flag(&self, field: &'static str) -> Result<Option<bool>, WorldInfoError> {
        match self.get(field) {
            None => Ok(None),
            Some(Value::Bool(b)) => Ok(Some(*b)),
            Some(_) => self.or_unset(field, Expected::Bool),
        }
    }

    fn number(&self, field: &'static str) -> Result<Option<f64>, WorldInfoError> {
        match self.get(field) {
            None => Ok(None),
            Some(value) => match value.as_f64().filter(|n| n.is_finite()) {
                Some(n) => Ok(Some(n)),
                None => self.or_unset(field, Expected::Number),
            },
        }
    }

    fn list(&self, field: &'static str) -> Result<Vec<String>, WorldInfoError> {
        match self.get(field) {
            None => Ok(Vec::new()),
            // Some tools write a single key as a comma-separated string.
            Some(Value::String(s)) => Ok(s
                .split(',')
                .map(str::trim)
                .filter(|k| !k.is_empty())
                .map(str::to_owned)
                .collect()),
            Some(Value::Array(items)) if self.lenient => Ok(items
                .iter()
                .filter_map(Value::as_str)
                .map(str::to_owned)
                .collect()),
            Some(Value::Array(items)) => items
                .iter()
                .map(|item| {
                    item.as_str()
                        .map(str::to_owned)
                        .ok_or_else(|| self.wrong(field, Expected::TextList))
                })
                .collect(),
            Some(_) => self.or_unset(field, Expected::TextList),
        }
    }
}

fn clamp_usize(n: f64) -> usize {
    n.clamp(0.0, 1_000_000.0) as usize
}

fn clamp_i32(n: f64) -> i32 {
    n.clamp(-1_000_000.0, 1_000_000.0) as i32
}

/// Reads a World Info file (or a card's `character_book` JSON).
pub fn read_world_info(bytes: &[u8]) -> Result<Lorebook, WorldInfoError> {
    if bytes.len() > MAX_WORLD_BYTES {
        return Err(WorldInfoError::TooLarge);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| WorldInfoError::NotText)?;
    let value: Value = serde_json::from_str(text.trim_start_matches('\u{feff}'))
        .map_err(|e| WorldInfoError::Json(e.to_string()))?;
    book_from_value(&value, false)
}

/// A character card's embedded book, read as SillyTavern reads it: a field of the wrong type
/// is unset and an entry that cannot be read is left out, so a card with an odd book still
/// imports. No book: an empty one.
pub fn book_from_card(value: &Value) -> Lorebook {
    book_from_value(value, true).unwrap_or_else(|_| Lorebook {
        token_budget: 2048,
        ..Lorebook::named("", "")
    })
}

/// A book from its JSON value: SillyTavern's World Info or a card's `character_book`.
fn book_from_value(value: &Value, lenient: bool) -> Result<Lorebook, WorldInfoError> {
    let Some(root) = value.as_object() else {
        return Err(WorldInfoError::NoEntries);
    };
    let raw_entries: Vec<(String, &Value)> = match root.get("entries") {
        Some(Value::Object(map)) => map.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Some(Value::Array(list)) => list
            .iter()
            .enumerate()
            .map(|(i, v)| ((i + 1).to_string(), v))
            .collect(),
        _ => return Err(WorldInfoError::NoEntries),
    };
    if raw_entries.len() > MAX_ENTRIES {
        return Err(WorldInfoError::TooMany);
    }
    let book = Fields {
        label: "(the book)".into(),
        raw: root,
        lenient,
    };
    let mut entries = Vec::with_capacity(raw_entries.len());
    for (key, raw) in raw_entries {
        match entry_from_value(&key, raw, lenient) {
            Ok(entry) => entries.push(entry),
            Err(_) if lenient => {}
            Err(err) => return Err(err),
        }
    }
    // SillyTavern's editor order.
    entries.sort_by_key(|(display, _)| *display);
    let extra: Map<String, Value> = root
        .iter()
        .filter(|(k, _)| !BOOK_FIELDS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    Ok(Lorebook {
        id: String::new(),
        name: book.text("name")?,
        description: book.text("description")?,
        entries: entries.into_iter().map(|(_, e)| e).collect(),
        token_budget: book
            .number("token_budget")?
            .filter(|n| *n > 0.0)
            .map_or(2048, |n| n.min(10_000_000.0) as u64),
        scan_depth: book
            .number("scan_depth")?
            .filter(|n| *n > 0.0)
            .map_or(2, clamp_usize),
        recursive: book.flag("recursive_scanning")?.unwrap_or(false),
        extra,
    })
}

/// One entry, with where SillyTavern's editor shows it.
fn entry_from_value(
    key: &str,
    raw: &Value,
    lenient: bool,
) -> Result<(i64, PromptInjection), WorldInfoError> {
    let Some(object) = raw.as_object() else {
        return Err(WorldInfoError::Field {
            entry: key.to_owned(),
            field: "entry",
            expected: Expected::Object,
        });
    };
    let card_style = object.contains_key("keys") || object.contains_key("insertion_order");
    if card_style {
        return card_entry(key, object, lenient);
    }
    let fields = Fields {
        label: key.to_owned(),
        raw: object,
        lenient,
    };
    let comment = fields.text("comment")?;
    let unnamed = comment.trim().is_empty();
    let name = if unnamed {
        format!("entry {key}")
    } else {
        comment
    };
    let keys = fields.list("key")?;
    let case_sensitive = fields.flag("caseSensitive")?.unwrap_or(false);
    check_patterns(&name, &keys)?;
    let secondary = fields.list("keysecondary")?;
    check_patterns(&name, &secondary)?;
    let depth = fields.number("depth")?.map_or(4, clamp_usize);
    let position = st_position(fields.number("position")?, depth)
        .unwrap_or(InjectionPosition::AfterSystemPrompt);
    let role = st_role(fields.number("role")?);
    let order = fields.number("order")?.map_or(100, clamp_i32);
    let use_probability = fields.flag("useProbability")?.unwrap_or(true);
    let probability = fields
        .number("probability")?
        .map_or(100, |p| p.clamp(0.0, 100.0) as u8);
    let selective = fields.flag("selective")?.unwrap_or(true);
    let logic = st_logic(fields.number("selectiveLogic")?);
    let mut extra: Map<String, Value> = object
        .iter()
        .filter(|(k, _)| !ENTRY_FIELDS.contains(&k.as_str()))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    let display = extra
        .get("displayIndex")
        .and_then(Value::as_i64)
        .or_else(|| fields.number("uid").ok().flatten().map(|n| n as i64))
        .unwrap_or(0);
    // Keep what export cannot rebuild: an unselective entry's secondary keys, a depth that
    // is not used by its position, a probability that is switched off.
    // An unselective entry ignores its secondary keys: they are kept, not used.
    let secondary = if selective {
        secondary
    } else {
        extra.insert("selective".into(), Value::Bool(false));
        extra.insert("keysecondary".into(), json!(secondary));
        Vec::new()
    };
    if !matches!(position, InjectionPosition::AtDepth(_)) {
        extra.insert("depth".into(), json!(depth));
    }
    if !use_probability {
        extra.insert("useProbability".into(), Value::Bool(false));
        extra.insert("probability".into(), json!(probability));
    }
    if let Some(uid) = object.get("uid") {
        extra.insert("uid".into(), uid.clone());
    }
    if unnamed {
        extra.insert(GENERATED_NAME.into(), json!(name));
    }
    let entry = PromptInjection {
        priority: order,
        order,
        secondary_keys: secondary,
        logic,
        enabled: !fields.flag("disable")?.unwrap_or(false),
        probability: if use_probability { probability } else { 100 },
        scan_depth: fields.number("scanDepth")?.map(clamp_usize),
        role,
        whole_words: fields.flag("matchWholeWords")?.unwrap_or(false),
        exclude_recursion: fields.flag("excludeRecursion")?.unwrap_or(false),
        prevent_recursion: fields.flag("preventRecursion")?.unwrap_or(false),
        extra,
        ..PromptInjection::new(
            &name,
            &fields.text("content")?,
            trigger(fields.flag("constant")?, keys, case_sensitive),
            position,
        )
    };
    Ok((display, entry))
}

/// A constant entry fires always; another on its keys.
fn trigger(constant: Option<bool>, words: Vec<String>, case_sensitive: bool) -> InjectionTrigger {
    if constant == Some(true) {
        InjectionTrigger::Always
    } else {
        InjectionTrigger::Keywords {
            words,
            case_sensitive,
        }
    }
}

/// SillyTavern's position number (0 before the character … 6 after the examples; 4 at
/// `depth`); `None` for none or one Skein does not know.
fn st_position(number: Option<f64>, depth: usize) -> Option<InjectionPosition> {
    Some(match number.map(|n| n as i64)? {
        0 => InjectionPosition::BeforeSystemPrompt,
        1 => InjectionPosition::AfterSystemPrompt,
        2 => InjectionPosition::AuthorsNoteTop,
        3 => InjectionPosition::AuthorsNoteBottom,
        4 => InjectionPosition::AtDepth(depth),
        5 => InjectionPosition::ExamplesTop,
        6 => InjectionPosition::ExamplesBottom,
        _ => return None,
    })
}

/// SillyTavern's role number (0 system, 1 user, 2 assistant).
fn st_role(number: Option<f64>) -> Option<Role> {
    match number.map(|n| n as i64)? {
        0 => Some(Role::System),
        1 => Some(Role::User),
        2 => Some(Role::Assistant),
        _ => None,
    }
}

/// SillyTavern's `selectiveLogic` (0 AND ANY, 1 NOT ALL, 2 NOT ANY, 3 AND ALL).
fn st_logic(number: Option<f64>) -> SecondaryLogic {
    match number.map(|n| n as i64) {
        Some(1) => SecondaryLogic::NotAll,
        Some(2) => SecondaryLogic::NotAny,
        Some(3) => SecondaryLogic::AndAll,
        _ => SecondaryLogic::AndAny,
    }
}

/// Compiles `book`, a broken pattern refused in the words of a World Info error (naming its
/// entry).
pub fn compile_book(book: &Lorebook) -> Result<CompiledLorebook, WorldInfoError> {
    CompiledLorebook::compile(book).map_err(|err| match err {
        RuleError::InvalidPattern { name, message } => WorldInfoError::Pattern {
            entry: name,
            message,
        },
    })
}

/// Keys written as regex literals must compile (a broken one is refused at import, naming its
/// entry, rather than failing every later request).
fn check_patterns(entry: &str, keys: &[String]) -> Result<(), WorldInfoError> {
    for key in keys {
        if let Some(pattern) = regex_literal(key.trim()) {
            regex_lite::Regex::new(&pattern).map_err(|e| WorldInfoError::Pattern {
                entry: entry.to_owned(),
                message: e.to_string(),
            })?;
        }
    }
    Ok(())
}

/// A character card's book entry (V2 field names; SillyTavern keeps its own settings in the
/// entry's `extensions`).
fn card_entry(
    key: &str,
    object: &Map<String, Value>,
    lenient: bool,
) -> Result<(i64, PromptInjection), WorldInfoError> {
    let fields = Fields {
        label: key.to_owned(),
        raw: object,
        lenient,
    };
    let empty = Map::new();
    let extensions = Fields {
        label: key.to_owned(),
        lenient,
        raw: object
            .get("extensions")
            .and_then(Value::as_object)
            .unwrap_or(&empty),
    };
    let name = [fields.text("name")?, fields.text("comment")?]
        .into_iter()
        .find(|n| !n.trim().is_empty())
        .unwrap_or_else(|| format!("entry {key}"));
    let keys = fields.list("keys")?;
    let secondary = fields.list("secondary_keys")?;
    let use_regex = fields.flag("use_regex")?.unwrap_or(false);
    // A card's regex entry: every key is a pattern (written bare or as a literal).
    let keys: Vec<String> = if use_regex {
        keys.into_iter()
            .map(|k| {
                if regex_literal(&k).is_some() {
                    k
                } else {
                    format!("/{k}/")
                }
            })
            .collect()
    } else {
        keys
    };
    check_patterns(&name, &keys)?;
    check_patterns(&name, &secondary)?;
    let case_sensitive = fields
        .flag("case_sensitive")?
        .or(extensions.flag("case_sensitive")?)
        .unwrap_or(false);
    let depth = extensions.number("depth")?.map_or(4, clamp_usize);
    let position = match st_position(extensions.number("position")?, depth) {
        Some(position) => position,
        None if fields.text("position")? == "before_char" => InjectionPosition::BeforeSystemPrompt,
        None => InjectionPosition::AfterSystemPrompt,
    };
    let role = st_role(extensions.number("role")?);
    let order = fields.number("insertion_order")?.map_or(100, clamp_i32);
    let use_probability = extensions.flag("useProbability")?.unwrap_or(true);
    let probability = extensions
        .number("probability")?
        .map_or(100, |p| p.clamp(0.0, 100.0) as u8);
    let selective = fields.flag("selective")?.unwrap_or(true);
    let logic = st_logic(extensions.number("selectiveLogic")?);
    let display = extensions
        .number("display_index")?
        .or(fields.number("id")?)
        .map_or(0, |n| n as i64);
    // Character Card V3: decorator lines (`@@depth 1`) open the content; they are applied
    // here and never sent to the model.
    let (decorators, content) = Decorators::read(&fields.text("content")?);
    let position = decorators
        .depth
        .map_or(position, InjectionPosition::AtDepth);
    let role = decorators.role.or(role);
    let constant = match decorators.activate {
        Some(activate) => Some(activate),
        None => fields.flag("constant")?,
    };
    let enabled = fields.flag("enabled")?.unwrap_or(true) && !decorators.never;
    let entry = PromptInjection {
        // The card's priority decides the budget when set; else the insertion order.
        priority: fields.number("priority")?.map_or(order, clamp_i32),
        order,
        secondary_keys: if selective { secondary } else { Vec::new() },
        logic,
        enabled,
        probability: if use_probability { probability } else { 100 },
        scan_depth: decorators
            .scan_depth
            .or(extensions.number("scan_depth")?.map(clamp_usize)),
        role,
        whole_words: extensions.flag("match_whole_words")?.unwrap_or(false),
        exclude_recursion: extensions.flag("exclude_recursion")?.unwrap_or(false),
        prevent_recursion: extensions.flag("prevent_recursion")?.unwrap_or(false),
        extra: Map::new(),
        ..PromptInjection::new(
            &name,
            &content,
            trigger(constant, keys, case_sensitive),
            position,
        )
    };
    Ok((display, entry))
}

/// The book as a SillyTavern World Info file: entries keyed by their index, every field
/// SillyTavern reads, and the fields of the imported file Skein does not use.
pub fn write_world_info(book: &Lorebook) -> String {
    let mut entries = Map::new();
    for (index, entry) in book.entries.iter().enumerate() {
        entries.insert(index.to_string(), Value::Object(entry_value(index, entry)));
    }
    let mut root = book.extra.clone();
    if !book.name.is_empty() {
        root.insert("name".into(), json!(book.name));
    }
    if !book.description.is_empty() {
        root.insert("description".into(), json!(book.description));
    }
    root.insert("scan_depth".into(), json!(book.scan_depth));
    root.insert("token_budget".into(), json!(book.token_budget));
    root.insert("recursive_scanning".into(), json!(book.recursive));
    root.insert("entries".into(), Value::Object(entries));
    Value::Object(root).to_string()
}

/// The name Skein gave an entry that came without a comment (kept in its `extra`, never
/// written to a file).
const GENERATED_NAME: &str = "skein_generated_name";

fn entry_value(index: usize, entry: &PromptInjection) -> Map<String, Value> {
    let mut out = entry.extra.clone();
    out.remove(GENERATED_NAME);
    let (keys, case_sensitive, constant) = match &entry.trigger {
        InjectionTrigger::Always => (Vec::new(), None, true),
        InjectionTrigger::Keywords {
            words,
            case_sensitive,
        } => (words.clone(), Some(*case_sensitive), false),
        InjectionTrigger::Regex { pattern } => (vec![format!("/{pattern}/")], Some(true), false),
    };
    let (position, depth) = match entry.position {
        InjectionPosition::BeforeSystemPrompt | InjectionPosition::TopOfChat => (0, None),
        InjectionPosition::AfterSystemPrompt | InjectionPosition::BeforeLastUserMessage => {
            (1, None)
        }
        InjectionPosition::AuthorsNoteTop => (2, None),
        InjectionPosition::AuthorsNoteBottom => (3, None),
        InjectionPosition::AtDepth(depth) => (4, Some(depth)),
        InjectionPosition::ExamplesTop => (5, None),
        InjectionPosition::ExamplesBottom => (6, None),
    };
    let logic = match entry.logic {
        SecondaryLogic::AndAny => 0,
        SecondaryLogic::NotAll => 1,
        SecondaryLogic::NotAny => 2,
        SecondaryLogic::AndAll => 3,
    };
    let role = match entry.role {
        None => Value::Null,
        Some(Role::System) => json!(0),
        Some(Role::User) => json!(1),
        Some(Role::Assistant) => json!(2),
    };
    let mut put = |key: &str, value: Value| {
        out.insert(key.to_owned(), value);
    };
    if !entry.extra.contains_key("uid") {
        put("uid", json!(index));
    }
    put("key", json!(keys));
    if !entry.extra.contains_key("selective") {
        put("keysecondary", json!(entry.secondary_keys));
    }
    // An entry that had no comment is shown as "entry N" and written back without one (unless
    // the user named it since).
    let comment = if entry.extra.get(GENERATED_NAME) == Some(&json!(entry.name)) {
        ""
    } else {
        entry.name.as_str()
    };
    put("comment", json!(comment));
    put("content", json!(entry.content));
    put("constant", json!(constant));
    if !entry.extra.contains_key("selective") {
        put("selective", json!(true));
    }
    put("selectiveLogic", json!(logic));
    put("order", json!(entry.order));
    put("position", json!(position));
    if let Some(depth) = depth {
        put("depth", json!(depth));
    } else if !entry.extra.contains_key("depth") {
        put("depth", json!(4));
    }
    put("role", role);
    put("disable", json!(!entry.enabled));
    if !entry.extra.contains_key("useProbability") {
        put("useProbability", json!(true));
        put("probability", json!(entry.probability));
    }
    put("scanDepth", json!(entry.scan_depth));
    put("caseSensitive", json!(case_sensitive));
    put("matchWholeWords", json!(entry.whole_words));
    put("excludeRecursion", json!(entry.exclude_recursion));
    put("preventRecursion", json!(entry.prevent_recursion));
    if !entry.extra.contains_key("displayIndex") {
        put("displayIndex", json!(index));
    }
    out
}

#[cfg(test)]
#[path = "world_info_tests.rs"]
mod tests;
