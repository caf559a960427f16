//! The interface's words come from the catalogue (`public/locales/en.ftl`, read through
//! `skein_components::t` / `tf`): host tests that read the views' sources and fail on an English
//! sentence written into a `view!`, on a message id the catalogue lacks, and on a catalogue
//! message no source names. That every shipped language holds the same messages is the engine's
//! test (`engine/src/i18n/tests.rs`).

use std::collections::BTreeSet;
use std::path::Path;

/// Attributes whose value people read or hear.
const READ_ATTRIBUTES: [&str; 9] = [
    "title",
    "aria-label",
    "aria-description",
    "placeholder",
    "alt",
    "label",
    "legend",
    "empty",
    "close_label",
];

/// Literals in views that are the same in every language: example values in placeholders,
/// template syntax, product names.
const SAME_IN_EVERY_LANGUAGE: [&str; 10] = [
    "Skein",
    "POST {url}",
    "HTTP-Referer: https://example.org",
    "https://api.openai.com/v1",
    "gpt-4o-mini, llama3.2, …",
    "https://searx.example.org",
    "http://127.0.0.1:8000/v1",
    "[{{ time }}] {{ message }}",
    "{% if name %} … {% endif %}",
    "{% else %}",
];

/// A literal found in a view: its line and its text.
#[derive(Debug, PartialEq, Eq)]
pub struct Found {
    pub line: usize,
    pub text: String,
}

#[derive(Clone, Copy, PartialEq)]
enum Context {
    /// Between tags.
    Markup,
    /// Inside `{ … }`.
    Rust,
    /// An attribute's value written as an expression (`title=move || …`), until a space or
    /// the tag's end outside brackets; `depth` counts the brackets open in it.
    Attribute { read: bool, depth: u32 },
}

/// Whether `text` has words: two letters in a row outside `{…}` placeholders.
fn has_words(text: &str) -> bool {
    let mut depth = 0;
    let mut run = 0;
    for c in text.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = (depth - 1).max(0),
            c if depth == 0 && c.is_alphabetic() => {
                run += 1;
                if run >= 2 {
                    return true;
                }
                continue;
            }
            _ => {}
        }
        run = 0;
    }
    false
}

/// Whether a literal in Rust code inside a view reads as a sentence or a label (a capital
/// letter first, or a space between words), not a key, an id or a CSS class.
fn reads_as_words(text: &str) -> bool {
    let trimmed = text.trim();
    trimmed.chars().next().is_some_and(char::is_uppercase)
        || (trimmed.contains(' ') && has_words(trimmed) && !trimmed.contains('{'))
}

