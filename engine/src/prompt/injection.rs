//! Prompt injections (seed 000 §4, `PromptInjectionTransformer`): assistant modes and lorebook
//! (world book) entries inserted into the request when their keys match.
//!
//! An entry fires always (a constant entry), or when one of its keys is found in the last
//! [`Lorebook::scan_depth`] messages (or the entry's own scan depth): a word (case-insensitive
//! unless the entry says otherwise, optionally whole words only) or a regular expression
//! written as SillyTavern writes them (`/mount(ain)?/i`). Secondary keys then decide with the
//! entry's [`SecondaryLogic`]. A recursive book also scans the text of the entries that fired
//! for further keys (an entry may refuse to be found that way, or to find others). An entry
//! with a probability below 100 fires on a roll that is the same for the same request (see
//! [`CompiledLorebook::activate`]). Fired entries are taken by priority while their estimated
//! tokens fit the book's budget, and inserted at their position in their insertion order.
//! Every firing says why ([`Why`]), for the prompt inspector. Inserted messages are
//! request-only; nothing stored changes.
//!
//! Patterns are compiled by `regex_lite`, whose matching time is linear in the text: a
//! pattern from an untrusted file cannot backtrack forever.

use super::PromptRequest;
use crate::domain::message::{MessageNode, Role};
use crate::i18n::{LocaleRules, Localizer};
use crate::prompt::regex_rules::{compile_pattern, RuleError};
use crate::prompt::token_estimate::estimate_tokens;
use regex_lite::Regex;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use std::collections::HashMap;

/// How many times a recursive book scans the entries that fired for further keys.
pub const MAX_RECURSION: usize = 3;
/// The depth SillyTavern's author's note is inserted at; entries placed around it go there.
pub const AUTHORS_NOTE_DEPTH: usize = 4;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum InjectionTrigger {
    Always,
    Keywords {
        words: Vec<String>,
        #[serde(default)]
        case_sensitive: bool,
    },
    Regex {
        pattern: String,
    },
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "at", content = "depth", rename_all = "snake_case")]
pub enum InjectionPosition {
    BeforeSystemPrompt,
    AfterSystemPrompt,
    TopOfChat,
    BeforeLastUserMessage,
    AtDepth(usize),
    /// Around SillyTavern's author's note: Skein has none, so these go where it would be
    /// (`AUTHORS_NOTE_DEPTH`, 4), the top ones first.
    AuthorsNoteTop,
    AuthorsNoteBottom,
    /// Around the character's example dialogue, which ends a character's definition in the
    /// system prompt: after the system prompt.
    ExamplesTop,
    ExamplesBottom,
}

/// How an entry's secondary keys decide once a primary key matched (SillyTavern's
/// `selectiveLogic` 0–3).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SecondaryLogic {
    /// Any secondary key matches too.
    #[default]
    AndAny,
    /// Not every secondary key matches.
    NotAll,
    /// No secondary key matches.
    NotAny,
    /// Every secondary key matches too.
    AndAll,
}

fn yes() -> bool {
    true
}

