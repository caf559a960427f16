//! The moderator's answer (seed 002): schema-constrained JSON that controls only the round
//! loop. Read without trust: anything but the schema is refused with a reason the run shows.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The longest next prompt and summary kept, in characters.
const MAX_PROMPT_CHARS: usize = 2_000;
const MAX_SUMMARY_CHARS: usize = 4_000;

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ModeratorAction {
    Continue,
    Finish,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ModeratorDecision {
    pub action: ModeratorAction,
    /// What the next round asks the user (with `continue`).
    #[serde(default)]
    pub next_user_prompt: String,
    /// The moderator's summary of the dialogue (with `finish`, or so far).
    #[serde(default, rename = "moderator_summary")]
    pub summary: String,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum ModeratorError {
    #[error("The moderator did not answer with JSON ({0}).")]
    NotJson(String),
    #[error("The moderator answered an unknown action “{0}”; it may only continue or finish.")]
    UnknownAction(String),
    #[error("The moderator said to continue without saying what to ask next.")]
    NoNextPrompt,
}

impl crate::i18n::Explain for ModeratorError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NotJson(why) => phrase("error-moderator-not-json").with("why", why),
            Self::UnknownAction(action) => {
                phrase("error-moderator-unknown-action").with("action", action)
            }
            Self::NoNextPrompt => phrase("error-moderator-no-next-prompt"),
        }
    }
}

/// The JSON schema the moderator is asked to follow (also sent as the response format where
/// the provider supports one).
pub const SCHEMA: &str = r#"{"action": "continue" | "finish", "next_user_prompt": "what the next round asks the user (with continue)", "moderator_summary": "a short summary of the dialogue so far"}"#;

/// Reads the moderator's reply: one JSON object, possibly in a code fence or after prose.
pub fn parse_decision(raw: &str) -> Result<ModeratorDecision, ModeratorError> {
    let text = raw.trim();
    let object = match (text.find('{'), text.rfind('}')) {
        (Some(start), Some(end)) if end > start => &text[start..=end],
        _ => return Err(ModeratorError::NotJson("no object in the reply".into())),
    };
    let value: serde_json::Value =
        serde_json::from_str(object).map_err(|err| ModeratorError::NotJson(err.to_string()))?;
    let action = value
        .get("action")
        .and_then(serde_json::Value::as_str)
        .ok_or_else(|| ModeratorError::NotJson("no \"action\"".into()))?;
    let action = match action.trim().to_ascii_lowercase().as_str() {
        "continue" => ModeratorAction::Continue,
        "finish" => ModeratorAction::Finish,
        other => return Err(ModeratorError::UnknownAction(cut(other, 40))),
    };
    let field = |name: &str, max: usize| {
        value
            .get(name)
            .and_then(serde_json::Value::as_str)
            .map(|s| cut(s.trim(), max))
            .unwrap_or_default()
    };
    let decision = ModeratorDecision {
        action,
        next_user_prompt: field("next_user_prompt", MAX_PROMPT_CHARS),
        summary: field("moderator_summary", MAX_SUMMARY_CHARS),
    };
    if action == ModeratorAction::Continue && decision.next_user_prompt.is_empty() {
        return Err(ModeratorError::NoNextPrompt);
    }
    Ok(decision)
}

fn cut(text: &str, max: usize) -> String {
    crate::provider::truncate_chars(text, max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_decision_is_read_from_json_in_a_fence() {
        let raw = "Sure.\n```json\n{\"action\": \"Continue\", \"next_user_prompt\": \"Why?\", \
                   \"moderator_summary\": \"Good start.\"}\n```";
        let decision = parse_decision(raw).unwrap();
        assert_eq!(decision.action, ModeratorAction::Continue);
        assert_eq!(decision.next_user_prompt, "Why?");
        assert_eq!(decision.summary, "Good start.");
        let finish = parse_decision(r#"{"action":"finish","moderator_summary":"Done."}"#).unwrap();
        assert_eq!(finish.action, ModeratorAction::Finish);
        assert!(finish.next_user_prompt.is_empty());
    }

    #[test]
    fn anything_but_the_schema_is_refused_with_a_reason() {
        assert!(matches!(
            parse_decision("I think we should go on."),
            Err(ModeratorError::NotJson(_))
        ));
        assert!(matches!(
            parse_decision("{action: continue}"),
            Err(ModeratorError::NotJson(_))
        ));
        assert!(matches!(
            parse_decision(r#"{"next_user_prompt":"x"}"#),
            Err(ModeratorError::NotJson(_))
        ));
        assert_eq!(
            parse_decision(r#"{"action":"delete_everything"}"#),
            Err(ModeratorError::UnknownAction("delete_everything".into()))
        );
        assert_eq!(
            parse_decision(r#"{"action":"continue","next_user_prompt":"  "}"#),
            Err(ModeratorError::NoNextPrompt)
        );
    }

    #[test]
    fn long_fields_are_cut() {
        let raw = format!(
            r#"{{"action":"continue","next_user_prompt":"{}","moderator_summary":"{}"}}"#,
            "p".repeat(5_000),
            "s".repeat(9_000)
        );
        let decision = parse_decision(&raw).unwrap();
        assert_eq!(
            decision.next_user_prompt.chars().count(),
            MAX_PROMPT_CHARS + 1
        );
        assert_eq!(decision.summary.chars().count(), MAX_SUMMARY_CHARS + 1);
    }
}
