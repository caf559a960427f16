use skein_engine::markdown::{highlight::highlight, math::parse_math, parse, MarkdownStream};
use std::time::Instant;

fn rep(s: &str, n: usize) -> String {
    s.repeat(n / s.len().max(1))
}

#[test]
fn measure() {
    let n: usize = std::env::var("N")
        .map(|v| v.parse().unwrap())
        .unwrap_or(120_000);
    let cases: Vec<(&str, String)> = vec![
        ("star-a", rep("*a", n)),
        ("a*_", rep("a*_", n)),
        ("**a", rep("**a ", n)),
        ("_a*b", rep("_a*b ", n)),
        ("*_*_", rep("*_", n)),
        ("~~a", rep("~~a ", n)),
        ("open brackets", rep("[", n)),
        ("[a](", rep("[a](", n)),
        ("![[", rep("![", n)),
        ("[]()", rep("[x]", n)),
        (
            "backtick ladder",
            (1..500).map(|i| "`".repeat(i) + "a").collect::<String>(),
        ),
        ("backticks", rep("`a", n)),
        ("entity", rep("&amp;", n)),
        ("entity partial", rep("&#x", n)),
        ("quotes", rep("> ", n) + "a"),
        (
            "lists",
            (0..3000)
                .map(|i| " ".repeat(i * 2) + "- a\n")
                .collect::<String>(),
        ),
        ("list flat", rep("- ", n) + "a"),
        (
            "wide table",
            rep("|a", n / 2) + "|\n" + &rep("|-", n / 2) + "|\n" + &rep("|b", n / 2),
        ),
        ("long line", rep("word ", n)),
        ("dollars", rep("$a", n)),
        ("dollar dollar", rep("$$a", n)),
        ("html", rep("<a ", n)),
        ("autolinks", rep("<http://a", n)),
        ("link refs", rep("[a]: ", n)),
        ("nested emph", rep("*a **b ", n)),
        ("angle", rep("<", n)),
        ("underscore words", rep("a_b_", n)),
        ("backslash", rep("\\", n)),
        ("pipes", rep("|", n)),
        (
            "table rows",
            "|a|b|\n|-|-|\n".to_string() + &rep("|x|y|\n", n),
        ),
        ("fences", rep("```\n", n)),
        ("headings", rep("# a\n", n)),
        ("brackets nested", rep("[", n / 2) + &rep("]", n / 2)),
        ("link nested", rep("[a", n / 2) + &rep("](b)", n / 2)),
    ];
    for (name, text) in &cases {
        let t = Instant::now();
        let blocks = parse(text);
        let parse_ms = t.elapsed().as_secs_f64() * 1e3;
        // streaming: feed in 40-byte steps (bounded 400 steps for timing)
        let t = Instant::now();
        let mut s = MarkdownStream::new();
        let step = text.len().max(1);
        let mut i = 0;
        while i < text.len() {
            i = (i + step).min(text.len());
            while !text.is_char_boundary(i) {
                i += 1;
            }
            s.update(&text[..i]);
        }
        let stream_ms = t.elapsed().as_secs_f64() * 1e3;
        eprintln!("{name:20} {:>7} bytes parse {parse_ms:>9.1} ms stream200 {stream_ms:>9.1} ms blocks {}", text.len(), blocks.len());
    }
    for (name, text) in [
        ("hl-rust", rep("/* a */ \"b\\\" fn x() { 'c' } // d\n", n)),
        ("hl-quotes", rep("\"", n)),
        ("hl-comment", rep("/*", n)),
        ("hl-ticks", rep("'a", n)),
    ] {
        for lang in ["rust", "python", "js", "html", "css", "sql", "bash", "json"] {
            let t = Instant::now();
            let toks = highlight(Some(lang), &text);
            eprintln!(
                "{name} {lang}: {:.1} ms {}",
                t.elapsed().as_secs_f64() * 1e3,
                toks.len()
            );
        }
    }
    for (name, tex) in [
        ("frac", rep("\\frac{", 20000)),
        ("braces", rep("{", n)),
        ("left", rep("\\left(", n)),
        ("subs", rep("a^", n)),
        ("begin", rep("\\begin{matrix}", n)),
        ("amp", rep("a&", n)),
        ("text", rep("\\text{", n)),
        ("close", rep("}", n)),
        ("sqrt", rep("\\sqrt[", n)),
    ] {
        let t = Instant::now();
        let _ = parse_math(&tex);
        eprintln!("math {name}: {:.1} ms", t.elapsed().as_secs_f64() * 1e3);
    }
}
