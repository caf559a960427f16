//! The hostile corpus ([`super::hostile`]) in bounded work: each input parses whole, streams
//! with work linear in its length (counted in bytes handed to the parser, not timed), and
//! never nests deeper than [`MAX_DEPTH`].

use super::hostile::corpus;
use super::tests::{depth, streamed};
use super::*;

const SIZE: usize = 100 << 10;

/// Streams `text` in `updates` pieces; returns what was shown last and the stream.
fn stream_in(text: &str, updates: usize) -> (Vec<Block>, MarkdownStream) {
    streamed(text, (text.len() / updates).max(1))
}

#[test]
fn every_hostile_input_parses_whole_within_the_nesting_limit() {
    for (name, text) in corpus(SIZE) {
        let blocks = parse(&text);
        assert_eq!(blocks.is_empty(), text.trim().is_empty(), "{name}");
        // Containers count twice (a list and its item), so the bound is twice the limit.
        assert!(
            depth(&blocks) <= 2 * MAX_DEPTH + 2,
            "{name}: {}",
            depth(&blocks)
        );
    }
}

#[test]
fn streaming_any_hostile_input_parses_each_byte_a_bounded_number_of_times() {
    const UPDATES: usize = 200;
    for (name, text) in corpus(SIZE) {
        let (shown, stream) = stream_in(&text, UPDATES);
        assert_eq!(shown.is_empty(), text.trim().is_empty(), "{name}");
        let step = text.len() / UPDATES + 4;
        // Each byte once when it is finished, plus at most the bounded tail per update.
        let bound = text.len() + UPDATES * (MAX_TAIL_BYTES + step + 64);
        assert!(
            stream.parsed_bytes() <= bound,
            "{name}: {} bytes parsed for {} bytes of text (bound {bound})",
            stream.parsed_bytes(),
            text.len()
        );
    }
}

#[test]
fn a_long_code_block_stays_code_across_cuts_while_streaming() {
    let code = "```rust\n".to_owned() + &"let answer = 42; // the line\n".repeat(2_000);
    let mut stream = MarkdownStream::new();
    let mut end = 0;
    let mut cuts = 0;
    while end < code.len() {
        end = (end + 500).min(code.len());
        let update = stream.update(&code[..end]);
        cuts += update.finished.len();
        for block in update.finished.iter().chain(&update.tail) {
            let Block::Code { language, code } = block else {
                panic!("at {end}: {block:?}");
            };
            assert_eq!(language.as_deref(), Some("rust"));
            // Every line whole, but the newest one, which may still be arriving.
            let line = "let answer = 42; // the line";
            let lines: Vec<&str> = code.lines().collect();
            if let Some((last, whole)) = lines.split_last() {
                assert!(whole.iter().all(|l| *l == line), "at {end}: {code:?}");
                assert!(line.starts_with(last), "at {end}: {last:?}");
            }
        }
    }
    assert!(cuts > 5, "the block was cut {cuts} times");
    // A closing fence ends the carried block; what follows is prose again.
    let closed = code + "```\n\nAfter the code.\n\nMore.\n\nLast.";
    let update = stream.update(&closed);
    assert!(update.tail.iter().all(|b| matches!(b, Block::Paragraph(_))));
}

#[test]
fn a_long_paragraph_is_cut_between_words() {
    let text = "lorem ipsum dolor sit amet ".repeat(2_000);
    let (shown, stream) = stream_in(&text, 100);
    assert!(stream.finished_blocks() > 5);
    let words: Vec<String> = shown
        .iter()
        .map(|block| match block {
            Block::Paragraph(inlines) => plain_text(inlines),
            other => panic!("{other:?}"),
        })
        .flat_map(|t| t.split_whitespace().map(str::to_owned).collect::<Vec<_>>())
        .collect();
    assert_eq!(words.len(), 10_000, "no word lost or split");
    assert!(words
        .iter()
        .all(|w| ["lorem", "ipsum", "dolor", "sit", "amet"].contains(&w.as_str())));
}
