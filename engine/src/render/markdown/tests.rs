use super::*;

fn text(s: &str) -> Inline {
    Inline::Text(s.into())
}

fn para(inlines: Vec<Inline>) -> Block {
    Block::Paragraph(inlines)
}

/// The links of a parsed text, as (href, text).
fn links(markdown: &str) -> Vec<(Option<String>, String)> {
    fn walk(inlines: &[Inline], out: &mut Vec<(Option<String>, String)>) {
        for inline in inlines {
            match inline {
                Inline::Link { href, content, .. } => out.push((href.clone(), plain_text(content))),
                Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => walk(c, out),
                _ => {}
            }
        }
    }
    let mut out = Vec::new();
    for block in parse(markdown) {
        if let Block::Paragraph(inlines) = block {
            walk(&inlines, &mut out);
        }
    }
    out
}

#[test]
fn common_structure_becomes_the_display_model() {
    let blocks = parse(
        "# Title\n\nSome *soft* and **strong** ~~old~~ `code`.\n\n```rust title\nfn main() {}\n```\n\n> quoted\n\n3. three\n4. four\n\n- [x] done\n- [ ] todo\n\n---\n",
    );
    assert_eq!(
        blocks,
        [
            Block::Heading {
                level: 1,
                content: vec![text("Title")]
            },
            para(vec![
                text("Some "),
                Inline::Emphasis(vec![text("soft")]),
                text(" and "),
                Inline::Strong(vec![text("strong")]),
                text(" "),
                Inline::Strikethrough(vec![text("old")]),
                text(" "),
                Inline::Code("code".into()),
                text("."),
            ]),
            Block::Code {
                language: Some("rust".into()),
                code: "fn main() {}\n".into()
            },
            Block::Quote(vec![para(vec![text("quoted")])]),
            Block::List {
                start: Some(3),
                items: vec![
                    ListItem {
                        checked: None,
                        blocks: vec![para(vec![text("three")])]
                    },
                    ListItem {
                        checked: None,
                        blocks: vec![para(vec![text("four")])]
                    },
                ]
            },
            Block::List {
                start: None,
                items: vec![
                    ListItem {
                        checked: Some(true),
                        blocks: vec![para(vec![text("done")])]
                    },
                    ListItem {
                        checked: Some(false),
                        blocks: vec![para(vec![text("todo")])]
                    },
                ]
            },
            Block::Rule,
        ]
    );
}

#[test]
fn tables_keep_their_alignment_head_and_rows() {
    let blocks = parse("| a | b | c |\n|:--|:-:|--:|\n| 1 | **2** | 3 |\n| 4 | 5 | 6 |\n");
    assert_eq!(
        blocks,
        [Block::Table {
            alignments: vec![Align::Left, Align::Center, Align::Right],
            head: vec![vec![text("a")], vec![text("b")], vec![text("c")]],
            rows: vec![
                vec![
                    vec![text("1")],
                    vec![Inline::Strong(vec![text("2")])],
                    vec![text("3")]
                ],
                vec![vec![text("4")], vec![text("5")], vec![text("6")]],
            ],
        }]
    );
}

#[test]
fn math_is_kept_as_tex_and_dollar_amounts_are_not_math() {
    assert_eq!(
        parse("Euler: $e^{i\\pi} = -1$\n\n$$\n\\int_0^1 x\\,dx\n$$\n"),
        [
            para(vec![
                text("Euler: "),
                Inline::Math {
                    tex: "e^{i\\pi} = -1".into(),
                    display: false
                }
            ]),
            para(vec![Inline::Math {
                tex: "\n\\int_0^1 x\\,dx\n".into(),
                display: true
            }]),
        ]
    );
    assert_eq!(
        parse("It costs $5 and $10."),
        [para(vec![text("It costs $5 and $10.")])]
    );
}

#[test]
fn raw_html_is_text_never_markup() {
    assert_eq!(
        parse("<script>alert(1)</script>\n"),
        [Block::RawHtml("<script>alert(1)</script>\n".into())]
    );
    assert_eq!(
        parse("Hi <img src=x onerror=alert(1)> there"),
        [para(vec![text("Hi <img src=x onerror=alert(1)> there")])]
    );
}