fn certain() -> u8 {
    100
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct PromptInjection {
    pub name: String,
    pub content: String,
    pub trigger: InjectionTrigger,
    pub position: InjectionPosition,
    /// Higher first when the budget cannot take every fired entry.
    #[serde(default)]
    pub priority: i32,
    /// Among entries at the same place, lower first.
    #[serde(default)]
    pub order: i32,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub secondary_keys: Vec<String>,
    #[serde(default)]
    pub logic: SecondaryLogic,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// The chance in percent that the entry fires when its keys match (100: always).
    #[serde(default = "certain")]
    pub probability: u8,
    /// Scans this many recent messages instead of the book's number.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub scan_depth: Option<usize>,
    /// Who an entry inserted among the messages speaks as (system when unset).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Role>,
    /// Keys match whole words only.
    #[serde(default)]
    pub whole_words: bool,
    /// Not found through other entries' text (recursion).
    #[serde(default)]
    pub exclude_recursion: bool,
    /// Its text does not make other entries fire (recursion).
    #[serde(default)]
    pub prevent_recursion: bool,
    /// Fields of an imported entry Skein does not use, written back on export.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

impl PromptInjection {
    /// An enabled entry with the given trigger and position and every other setting at its
    /// default.
    pub fn new(
        name: &str,
        content: &str,
        trigger: InjectionTrigger,
        position: InjectionPosition,
    ) -> Self {
        Self {
            name: name.to_owned(),
            content: content.to_owned(),
            trigger,
            position,
            priority: 0,
            order: 0,
            secondary_keys: Vec::new(),
            logic: SecondaryLogic::default(),
            enabled: true,
            probability: 100,
            scan_depth: None,
            role: None,
            whole_words: false,
            exclude_recursion: false,
            prevent_recursion: false,
            extra: Map::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Lorebook {
    /// The ID of a stored world book (empty for an assistant's own).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub name: String,
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub description: String,
    pub entries: Vec<PromptInjection>,
    /// The most estimated tokens all fired entries may add together.
    pub token_budget: u64,
    /// How many of the most recent messages are scanned for triggers.
    pub scan_depth: usize,
    /// The text of fired entries is scanned for further keys.
    #[serde(default)]
    pub recursive: bool,
    /// Fields of an imported book Skein does not use, written back on export.
    #[serde(default, skip_serializing_if = "Map::is_empty")]
    pub extra: Map<String, Value>,
}

impl Lorebook {
    /// An empty book with SillyTavern's usual settings.
    pub fn named(id: &str, name: &str) -> Self {
        Self {
            id: id.to_owned(),
            name: name.to_owned(),
            description: String::new(),
            entries: Vec::new(),
            token_budget: 2048,
            scan_depth: 2,
            recursive: false,
            extra: Map::new(),
        }
    }
}

/// Where a key was found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FoundIn {
    /// In a message of the request, counted from its end (0: the last message).
    Message(usize),
    /// In the text of the entry with this name, which fired before (recursion).
    Entry(String),
}

/// Why an entry fired.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Why {
    /// A constant entry (or an assistant mode that is always on).
    Always,
    Key {
        key: String,
        found_in: FoundIn,
        /// The secondary keys' verdict, when the entry has secondary keys.
        secondary: Option<SecondaryMatch>,
    },
}

/// How the secondary keys let an entry fire: by `logic`, over `keys` (those found for
/// [`SecondaryLogic::AndAny`] and [`SecondaryLogic::AndAll`], all of them for the others).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SecondaryMatch {
    pub logic: SecondaryLogic,
    pub keys: Vec<String>,
}

impl Why {
    /// The reason in words of the interface language, for the prompt inspector.
    pub fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        match self {
            Why::Always => words.text("lore-why-always").to_owned(),
            Why::Key {
                key,
                found_in,
                secondary,
            } => {
                let place = match found_in {
                    FoundIn::Message(0) => words.text("lore-place-last").to_owned(),
                    FoundIn::Message(1) => words.text("lore-place-before-last").to_owned(),
                    FoundIn::Message(back) => {
                        words.format("lore-place-back", &[("n", (back + 1).into())], rules)
                    }
                    FoundIn::Entry(name) => {
                        words.format("lore-place-entry", &[("name", name.into())], rules)
                    }
                };
                match secondary {
                    None => words.format(
                        "lore-why-key",
                        &[("key", key.into()), ("place", place.into())],
                        rules,
                    ),
                    Some(secondary) => words.format(
                        "lore-why-key-and",
                        &[
                            ("key", key.into()),
                            ("place", place.into()),
                            ("secondary", secondary.words(words, rules).into()),
                        ],
                        rules,
                    ),
                }
            }
        }
    }
}

impl SecondaryMatch {
    fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        let id = match self.logic {
            SecondaryLogic::AndAny => "lore-secondary-any",
            SecondaryLogic::AndAll => "lore-secondary-all",
            SecondaryLogic::NotAll => "lore-secondary-not-all",
            SecondaryLogic::NotAny => "lore-secondary-none",
        };
        let quoted: Vec<String> = self
            .keys
            .iter()
            .map(|k| words.format("quoted", &[("text", k.into())], rules))
            .collect();
        let keys = rules.list(&quoted);
        words.format(id, &[("keys", keys.into())], rules)
    }
}

