//! Incremental parsing of a message while it streams.
//!
//! Re-parsing a whole long answer on every update makes the cost of each token grow with the
//! answer (the lag peers show on long replies). Here a top-level block is *finished* once a
//! blank line and two more blocks follow it: it is parsed once, kept, and never parsed again;
//! only the text after the last finished block is parsed on each update (usually a block or
//! two). The margin matters: a block right after another can still turn out to belong to it
//! (`| 1 | 2 |` arriving as `|` under a table head, `2.` arriving as `2` after a list item).
//!
//! ## Bounded work per update
//! One block can grow without end: a 1 MB paragraph, a long code block, an answer that is a
//! single line. So the unfinished tail is kept under [`MAX_TAIL_BYTES`]: when it grows past
//! that, its older part is *cut off* and finished as it reads then, at the last paragraph
//! break, line break or space before the newest [`MIN_TAIL_BYTES`] (in that order of
//! preference; a character boundary if there is none). Every byte is then parsed once when it
//! is finished, plus at most `MAX_TAIL_BYTES` + what arrived per update: streaming an answer
//! costs time linear in its length, whatever its content ([`MarkdownStream::parsed_bytes`]
//! counts it). A cut inside a fenced code block carries the fence's opening line over to the
//! tail, so the code goes on showing as code.
//!
//! ## Limitations
//! A later line can, rarely, change how earlier Markdown reads (a link reference definition
//! at the end, a list continued after a paragraph that looked like its end). While streaming,
//! finished blocks keep their first reading; so does a block that was cut, which shows as two
//! blocks (emphasis or a link spanning the cut reads as plain text on both sides) until the
//! message is complete. Then the view parses the whole text once ([`super::parse`]), so the
//! final rendering is exactly CommonMark's. Only fences at the top level are carried over a
//! cut; a long code block inside a list or quote reads as text after the cut while streaming.

use super::{parse_with_ranges, Block};
use std::borrow::Cow;

/// The most bytes of unfinished text parsed again on each update.
pub const MAX_TAIL_BYTES: usize = 8 << 10;
/// What a cut leaves in the tail: the newest text stays open to what comes next.
pub const MIN_TAIL_BYTES: usize = 2 << 10;

/// The state of one streaming message's parse.
#[derive(Debug, Default, Clone)]
pub struct MarkdownStream {
    /// Bytes of the text whose blocks are finished.
    finished_len: usize,
    finished_blocks: usize,
    /// The opening line of a fenced code block that a cut left open, parsed before the tail.
    carried_fence: Option<String>,
    /// Bytes handed to the parser so far.
    parsed_bytes: usize,
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

    /// How many bytes were handed to the parser since the stream started (the work done).
    pub fn parsed_bytes(&self) -> usize {
        self.parsed_bytes
    }

    /// Parses what is new in `text`, the message's whole text so far (it only grows while
    /// streaming). A text that does not extend the one seen before (an edit, a new version)
    /// starts over: check [`finished_blocks`](Self::finished_blocks) or call
    /// [`reset`](Self::reset) when the text was replaced.
    pub fn update(&mut self, text: &str) -> StreamUpdate {
        if !(self.finished_len <= text.len() && text.is_char_boundary(self.finished_len)) {
            self.reset();
        }
        let mut finished = self.cut_if_too_long(text);
        let start = self.finished_len;
        let carried = self.carried_fence.as_deref().unwrap_or("");
        let source = with_prefix(carried, &text[start..]);
        self.parsed_bytes += source.len();
        let mut blocks = parse_with_ranges(&source);
        // Where a block of `source` starts or ends, in `text`.
        let in_text = |at: usize| start + at.saturating_sub(carried.len());
        // The last two blocks stay open, and so does a block that no blank line separates
        // from the next.
        let mut tail_from = blocks.len().saturating_sub(2);
        while tail_from > 0 && !ends_with_blank_line(&text[..in_text(blocks[tail_from].1.start)]) {
            tail_from -= 1;
        }
        let tail: Vec<Block> = blocks.drain(tail_from..).map(|(block, _)| block).collect();
        if let Some((_, range)) = blocks.last() {
            // Finished up to where the last finished block's source ends; the whitespace after
            // it belongs to the tail's parse, which skips it. A carried fence is closed now:
            // its code block was the first of those finished.
            self.finished_len = in_text(range.end);
            self.carried_fence = None;
        }
        self.finished_blocks += blocks.len();
        finished.extend(blocks.into_iter().map(|(block, _)| block));
        StreamUpdate { finished, tail }
    }

