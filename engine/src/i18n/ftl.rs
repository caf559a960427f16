//! The part of Fluent's syntax (<https://projectfluent.org/fluent/guide/>) Skein's translation
//! files use, read into [`Pattern`]s. Every file it accepts is valid Fluent, so translators keep
//! their tools; what it does not know (terms, attributes, functions) is an error with its line,
//! never a silently wrong string.
//!
//! Accepted:
//! ```text
//! # A comment.
//! simple = Plain text
//! with-variable = Deleted { $name }.
//! multi-line =
//!     First line
//!     second line
//! literal-brace = Type { "{" } to open
//! plural = { $count ->
//!     [0] No messages
//!     [one] One message
//!    *[other] { $count } messages
//! }
//! ```
//! A variant is one line. A `{ $count }` number is formatted by the locale's rules; a select
//! tries the exact number, then the plural category, then the `*` default.

use std::collections::HashMap;

/// One piece of a message.
#[derive(Debug, Clone, PartialEq)]
pub enum Element {
    Text(String),
    /// `{ $name }`
    Variable(String),
    /// `{ $name -> [key] … *[other] … }`
    Select {
        variable: String,
        variants: Vec<(String, Pattern)>,
        /// Index of the `*` variant.
        default: usize,
    },
}

/// What one message says, with its placeholders.
pub type Pattern = Vec<Element>;

/// A file that is not the Fluent Skein reads.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct ParseError {
    pub line: usize,
    pub message: String,
}

fn error(line: usize, message: impl Into<String>) -> ParseError {
    ParseError {
        line,
        message: message.into(),
    }
}

fn is_identifier(id: &str) -> bool {
    let mut chars = id.chars();
    chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
}

/// Reads a translation file: message id → pattern. A message defined twice is an error (the
/// second would hide the first).
pub fn parse(source: &str) -> Result<HashMap<String, Pattern>, ParseError> {
    let lines: Vec<&str> = source.lines().collect();
    let mut messages = HashMap::new();
    let mut index = 0;
    while index < lines.len() {
        let line = lines[index].trim_end_matches('\r');
        let number = index + 1;
        index += 1;
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        if line.starts_with([' ', '\t']) {
            return Err(error(number, "an indented line that belongs to no message"));
        }
        let Some((id, first)) = line.split_once('=') else {
            return Err(error(number, "expected `id = text`"));
        };
        let id = id.trim();
        if !is_identifier(id) {
            return Err(error(
                number,
                format!("`{id}` is not a message id (terms and attributes are not read)"),
            ));
        }
        // The value: the rest of the line and every indented line after it. Blank lines inside
        // are kept only when more indented text follows.
        let mut value = first.trim().to_string();
        let mut pending_blank = 0;
        while index < lines.len() {
            let next = lines[index].trim_end_matches('\r');
            if next.trim().is_empty() {
                pending_blank += 1;
                index += 1;
                continue;
            }
            if !next.starts_with([' ', '\t']) && !next.starts_with('}') {
                break;
            }
            for _ in 0..pending_blank {
                value.push('\n');
            }
            pending_blank = 0;
            if !value.is_empty() {
                value.push('\n');
            }
            value.push_str(next.trim());
            index += 1;
        }
        let pattern = Reader::new(&value, number).pattern(false)?;
        if pattern.is_empty() {
            return Err(error(number, format!("`{id}` has no text")));
        }
        if messages.insert(id.to_string(), pattern).is_some() {
            return Err(error(number, format!("`{id}` is defined twice")));
        }
    }
    Ok(messages)
}

/// Reads one message's value. `line` is the message's first line, for errors (lines inside
/// the value are counted from it).
struct Reader<'a> {
    chars: std::iter::Peekable<std::str::Chars<'a>>,
    line: usize,
}

impl<'a> Reader<'a> {
    fn new(value: &'a str, line: usize) -> Self {
        Self {
            chars: value.chars().peekable(),
            line,
        }
    }

