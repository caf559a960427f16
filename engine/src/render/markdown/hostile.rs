//! Hostile Markdown: inputs built to make a renderer slow (runs of unmatched delimiters,
//! bracket and backtick runs, entity floods, deep nesting, very wide tables, very long lines).
//! Model output is untrusted, and an answer can be any of these, by accident or by prompt
//! injection. The tests render each in bounded work, the benchmark times the worst of them
//! (`cargo xtask bench`, "worst-case Markdown"), and the fuzz target starts from them.

/// Each hostile input of about `bytes` bytes, named.
pub fn corpus(bytes: usize) -> Vec<(&'static str, String)> {
    let repeat = |unit: &str| unit.repeat((bytes / unit.len()).max(1));
    let half = bytes / 2;
    let lines = |unit: &dyn Fn(usize) -> String| {
        let mut text = String::new();
        let mut i = 0;
        while text.len() < bytes {
            text.push_str(&unit(i));
            i += 1;
        }
        text
    };
    vec![
        ("unmatched stars", repeat("*a")),
        ("stars and underscores", repeat("a*_")),
        ("alternating delimiters", repeat("*_")),
        ("unmatched strong", repeat("**a ")),
        ("strikethrough runs", repeat("~~a ")),
        ("nested emphasis openers", repeat("*a **b ")),
        ("intraword underscores", repeat("a_b_")),
        ("open brackets", repeat("[")),
        ("unclosed links", repeat("[a](")),
        ("image openers", repeat("![")),
        ("shortcut references", repeat("[x]")),
        ("nested brackets", "[".repeat(half) + &"]".repeat(half)),
        (
            "nested links",
            "[a".repeat(half / 2) + &"](b)".repeat(half / 4),
        ),
        ("link reference definitions", repeat("[a]: ")),
        ("backtick runs", repeat("`a")),
        ("backtick ladder", lines(&|i| "`".repeat(1 + i % 300) + "a")),
        ("named entities", repeat("&amp;")),
        ("entity openers", repeat("&#x")),
        ("backslashes", repeat("\\")),
        ("angle brackets", repeat("<")),
        ("html openers", repeat("<a ")),
        ("autolink openers", repeat("<http://a")),
        ("dollar runs", repeat("$a")),
        ("display math openers", repeat("$$a")),
        ("nested quotes", repeat("> ") + "a"),
        ("quote lines", lines(&|i| "> ".repeat(1 + i % 64) + "a\n")),
        (
            "nested list lines",
            lines(&|i| " ".repeat(2 * (i % 200)) + "- a\n"),
        ),
        ("list markers on one line", repeat("- ") + "a"),
        ("wide table", {
            let columns = (bytes / 6).max(1);
            format!(
                "{}|\n{}|\n{}|\n",
                "|a".repeat(columns),
                "|-".repeat(columns),
                "|b".repeat(columns)
            )
        }),
        (
            "long table",
            "|a|b|\n|-|-|\n".to_owned() + &repeat("|x|y|\n"),
        ),
        ("pipes", repeat("|")),
        ("one long line", repeat("word ")),
        ("one long word", repeat("a")),
        ("fence lines", repeat("```\n")),
        (
            "unclosed fence",
            "```rust\n".to_owned() + &repeat("let x = 1;\n"),
        ),
        ("headings", repeat("# a\n")),
        ("blank lines", repeat("\n")),
        ("emoji and combining marks", repeat("e\u{301}👩‍💻 ")),
    ]
}
