//! Incremental parsing of a message while it streams.
//!
//! Re-parsing a whole long answer on every update makes the cost of each token grow with the
//! answer (the lag peers show on long replies). Here a top-level block is *finished* once a
//! blank line and two more blocks follow it: it is parsed once, kept, and never parsed again;
//! only the text after the last finished block is parsed on each update (usually a block or
//! two). The margin matters: a block right after another can still turn out to belong to it
//! (`| 1 | 2 |` arriving as `|` under a table head, `2.` arriving as `2` after a list item).
//!
//! ## Limitations
//! A later line can, rarely, change how earlier Markdown reads (a link reference definition
//! at the end, a list continued after a paragraph that looked like its end). While streaming,
//! finished blocks keep their first reading; when the message is complete the view parses the
//! whole text once ([`super::parse`]), so the final rendering is exactly CommonMark's.

use super::{parse_with_ranges, Block};

/// The state of one streaming message's parse.
#[derive(Debug, Default, Clone)]
pub struct MarkdownStream {
    /// Bytes of the text whose blocks are finished.
    finished_len: usize,
    finished_blocks: usize,
}

/// What changed since the last update.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StreamUpdate {
    /// Blocks that became finished with this update, to append after the earlier ones.
    pub finished: Vec<Block>,
    /// The blocks of the unfinished tail, replacing the previous tail.
    pub tail: Vec<Block>,
}

impl MarkdownStream {
    pub fn new() -> Self {
        Self::default()
    }

    /// How many blocks are finished so far.
    pub fn finished_blocks(&self) -> usize {
        self.finished_blocks
    }

    /// Parses what is new in `text`, the message's whole text so far (it only grows while
    /// streaming). A text that does not extend the one seen before (an edit, a new version)
    /// starts over: check [`finished_blocks`](Self::finished_blocks) or call
    /// [`reset`](Self::reset) when the text was replaced.
    pub fn update(&mut self, text: &str) -> StreamUpdate {
        let start = if text.is_char_boundary(self.finished_len) && self.finished_len <= text.len() {
            self.finished_len
        } else {
            self.reset();
            0
        };
        let mut blocks = parse_with_ranges(&text[start..]);
        // The last two blocks stay open, and so does a block that no blank line separates
        // from the next.
        let mut tail_from = blocks.len().saturating_sub(2);
        while tail_from > 0 && !ends_with_blank_line(&text[..start + blocks[tail_from].1.start]) {
            tail_from -= 1;
        }
        let tail: Vec<Block> = blocks.drain(tail_from..).map(|(block, _)| block).collect();
        if let Some((_, range)) = blocks.last() {
            // Finished up to where the last finished block's source ends; the whitespace after
            // it belongs to the tail's parse, which skips it.
            self.finished_len = start + range.end;
        }
        self.finished_blocks += blocks.len();
        StreamUpdate {
            finished: blocks.into_iter().map(|(block, _)| block).collect(),
            tail,
        }
    }

    /// Forgets everything parsed (the text was replaced).
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}

/// Whether `text` ends with an empty (or whitespace-only) line before its last line break.
fn ends_with_blank_line(text: &str) -> bool {
    let trimmed = text.trim_end_matches([' ', '\t']);
    let Some(before) = trimmed.strip_suffix('\n') else {
        return false;
    };
    let before = before.strip_suffix('\r').unwrap_or(before);
    let last_line = before.rsplit('\n').next().unwrap_or(before);
    last_line.trim().is_empty()
}