    fn fail<T>(&self, message: &str) -> Result<T, ParseError> {
        Err(error(self.line, message))
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.chars.next();
        if c == Some('\n') {
            self.line += 1;
        }
        c
    }

    fn skip_blank(&mut self, newlines: bool) {
        while let Some(&c) = self.chars.peek() {
            if c == ' ' || c == '\t' || (newlines && c == '\n') {
                self.bump();
            } else {
                break;
            }
        }
    }

    /// Text and placeables up to the end, or up to the end of the line for a variant.
    fn pattern(&mut self, one_line: bool) -> Result<Pattern, ParseError> {
        let mut pattern = Vec::new();
        let mut text = String::new();
        while let Some(&c) = self.chars.peek() {
            match c {
                '\n' if one_line => break,
                '{' => {
                    self.bump();
                    match self.placeable()? {
                        Element::Text(literal) => text.push_str(&literal),
                        element => {
                            if !text.is_empty() {
                                pattern.push(Element::Text(std::mem::take(&mut text)));
                            }
                            pattern.push(element);
                        }
                    }
                }
                '}' => return self.fail("a `}` with no `{` (write { \"}\" } for the character)"),
                _ => {
                    text.push(c);
                    self.bump();
                }
            }
        }
        if one_line {
            let trimmed = text.trim_end().len();
            text.truncate(trimmed);
        }
        if !text.is_empty() {
            pattern.push(Element::Text(text));
        }
        Ok(pattern)
    }

