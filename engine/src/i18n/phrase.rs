//! [`Phrase`]: what an error or a notice says, as a message id and its arguments, before it is
//! put in words; [`Explain`]: the errors that can say it. The app words a phrase in the
//! interface language ([`Phrase::words`]); `Display` stays English for logs and tests, and the
//! engine's tests check that the English file says exactly what `Display` says.

use super::{Arg, LocaleRules, Localizer};
use serde::{Deserialize, Serialize};

/// A message id with its arguments; an argument may itself be a phrase (a cause inside a
/// sentence). Stored on a failed answer, so it serialises.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Phrase {
    pub id: String,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub args: Vec<(String, Part)>,
}

/// One argument of a [`Phrase`].
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Part {
    /// Text that is not the interface's: a name, a path, a server's or a library's message.
    Text(String),
    Number(f64),
    /// Words of the interface, worded in the same language.
    Phrase(Phrase),
}

/// The argument of a [`Phrase::verbatim`].
const VERBATIM: &str = "text";

/// The phrase with message `id` and no arguments yet. The catalogue test reads the ids this is
/// called with in the engine's sources, so call it with the id written out.
pub fn phrase(id: &str) -> Phrase {
    Phrase {
        id: id.to_owned(),
        args: Vec::new(),
    }
}

impl Phrase {
    /// Text that is not the interface's (a library's or a server's own message) standing where
    /// a phrase goes: worded as itself in every language.
    pub fn verbatim(text: &str) -> Self {
        Self {
            id: String::new(),
            args: Vec::new(),
        }
        .with(VERBATIM, text)
    }

    /// With `{ $name }` set to `value` (text or a number).
    #[must_use]
    pub fn with(mut self, name: &str, value: impl Into<Arg>) -> Self {
        let part = match value.into() {
            Arg::Text(text) => Part::Text(text),
            Arg::Number(n) => Part::Number(n),
        };
        self.args.push((name.to_owned(), part));
        self
    }

    /// With `{ $name }` set to another phrase, worded in the same language.
    #[must_use]
    pub fn nest(mut self, name: &str, inner: Phrase) -> Self {
        self.args.push((name.to_owned(), Part::Phrase(inner)));
        self
    }

    /// In words of `words`' language.
    pub fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        if self.id.is_empty() {
            // Verbatim text, or sentences joined: each part as itself, in order.
            return self
                .args
                .iter()
                .map(|(_, part)| match part {
                    Part::Text(text) => text.clone(),
                    Part::Number(n) => rules.number(*n),
                    Part::Phrase(inner) => inner.words(words, rules),
                })
                .collect::<Vec<_>>()
                .join(" ");
        }
        let args: Vec<(&str, Arg)> = self
            .args
            .iter()
            .map(|(name, part)| {
                let value = match part {
                    Part::Text(text) => Arg::Text(text.clone()),
                    Part::Number(n) => Arg::Number(*n),
                    Part::Phrase(inner) => Arg::Text(inner.words(words, rules)),
                };
                (name.as_str(), value)
            })
            .collect();
        words.format(&self.id, &args, rules)
    }
}

/// An error that can say what went wrong in any language: its [`Phrase`]. Its `Display` is the
/// same sentence in English.
pub trait Explain {
    fn phrase(&self) -> Phrase;

    /// [`Phrase::words`] of [`Explain::phrase`].
    fn words(&self, words: &Localizer, rules: &dyn LocaleRules) -> String {
        self.phrase().words(words, rules)
    }
}

// A phrase's numbers are counts and limits, never NaN: equal to themselves.
impl Eq for Phrase {}
impl Eq for Part {}

/// An error inside another one, kept both ways: its English sentence (the outer error's
/// `Display` quotes it) and its phrase (the outer error's [`Explain`] nests it). Stored on a
/// workflow run; a record written before phrases were kept holds just the sentence, which
/// reads back as verbatim text.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "StoredCause", into = "StoredCause")]
pub struct Cause {
    english: String,
    phrase: Phrase,
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum StoredCause {
    Said { english: String, phrase: Phrase },
    Text(String),
}

impl From<StoredCause> for Cause {
    fn from(stored: StoredCause) -> Self {
        match stored {
            StoredCause::Said { english, phrase } => Self { english, phrase },
            StoredCause::Text(text) => Self::from(text.as_str()),
        }
    }
}

impl From<Cause> for StoredCause {
    fn from(cause: Cause) -> Self {
        Self::Said {
            english: cause.english,
            phrase: cause.phrase,
        }
    }
}

impl Cause {
    /// Several sentences as one, in order (each worded in the interface's language and joined
    /// by a space); `None` when there are none.
    pub fn joined(causes: Vec<Cause>) -> Option<Self> {
        if causes.len() <= 1 {
            return causes.into_iter().next();
        }
        let english = causes
            .iter()
            .map(|c| c.english.as_str())
            .collect::<Vec<_>>()
            .join(" ");
        let mut phrase = Phrase {
            id: String::new(),
            args: Vec::new(),
        };
        for cause in causes {
            phrase = phrase.nest(VERBATIM, cause.phrase);
        }
        Some(Self { english, phrase })
    }

    /// A sentence and its phrase (the phrase must say the sentence in English).
    pub fn new(english: String, phrase: Phrase) -> Self {
        Self { english, phrase }
    }

    pub fn of(err: &(impl Explain + std::fmt::Display)) -> Self {
        Self {
            english: err.to_string(),
            phrase: err.phrase(),
        }
    }
}

/// Text that is not the interface's (a browser's or a server's own message) as a cause.
impl From<&str> for Cause {
    fn from(text: &str) -> Self {
        Self {
            english: text.to_owned(),
            phrase: Phrase::verbatim(text),
        }
    }
}

impl std::fmt::Display for Cause {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.english)
    }
}

impl Explain for Cause {
    fn phrase(&self) -> Phrase {
        self.phrase.clone()
    }
}

impl<T: Explain + ?Sized> Explain for &T {
    fn phrase(&self) -> Phrase {
        (**self).phrase()
    }
}
