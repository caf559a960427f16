//! Chat dictionaries (seed 002): keyword and regex replacement rules applied to user text in
//! the outgoing request, with a token budget so a dictionary cannot flood the context.
//!
//! Unlike [regex rules](crate::prompt::regex_rules), dictionaries never change what is stored: they act
//! on the request-only copy of the messages.

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

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct DictionaryEntry {
    pub pattern: DictionaryPattern,
    pub replacement: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ChatDictionary {
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

/// A dictionary compiled once, applied many times.
#[derive(Debug, Clone)]
pub struct CompiledDictionary {
    /// The dictionary's name, for the prompt inspector.
    pub name: String,
    entries: Vec<(Regex, String, bool)>,
    token_budget: u64,
}

impl CompiledDictionary {
    pub fn compile(dictionary: &ChatDictionary) -> Result<Self, RuleError> {
        let entries = dictionary
            .entries
            .iter()
            .map(|entry| match &entry.pattern {
                DictionaryPattern::Keyword(word) => {
                    let pattern = format!(r"(?i)\b{}\b", regex_lite::escape(word));
                    Ok((
                        compile_pattern(&dictionary.name, &pattern)?,
                        entry.replacement.clone(),
                        false,
                    ))
                }
                DictionaryPattern::Regex(pattern) => Ok((
                    compile_pattern(&dictionary.name, pattern)?,
                    entry.replacement.clone(),
                    true,
                )),
            })
            .collect::<Result<_, RuleError>>()?;
        Ok(Self {
            name: dictionary.name.clone(),
            entries,
            token_budget: dictionary.token_budget,
        })
    }

    /// Applies the entries in order. An entry whose replacements would take the added tokens
    /// past the budget is skipped (whole, so no text is half-replaced).
    pub fn apply(&self, text: &str) -> DictionaryOutcome {
        let mut text = text.to_owned();
        let mut added = 0i64;
        let (mut replacements, mut skipped_for_budget) = (0, 0);
        for (regex, replacement, expands) in &self.entries {
            let matches = regex.find_iter(&text).count();
            if matches == 0 {
                continue;
            }
            let replaced = if *expands {
                regex.replace_all(&text, replacement.as_str())
            } else {
                regex.replace_all(&text, NoExpand(replacement))
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
                .map(|(pattern, replacement)| DictionaryEntry {
                    pattern: pattern.clone(),
                    replacement: (*replacement).into(),
                })
                .collect(),
            token_budget: budget,
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
        let out = d.apply("Deploy to K8s, not k8ss.");
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
        assert_eq!(d.apply("see #12 and #7").text, "see issue 12 and issue 7");
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
        let out = d.apply("short long tiny");
        assert_eq!(out.text, "brief long small");
        assert_eq!((out.replacements, out.skipped_for_budget), (2, 1));
    }

    #[test]
    fn a_malformed_regex_names_the_dictionary() {
        let err = CompiledDictionary::compile(&ChatDictionary {
            name: "slang".into(),
            entries: vec![DictionaryEntry {
                pattern: DictionaryPattern::Regex("[".into()),
                replacement: String::new(),
            }],
            token_budget: 10,
        })
        .unwrap_err();
        assert!(err.to_string().contains("slang"));
    }
}
