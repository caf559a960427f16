//! Syntax highlighting of code blocks: a small lexer that knows, per language family, the
//! comment and string syntax and the keywords. It marks keywords, strings, comments and
//! numbers, which is what makes code readable at a glance, at a fraction of the size of a
//! grammar-based highlighter in the wasm bundle.
//!
//! Invariant: the spans cover the code exactly, in order (joined they give the code back), so
//! highlighting can never hide or change a character of what the model wrote.

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Token {
    Plain,
    Keyword,
    String,
    Comment,
    Number,
}

impl Token {
    /// The CSS class the view gives the span.
    pub fn class(self) -> &'static str {
        match self {
            Self::Plain => "",
            Self::Keyword => "tok-kw",
            Self::String => "tok-str",
            Self::Comment => "tok-com",
            Self::Number => "tok-num",
        }
    }
}

struct Syntax {
    line_comments: &'static [&'static str],
    block_comment: Option<(&'static str, &'static str)>,
    quotes: &'static [char],
    keywords: &'static [&'static str],
}

const C_LIKE_COMMENTS: Option<(&str, &str)> = Some(("/*", "*/"));

fn syntax(language: &str) -> Option<Syntax> {
    let lang = language.to_ascii_lowercase();
    let s = |line_comments, block_comment, quotes, keywords| {
        Some(Syntax {
            line_comments,
            block_comment,
            quotes,
            keywords,
        })
    };
    match lang.as_str() {
        "rust" | "rs" => s(
            &["//"],
            C_LIKE_COMMENTS,
            &['"'],
            &[
                "as", "async", "await", "break", "const", "continue", "crate", "dyn", "else",
                "enum", "extern", "false", "fn", "for", "if", "impl", "in", "let", "loop", "match",
                "mod", "move", "mut", "pub", "ref", "return", "self", "Self", "static", "struct",
                "super", "trait", "true", "type", "unsafe", "use", "where", "while",
            ],
        ),
        "js" | "javascript" | "jsx" | "ts" | "typescript" | "tsx" | "mjs" => s(
            &["//"],
            C_LIKE_COMMENTS,
            &['"', '\'', '`'],
            &[
                "async",
                "await",
                "break",
                "case",
                "catch",
                "class",
                "const",
                "continue",
                "default",
                "delete",
                "do",
                "else",
                "export",
                "extends",
                "false",
                "finally",
                "for",
                "from",
                "function",
                "if",
                "import",
                "in",
                "instanceof",
                "interface",
                "let",
                "new",
                "null",
                "of",
                "return",
                "static",
                "super",
                "switch",
                "this",
                "throw",
                "true",
                "try",
                "type",
                "typeof",
                "undefined",
                "var",
                "void",
                "while",
                "yield",
            ],
        ),
        "python" | "py" => s(
            &["#"],
            None,
            &['"', '\''],
            &[
                "and", "as", "assert", "async", "await", "break", "class", "continue", "def",
                "del", "elif", "else", "except", "False", "finally", "for", "from", "global", "if",
                "import", "in", "is", "lambda", "None", "nonlocal", "not", "or", "pass", "raise",
                "return", "True", "try", "while", "with", "yield",
            ],
        ),
        "c" | "h" | "cpp" | "c++" | "cc" | "hpp" | "cs" | "csharp" | "java" | "kotlin" | "kt"
        | "swift" | "go" | "scala" | "dart" => s(
            &["//"],
            C_LIKE_COMMENTS,
            &['"', '\''],
            &[
                "auto",
                "bool",
                "break",
                "case",
                "catch",
                "char",
                "class",
                "const",
                "continue",
                "default",
                "defer",
                "do",
                "double",
                "else",
                "enum",
                "extends",
                "false",
                "final",
                "float",
                "for",
                "fun",
                "func",
                "go",
                "if",
                "implements",
                "import",
                "int",
                "interface",
                "let",
                "long",
                "namespace",
                "new",
                "nil",
                "null",
                "package",
                "private",
                "protected",
                "public",
                "return",
                "short",
                "static",
                "struct",
                "switch",
                "template",
                "this",
                "throw",
                "true",
                "try",
                "typedef",
                "unsigned",
                "using",
                "val",
                "var",
                "virtual",
                "void",
                "while",
            ],
        ),
        "bash" | "sh" | "shell" | "zsh" | "console" => s(
            &["#"],
            None,
            &['"', '\''],
            &[
                "case", "do", "done", "elif", "else", "esac", "export", "fi", "for", "function",
                "if", "in", "local", "return", "then", "until", "while",
            ],
        ),
        "sql" => s(
            &["--"],
            C_LIKE_COMMENTS,
            &['\''],
            &[
                "and", "as", "by", "create", "delete", "desc", "drop", "from", "group", "having",
                "in", "index", "insert", "into", "is", "join", "key", "left", "limit", "not",
                "null", "on", "or", "order", "primary", "select", "set", "table", "update",
                "values", "where", "AND", "AS", "BY", "CREATE", "DELETE", "DESC", "DROP", "FROM",
                "GROUP", "HAVING", "IN", "INDEX", "INSERT", "INTO", "IS", "JOIN", "KEY", "LEFT",
                "LIMIT", "NOT", "NULL", "ON", "OR", "ORDER", "PRIMARY", "SELECT", "SET", "TABLE",
                "UPDATE", "VALUES", "WHERE",
            ],
        ),
        "json" | "jsonc" => s(&["//"], C_LIKE_COMMENTS, &['"'], &["true", "false", "null"]),
        "yaml" | "yml" | "toml" | "ini" => {
            s(&["#"], None, &['"', '\''], &["true", "false", "null"])
        }
        "css" | "scss" => s(&[], C_LIKE_COMMENTS, &['"', '\''], &["important"]),
        "html" | "xml" | "svg" | "vue" => s(&[], Some(("<!--", "-->")), &['"', '\''], &[]),
        "ruby" | "rb" => s(
            &["#"],
            None,
            &['"', '\''],
            &[
                "begin", "class", "def", "do", "else", "elsif", "end", "false", "if", "module",
                "nil", "require", "return", "self", "true", "unless", "until", "while", "yield",
            ],
        ),
        "lua" => s(
            &["--"],
            None,
            &['"', '\''],
            &[
                "and", "do", "else", "elseif", "end", "false", "for", "function", "if", "in",
                "local", "nil", "not", "or", "return", "then", "true", "while",
            ],
        ),
        _ => None,
    }
}