/// An entry that fired, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Firing {
    pub entry: PromptInjection,
    pub why: Why,
}

/// Why an entry whose keys matched was left out.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Skipped {
    /// Its probability roll failed: (roll, probability).
    Chance(u8, u8),
    /// The book's token budget was spent on entries of higher priority.
    Budget,
}

/// What a book did for one request.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Activation {
    /// The entries inserted, in insertion order.
    pub fired: Vec<Firing>,
    /// Entries whose keys matched but which were left out, by name.
    pub skipped: Vec<(String, Skipped)>,
}

#[derive(Debug)]
enum Key {
    Word(String),
    Pattern(String, Regex),
}

impl Key {
    fn text(&self) -> &str {
        match self {
            Key::Word(word) | Key::Pattern(word, _) => word,
        }
    }
}

#[derive(Debug)]
struct CompiledEntry {
    always: bool,
    primary: Vec<Key>,
    secondary: Vec<Key>,
    case_sensitive: bool,
    entry: PromptInjection,
}

/// A lorebook with its patterns compiled.
#[derive(Debug)]
pub struct CompiledLorebook {
    /// The book's name, for the prompt inspector.
    pub name: String,
    entries: Vec<CompiledEntry>,
    token_budget: u64,
    scan_depth: usize,
    recursive: bool,
}

/// A key as written: a JavaScript regex literal (`/pattern/flags`) becomes a pattern (its `i`,
/// `m`, `s` flags inline; `g`, `u`, `y`, `d` change nothing for a match test); anything else is
/// a word.
pub fn regex_literal(key: &str) -> Option<String> {
    let (pattern, flags) = key.strip_prefix('/')?.rsplit_once('/')?;
    if pattern.is_empty() || !flags.chars().all(|f| "gimsuyd".contains(f)) {
        return None;
    }
    let inline: String = flags.chars().filter(|f| "ims".contains(*f)).collect();
    Some(if inline.is_empty() {
        format!("(?:{pattern})")
    } else {
        format!("(?{inline}:{pattern})")
    })
}

fn compile_keys(name: &str, words: &[String], case_sensitive: bool) -> Result<Vec<Key>, RuleError> {
    words
        .iter()
        .map(|w| w.trim())
        .filter(|w| !w.is_empty())
        .map(|word| match regex_literal(word) {
            // The entry's case setting applies to its patterns too (SillyTavern's
            // `caseSensitive: false` matches `/dragon/` in "Dragon").
            Some(pattern) => Ok(Key::Pattern(
                word.to_owned(),
                compile_pattern(
                    name,
                    &if case_sensitive {
                        pattern
                    } else {
                        format!("(?i:{pattern})")
                    },
                )?,
            )),
            None if case_sensitive => Ok(Key::Word(word.to_owned())),
            None => Ok(Key::Word(word.to_lowercase())),
        })
        .collect()
}

/// Whether `word` occurs in `text` (both already in the same case), as a whole word when
/// `whole` (no letter, digit or `_` on either side).
fn contains_word(text: &str, word: &str, whole: bool) -> bool {
    if !whole {
        return text.contains(word);
    }
    let is_word = |c: char| c.is_alphanumeric() || c == '_';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_word) && !after.is_some_and(is_word)
    })
}

/// A scanned text in both cases.
struct Scanned {
    text: String,
    lowered: String,
}

impl Scanned {
    fn new(text: String) -> Self {
        let lowered = text.to_lowercase();
        Self { text, lowered }
    }
}

