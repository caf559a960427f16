//! Chat dictionaries (seed 002): keyword and regex replacement rules applied to user text in
//! the outgoing request, with a token budget so a dictionary cannot flood the context.
//!
//! Unlike [regex rules](crate::prompt::regex_rules), dictionaries never change what is stored: they act
//! on the request-only copy of the messages.

use crate::prompt::injection::roll;
use crate::prompt::regex_rules::{compile_pattern, RuleError};
use crate::prompt::token_estimate::estimate_tokens;
use regex_lite::{NoExpand, Regex};
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", content = "value", rename_all = "lowercase")]
pub enum DictionaryPattern {
    /// A whole word or phrase, matched case-insensitively at word boundaries.
    Keyword(String),
    /// A regular expression; the replacement may use `$1` / `${name}`.
    Regex(String),
}

fn yes() -> bool {
    true
}

fn certain() -> u8 {
    100
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DictionaryEntry {
    pub pattern: DictionaryPattern,
    pub replacement: String,
    #[serde(default = "yes")]
    pub enabled: bool,
    /// The chance in percent that a message's matches are replaced (100: always); rolled the
    /// same for the same message.
    #[serde(default = "certain")]
    pub probability: u8,
    /// At most this many replacements in one message (`None`: every match).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_replacements: Option<usize>,
}

impl DictionaryEntry {
    /// An enabled entry that always replaces every match.
    pub fn new(pattern: DictionaryPattern, replacement: &str) -> Self {
        Self {
            pattern,
            replacement: replacement.to_owned(),
            enabled: true,
            probability: 100,
            max_replacements: None,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatDictionary {
    /// The ID of a stored dictionary (empty for one kept inside an assistant).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub id: String,
    pub name: String,
    pub entries: Vec<DictionaryEntry>,
    /// The most estimated tokens the dictionary may add to one message.
    pub token_budget: u64,
}

/// The outcome of applying a dictionary to one text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DictionaryOutcome {
    pub text: String,
    pub replacements: usize,
    /// Entries that matched but were skipped because the budget was spent.
    pub skipped_for_budget: usize,
}

#[derive(Debug, Clone)]
struct CompiledEntry {
    regex: Regex,
    replacement: String,
    /// A regex entry's replacement may use `$1`; a keyword's is literal.
    expands: bool,
    probability: u8,
    limit: Option<usize>,
}

/// A dictionary compiled once, applied many times.
#[derive(Debug, Clone)]
pub struct CompiledDictionary {
    /// The dictionary's name, for the prompt inspector.
    pub name: String,
    entries: Vec<CompiledEntry>,
    token_budget: u64,
}

impl CompiledDictionary {
    pub fn compile(dictionary: &ChatDictionary) -> Result<Self, RuleError> {
        let entries = dictionary
            .entries
            .iter()
            .filter(|entry| entry.enabled)
            .map(|entry| {
                let (pattern, expands) = match &entry.pattern {
                    DictionaryPattern::Keyword(word) => {
                        (format!(r"(?i)\b{}\b", regex_lite::escape(word)), false)
                    }
                    DictionaryPattern::Regex(pattern) => (pattern.clone(), true),
                };
                Ok(CompiledEntry {
                    regex: compile_pattern(&dictionary.name, &pattern)?,
                    replacement: entry.replacement.clone(),
                    expands,
                    probability: entry.probability,
                    limit: entry.max_replacements,
                })
            })
            .collect::<Result<_, RuleError>>()?;
        Ok(Self {
            name: dictionary.name.clone(),
            entries,
            token_budget: dictionary.token_budget,
        })
    }

    /// Applies the enabled entries in order to one message's text; `seed` rolls the chance of
    /// entries below 100 % (the same message rolls the same). An entry whose replacements
    /// would take the added tokens past the budget is skipped (whole, so no text is
    /// half-replaced).
    pub fn apply(&self, text: &str, seed: u64) -> DictionaryOutcome {
        let mut text = text.to_owned();
        let mut added = 0i64;
        let (mut replacements, mut skipped_for_budget) = (0, 0);
        for (index, entry) in self.entries.iter().enumerate() {
            if entry.probability < 100 && roll(seed, &index.to_string()) > entry.probability {
                continue;
            }
            let limit = entry.limit.unwrap_or(usize::MAX);
            let matches = entry.regex.find_iter(&text).take(limit).count();
            if matches == 0 {
                continue;
            }
            // `replacen` with 0 replaces every match.
            let limit = entry.limit.unwrap_or(0);
            let replaced = if entry.expands {
                entry
                    .regex
                    .replacen(&text, limit, entry.replacement.as_str())
            } else {
                entry
                    .regex
                    .replacen(&text, limit, NoExpand(&entry.replacement))
            };
            let growth = estimate_tokens(&replaced) as i64 - estimate_tokens(&text) as i64;
            if added + growth > self.token_budget as i64 {
                skipped_for_budget += 1;
                continue;
            }
            added += growth;
            replacements += matches;
            text = replaced.into_owned();
        }
        DictionaryOutcome {
            text,
            replacements,
            skipped_for_budget,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dictionary(entries: &[(DictionaryPattern, &str)], budget: u64) -> CompiledDictionary {
        CompiledDictionary::compile(&ChatDictionary {
            name: "test".into(),
            entries: entries
                .iter()
                .map(|(pattern, replacement)| DictionaryEntry::new(pattern.clone(), replacement))
                .collect(),
            token_budget: budget,
            id: String::new(),
        })
        .unwrap()
    }

    #[test]
    fn keywords_match_whole_words_case_insensitively_and_literally() {
        let d = dictionary(
            &[(
                DictionaryPattern::Keyword("k8s".into()),
                "Kubernetes ($1 stays literal)",
            )],
            100,
        );
        let out = d.apply("Deploy to K8s, not k8ss.", 0);
        assert_eq!(
            out.text,
            "Deploy to Kubernetes ($1 stays literal), not k8ss."
        );
        assert_eq!(out.replacements, 1);
    }

    #[test]
    fn regex_entries_expand_groups() {
        let d = dictionary(
            &[(DictionaryPattern::Regex(r"#(\d+)".into()), "issue $1")],
            100,
        );
        assert_eq!(
            d.apply("see #12 and #7", 0).text,
            "see issue 12 and issue 7"
        );
    }

    #[test]
    fn the_token_budget_skips_whole_entries() {
        let long = "a very long expansion that costs many tokens ".repeat(5);
        let d = dictionary(
            &[
                (DictionaryPattern::Keyword("short".into()), "brief"),
                (DictionaryPattern::Keyword("long".into()), long.as_str()),
                (DictionaryPattern::Keyword("tiny".into()), "small"),
            ],
            10,
        );
        let out = d.apply("short long tiny", 0);
        assert_eq!(out.text, "brief long small");
        assert_eq!((out.replacements, out.skipped_for_budget), (2, 1));
    }

    #[test]
    fn a_malformed_regex_names_the_dictionary() {
        let err = CompiledDictionary::compile(&ChatDictionary {
            name: "slang".into(),
            entries: vec![DictionaryEntry::new(
                DictionaryPattern::Regex("[".into()),
                "",
            )],
            token_budget: 10,
            id: String::new(),
        })
        .unwrap_err();
        assert!(err.to_string().contains("slang"));
    }

    #[test]
    fn entries_can_be_off_limited_or_left_to_chance() {
        let entry = |word: &str, replacement: &str| {
            DictionaryEntry::new(DictionaryPattern::Keyword(word.into()), replacement)
        };
        let compile = |entries: Vec<DictionaryEntry>| {
            CompiledDictionary::compile(&ChatDictionary {
                id: String::new(),
                name: "d".into(),
                entries,
                token_budget: 1_000,
            })
            .unwrap()
        };
        let off = DictionaryEntry {
            enabled: false,
            ..entry("cat", "dog")
        };
        assert_eq!(compile(vec![off]).apply("cat", 0).text, "cat");
        let twice = DictionaryEntry {
            max_replacements: Some(2),
            ..entry("cat", "dog")
        };
        let out = compile(vec![twice]).apply("cat cat cat", 0);
        assert_eq!((out.text.as_str(), out.replacements), ("dog dog cat", 2));
        let never = DictionaryEntry {
            probability: 0,
            ..entry("cat", "dog")
        };
        assert_eq!(compile(vec![never]).apply("cat", 0).text, "cat");
        let half = compile(vec![DictionaryEntry {
            probability: 50,
            ..entry("cat", "dog")
        }]);
        let replaced = (0..1_000)
            .filter(|seed| half.apply("cat", *seed).replacements > 0)
            .count();
        assert!((400..600).contains(&replaced), "{replaced} of 1000");
        assert_eq!(
            half.apply("cat", 9),
            half.apply("cat", 9),
            "the same message rolls the same"
        );
    }
}
