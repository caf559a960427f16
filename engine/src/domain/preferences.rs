//! How the app looks and behaves for one user on one device: the theme, what the Enter key
//! does, and the interface language. Kept by the app as JSON in the browser's `localStorage`
//! (read synchronously at start, so the page never flashes the wrong theme).
//!
//! The rule: a stored value that cannot be read (missing, corrupt, written by an older or newer
//! version) never stops the app; each field it lacks, or cannot be read, takes its default.

use crate::i18n::Language;
use serde::{Deserialize, Serialize};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Theme {
    /// Follows the system's light or dark setting.
    #[default]
    System,
    Light,
    Dark,
}

impl Theme {
    pub const ALL: [Theme; 3] = [Theme::System, Theme::Light, Theme::Dark];

    pub fn id(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }

    /// The theme of `id`; an unknown one follows the system.
    pub fn from_id(id: &str) -> Self {
        match id {
            "light" => Self::Light,
            "dark" => Self::Dark,
            _ => Self::System,
        }
    }

    /// The message (`public/locales/*.ftl`) the settings call it by.
    pub fn message_id(self) -> &'static str {
        match self {
            Self::System => "theme-system",
            Self::Light => "theme-light",
            Self::Dark => "theme-dark",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preferences {
    #[serde(default, deserialize_with = "theme_or_default")]
    pub theme: Theme,
    /// Enter sends (Shift+Enter: new line); false: Ctrl/Cmd+Enter sends.
    #[serde(default = "yes")]
    pub enter_sends: bool,
    /// The interface language chosen in Settings; `None` follows the browser's languages.
    #[serde(default, deserialize_with = "language_or_browser")]
    pub language: Option<Language>,
}

/// A language this version does not ship follows the browser.
fn language_or_browser<'de, D: serde::Deserializer<'de>>(
    deserializer: D,
) -> Result<Option<Language>, D::Error> {
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(value.as_str().and_then(Language::from_tag))
}

fn yes() -> bool {
    true
}

/// A theme this version does not know follows the system.
fn theme_or_default<'de, D: serde::Deserializer<'de>>(deserializer: D) -> Result<Theme, D::Error> {
    let value = serde_json::Value::deserialize(deserializer)?;
    Ok(value.as_str().map_or(Theme::System, Theme::from_id))
}

impl Default for Preferences {
    fn default() -> Self {
        Self {
            theme: Theme::System,
            enter_sends: true,
            language: None,
        }
    }
}

impl Preferences {
    /// The preferences stored as `json` (see the module's rule).
    pub fn from_json(json: Option<&str>) -> Self {
        json.and_then(|json| serde_json::from_str(json).ok())
            .unwrap_or_default()
    }

    pub fn to_json(self) -> String {
        serde_json::to_string(&self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stored_preferences_round_trip() {
        let preferences = Preferences {
            theme: Theme::Dark,
            enter_sends: false,
            language: Some(Language::Arabic),
        };
        assert_eq!(
            Preferences::from_json(Some(&preferences.to_json())),
            preferences
        );
    }

    #[test]
    fn unreadable_or_partial_values_fall_back_field_by_field() {
        assert_eq!(Preferences::from_json(None), Preferences::default());
        assert_eq!(
            Preferences::from_json(Some("{not json")),
            Preferences::default()
        );
        assert_eq!(
            Preferences::from_json(Some("[1, 2]")),
            Preferences::default()
        );
        let partial = Preferences::from_json(Some(r#"{"theme": "light"}"#));
        assert_eq!((partial.theme, partial.enter_sends), (Theme::Light, true));
        // A theme from a newer version, and fields this one does not know.
        let newer = Preferences::from_json(Some(
            r#"{"theme": "sepia", "enter_sends": false, "font": "large"}"#,
        ));
        assert_eq!((newer.theme, newer.enter_sends), (Theme::System, false));
        // A language this version does not ship, or a value of the wrong kind.
        for stored in [
            r#"{"language": "tlh"}"#,
            r#"{"language": 7}"#,
            r#"{"language": null}"#,
        ] {
            assert_eq!(
                Preferences::from_json(Some(stored)).language,
                None,
                "{stored}"
            );
        }
        let chosen = Preferences::from_json(Some(r#"{"language": "zh-CN"}"#));
        assert_eq!(chosen.language, Some(Language::SimplifiedChinese));
    }

    #[test]
    fn theme_ids_round_trip_and_unknown_ones_follow_the_system() {
        for theme in Theme::ALL {
            assert_eq!(Theme::from_id(theme.id()), theme);
        }
        assert_eq!(Theme::from_id("neon"), Theme::System);
    }
}