impl CompiledEntry {
    fn matches(&self, key: &Key, scanned: &Scanned) -> bool {
        match key {
            Key::Pattern(_, regex) => regex.is_match(&scanned.text),
            Key::Word(word) => {
                let text = if self.case_sensitive {
                    &scanned.text
                } else {
                    &scanned.lowered
                };
                contains_word(text, word, self.entry.whole_words)
            }
        }
    }

    /// The first primary key found in `scanned`.
    fn primary_in(&self, scanned: &Scanned) -> Option<&Key> {
        self.primary.iter().find(|key| self.matches(key, scanned))
    }

    /// The secondary keys' verdict over `scanned`: `None` when they rule the entry out, else
    /// why it may fire (`Some(None)` without secondary keys).
    fn secondary_verdict(&self, scanned: &Scanned) -> Option<Option<SecondaryMatch>> {
        if self.secondary.is_empty() {
            return Some(None);
        }
        let found: Vec<String> = self
            .secondary
            .iter()
            .filter(|key| self.matches(key, scanned))
            .map(|key| key.text().to_owned())
            .collect();
        let all = found.len() == self.secondary.len();
        let listed = || self.secondary.iter().map(|k| k.text().to_owned()).collect();
        let logic = self.entry.logic;
        let keys = match logic {
            SecondaryLogic::AndAny if !found.is_empty() => found,
            SecondaryLogic::AndAll if all => found,
            SecondaryLogic::NotAll if !all => listed(),
            SecondaryLogic::NotAny if found.is_empty() => listed(),
            _ => return None,
        };
        Some(Some(SecondaryMatch { logic, keys }))
    }
}

/// The text of the last `depth` messages together, made once per depth.
fn last<'c>(
    cache: &'c mut HashMap<usize, Scanned>,
    texts: &[Scanned],
    depth: usize,
) -> &'c Scanned {
    cache.entry(depth).or_insert_with(|| {
        Scanned::new(
            texts[texts.len() - depth..]
                .iter()
                .map(|t| t.text.as_str())
                .collect::<Vec<_>>()
                .join("\n"),
        )
    })
}

/// A roll from 1 to 100 for `name` in the request `seed` stands for: the same request rolls
/// the same (FNV-1a), the next one differently.
pub(crate) fn roll(seed: u64, name: &str) -> u8 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325 ^ seed;
    for byte in name.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash % 100) as u8 + 1
}

/// A seed for the rolls of one request: its conversation and how many messages it has.
pub fn request_seed(messages: &[MessageNode]) -> u64 {
    let id = messages.first().map_or("", |m| m.conversation_id.as_str());
    text_seed(id, messages.len() as u64)
}

/// A seed from `text` (a message's ID) and `start`.
pub(crate) fn text_seed(text: &str, start: u64) -> u64 {
    text.bytes().fold(start, |seed, byte| {
        (seed ^ u64::from(byte)).wrapping_mul(0x0100_0000_01b3)
    })
}

impl CompiledLorebook {
    pub fn compile(lorebook: &Lorebook) -> Result<Self, RuleError> {
        let entries = lorebook
            .entries
            .iter()
            .filter(|entry| entry.enabled)
            .map(|entry| {
                let name = &entry.name;
                let (always, primary, case_sensitive) = match &entry.trigger {
                    InjectionTrigger::Always => (true, Vec::new(), false),
                    InjectionTrigger::Keywords {
                        words,
                        case_sensitive,
                    } => (
                        false,
                        compile_keys(name, words, *case_sensitive)?,
                        *case_sensitive,
                    ),
                    InjectionTrigger::Regex { pattern } => (
                        false,
                        vec![Key::Pattern(
                            pattern.clone(),
                            compile_pattern(name, pattern)?,
                        )],
                        true,
                    ),
                };
                Ok(CompiledEntry {
                    always,
                    secondary: compile_keys(name, &entry.secondary_keys, case_sensitive)?,
                    primary,
                    case_sensitive,
                    entry: entry.clone(),
                })
            })
            .collect::<Result<_, RuleError>>()?;
        Ok(Self {
            name: lorebook.name.clone(),
            entries,
            token_budget: lorebook.token_budget,
            scan_depth: lorebook.scan_depth,
            recursive: lorebook.recursive,
        })
    }

