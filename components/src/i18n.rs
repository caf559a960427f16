//! The views' words: [`t`] for a message without placeholders, [`tf`] for one with them, both
//! read from the one [`Localizer`] the app installs before it mounts ([`install`]).
//!
//! The language is fixed for the page's life: choosing another saves the preference and loads
//! the page again, so the views read plain `&'static str` and pay nothing per render. Numbers
//! and plural categories come from the browser's `Intl` ([`IntlRules`]).

use skein_engine::chat::date_groups::DateGroup;
use skein_engine::i18n::{Arg, Explain, Language, LocaleRules, Localizer};
use std::sync::OnceLock;

static LOCALIZER: OnceLock<Localizer> = OnceLock::new();

/// Makes `localizer` the views' language; `false` when one was already installed (it stays).
pub fn install(localizer: Localizer) -> bool {
    LOCALIZER.set(localizer).is_ok()
}

/// The installed words; before [`install`], none (ids show), so no language is compiled into
/// the app. Public for work that waits (an export) and so cannot run inside [`with_words`].
pub fn words() -> &'static Localizer {
    localizer()
}

fn localizer() -> &'static Localizer {
    LOCALIZER.get_or_init(|| Localizer::empty(Language::English))
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

/// Runs `f` with the interface's words and number rules, for the engine's functions that put
/// things into words (`answer_details`).
pub fn with_words<R>(f: impl FnOnce(&Localizer, &dyn LocaleRules) -> R) -> R {
    RULES.with(|rules| f(localizer(), rules))
}

/// What went wrong, in the interface's words (the engine's [`Explain`]: errors, refusals).
pub fn explain(err: &(impl Explain + ?Sized)) -> String {
    with_words(|words, rules| err.words(words, rules))
}

thread_local! {
    /// "Dec 5, 2026, 11:58 PM": a date and time in the user's time zone.
    static DATE_TIME: js_sys::Function = date_format(&[("dateStyle", "medium"), ("timeStyle", "short")]);
    /// "November 2026": a chat list heading (read in UTC, where the engine placed the month).
    static MONTH: js_sys::Function = date_format(&[("year", "numeric"), ("month", "long"), ("timeZone", "UTC")]);
    /// "Dec 3": a day of the usage chart (read in UTC, where the engine placed it).
    static DAY: js_sys::Function = date_format(&[("month", "short"), ("day", "numeric"), ("timeZone", "UTC")]);
}

/// An `Intl.DateTimeFormat` of the interface language with `options`, as its `format` function
/// (made once each: building one costs milliseconds).
fn date_format(options: &[(&str, &str)]) -> js_sys::Function {
    let (locales, options) = intl_arguments(options);
    js_sys::Intl::DateTimeFormat::new(&locales, &options).format()
}

/// The interface language and `options`, as an `Intl` constructor takes them.
fn intl_arguments(options: &[(&str, &str)]) -> (js_sys::Array, js_sys::Object) {
    let object = js_sys::Object::new();
    for (key, value) in options {
        let _ = js_sys::Reflect::set(&object, &(*key).into(), &(*value).into());
    }
    (js_sys::Array::of1(&language().tag().into()), object)
}

fn format_date(format: &js_sys::Function, ms: f64) -> Option<String> {
    format
        .call1(&wasm_bindgen::JsValue::NULL, &js_sys::Date::new(&ms.into()))
        .ok()
        .and_then(|text| text.as_string())
}

/// A moment (milliseconds since the epoch) as the browser writes a date and time in the
/// interface language and the user's time zone: "Dec 5, 2026, 11:58 PM", "2026年12月5日 23:58".
pub fn date_time(ms: f64) -> String {
    DATE_TIME
        .with(|format| format_date(format, ms))
        .unwrap_or_default()
}

/// A day as the browser writes it short in the interface language ("Dec 3", "12月3日"), from
/// a moment read in UTC (the usage chart's days).
pub fn short_day(utc_ms: f64) -> String {
    DAY.with(|format| format_date(format, utc_ms))
        .unwrap_or_default()
}

/// A date heading of the chat list in words: a message for the recent ones, the month and
/// year as the browser's `Intl.DateTimeFormat` writes them in the interface language.
pub fn date_group_label(group: DateGroup) -> String {
    match (group, group.message_id()) {
        (_, Some(id)) => t(id).to_owned(),
        (DateGroup::Month { year, month }, None) => {
            // The 15th at noon UTC: inside the month whatever the zone.
            let first = js_sys::Date::utc(f64::from(year), f64::from(month) - 1.0);
            MONTH
                .with(|format| format_date(format, first + 14.5 * 86_400_000.0))
                .unwrap_or_else(|| format!("{year}-{month:02}"))
        }
        (_, None) => String::new(),
    }
}

thread_local! {
    /// "512 byte", "1.5 kB", "1.5 MB"…: one `Intl.NumberFormat` per unit, in the interface
    /// language.
    static BYTE_UNITS: [js_sys::Function; 5] = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"]
        .map(|unit| number_format(&[("style", "unit"), ("unit", unit), ("unitDisplay", "short"),
            ("maximumFractionDigits", if unit == "byte" { "0" } else { "1" })]));
}

/// An `Intl.NumberFormat` of the interface language with `options`, as its `format` function.
fn number_format(options: &[(&str, &str)]) -> js_sys::Function {
    let (locales, options) = intl_arguments(options);
    js_sys::Intl::NumberFormat::new(&locales, &options).format()
}

/// A size in bytes as the browser writes it in the interface language, in decimal units
/// ("1.5 MB", "١٫٥ ميغابايت").
pub fn format_bytes(bytes: f64) -> String {
    let mut value = bytes.max(0.0);
    let mut unit = 0;
    while value >= 1000.0 && unit < 4 {
        value /= 1000.0;
        unit += 1;
    }
    BYTE_UNITS
        .with(|formats| {
            formats[unit]
                .call1(&wasm_bindgen::JsValue::NULL, &value.into())
                .ok()
                .and_then(|text| text.as_string())
        })
        .unwrap_or_else(|| format!("{value:.1}"))
}

/// `Intl.PluralRules` and `Intl.NumberFormat` for one language, made once (each costs
/// milliseconds to build).
pub struct IntlRules {
    plurals: js_sys::Intl::PluralRules,
    numbers: js_sys::Function,
    lists: js_sys::Intl::ListFormat,
}

impl IntlRules {
    pub fn new(tag: &str) -> Self {
        let locales = js_sys::Array::of1(&tag.into());
        let numbers = js_sys::Intl::NumberFormat::new(&locales, &js_sys::Object::new());
        Self {
            plurals: js_sys::Intl::PluralRules::new(&locales, &js_sys::Object::new()),
            numbers: numbers.format(),
            lists: js_sys::Intl::ListFormat::new(&locales, &js_sys::Object::new()),
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

    fn list(&self, items: &[String]) -> String {
        let array: js_sys::Array = items
            .iter()
            .map(|item| wasm_bindgen::JsValue::from(item.as_str()))
            .collect();
        self.lists.format(&array).into()
    }
}