/// The code split into highlighted spans; one plain span for a language it does not know.
pub fn highlight<'a>(language: Option<&str>, code: &'a str) -> Vec<(Token, &'a str)> {
    let Some(syntax) = language.and_then(syntax) else {
        return vec![(Token::Plain, code)];
    };
    let mut spans: Vec<(Token, &'a str)> = Vec::new();
    let mut push = |token: Token, text: &'a str| {
        if text.is_empty() {
            return;
        }
        match spans.last_mut() {
            // Adjacent plain text joins (fewer DOM nodes).
            Some((Token::Plain, last)) if token == Token::Plain => {
                let start = last.as_ptr() as usize - code.as_ptr() as usize;
                *last = &code[start..start + last.len() + text.len()];
            }
            _ => spans.push((token, text)),
        }
    };
    let mut i = 0;
    while i < code.len() {
        let rest = &code[i..];
        let token_len = if let Some((open, close)) = syntax
            .block_comment
            .filter(|(open, _)| rest.starts_with(open))
        {
            let end = rest[open.len()..]
                .find(close)
                .map_or(rest.len(), |at| open.len() + at + close.len());
            Some((Token::Comment, end))
        } else if syntax.line_comments.iter().any(|c| rest.starts_with(c)) {
            Some((Token::Comment, rest.find('\n').unwrap_or(rest.len())))
        } else if let Some(quote) = rest.chars().next().filter(|c| syntax.quotes.contains(c)) {
            Some((Token::String, string_len(rest, quote)))
        } else if rest.starts_with(|c: char| c.is_ascii_digit()) && !ident_before(code, i) {
            let len = rest
                .find(|c: char| !(c.is_ascii_alphanumeric() || c == '.' || c == '_'))
                .unwrap_or(rest.len());
            Some((Token::Number, len))
        } else if rest.starts_with(|c: char| c.is_alphabetic() || c == '_') {
            let len = rest
                .find(|c: char| !(c.is_alphanumeric() || c == '_'))
                .unwrap_or(rest.len());
            let word = &rest[..len];
            let token = if syntax.keywords.contains(&word) {
                Token::Keyword
            } else {
                Token::Plain
            };
            Some((token, len))
        } else {
            None
        };
        let (token, len) = token_len
            .unwrap_or_else(|| (Token::Plain, rest.chars().next().map_or(1, char::len_utf8)));
        push(token, &rest[..len]);
        i += len;
    }
    spans
}

