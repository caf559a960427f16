//! How the app looks and behaves for this user on this device: theme and the Enter key. Kept in
//! `localStorage` (small, read synchronously at start, so the page never flashes the wrong
//! theme), as JSON; an unreadable value falls back to the defaults.

use serde::{Deserialize, Serialize};

const KEY: &str = "skein.preferences";

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
    pub fn id(self) -> &'static str {
        match self {
            Self::System => "system",
            Self::Light => "light",
            Self::Dark => "dark",
        }
    }

    pub fn from_id(id: &str) -> Self {
        match id {
            "light" => Self::Light,
            "dark" => Self::Dark,
            _ => Self::System,
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub struct Preferences {
    #[serde(default)]
    pub theme: Theme,
    /// Enter sends (Shift+Enter: new line); false: Ctrl/Cmd+Enter sends.
    #[serde(default = "yes")]
    pub enter_sends: bool,
}

fn yes() -> bool {
    true
}

impl Default for Preferences {
    fn default() -> Self {
        Self {
            theme: Theme::System,
            enter_sends: true,
        }
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok().flatten()
}

pub fn load() -> Preferences {
    storage()
        .and_then(|s| s.get_item(KEY).ok().flatten())
        .and_then(|json| serde_json::from_str(&json).ok())
        .unwrap_or_default()
}

/// Saves the preferences and applies the theme. Storage being unavailable (a private window's
/// policy) only means they last for this visit.
pub fn save(preferences: Preferences) {
    if let (Some(storage), Ok(json)) = (storage(), serde_json::to_string(&preferences)) {
        let _ = storage.set_item(KEY, &json);
    }
    apply(preferences);
}

/// Sets the page's theme: `data-theme` on the root element ("system" leaves it to the CSS
/// media query).
pub fn apply(preferences: Preferences) {
    let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    else {
        return;
    };
    let _ = match preferences.theme {
        Theme::System => root.remove_attribute("data-theme"),
        theme => root.set_attribute("data-theme", theme.id()),
    };
}
