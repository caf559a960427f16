//! This device's preferences (theme, the Enter key, the language), kept in `localStorage`; what they are and
//! how an unreadable value is read is the engine's (`preferences`).

use skein_engine::domain::preferences::Preferences;
use skein_engine::i18n::Language;

const KEY: &str = "skein.preferences";

pub fn load() -> Preferences {
    Preferences::from_json(skein_platform::read_local(KEY).as_deref())
}

/// Saves the preferences, applies the theme and follows a new language ([`follow`]).
/// Storage being unavailable (a private window's policy) only means they last for this visit.
pub fn save(preferences: Preferences) {
    skein_platform::write_local(KEY, &preferences.to_json());
    if let Some(root) = crate::page::embedded::theme_root() {
        skein_components::apply_theme(&root, preferences.theme);
    }
    follow(preferences.language);
}

/// After the preferences changed: the page loads again when they want another language than
/// the one showing. An embedded chat does not reload its host page; it switches on the page's
/// next load.
fn follow(preferences_language: Option<Language>) {
    let wanted = preferences_language
        .unwrap_or_else(|| Language::negotiate(&skein_platform::browser_languages()));
    if wanted != skein_components::language() && !crate::page::embedded::is_embedded() {
        crate::page::storage::reload();
    }
}
