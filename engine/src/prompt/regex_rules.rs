//! Assistant regex rules (seed 000 §1 step 4 and §7): find-and-replace rules an assistant applies
//! to user text before it is stored and sent, and to model output as a stored transform.
//!
//! Only text parts are touched; images, documents, reasoning and tool calls stay as they are.
//! Patterns are user input: a malformed one is a typed error naming the rule, never a panic, and
//! the `regex-lite` engine runs in time linear in the text whatever the pattern.

use crate::domain::message_part::MessagePart;
use regex_lite::Regex;
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RuleScope {
    /// User messages, before they are stored.
    User,
    /// Model output, as a stored transform.
    Assistant,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct RegexRule {
    pub name: String,
    pub pattern: String,
    /// May refer to groups as `$1` or `${name}`.
    pub replacement: String,
    pub scopes: Vec<RuleScope>,
    #[serde(default = "enabled_by_default")]
    pub enabled: bool,
}

fn enabled_by_default() -> bool {
    true
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RuleError {
    #[error("The pattern of rule \"{name}\" is not a valid regular expression: {message}")]
    InvalidPattern { name: String, message: String },
}

impl crate::i18n::Explain for RuleError {
    fn phrase(&self) -> crate::i18n::Phrase {
        let Self::InvalidPattern { name, message } = self;
        crate::i18n::phrase("error-rule-pattern")
            .with("name", name)
            .with("why", message)
    }
}

/// Compiles a pattern written by a user, naming `name` in the error.
pub(crate) fn compile_pattern(name: &str, pattern: &str) -> Result<Regex, RuleError> {
    Regex::new(pattern).map_err(|e| RuleError::InvalidPattern {
        name: name.to_owned(),
        message: e.to_string(),
    })
}

/// Rules compiled once, applied many times.
#[derive(Debug, Clone, Default)]
pub struct CompiledRules {
    rules: Vec<(Regex, String, Vec<RuleScope>)>,
}

impl CompiledRules {
    /// Compiles the enabled rules; the first malformed pattern is reported.
    pub fn compile(rules: &[RegexRule]) -> Result<Self, RuleError> {
        let rules = rules
            .iter()
            .filter(|r| r.enabled)
            .map(|r| {
                Ok((
                    compile_pattern(&r.name, &r.pattern)?,
                    r.replacement.clone(),
                    r.scopes.clone(),
                ))
            })
            .collect::<Result<_, RuleError>>()?;
        Ok(Self { rules })
    }

    /// `text` with every rule of `scope` applied, in order.
    pub fn apply(&self, scope: RuleScope, text: &str) -> String {
        let mut text = text.to_owned();
        for (regex, replacement, scopes) in &self.rules {
            if scopes.contains(&scope) {
                text = regex.replace_all(&text, replacement.as_str()).into_owned();
            }
        }
        text
    }

    /// Applies the rules of `scope` to the text parts of a message.
    pub fn apply_to_parts(&self, scope: RuleScope, parts: &mut [MessagePart]) {
        for part in parts {
            if let MessagePart::Text { text } = part {
                *text = self.apply(scope, text);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(name: &str, pattern: &str, replacement: &str, scopes: &[RuleScope]) -> RegexRule {
        RegexRule {
            name: name.into(),
            pattern: pattern.into(),
            replacement: replacement.into(),
            scopes: scopes.to_vec(),
            enabled: true,
        }
    }

    #[test]
    fn rules_apply_in_order_to_their_scope_only() {
        let rules = CompiledRules::compile(&[
            rule(
                "mask emails",
                r"[\w.]+@[\w.]+",
                "<email>",
                &[RuleScope::User],
            ),
            rule(
                "swap",
                r"(\w+) and (\w+)",
                "$2 and $1",
                &[RuleScope::User, RuleScope::Assistant],
            ),
            rule(
                "strip sign-off",
                r"(?m)^-- .*$",
                "",
                &[RuleScope::Assistant],
            ),
        ])
        .unwrap();
        assert_eq!(
            rules.apply(RuleScope::User, "mail me@x.org: cats and dogs"),
            "mail <email>: dogs and cats"
        );
        assert_eq!(
            rules.apply(RuleScope::Assistant, "me@x.org\n-- bot"),
            "me@x.org\n"
        );
    }

    #[test]
    fn only_text_parts_change() {
        let rules =
            CompiledRules::compile(&[rule("r", "secret", "[redacted]", &[RuleScope::User])])
                .unwrap();
        let mut parts = vec![
            MessagePart::text("my secret"),
            MessagePart::Document {
                name: "secret.txt".into(),
                mime: "text/plain".into(),
                text: "secret".into(),
            },
            MessagePart::Image {
                blob_id: "secret".into(),
                mime: "image/png".into(),
                name: None,
            },
        ];
        let untouched = parts[1..].to_vec();
        rules.apply_to_parts(RuleScope::User, &mut parts);
        assert_eq!(parts[0], MessagePart::text("my [redacted]"));
        assert_eq!(parts[1..], untouched[..]);
    }

    #[test]
    fn malformed_and_disabled_rules() {
        let err = CompiledRules::compile(&[rule("broken", "(unclosed", "", &[RuleScope::User])])
            .unwrap_err();
        assert!(matches!(&err, RuleError::InvalidPattern { name, .. } if name == "broken"));
        assert!(err.to_string().contains("broken"));
        let mut disabled = rule("off", "(also broken", "", &[RuleScope::User]);
        disabled.enabled = false;
        assert!(CompiledRules::compile(&[disabled]).is_ok());
    }
}