    /// Finishes the older part of a tail longer than [`MAX_TAIL_BYTES`]; returns its blocks.
    fn cut_if_too_long(&mut self, text: &str) -> Vec<Block> {
        if text.len() - self.finished_len <= MAX_TAIL_BYTES {
            return Vec::new();
        }
        let cut = cut_point(text, self.finished_len);
        let carried = self.carried_fence.take().unwrap_or_default();
        let source = with_prefix(&carried, &text[self.finished_len..cut]);
        self.parsed_bytes += source.len();
        self.carried_fence = open_fence_at_end(&source);
        self.finished_len = cut;
        let blocks: Vec<Block> = parse_with_ranges(&source)
            .into_iter()
            .map(|(block, _)| block)
            .collect();
        self.finished_blocks += blocks.len();
        blocks
    }

    /// Forgets everything parsed (the text was replaced).
    pub fn reset(&mut self) {
        *self = Self::default();
    }
}

/// Where to cut `text[from..]`, leaving a tail of [`MIN_TAIL_BYTES`] to about half of
/// [`MAX_TAIL_BYTES`] (so the next cut is a while away): after the last paragraph break in that
/// range, else line break, else space; else at a character boundary. Always after `from`.
fn cut_point(text: &str, from: usize) -> usize {
    let floor = |mut at: usize| {
        while !text.is_char_boundary(at) {
            at -= 1;
        }
        at
    };
    let latest = floor(text.len().saturating_sub(MIN_TAIL_BYTES).max(from));
    let earliest = floor(
        text.len()
            .saturating_sub(MAX_TAIL_BYTES / 2)
            .clamp(from, latest),
    );
    let region = &text[earliest..latest];
    for separator in ["\n\n", "\n", " "] {
        if let Some(at) = region.rfind(separator) {
            return earliest + at + separator.len();
        }
    }
    if latest > from {
        latest
    } else {
        // Not even one character before the tail: take the first one.
        from + text[from..].chars().next().map_or(0, char::len_utf8)
    }
}

/// `prefix` then `text`, copied only when there is a prefix.
fn with_prefix<'a>(prefix: &str, text: &'a str) -> Cow<'a, str> {
    if prefix.is_empty() {
        Cow::Borrowed(text)
    } else {
        Cow::Owned(format!("{prefix}{text}"))
    }
}

/// The opening line (with its line break) of a top-level fenced code block still open at the
/// end of `text`, if any.
fn open_fence_at_end(text: &str) -> Option<String> {
    let mut open: Option<(char, usize, &str)> = None;
    for line in text.split_inclusive('\n') {
        let indent = line.len() - line.trim_start_matches(' ').len();
        if indent > 3 {
            continue;
        }
        let body = &line[indent..];
        let Some(marker) = body.chars().next().filter(|c| *c == '`' || *c == '~') else {
            continue;
        };
        let run = body.len() - body.trim_start_matches(marker).len();
        if run < 3 {
            continue;
        }
        let rest = &body[run..];
        match open {
            None => {
                // A backtick fence's info string may not hold a backtick.
                if marker == '~' || !rest.contains('`') {
                    open = Some((marker, run, line));
                }
            }
            Some((open_marker, open_run, _)) => {
                if marker == open_marker && run >= open_run && rest.trim().is_empty() {
                    open = None;
                }
            }
        }
    }
    open.map(|(_, _, line)| {
        let mut line = line.to_owned();
        if !line.ends_with('\n') {
            line.push('\n');
        }
        line
    })
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
