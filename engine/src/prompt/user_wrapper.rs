//! Seed 004's user-message wrapper: the blocks put before the last user message of a request,
//! in this order, each only when it applies: the user's current date and time (in their zone),
//! the assistant's standing guidance from the user (runtime guidance, kept apart from the
//! system prompt), what the assistant is (identity guidance, only for a question about it),
//! and optional hints (the user's zone, for a question that mentions a time). The raw text
//! follows them; the stored message is never changed.

use super::data_block::data_block;
use super::time_context::TimeContext;
use regex_lite::Regex;
use std::sync::OnceLock;

/// The blocks put before the last user message (seed 004's user-message wrapper), each left
/// out when empty.
#[derive(Default)]
pub struct UserWrapper<'a> {
    /// The user's current date and time.
    pub time: Option<&'a TimeContext>,
    /// The assistant's standing instructions from the user (runtime guidance), kept apart from
    /// the system prompt.
    pub guidance: Option<&'a str>,
    /// What the assistant is, for a question about itself.
    pub identity: Option<String>,
    /// Optional hints for this question.
    pub hints: Vec<String>,
}

impl UserWrapper<'_> {
    pub(crate) fn is_empty(&self) -> bool {
        self.time.is_none()
            && self.guidance.is_none()
            && self.identity.is_none()
            && self.hints.is_empty()
    }

    /// The blocks in order, each followed by a blank line.
    pub(crate) fn text(&self) -> String {
        let mut out = String::new();
        if let Some(time) = self.time {
            out.push_str(&format!(
                "<context>\nThe user's current date and time: {}\n</context>\n\n",
                time.describe()
            ));
        }
        if let Some(guidance) = self.guidance {
            out.push_str(&data_block(
                "guidance",
                "Standing instructions from the user for this assistant:",
                guidance.trim(),
            ));
            out.push_str("\n\n");
        }
        if let Some(identity) = &self.identity {
            out.push_str(&format!("<about_you>\n{identity}\n</about_you>\n\n"));
        }
        if !self.hints.is_empty() {
            let list: Vec<String> = self.hints.iter().map(|h| format!("- {h}")).collect();
            out.push_str(&format!("<hints>\n{}\n</hints>\n\n", list.join("\n")));
        }
        out
    }
}

fn pattern(cell: &'static OnceLock<Option<Regex>>, source: &str) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(source).ok()).as_ref()
}

/// Whether `text` asks about the assistant itself: its name, its model, what it is or can do.
pub fn asks_about_assistant(text: &str) -> bool {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    pattern(
        &CELL,
        r"(?i)\b(?:who|what) are you\b|\byour name\b|\bwhat(?:'s| is) your (?:name|model)\b|\b(?:which|what) (?:model|llm|ai)\b[^.?!]*\b(?:are you|is this|do you)\b|\bwhat can you do\b|\bare you (?:an? )?(?:ai|bot|robot|human|person|chatgpt|gpt|claude|gemini|llama)\b|\bwho (?:made|built|created) you\b",
    )
    .is_some_and(|re| re.is_match(text))
}

/// Whether `text` mentions a time of day or a day relative to today (then the user's zone is
/// a useful hint).
pub fn mentions_time(text: &str) -> bool {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    pattern(
        &CELL,
        r"(?i)\b\d{1,2}(?::\d{2})?\s?(?:am|pm)\b|\b\d{1,2}:\d{2}\b|\b(?:today|tonight|tomorrow|yesterday|this (?:morning|afternoon|evening|week)|next (?:week|month|monday|tuesday|wednesday|thursday|friday|saturday|sunday))\b",
    )
    .is_some_and(|re| re.is_match(text))
}

/// The identity block: the assistant's name, the model and provider the user chose, and that it
/// runs in Skein, so it neither invents another identity nor denies this one.
pub fn identity_text(name: &str, model: &str, provider: &str) -> String {
    let model = if model.trim().is_empty() {
        "a model the user chose".to_owned()
    } else {
        format!("the model {model}")
    };
    let provider = if provider.trim().is_empty() {
        String::new()
    } else {
        format!(" from {provider}")
    };
    format!(
        "You are {name}, an assistant in Skein, a chat app that runs in the user's browser. This \
         conversation uses {model}{provider}, chosen by the user. Do not claim to be another \
         assistant or model."
    )
}

/// The zone hint for a question that mentions a time.
pub fn zone_hint(time: &TimeContext) -> String {
    format!(
        "Times the user mentions are in their zone ({}); give times in that zone.",
        time.time_zone
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    fn now() -> TimeContext {
        TimeContext {
            now_ms: 1_764_849_600_000.0,
            utc_offset_minutes: 60,
            time_zone: "Europe/Berlin".into(),
        }
    }

    #[test]
    fn the_blocks_come_in_the_seed_order_and_only_when_they_apply() {
        let time = now();
        let wrapper = UserWrapper {
            time: Some(&time),
            guidance: Some("Prefer metric units."),
            identity: Some(identity_text("Skein", "m1", "Mock")),
            hints: vec![zone_hint(&time)],
        };
        let text = wrapper.text();
        let order: Vec<usize> = [
            "<context>\nThe user's current date and time:",
            "<guidance>\nStanding instructions from the user for this assistant:\n\nPrefer metric units.\n</guidance>",
            "<about_you>\nYou are Skein, an assistant in Skein",
            "<hints>\n- Times the user mentions are in their zone (Europe/Berlin)",
        ]
        .iter()
        .map(|needle| text.find(needle).unwrap_or_else(|| panic!("{needle}: {text}")))
        .collect();
        assert!(order.windows(2).all(|w| w[0] < w[1]), "{text}");
        assert!(text.ends_with("</hints>\n\n"));
        assert!(UserWrapper::default().is_empty());
        assert_eq!(UserWrapper::default().text(), "");
    }

    #[test]
    fn identity_questions_and_time_mentions_are_recognised() {
        for asked in [
            "Who are you?",
            "what's your name",
            "Which model are you running on?",
            "Are you ChatGPT?",
            "what can you do",
            "who made you",
        ] {
            assert!(asks_about_assistant(asked), "{asked}");
        }
        for other in [
            "Name a good model railway shop",
            "What are your thoughts on Rust?",
            "Which model of car is best?",
        ] {
            assert!(!asks_about_assistant(other), "{other}");
        }
        assert!(mentions_time("Call me at 5pm"));
        assert!(mentions_time("meeting tomorrow"));
        assert!(mentions_time("at 17:30 sharp"));
        assert!(!mentions_time("Explain borrowing in Rust"));
    }
}
