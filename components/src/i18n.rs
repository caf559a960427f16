//! The views' words: [`t`] for a message without placeholders, [`tf`] for one with them, both
//! read from the one [`Localizer`] the app installs before it mounts ([`install`]).
//!
//! The language is fixed for the page's life: choosing another saves the preference and loads
//! the page again, so the views read plain `&'static str` and pay nothing per render. Numbers
//! and plural categories come from the browser's `Intl` ([`IntlRules`]).

use skein_engine::i18n::{Arg, Language, LocaleRules, Localizer};
use std::sync::OnceLock;

static LOCALIZER: OnceLock<Localizer> = OnceLock::new();

/// Makes `localizer` the views' language; `false` when one was already installed (it stays).
pub fn install(localizer: Localizer) -> bool {
    LOCALIZER.set(localizer).is_ok()
}

fn localizer() -> &'static Localizer {
    LOCALIZER.get_or_init(Localizer::english)
}

/// The interface's language (English until [`install`]).
pub fn language() -> Language {
    localizer().language()
}

/// The message `id`, which has no placeholders.
pub fn t(id: &'static str) -> &'static str {
    localizer().text(id)
}

/// The message `id` with its `{ $name }` placeholders filled from `args`.
pub fn tf(id: &str, args: &[(&str, Arg)]) -> String {
    RULES.with(|rules| localizer().format(id, args, rules))
}

thread_local! {
    static RULES: IntlRules = IntlRules::new(language().tag());
}

/// `Intl.PluralRules` and `Intl.NumberFormat` for one language, made once (each costs
/// milliseconds to build).
pub struct IntlRules {
    plurals: js_sys::Intl::PluralRules,
    numbers: js_sys::Function,
}

impl IntlRules {
    pub fn new(tag: &str) -> Self {
        let locales = js_sys::Array::of1(&tag.into());
        let numbers = js_sys::Intl::NumberFormat::new(&locales, &js_sys::Object::new());
        Self {
            plurals: js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new()),
            numbers: numbers.format(),
        }
    }
}

impl LocaleRules for IntlRules {
    fn plural(&self, n: f64) -> &'static str {
        match String::from(self.plurals.select(n)).as_str() {
            "zero" => "zero",
            "one" => "one",
            "two" => "two",
            "few" => "few",
            "many" => "many",
            _ => "other",
        }
    }

    fn number(&self, n: f64) -> String {
        self.numbers
            .call1(&wasm_bindgen::JsValue::NULL, &n.into())
            .ok()
            .and_then(|text| text.as_string())
            .unwrap_or_else(|| n.to_string())
    }
}