/// The English literals in the `view!` blocks of one source file: text between tags, values of
/// [`READ_ATTRIBUTES`], and sentence-like literals in the Rust code inside a view.
pub fn view_literals(source: &str) -> Vec<Found> {
    let bytes = source.as_bytes();
    let mut found = Vec::new();
    let mut stack: Vec<Context> = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if stack.is_empty() && bytes[i..].starts_with(b"//") {
            i = source[i..].find('\n').map_or(bytes.len(), |n| i + n);
            continue;
        }
        if bytes[i..].starts_with(b"view!") {
            let rest = &source[i + 5..];
            let skipped = rest.len() - rest.trim_start().len();
            if rest.trim_start().starts_with('{') {
                stack.push(Context::Markup);
                i += 5 + skipped + 1;
                continue;
            }
        }
        let top = stack.last().copied();
        match (bytes[i], top) {
            (b'"', Some(context)) => {
                let start = i;
                i += 1;
                while i < bytes.len() && bytes[i] != b'"' {
                    i += if bytes[i] == b'\\' { 2 } else { 1 };
                }
                let text = &source[start + 1..i.min(bytes.len())];
                i += 1;
                let before = source[..start].trim_end();
                let after = source[i.min(bytes.len())..].trim_start();
                let flagged = match (context, attribute_name(before)) {
                    (Context::Markup, Some(name)) => {
                        READ_ATTRIBUTES.contains(&name) && has_words(text)
                    }
                    (Context::Markup, None) => has_words(text),
                    (Context::Attribute { read, .. }, _) => read && reads_as_words(text),
                    (Context::Rust, _) => {
                        reads_as_words(text)
                            && !before.ends_with("==")
                            && !before.ends_with("!=")
                            && !after.starts_with("=>")
                            && !after.starts_with('|')
                    }
                };
                let named_by_id = before.ends_with("t(") || before.ends_with("tf(");
                if flagged && !named_by_id && !SAME_IN_EVERY_LANGUAGE.contains(&text) {
                    found.push(Found {
                        line: source[..start].matches('\n').count() + 1,
                        text: text.to_owned(),
                    });
                }
                continue;
            }
            (b'\'', Some(Context::Rust | Context::Attribute { .. })) => {
                // A char literal ('"' would otherwise open a string); a lifetime is left alone.
                if let Some(len) = char_literal_len(&source[i..]) {
                    i += len;
                    continue;
                }
            }
            (b'=', Some(Context::Markup)) => {
                let value = source[i + 1..].trim_start();
                let name = attribute_name(&source[..=i]);
                if name.is_some() && !value.starts_with('"') && !value.starts_with('{') {
                    let read = name.is_some_and(|n| READ_ATTRIBUTES.contains(&n));
                    stack.push(Context::Attribute { read, depth: 0 });
                }
            }
            (b'(' | b'[', Some(Context::Attribute { read, depth })) => {
                stack.pop();
                stack.push(Context::Attribute {
                    read,
                    depth: depth + 1,
                });
            }
            (b')' | b']', Some(Context::Attribute { read, depth })) if depth > 0 => {
                stack.pop();
                stack.push(Context::Attribute {
                    read,
                    depth: depth - 1,
                });
            }
            (b'>', Some(Context::Attribute { depth: 0, .. })) => {
                stack.pop();
                continue;
            }
            (b' ' | b'\n', Some(Context::Attribute { depth: 0, .. }))
                if next_is_attribute(&source[i..]) =>
            {
                stack.pop();
                continue;
            }
            (b'/', Some(Context::Attribute { depth: 0, .. })) if bytes[i..].starts_with(b"/>") => {
                stack.pop();
                continue;
            }
            (b'{', Some(_)) => stack.push(Context::Rust),
            (b'}', Some(_)) => {
                stack.pop();
            }
            _ => {}
        }
        i += 1;
    }
    found
}

/// Whether `rest` (from a space) goes on with another attribute (`name=`, not `==`).
fn next_is_attribute(rest: &str) -> bool {
    let rest = rest.trim_start();
    let name_len = rest
        .find(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == ':'))
        .unwrap_or(rest.len());
    let after = rest[name_len..].trim_start();
    name_len > 0
        && rest.starts_with(|c: char| c.is_ascii_alphabetic())
        && after.starts_with('=')
        && !after.starts_with("==")
}

/// The attribute `before` ends with (`title=`), if it ends with one.
fn attribute_name(before: &str) -> Option<&str> {
    let b = before.trim_end().strip_suffix('=')?;
    if b.ends_with(['=', '!', '<', '>']) {
        return None;
    }
    let start = b
        .rfind(|c: char| !(c.is_alphanumeric() || c == '-' || c == '_' || c == ':'))
        .map_or(0, |n| n + 1);
    (start < b.len()).then(|| &b[start..])
}

fn char_literal_len(rest: &str) -> Option<usize> {
    let mut chars = rest.char_indices().skip(1);
    let (_, first) = chars.next()?;
    let (at, close) = if first == '\\' {
        chars.next()?;
        chars.next()?
    } else {
        chars.next()?
    };
    (close == '\'').then_some(at + 1)
}

/// The message ids `t("…")`, `tf("…"` and the engine's `phrase("…")` name in `source`.
pub fn named_ids(source: &str) -> BTreeSet<String> {
    let mut ids = BTreeSet::new();
    for call in ["t(\"", "tf(\"", "phrase(\""] {
        let mut rest = source;
        while let Some(at) = rest.find(call) {
            let before = rest[..at].chars().last();
            rest = &rest[at + call.len()..];
            if before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
                continue;
            }
            if let Some(end) = rest.find('"') {
                ids.insert(rest[..end].to_owned());
            }
        }
    }
    ids
}

/// The message ids an `.ftl` file defines.
pub fn defined_ids(ftl: &str) -> BTreeSet<String> {
    ftl.lines()
        .filter(|l| l.starts_with(|c: char| c.is_ascii_lowercase()))
        .filter_map(|l| l.split_once(" = ").or_else(|| l.split_once(" =")))
        .map(|(id, _)| id.trim().to_owned())
        .collect()
}

