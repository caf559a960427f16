//! Times in the user's zone and words, from the browser's `Date`: for showing a time and for
//! a `datetime-local` input's value.

use wasm_bindgen::JsValue;

/// `ms` as the browser writes a date and time for the user (`4.12.2026, 18:00:00`).
pub fn local_time_words(ms: f64) -> String {
    js_sys::Date::new(&JsValue::from_f64(ms))
        .to_locale_string("default", &JsValue::UNDEFINED)
        .into()
}

/// `ms` as a `datetime-local` value in the user's zone (`2026-12-04T18:00`).
pub fn local_input_value(ms: f64) -> String {
    let date = js_sys::Date::new(&JsValue::from_f64(ms));
    format!(
        "{:04}-{:02}-{:02}T{:02}:{:02}",
        date.get_full_year(),
        date.get_month() + 1,
        date.get_date(),
        date.get_hours(),
        date.get_minutes()
    )
}

/// A `datetime-local` value (read as the user's local time) as milliseconds since the epoch;
/// `None` when it is not a date and time.
pub fn parse_local_input(value: &str) -> Option<f64> {
    let ms = js_sys::Date::new(&JsValue::from_str(value.trim())).get_time();
    ms.is_finite().then_some(ms)
}
