//! Hostile Markdown through the renderer's engine side: the whole parse, the streaming parse
//! (fed in pieces where the input says), and syntax highlighting and math of what it finds.
//! Nothing may panic, the streamed work stays within its bound, and libFuzzer's `-timeout`
//! (set by `cargo xtask fuzz`) is the time budget per input. Start it from the hostile corpus
//! (`skein_engine::render::markdown::hostile`), which `cargo xtask fuzz` writes as seeds.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skein_engine::render::markdown::highlight::highlight;
use skein_engine::render::markdown::math::parse_math;
use skein_engine::render::markdown::{parse, Block, Inline, MarkdownStream, MAX_TAIL_BYTES};

fn visit(blocks: &[Block]) {
    for block in blocks {
        match block {
            Block::Code { language, code } => {
                let spans = highlight(language.as_deref(), code);
                let rebuilt: String = spans.iter().map(|(_, text)| *text).collect();
                assert_eq!(&rebuilt, code, "highlighting gives the code back");
            }
            Block::Math(tex) => {
                parse_math(tex);
            }
            Block::Quote(inner) => visit(inner),
            Block::List { items, .. } => items.iter().for_each(|item| visit(&item.blocks)),
            Block::Paragraph(inlines) | Block::Heading { content: inlines, .. } => {
                visit_inlines(inlines)
            }
            _ => {}
        }
    }
}

fn visit_inlines(inlines: &[Inline]) {
    for inline in inlines {
        match inline {
            Inline::Math { tex, .. } => {
                parse_math(tex);
            }
            Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
                visit_inlines(c)
            }
            Inline::Link { content, .. } => visit_inlines(content),
            _ => {}
        }
    }
}

fuzz_target!(|data: &[u8]| {
    let Some((&step, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    visit(&parse(&text));
    // Pieces of 32 bytes to 8 KB: updates of a throttled stream.
    let step = (usize::from(step) + 1) * 32;
    let mut stream = MarkdownStream::new();
    let mut end = 0;
    let mut updates = 0;
    while end < text.len() {
        end = (end + step).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        let update = stream.update(&text[..end]);
        visit(&update.finished);
        visit(&update.tail);
        updates += 1;
    }
    assert!(
        stream.parsed_bytes() <= text.len() + updates * (MAX_TAIL_BYTES + step + 64),
        "streaming work grew past its bound"
    );
});