/// A string literal's length: to its closing quote (a backslash escapes), or to the end of the
/// line when it is not closed (template strings may span lines).
fn string_len(rest: &str, quote: char) -> usize {
    let mut escaped = false;
    for (at, c) in rest.char_indices().skip(1) {
        match c {
            _ if escaped => escaped = false,
            '\\' => escaped = true,
            '\n' if quote != '`' => return at,
            c if c == quote => return at + c.len_utf8(),
            _ => {}
        }
    }
    rest.len()
}

/// Whether the character before `at` continues an identifier (`x1` is not a number).
fn ident_before(code: &str, at: usize) -> bool {
    code[..at]
        .chars()
        .next_back()
        .is_some_and(|c| c.is_alphanumeric() || c == '_')
}

#[cfg(test)]
mod tests {
    use super::*;

    fn marked(language: &str, code: &str) -> Vec<(Token, String)> {
        highlight(Some(language), code)
            .into_iter()
            .filter(|(t, _)| *t != Token::Plain)
            .map(|(t, s)| (t, s.to_owned()))
            .collect()
    }

    #[test]
    fn keywords_strings_comments_and_numbers_are_marked() {
        use Token::*;
        assert_eq!(
            marked(
                "rust",
                "let x1 = \"a\\\"b\"; // note\nfn f() -> u8 { 42 } /* c */"
            ),
            [
                (Keyword, "let".into()),
                (String, "\"a\\\"b\"".into()),
                (Comment, "// note".into()),
                (Keyword, "fn".into()),
                (Number, "42".into()),
                (Comment, "/* c */".into()),
            ]
        );
        assert_eq!(
            marked("Python", "def f():\n    return None  # done\n'x'"),
            [
                (Keyword, "def".into()),
                (Keyword, "return".into()),
                (Keyword, "None".into()),
                (Comment, "# done".into()),
                (String, "'x'".into()),
            ]
        );
    }

    #[test]
    fn unknown_languages_and_no_language_are_plain() {
        assert_eq!(
            highlight(Some("brainfuck"), "+[>.<]"),
            [(Token::Plain, "+[>.<]")]
        );
        assert_eq!(highlight(None, "let x"), [(Token::Plain, "let x")]);
    }

    #[test]
    fn the_spans_always_give_the_code_back() {
        for (language, code) in [
            ("js", "const s = `multi\nline ${x}`; /* open comment"),
            ("c", "char *s = \"unterminated\nint x = 0x1F;"),
            ("html", "<a href=\"x\">é 世界</a><!-- never closed"),
            ("sql", "SELECT 'it''s' -- comment\nFROM t"),
            ("bash", "echo \"$HOME\" # ünïcode 🎉\\"),
            ("rust", "\"\\"),
        ] {
            let joined: String = highlight(Some(language), code)
                .iter()
                .map(|(_, s)| *s)
                .collect();
            assert_eq!(joined, code, "{language}");
        }
    }
}