#[test]
fn only_absolute_web_and_mail_links_keep_their_target() {
    let kept = |href: &str| Some(href.to_owned());
    assert_eq!(
        links("[a](https://example.com/x?y#z) [b](http://example.com) [c](mailto:me@example.com)"),
        [
            (kept("https://example.com/x?y#z"), "a".into()),
            (kept("http://example.com"), "b".into()),
            (kept("mailto:me@example.com"), "c".into()),
        ]
    );
    for hostile in [
        "[x](javascript:alert(1))",
        "[x](JaVaScRiPt:alert(1))",
        "[x](<java\tscript:alert(1)>)",
        "[x](%6Aavascript:alert(1))",
        "[x](data:text/html;base64,PHNjcmlwdD4=)",
        "[x](vbscript:msgbox)",
        "[x](//evil.example/path)",
        "[x](/relative/path)",
        "[x](#fragment)",
        "[x](file:///etc/passwd)",
        "[x](https:evil.example)",
        "[x](  javascript:alert(1))",
    ] {
        assert_eq!(links(hostile), [(None, "x".into())], "{hostile}");
    }
    assert_eq!(
        links("<https://example.com> and <me@example.com>"),
        [
            (kept("https://example.com"), "https://example.com".into()),
            (kept("mailto:me@example.com"), "me@example.com".into()),
        ]
    );
}

#[test]
fn images_are_remote_offers_and_only_over_http() {
    let image = |md: &str| match parse(md).pop() {
        Some(Block::Paragraph(mut inlines)) => inlines.pop(),
        _ => None,
    };
    assert_eq!(
        image("![a chart](https://user:pw@img.example.com:8443/c.png)"),
        Some(Inline::Image {
            src: Some(RemoteImage {
                url: "https://user:pw@img.example.com:8443/c.png".into(),
                host: "img.example.com:8443".into(),
            }),
            alt: "a chart".into(),
        })
    );
    for hostile in [
        "![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)",
        "![x](javascript:alert(1))",
        "![x](mailto:a@b.c)",
        "![x](/local.png)",
    ] {
        assert_eq!(
            image(hostile),
            Some(Inline::Image {
                src: None,
                alt: "x".into()
            }),
            "{hostile}"
        );
    }
}

/// How deeply containers nest in a parse (inline wrappers included).
pub(super) fn depth(blocks: &[Block]) -> usize {
    fn inline_depth(inlines: &[Inline]) -> usize {
        inlines
            .iter()
            .map(|i| match i {
                Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
                    1 + inline_depth(c)
                }
                Inline::Link { content, .. } => 1 + inline_depth(content),
                _ => 0,
            })
            .max()
            .unwrap_or(0)
    }
    blocks
        .iter()
        .map(|b| match b {
            Block::Quote(inner) => 1 + depth(inner),
            Block::List { items, .. } => {
                1 + items.iter().map(|i| depth(&i.blocks)).max().unwrap_or(0)
            }
            Block::Paragraph(inlines)
            | Block::Heading {
                content: inlines, ..
            } => inline_depth(inlines),
            Block::Table { head, rows, .. } => {
                1 + head
                    .iter()
                    .chain(rows.iter().flatten())
                    .map(|cell| inline_depth(cell))
                    .max()
                    .unwrap_or(0)
            }
            _ => 0,
        })
        .max()
        .unwrap_or(0)
}

#[test]
fn deep_nesting_is_flattened_and_its_text_kept() {
    for (hostile, word) in [
        (format!("{}deep quote", "> ".repeat(20_000)), "deep quote"),
        (format!("{}deep list", "- ".repeat(5_000)), "deep list"),
        (
            format!("{}deep emphasis{}", "*_".repeat(3_000), "_*".repeat(3_000)),
            "deep emphasis",
        ),
        (
            format!(
                "{}deep link{}",
                "[".repeat(10_000),
                "](https://x.y)".repeat(10_000)
            ),
            "deep link",
        ),
    ] {
        let blocks = parse(&hostile);
        assert!(depth(&blocks) <= MAX_DEPTH, "depth {}", depth(&blocks));
        let all: String = blocks.iter().map(|b| format!("{b:?}")).collect();
        assert!(all.contains(word), "{word} kept");
    }
}

