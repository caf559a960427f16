//! Prompt placeholders: `{{char}}`, `{{user}}`, `{{date}}`, `{{time}}`, `{{model}}`,
//! `{{conversation_title}}`. Names are case-insensitive and may have spaces inside the braces.
//! Unknown placeholders are left exactly as written (they may be meant for the model, or be a
//! template of the user's own).

use super::time_context::TimeContext;

#[derive(Debug, Clone, PartialEq)]
pub struct PlaceholderValues {
    /// The assistant's (character's) name.
    pub char: String,
    pub user: String,
    pub model: String,
    pub conversation_title: String,
    pub time: TimeContext,
}

impl PlaceholderValues {
    fn value(&self, name: &str) -> Option<String> {
        Some(match name.to_ascii_lowercase().as_str() {
            "char" => self.char.clone(),
            "user" => self.user.clone(),
            "model" => self.model.clone(),
            "conversation_title" => self.conversation_title.clone(),
            "date" => self.time.date(),
            "time" => self.time.time(),
            _ => return None,
        })
    }

    /// `text` with every known placeholder replaced.
    pub fn resolve(&self, text: &str) -> String {
        resolve_with(text, |name| self.value(name))
    }
}

/// `text` with only `{{char}}` and `{{user}}` replaced: what a character's greeting needs when
/// it is written into the chat (the rest waits for the request).
pub fn resolve_names(text: &str, char: &str, user: &str) -> String {
    resolve_with(text, |name| match name.to_ascii_lowercase().as_str() {
        "char" => Some(char.to_owned()),
        "user" => Some(user.to_owned()),
        _ => None,
    })
}

fn resolve_with(text: &str, value: impl Fn(&str) -> Option<String>) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(open) = rest.find("{{") {
        out.push_str(&rest[..open]);
        let after = &rest[open + 2..];
        let Some(close) = after.find("}}") else {
            rest = &rest[open..];
            break;
        };
        match value(after[..close].trim()) {
            Some(value) => out.push_str(&value),
            None => out.push_str(&rest[open..open + 2 + close + 2]),
        }
        rest = &after[close + 2..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values() -> PlaceholderValues {
        PlaceholderValues {
            char: "Skein".into(),
            user: "Ada".into(),
            model: "llama3.2".into(),
            conversation_title: "Trip plans".into(),
            time: TimeContext {
                now_ms: 1_796_202_180_000.0,
                utc_offset_minutes: 60,
                time_zone: "Europe/Berlin".into(),
            },
        }
    }

    #[test]
    fn known_placeholders_resolve_and_unknown_ones_stay() {
        let v = values();
        assert_eq!(
            v.resolve("I am {{char}}, talking to {{ User }} on {{date}} at {{time}} via {{model}} about {{conversation_title}}."),
            "I am Skein, talking to Ada on 2026-12-02 at 10:03 via llama3.2 about Trip plans."
        );
        assert_eq!(
            v.resolve("{{unknown}} and {{char"),
            "{{unknown}} and {{char"
        );
        // Doubled braces are not a placeholder; they stay as written.
        assert_eq!(v.resolve("{{{{char}}}}"), "{{{{char}}}}");
    }
}
