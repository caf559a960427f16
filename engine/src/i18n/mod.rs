//! The interface's words in the user's language: translation files in a subset of Fluent
//! ([`ftl`]), the shipped languages ([`language`]), and the [`Localizer`] that turns a message
//! id and its arguments into text.
//!
//! English (`public/locales/en.ftl`) is the source every other file follows (the tests fail
//! when one lacks a message or a placeholder). The app fetches the chosen language's file, so
//! only that language is in its first download; host tests and tools compile English in
//! ([`Localizer::english`]). Plurals and numbers go through [`LocaleRules`], which the app backs with the browser's
//! `Intl.PluralRules` and `Intl.NumberFormat` (`components/src/i18n.rs`). Model output is never
//! passed through here.

#[cfg(test)]
mod explain_tests;
pub mod ftl;
pub mod language;
pub mod phrase;
#[cfg(test)]
mod tests;

use std::collections::HashMap;

pub use ftl::{Element, ParseError, Pattern};
pub use language::Language;
pub use phrase::{phrase, Cause, Explain, Part, Phrase};

/// The English file, compiled into what calls [`Localizer::english`] (not the app).
pub const ENGLISH_SOURCE: &str = include_str!("../../../public/locales/en.ftl");

/// First strong isolate and pop directional isolate: around a placeholder's value in a
/// right-to-left interface, so a Latin file name or a number does not reorder the sentence.
const FSI: char = '\u{2068}';
const PDI: char = '\u{2069}';

/// A value for a message's `{ $variable }`.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    Text(String),
    Number(f64),
}

impl From<&str> for Arg {
    fn from(value: &str) -> Self {
        Self::Text(value.to_string())
    }
}

impl From<String> for Arg {
    fn from(value: String) -> Self {
        Self::Text(value)
    }
}

impl From<&String> for Arg {
    fn from(value: &String) -> Self {
        Self::Text(value.clone())
    }
}

impl From<&&str> for Arg {
    fn from(value: &&str) -> Self {
        Self::Text((*value).to_string())
    }
}

macro_rules! number_arg {
    ($($t:ty),*) => {$(
        impl From<$t> for Arg {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn from(value: $t) -> Self {
                Self::Number(value as f64)
            }
        }

        impl From<&$t> for Arg {
            fn from(value: &$t) -> Self {
                Self::from(*value)
            }
        }
    )*};
}
number_arg!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

/// How a language counts and writes numbers.
pub trait LocaleRules {
    /// The CLDR plural category of `n`: `zero`, `one`, `two`, `few`, `many` or `other`.
    fn plural(&self, n: f64) -> &'static str;
    /// `n` written for people (grouping, digits, decimal mark).
    fn number(&self, n: f64) -> String;
    /// `items` as one list ("a, b, and c" in the language's way); without the browser, joined
    /// by commas.
    fn list(&self, items: &[String]) -> String {
        items.join(", ")
    }
}

/// English's rules without the browser: for tests and for the engine's own use.
#[derive(Debug, Clone, Copy, Default)]
pub struct EnglishRules;

impl LocaleRules for EnglishRules {
    fn plural(&self, n: f64) -> &'static str {
        if n == 1.0 {
            "one"
        } else {
            "other"
        }
    }

    fn number(&self, n: f64) -> String {
        if n.fract() == 0.0 && n.abs() < 1e15 {
            #[allow(clippy::cast_possible_truncation, clippy::cast_sign_loss)]
            let whole = crate::usage::figures::grouped(n.abs() as u64);
            if n < 0.0 {
                format!("-{whole}")
            } else {
                whole
            }
        } else {
            let text = format!("{n:.2}");
            text.trim_end_matches('0').trim_end_matches('.').to_string()
        }
    }
}

/// The messages of one language.
#[derive(Debug, Clone)]
pub struct Localizer {
    language: Language,
    messages: HashMap<String, Pattern>,
}

impl Localizer {
    /// English from the file compiled into whatever calls this: the host tests and tools. The
    /// app fetches its language's file instead, English too, so no language's words are in
    /// its first download. A broken English file (the tests catch it) leaves the ids showing.
    pub fn english() -> Self {
        Self::new(Language::English, ENGLISH_SOURCE)
            .unwrap_or_else(|_| Self::empty(Language::English))
    }

    /// No messages: every id shows as itself. What the app falls back to when it can read no
    /// language's file (it says so in the console).
    pub fn empty(language: Language) -> Self {
        Self {
            language,
            messages: HashMap::new(),
        }
    }

    /// `language` from its file's `source`. A file that does not parse is an error. Every
    /// shipped file holds every message (`i18n/tests.rs`), so nothing falls back.
    pub fn new(language: Language, source: &str) -> Result<Self, ParseError> {
        Ok(Self {
            language,
            messages: ftl::parse(source)?,
        })
    }

    pub fn language(&self) -> Language {
        self.language
    }

    fn pattern(&self, id: &str) -> Option<&Pattern> {
        self.messages.get(id)
    }

    /// A message without placeholders. A missing id, or one that needs arguments, shows as the
    /// id itself: visible, never a crash.
    pub fn text<'a>(&'a self, id: &'a str) -> &'a str {
        match self.pattern(id).map(Vec::as_slice) {
            Some([Element::Text(text)]) => text,
            _ => id,
        }
    }

    /// A message with its `{ $variables }` filled from `args`; a variable with no argument
    /// shows as `{$name}`.
    pub fn format(&self, id: &str, args: &[(&str, Arg)], rules: &dyn LocaleRules) -> String {
        let Some(pattern) = self.pattern(id) else {
            return id.to_string();
        };
        let mut out = String::new();
        self.write(pattern, args, rules, &mut out);
        out
    }

    fn write(
        &self,
        pattern: &Pattern,
        args: &[(&str, Arg)],
        rules: &dyn LocaleRules,
        out: &mut String,
    ) {
        let arg = |name: &str| args.iter().find(|(n, _)| *n == name).map(|(_, a)| a);
        for element in pattern {
            match element {
                Element::Text(text) => out.push_str(text),
                Element::Variable(name) => {
                    let isolate = self.language.right_to_left();
                    if isolate {
                        out.push(FSI);
                    }
                    match arg(name) {
                        Some(Arg::Text(text)) => out.push_str(text),
                        Some(Arg::Number(n)) => out.push_str(&rules.number(*n)),
                        None => {
                            out.push_str("{$");
                            out.push_str(name);
                            out.push('}');
                        }
                    }
                    if isolate {
                        out.push(PDI);
                    }
                }
                Element::Select {
                    variable,
                    variants,
                    default,
                } => {
                    let chosen = match arg(variable) {
                        Some(Arg::Number(n)) => variants
                            .iter()
                            .position(|(key, _)| key.parse::<f64>().ok() == Some(*n))
                            .or_else(|| {
                                let category = rules.plural(*n);
                                variants.iter().position(|(key, _)| key == category)
                            }),
                        Some(Arg::Text(text)) => variants.iter().position(|(key, _)| key == text),
                        None => None,
                    };
                    let (_, variant) = &variants[chosen.unwrap_or(*default)];
                    self.write(variant, args, rules, out);
                }
            }
        }
    }
}