    /// Where entry `entry` looks for its keys: the messages in its scan depth (newest first,
    /// with their index), and their text together.
    fn depth(&self, entry: &CompiledEntry, messages: usize) -> usize {
        entry
            .entry
            .scan_depth
            .unwrap_or(self.scan_depth)
            .min(messages)
    }

    /// The entries that fire for `messages` with the rolls of `seed`, and those left out.
    pub fn activate(&self, messages: &[MessageNode], seed: u64) -> Activation {
        let mut activation = Activation::default();
        // (entry index, why), in the order found.
        let mut found: Vec<(usize, Why)> = Vec::new();
        // Texts of fired entries that recursion scans: (entry name, text).
        let mut recursed: Vec<(String, Scanned)> = Vec::new();
        let mut pending: Vec<usize> = Vec::new();
        // Each message in both cases once, and the last N together once per N asked for.
        let texts: Vec<Scanned> = messages.iter().map(|m| Scanned::new(m.text())).collect();
        let mut joined: HashMap<usize, Scanned> = HashMap::new();
        for (index, entry) in self.entries.iter().enumerate() {
            if entry.always {
                found.push((index, Why::Always));
                continue;
            }
            let depth = self.depth(entry, texts.len());
            let hit = (texts.len() - depth..texts.len()).rev().find_map(|at| {
                entry
                    .primary_in(&texts[at])
                    .map(|key| (key.text().to_owned(), texts.len() - 1 - at))
            });
            match hit {
                Some((key, at)) => {
                    if let Some(secondary) =
                        entry.secondary_verdict(last(&mut joined, &texts, depth))
                    {
                        found.push((
                            index,
                            Why::Key {
                                key,
                                found_in: FoundIn::Message(at),
                                secondary,
                            },
                        ));
                    }
                }
                None => pending.push(index),
            }
        }
        if self.recursive {
            let mut fresh: Vec<usize> = found.iter().map(|(i, _)| *i).collect();
            for _ in 0..MAX_RECURSION {
                recursed.extend(
                    fresh
                        .iter()
                        .map(|i| &self.entries[*i].entry)
                        .filter(|e| !e.prevent_recursion)
                        .map(|e| (e.name.clone(), Scanned::new(e.content.clone()))),
                );
                fresh.clear();
                pending.retain(|&index| {
                    let entry = &self.entries[index];
                    if entry.entry.exclude_recursion {
                        return true;
                    }
                    let hit = recursed.iter().find_map(|(name, scanned)| {
                        entry
                            .primary_in(scanned)
                            .map(|key| (key.text().to_owned(), name.clone()))
                    });
                    let Some((key, from)) = hit else { return true };
                    let depth = self.depth(entry, texts.len());
                    let mut context = last(&mut joined, &texts, depth).text.clone();
                    for (_, text) in &recursed {
                        context.push('\n');
                        context.push_str(&text.text);
                    }
                    match entry.secondary_verdict(&Scanned::new(context)) {
                        Some(secondary) => {
                            found.push((
                                index,
                                Why::Key {
                                    key,
                                    found_in: FoundIn::Entry(from),
                                    secondary,
                                },
                            ));
                            fresh.push(index);
                            false
                        }
                        None => true,
                    }
                });
                if fresh.is_empty() {
                    break;
                }
            }
        }
        // Chance, then priority within the budget, then insertion order.
        let mut kept: Vec<(usize, Why)> = Vec::new();
        for (index, why) in found {
            let entry = &self.entries[index].entry;
            let rolled = roll(seed, &entry.name);
            if entry.probability < 100 && rolled > entry.probability {
                activation.skipped.push((
                    entry.name.clone(),
                    Skipped::Chance(rolled, entry.probability),
                ));
            } else {
                kept.push((index, why));
            }
        }
        kept.sort_by_key(|(index, _)| std::cmp::Reverse(self.entries[*index].entry.priority));
        let mut spent = 0;
        kept.retain(|(index, _)| {
            let entry = &self.entries[*index].entry;
            let cost = estimate_tokens(&entry.content);
            if spent + cost > self.token_budget {
                activation
                    .skipped
                    .push((entry.name.clone(), Skipped::Budget));
                return false;
            }
            spent += cost;
            true
        });
        kept.sort_by_key(|(index, _)| self.entries[*index].entry.order);
        activation.fired = kept
            .into_iter()
            .map(|(index, why)| Firing {
                entry: self.entries[index].entry.clone(),
                why,
            })
            .collect();
        activation
    }

