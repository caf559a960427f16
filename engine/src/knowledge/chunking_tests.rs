use super::*;
use proptest::prelude::*;

const GUIDE: &str = "\
# Guide

Skein runs in the browser.

## Install

Download the build. Unpack it anywhere.

### Linux

Run `./skein` from a terminal.

```sh
./skein --port 8080
```

## Use

Open the page and type.
";

#[test]
fn chunks_follow_the_headings_and_know_their_path() {
    let chunks = chunk_text(GUIDE, 1_000, 100);
    let paths: Vec<String> = chunks.iter().map(|c| c.heading_path.join(" › ")).collect();
    assert_eq!(
        paths,
        [
            "Guide",
            "Guide › Install",
            "Guide › Install › Linux",
            "Guide › Use"
        ]
    );
    assert!(chunks[2].text.starts_with("### Linux\n\nRun `./skein`"));
    assert!(
        chunks[2].text.ends_with("```sh\n./skein --port 8080\n```"),
        "the code block stays whole and fenced: {:?}",
        chunks[2].text
    );
    assert!(
        !chunks[3].text.contains("Unpack"),
        "no chunk runs across a heading"
    );
}

#[test]
fn long_paragraphs_are_cut_at_sentence_ends_and_overlap() {
    let sentences: Vec<String> = (0..40)
        .map(|i| format!("Sentence number {i} says something."))
        .collect();
    let text = sentences.join(" ");
    let chunks = chunk_text(&text, 200, 60);
    assert!(chunks.len() > 5);
    for chunk in &chunks {
        assert!(
            chars(&chunk.text) <= 200 + 60 + 2,
            "{} chars",
            chars(&chunk.text)
        );
    }
    // The first chunk ends at a sentence end; the next starts with the tail of it.
    assert!(chunks[0].text.ends_with('.'), "{:?}", chunks[0].text);
    let tail_words: Vec<&str> = chunks[0].text.split_whitespace().rev().take(3).collect();
    for word in tail_words {
        assert!(chunks[1].text.contains(word), "overlap carries {word:?}");
    }
    // Every sentence is in some chunk.
    for sentence in &sentences {
        assert!(
            chunks.iter().any(|c| c.text.contains(sentence.as_str())),
            "{sentence}"
        );
    }
}

#[test]
fn long_code_is_cut_at_line_ends_each_piece_fenced_without_overlap() {
    let body: Vec<String> = (0..60).map(|i| format!("let x{i} = {i};")).collect();
    let text = format!("```rust\n{}\n```\n", body.join("\n"));
    let chunks = chunk_text(&text, 150, 50);
    assert!(chunks.len() > 3);
    for chunk in &chunks {
        assert!(
            chunk.text.starts_with("```rust\n") && chunk.text.ends_with("\n```"),
            "{:?}",
            chunk.text
        );
    }
    let lines: Vec<&str> = chunks
        .iter()
        .flat_map(|c| c.text.lines().filter(|l| !l.starts_with("```")))
        .collect();
    assert_eq!(lines, body, "every line once, in order");
}

#[test]
fn nothing_in_gives_nothing_out_and_odd_sizes_are_bounded() {
    assert!(chunk_text("", 500, 50).is_empty());
    assert!(chunk_text(" \n\n\t\n", 500, 50).is_empty());
    // A size below the minimum is raised; an overlap past half the size is lowered.
    let word = "x".repeat(1_000);
    let chunks = chunk_text(&word, 1, 10_000);
    assert!(chunks
        .iter()
        .all(|c| chars(&c.text) <= MIN_CHUNK_CHARS + MIN_CHUNK_CHARS / 2 + 2));
    let kept: usize = chunks.iter().map(|c| c.text.matches('x').count()).sum();
    assert_eq!(
        kept, 1_000,
        "every letter kept, none repeated (no spaces: no overlap)"
    );
    // An unclosed fence runs to the end; `#hashtag` is not a heading.
    let chunks = chunk_text("#hashtag text\n\n```\nno end", 500, 0);
    assert_eq!(chunks.len(), 1);
    assert!(chunks[0].heading_path.is_empty());
    assert!(chunks[0].text.contains("no end"));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]
    /// Whatever the text, every word of it is in some chunk, and no chunk is empty or far past
    /// the size.
    #[test]
    fn every_word_is_kept_and_chunks_stay_bounded(
        text in "[a-zé #.\n]{0,2000}",
        size in 100usize..600,
        overlap in 0usize..300,
    ) {
        let chunks = chunk_text(&text, size, overlap);
        let bound = size.max(MIN_CHUNK_CHARS) + overlap.min(size / 2) + 16;
        for chunk in &chunks {
            prop_assert!(!chunk.text.trim().is_empty());
            prop_assert!(chars(&chunk.text) <= bound, "{} > {}", chars(&chunk.text), bound);
        }
        let all: String = chunks.iter().map(|c| c.text.as_str()).collect::<Vec<_>>().join(" ");
        for word in text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
            prop_assert!(all.contains(word), "{word:?} lost");
        }
    }
}
