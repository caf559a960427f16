//! Character Card V3 decorators: the `@@name value` lines that may open a lorebook entry's
//! content (`@@depth 1`, `@@role system`, `@@activate`…). A client applies them and trims them;
//! they are never sent to the model.

use crate::domain::message::Role;

/// What a Character Card V3 entry's decorators (its leading `@@name value` lines) say. Those
/// Skein has no use for (`@@position`, `@@exclude_keys`, …) are trimmed all the same.
#[derive(Debug, Default, PartialEq)]
pub(crate) struct Decorators {
    /// `@@depth N`: inserted N messages from the end.
    pub depth: Option<usize>,
    /// `@@role system|user|assistant`.
    pub role: Option<Role>,
    /// `@@activate` (always on) or `@@dont_activate` (never by keys).
    pub activate: Option<bool>,
    /// `@@dont_activate`: the entry is switched off (Skein has no other way to activate it).
    pub never: bool,
    /// `@@scan_depth N`.
    pub scan_depth: Option<usize>,
}

impl Decorators {
    /// The decorators that open `content`, and the content without them.
    pub(crate) fn read(content: &str) -> (Self, String) {
        let mut found = Self::default();
        let mut rest = content;
        while let Some(line) = rest
            .lines()
            .next()
            .filter(|l| l.trim_start().starts_with("@@"))
        {
            let mut words = line.trim().trim_start_matches('@').split_whitespace();
            let number = |word: Option<&str>| word.and_then(|w| w.parse::<usize>().ok());
            match words.next().unwrap_or_default() {
                "depth" => found.depth = number(words.next()).map(|d| d.min(10_000)),
                "scan_depth" => found.scan_depth = number(words.next()).map(|d| d.min(10_000)),
                "role" => {
                    found.role = match words.next() {
                        Some("system") => Some(Role::System),
                        Some("user") => Some(Role::User),
                        Some("assistant") => Some(Role::Assistant),
                        _ => found.role,
                    }
                }
                "activate" => found.activate = Some(true),
                "dont_activate" => {
                    found.activate = Some(false);
                    found.never = true;
                }
                _ => {}
            }
            rest = rest.get(line.len()..).unwrap_or_default();
            rest = rest
                .strip_prefix("\r\n")
                .or(rest.strip_prefix('\n'))
                .unwrap_or(rest);
        }
        (found, rest.to_owned())
    }
}