    /// The entries that fire for `messages`, in insertion order, within the budget (the rolls
    /// of this request); the tests' shorthand for [`activate`](Self::activate).
    #[cfg(test)]
    pub fn fired(&self, messages: &[MessageNode]) -> Vec<PromptInjection> {
        self.activate(messages, request_seed(messages))
            .fired
            .into_iter()
            .map(|f| f.entry)
            .collect()
    }

    /// Inserts the fired entries into `request`; returns what fired and what was left out.
    pub fn apply(&self, request: &mut PromptRequest) -> Activation {
        let activation = self.activate(&request.messages, request_seed(&request.messages));
        insert(request, activation.fired.iter().map(|f| &f.entry));
        activation
    }
}

/// Puts `entries` at their positions in `request`, in the order given.
fn insert<'e>(request: &mut PromptRequest, entries: impl Iterator<Item = &'e PromptInjection>) {
    let conversation_id = request
        .messages
        .first()
        .map(|m| m.conversation_id.clone())
        .unwrap_or_default();
    let mut before_system = Vec::new();
    let mut after_system = Vec::new();
    // (index in the original message list, message); inserted back to front so earlier
    // indices stay valid.
    let mut inserts: Vec<(usize, MessageNode)> = Vec::new();
    let len = request.messages.len();
    for entry in entries {
        let note = || {
            MessageNode::new(
                &format!("injection:{}", entry.name),
                &conversation_id,
                entry.role.unwrap_or(Role::System),
                0.0,
            )
            .with_text(&entry.content)
        };
        match entry.position {
            InjectionPosition::BeforeSystemPrompt => before_system.push(entry.content.clone()),
            InjectionPosition::AfterSystemPrompt
            | InjectionPosition::ExamplesTop
            | InjectionPosition::ExamplesBottom => after_system.push(entry.content.clone()),
            InjectionPosition::TopOfChat => inserts.push((0, note())),
            InjectionPosition::BeforeLastUserMessage => {
                let at = request
                    .messages
                    .iter()
                    .rposition(|m| m.role == Role::User)
                    .unwrap_or(len);
                inserts.push((at, note()));
            }
            InjectionPosition::AtDepth(depth) => {
                inserts.push((len.saturating_sub(depth), note()));
            }
            InjectionPosition::AuthorsNoteTop | InjectionPosition::AuthorsNoteBottom => {
                inserts.push((len.saturating_sub(AUTHORS_NOTE_DEPTH), note()));
            }
        }
    }
    let mut system: Vec<String> = before_system;
    if !request.system.is_empty() {
        system.push(std::mem::take(&mut request.system));
    }
    system.extend(after_system);
    request.system = system.join("\n\n");
    // Stable: entries at the same index keep their order.
    inserts.sort_by_key(|(at, _)| std::cmp::Reverse(*at));
    let mut grouped: Vec<(usize, Vec<MessageNode>)> = Vec::new();
    for (at, message) in inserts {
        match grouped.last_mut() {
            Some((index, group)) if *index == at => group.push(message),
            _ => grouped.push((at, vec![message])),
        }
    }
    for (at, group) in grouped {
        request.messages.splice(at..at, group);
    }
}

#[cfg(test)]
#[path = "injection_tests.rs"]
mod tests;