/// The Rust sources under `dir` and its folders, as (file name, text).
pub fn sources(dir: &Path) -> Vec<(String, String)> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.path()).collect())
        .unwrap_or_default();
    files.sort();
    let mut found = Vec::new();
    for path in files {
        if path.is_dir() {
            found.extend(sources(&path));
        } else if path.extension().is_some_and(|e| e == "rs") {
            if let Ok(text) = std::fs::read_to_string(&path) {
                found.push((path.display().to_string(), text));
            }
        }
    }
    found
}

/// English sentences written as string literals in code (a notice built with `format!`), not
/// read from the catalogue: a literal of three words or more whose first letter is a capital
/// (after any `{placeholder}`). Literals may run over lines (`\` continuations, raw strings);
/// comments are skipped, and so are the messages of `expect`, `panic!`, `unreachable!` and
/// the assertions, and lint reasons, which no user reads.
pub fn sentence_literals(text: &str) -> Vec<Found> {
    let chars: Vec<char> = text.chars().collect();
    let mut found = Vec::new();
    let (mut i, mut line) = (0, 1);
    while i < chars.len() {
        let c = chars[i];
        if c == '\n' {
            line += 1;
            i += 1;
        } else if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                i += 1;
            }
        } else if c == '\'' {
            // A char literal ('"', '\'') or a lifetime ('a): step over it.
            i += match (chars.get(i + 1), chars.get(i + 2), chars.get(i + 3)) {
                (Some('\\'), _, Some('\'')) => 4,
                (Some(_), Some('\''), _) => 3,
                _ => 1,
            };
        } else if c == '"' || (c == 'r' && matches!(chars.get(i + 1), Some('"' | '#'))) {
            let start_line = line;
            let before: String = chars[i.saturating_sub(40)..i].iter().collect();
            let (literal, end) = read_literal(&chars, i);
            line += chars[i..end].iter().filter(|&&c| c == '\n').count();
            i = end;
            if is_sentence(&literal) && !for_developers(&before) {
                found.push(Found {
                    line: start_line,
                    text: literal,
                });
            }
        } else {
            i += 1;
        }
    }
    found
}

/// The text of the string literal starting at `start` (`"…"` with escapes and `\` line
/// continuations, or `r"…"`/`r#"…"#`), and where it ends.
fn read_literal(chars: &[char], start: usize) -> (String, usize) {
    let mut i = start;
    let mut hashes = 0;
    let raw = chars[i] == 'r';
    if raw {
        i += 1;
        while chars.get(i) == Some(&'#') {
            hashes += 1;
            i += 1;
        }
    }
    i += 1; // the opening quote
    let mut text = String::new();
    while i < chars.len() {
        let c = chars[i];
        if raw && c == '"' && (0..hashes).all(|h| chars.get(i + 1 + h) == Some(&'#')) {
            return (text, i + 1 + hashes);
        }
        if !raw && c == '"' {
            return (text, i + 1);
        }
        if !raw && c == '\\' {
            match chars.get(i + 1) {
                // A continuation: the line break and the next line's indent are not text.
                Some('\n') => {
                    i += 2;
                    while chars.get(i).is_some_and(|c| c.is_whitespace()) {
                        i += 1;
                    }
                    continue;
                }
                Some(&escaped) => {
                    text.push(escaped);
                    i += 2;
                    continue;
                }
                None => break,
            }
        }
        text.push(c);
        i += 1;
    }
    (text, chars.len())
}

/// Whether a literal reads as a sentence: three words or more, its first letter a capital.
fn is_sentence(literal: &str) -> bool {
    let mut depth = 0;
    let first_letter = literal.chars().find(|&c| {
        match c {
            '{' => depth += 1,
            '}' => depth -= 1,
            _ => return depth == 0 && c.is_alphabetic(),
        }
        false
    });
    literal.split_whitespace().count() >= 3 && first_letter.is_some_and(char::is_uppercase)
}

