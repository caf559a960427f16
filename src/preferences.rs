//! This device's preferences (theme, the Enter key, the language), kept in `localStorage`; what they are and
//! how an unreadable value is read is the engine's (`preferences`).

use skein_engine::domain::preferences::Preferences;

const KEY: &str = "skein.preferences";

pub fn load() -> Preferences {
    Preferences::from_json(skein_platform::read_local(KEY).as_deref())
}

/// Saves the preferences, applies the theme and follows a new language (`language::follow`).
/// Storage being unavailable (a private window's policy) only means they last for this visit.
pub fn save(preferences: Preferences) {
    skein_platform::write_local(KEY, &preferences.to_json());
    if let Some(root) = crate::embedded::theme_root() {
        skein_components::apply_theme(&root, preferences.theme);
    }
    crate::language::follow(preferences.language);
}
