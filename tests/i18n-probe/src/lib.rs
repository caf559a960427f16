//! The same task for each library: read a language's file (given at run time, as the app
//! fetches it) and format one message with a count and a name.

use wasm_bindgen::prelude::wasm_bindgen;

/// No library: the floor every probe shares (wasm-bindgen, strings, formatting).
#[cfg(not(any(feature = "skein", feature = "fluent")))]
#[wasm_bindgen]
pub fn format(source: &str, id: &str, count: f64, name: &str) -> String {
    format!("{} {id} {count} {name}", source.len())
}

#[cfg(feature = "skein")]
#[wasm_bindgen]
pub fn format(source: &str, id: &str, count: f64, name: &str) -> String {
    use skein_engine::i18n::{EnglishRules, Language, Localizer};
    match Localizer::new(Language::English, source) {
        Ok(words) => words.format(
            id,
            &[("count", count.into()), ("name", name.into())],
            &EnglishRules,
        ),
        Err(err) => err.to_string(),
    }
}

#[cfg(feature = "fluent")]
#[wasm_bindgen]
pub fn format(source: &str, id: &str, count: f64, name: &str) -> String {
    use fluent_bundle::{FluentArgs, FluentBundle, FluentResource};
    let resource = match FluentResource::try_new(source.to_owned()) {
        Ok(resource) => resource,
        Err((_, errors)) => return format!("{errors:?}"),
    };
    let english: unic_langid::LanguageIdentifier = "en".parse().unwrap_or_default();
    let mut bundle = FluentBundle::new(vec![english]);
    if bundle.add_resource(resource).is_err() {
        return String::new();
    }
    let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
        return id.to_owned();
    };
    let mut args = FluentArgs::new();
    args.set("count", count);
    args.set("name", name);
    let mut errors = Vec::new();
    bundle
        .format_pattern(pattern, Some(&args), &mut errors)
        .into_owned()
}