const STREAMED: &str = "# Plan\n\nFirst a paragraph with *emphasis*\nand a soft break.\n\n```python\nprint('hi')\n\nprint('there')\n```\n\n1. one\n2. two\n\n   still two\n3. three\n\n> a quote\n> over lines\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\nLast words with $x^2$.";

/// Feeds `text` in pieces of `step` bytes (on char boundaries) and returns what the view
/// would show: the finished blocks followed by the last tail.
pub(super) fn streamed(text: &str, step: usize) -> (Vec<Block>, MarkdownStream) {
    let mut stream = MarkdownStream::new();
    let mut finished = Vec::new();
    let mut tail = Vec::new();
    let mut end = 0;
    while end < text.len() {
        end = (end + step).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let update = stream.update(&text[..end]);
        finished.extend(update.finished);
        tail = update.tail;
    }
    finished.extend(tail);
    (finished, stream)
}

#[test]
fn streaming_in_any_pieces_shows_what_a_whole_parse_shows() {
    let whole = parse(STREAMED);
    for step in [1, 2, 3, 7, 16, 64, STREAMED.len()] {
        let (shown, _) = streamed(STREAMED, step);
        assert_eq!(shown, whole, "pieces of {step} bytes");
    }
}

#[test]
fn finished_blocks_are_not_parsed_again() {
    let (_, stream) = streamed(STREAMED, 5);
    // Everything but the last two blocks (the table and the last paragraph) was finished
    // along the way.
    let whole = parse(STREAMED);
    assert_eq!(stream.finished_blocks(), whole.len() - 2);
    let mut stream = stream;
    let update = stream.update(STREAMED);
    assert!(update.finished.is_empty());
    assert_eq!(update.tail, whole[whole.len() - 2..]);
}

#[test]
fn a_block_without_a_blank_line_after_it_stays_open() {
    let mut stream = MarkdownStream::new();
    // `|` may still become the table's first row.
    let update = stream.update("| x | y |\n|---|---|\n|");
    assert!(update.finished.is_empty(), "{update:?}");
    // Only the first heading has a blank line after it.
    let mut stream = MarkdownStream::new();
    let update = stream.update("# H\n\npara\n# H2\nlast");
    assert_eq!(
        update.finished,
        [Block::Heading {
            level: 1,
            content: vec![text("H")]
        }]
    );
    assert_eq!(update.tail.len(), 3);
}

#[test]
fn a_replaced_text_starts_over() {
    let mut stream = MarkdownStream::new();
    stream.update("First block.\n\nSecond.\n\nThird ");
    assert_eq!(stream.finished_blocks(), 1);
    // Shorter than what was finished: a new version of the message.
    let update = stream.update("New");
    assert_eq!(update.finished, []);
    assert_eq!(update.tail, [para(vec![text("New")])]);
    assert_eq!(stream.finished_blocks(), 0);
}

/// Documents assembled from the constructs models write, streamed in assorted piece sizes:
/// what is shown at the end is always what a whole parse shows.
#[test]
fn streaming_matches_a_whole_parse_on_many_generated_documents() {
    const PIECES: [&str; 16] = [
        "# Heading\n",
        "Plain words and *more* words.\n",
        "\n",
        "\n",
        "- item\n",
        "  continued item\n",
        "1. first\n",
        "2. second\n",
        "```js\nconst x = 1;\n",
        "```\n",
        "> quoted *text*\n",
        "| a | b |\n|---|---|\n",
        "| 1 | 2 |\n",
        "Some `code` and $x$.\n",
        "    indented code\n",
        "***\n",
    ];
    let mut seed: u64 = 0x9E37_79B9_7F4A_7C15;
    let mut next = move |bound: usize| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        (seed % bound as u64) as usize
    };
    for _ in 0..300 {
        let document: String = (0..12).map(|_| PIECES[next(PIECES.len())]).collect();
        let whole = parse(&document);
        let step = 1 + next(12);
        let (shown, _) = streamed(&document, step);
        assert_eq!(shown, whole, "pieces of {step} bytes of {document:?}");
    }
}