/// Whether the code just before a literal makes it a message for developers (a panic, an
/// assertion, a lint reason) or documentation.
fn for_developers(before: &str) -> bool {
    [
        "expect(",
        "panic!(",
        "unreachable!(",
        "assert!(",
        "assert_eq!(",
        "assert_ne!(",
        "debug_assert!(",
        "reason =",
        "doc =",
    ]
    .iter()
    .any(|marker| before.contains(marker))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::process::root;

    fn view_sources() -> Vec<(String, String)> {
        let mut all = sources(&root().join("components/src"));
        all.extend(sources(&root().join("src")));
        all
    }

    #[test]
    fn the_views_say_nothing_the_catalogue_does_not_hold() {
        let mut written = Vec::new();
        for (file, text) in view_sources() {
            for found in view_literals(&text) {
                written.push(format!("{file}:{}: {:?}", found.line, found.text));
            }
        }
        assert!(
            written.is_empty(),
            "English written into views; put it in public/locales/en.ftl (and the other \
             languages) and read it with t()/tf():\n{}",
            written.join("\n")
        );
    }

    #[test]
    fn the_app_writes_no_english_sentence_outside_the_catalogue() {
        let mut written = Vec::new();
        for (file, text) in sources(&root().join("src")) {
            for found in sentence_literals(&text) {
                written.push(format!("{file}:{}: {:?}", found.line, found.text));
            }
        }
        assert!(
            written.is_empty(),
            "English written into the app's code; put it in public/locales/en.ftl (and the \
             other languages) and read it with t()/tf():\n{}",
            written.join("\n")
        );
    }

    #[test]
    fn a_sentence_in_code_is_found_but_not_an_id_a_comment_or_an_expect() {
        let text = "let a = format!(\"Skein cannot watch {x}\");\n\
                    // \"Not This One Here\"\n\
                    let b = \"notice-storage-opening\";\n\
                    x.expect(\"Set on both paths here\");\n";
        let found: Vec<String> = sentence_literals(text)
            .into_iter()
            .map(|f| f.text)
            .collect();
        assert_eq!(found, ["Skein cannot watch {x}"]);
    }

    #[test]
    fn every_id_the_code_names_is_in_the_catalogue_and_every_message_is_named() {
        let english = std::fs::read_to_string(root().join("public/locales/en.ftl")).unwrap();
        let defined = defined_ids(&english);
        let mut named = BTreeSet::new();
        let mut mentioned = String::new();
        let engine = root().join("engine/src");
        let mut engine_dirs = vec![engine.clone()];
        if let Ok(entries) = std::fs::read_dir(&engine) {
            engine_dirs.extend(
                entries
                    .filter_map(Result::ok)
                    .map(|e| e.path())
                    .filter(|p| p.is_dir()),
            );
        }
        for (_, text) in view_sources()
            .into_iter()
            .chain(engine_dirs.iter().flat_map(|dir| sources(dir)))
        {
            named.extend(named_ids(&text));
            mentioned.push_str(&text);
        }
        let missing: Vec<_> = named.difference(&defined).collect();
        assert!(
            missing.is_empty(),
            "named in code, not in en.ftl: {missing:?}"
        );
        let unused: Vec<_> = defined
            .iter()
            .filter(|id| !mentioned.contains(&format!("\"{id}\"")))
            .collect();
        assert!(unused.is_empty(), "in en.ftl, named nowhere: {unused:?}");
    }

    #[test]
    fn the_scan_finds_text_attributes_and_sentences_but_not_ids_or_classes() {
        let source = r#"
            fn v() { view! {
                <p class="hint" data-testid="x" title="A title">"Hello there"</p>
                <span>{t("greeting")}" "</span>
                {move || if on { "Stop now" } else { "send-key" }}
                <b>{format!("{} · {n}", a)}</b>
                <i>"→"</i>
            } }
            // "Not in a view"
        "#;
        let texts: Vec<_> = view_literals(source).into_iter().map(|f| f.text).collect();
        assert_eq!(texts, ["A title", "Hello there", "Stop now"]);
        assert_eq!(
            named_ids(r#"t("a") tf("b", &[]) at("c") it("d") phrase("e")"#),
            BTreeSet::from(["a".to_owned(), "b".to_owned(), "e".to_owned()])
        );
        assert_eq!(
            defined_ids("# c\nab-c = x\n    [one] y\nd = { $n }\n## s\n"),
            BTreeSet::from(["ab-c".to_owned(), "d".to_owned()])
        );
    }
}