    fn identifier(&mut self) -> String {
        let mut id = String::new();
        while let Some(&c) = self.chars.peek() {
            if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                id.push(c);
                self.bump();
            } else {
                break;
            }
        }
        id
    }

    /// After a `{`: a string literal, a variable or a select, up to its `}`.
    fn placeable(&mut self) -> Result<Element, ParseError> {
        self.skip_blank(false);
        let element = match self.bump() {
            Some('"') => {
                let mut literal = String::new();
                loop {
                    match self.bump() {
                        Some('"') => break,
                        Some('\\') => match self.bump() {
                            Some(c @ ('"' | '\\')) => literal.push(c),
                            _ => return self.fail("only \\\" and \\\\ are read in a string"),
                        },
                        Some('\n') | None => return self.fail("a string that does not end"),
                        Some(c) => literal.push(c),
                    }
                }
                Element::Text(literal)
            }
            Some('$') => {
                let variable = self.identifier();
                if variable.is_empty() {
                    return self.fail("a `$` with no variable name");
                }
                self.skip_blank(false);
                if self.chars.peek() == Some(&'-') {
                    self.bump();
                    if self.bump() != Some('>') {
                        return self.fail("expected `->`");
                    }
                    return self.select(variable);
                }
                Element::Variable(variable)
            }
            _ => return self.fail("expected { $variable } or { \"text\" }"),
        };
        self.skip_blank(false);
        if self.bump() != Some('}') {
            return self.fail("a placeable that does not end with `}`");
        }
        Ok(element)
    }

    /// After `{ $variable ->`: one variant per line, then `}`.
    fn select(&mut self, variable: String) -> Result<Element, ParseError> {
        let mut variants = Vec::new();
        let mut default = None;
        loop {
            self.skip_blank(true);
            match self.chars.peek() {
                Some('}') => {
                    self.bump();
                    break;
                }
                None => return self.fail("a select that does not end with `}`"),
                _ => {}
            }
            if self.chars.peek() == Some(&'*') {
                self.bump();
                if default.replace(variants.len()).is_some() {
                    return self.fail("a select with two `*` defaults");
                }
            }
            if self.bump() != Some('[') {
                return self.fail("expected a variant `[key]`");
            }
            self.skip_blank(false);
            let mut key = String::new();
            while let Some(&c) = self.chars.peek() {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' || c == '.' {
                    key.push(c);
                    self.bump();
                } else {
                    break;
                }
            }
            self.skip_blank(false);
            if key.is_empty() || self.bump() != Some(']') {
                return self.fail("a variant key is a word or a number in `[ ]`");
            }
            self.skip_blank(false);
            let pattern = self.pattern(true)?;
            variants.push((key, pattern));
        }
        let Some(default) = default else {
            return self.fail("a select needs a `*` default variant");
        };
        Ok(Element::Select {
            variable,
            variants,
            default,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn one(source: &str) -> Pattern {
        let messages = parse(source).unwrap();
        assert_eq!(messages.len(), 1, "{messages:?}");
        messages.into_values().next().unwrap()
    }

    fn text(s: &str) -> Element {
        Element::Text(s.into())
    }

    #[test]
    fn messages_comments_and_blank_lines() {
        let messages = parse("# Composer\nsend = Send\n\n## group\nstop = Stop  \n").unwrap();
        assert_eq!(messages["send"], vec![text("Send")]);
        assert_eq!(messages["stop"], vec![text("Stop")]);
        assert_eq!(messages.len(), 2);
    }

    #[test]
    fn variables_and_string_literals() {
        assert_eq!(
            one("deleted = Deleted “{ $name }”, { $count } left { \"{\" }x{\"}\"}"),
            vec![
                text("Deleted “"),
                Element::Variable("name".into()),
                text("”, "),
                Element::Variable("count".into()),
                text(" left {x}"),
            ]
        );
    }

    #[test]
    fn continuation_lines_join_with_newlines() {
        let messages =
            parse("help =\n    First line\n    second { $x }\n\n    after a blank\nz = 1").unwrap();
        assert_eq!(
            messages["help"],
            vec![
                text("First line\nsecond "),
                Element::Variable("x".into()),
                text("\n\nafter a blank")
            ]
        );
        let messages = parse("a =\n  one\n  two\n\nb = three").unwrap();
        assert_eq!(messages["a"], vec![text("one\ntwo")]);
        assert_eq!(messages["b"], vec![text("three")]);
    }

    #[test]
    fn a_select_has_one_line_variants_and_a_default() {
        let pattern = one(
            "count = { $n ->\n    [0] No messages\n    [one] One message\n   *[other] { $n } messages\n} here",
        );
        let Element::Select {
            variable,
            variants,
            default,
        } = &pattern[0]
        else {
            panic!("{pattern:?}")
        };
        assert_eq!(variable, "n");
        assert_eq!(*default, 2);
        assert_eq!(variants[0], ("0".into(), vec![text("No messages")]));
        assert_eq!(variants[1], ("one".into(), vec![text("One message")]));
        assert_eq!(
            variants[2],
            (
                "other".into(),
                vec![Element::Variable("n".into()), text(" messages")]
            )
        );
        assert_eq!(pattern[1], text(" here"));
    }

    #[test]
    fn what_is_not_read_is_an_error_with_its_line() {
        for (source, line) in [
            ("ok = 1\n-brand = Skein", 2),
            ("ok = 1\nmsg\n", 2),
            ("  stray = indented", 1),
            ("a = { $n ->\n [one] x\n}", 3),
            ("a = { $n ->\n *[one] x\n *[other] y\n}", 3),
            ("a = text }", 1),
            ("a = { $n ", 1),
            ("a = { NUMBER($n) }", 1),
            ("a = { \"open }", 1),
            ("a =", 1),
            ("a = 1\na = 2", 2),
            ("a.attr = 1", 1),
        ] {
            let err = parse(source).unwrap_err();
            assert_eq!(err.line, line, "{source:?}: {err}");
        }
    }

    #[test]
    fn unicode_text_is_kept_as_written() {
        assert_eq!(one("send = إرسال"), vec![text("إرسال")]);
        assert_eq!(one("send = 发送 { $n } 条"), {
            vec![text("发送 "), Element::Variable("n".into()), text(" 条")]
        });
    }
}
