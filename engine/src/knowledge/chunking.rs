//! Cutting a document's text into chunks that follow its structure (seed 000 §5): a chunk never
//! runs across a heading, keeps paragraphs and code blocks whole when they fit, and knows the
//! headings above it ("Guide › Install › Linux") for its citation.
//!
//! Sizes are in characters. A paragraph longer than the size is cut at sentence ends (else at
//! spaces, else anywhere); a long code block at line ends, each piece fenced again. Consecutive
//! chunks of one section share `overlap` characters of text (never of code), so a sentence cut
//! at a border is found from either side.

/// The smallest chunk size and the largest overlap (a share of the size) accepted.
pub const MIN_CHUNK_CHARS: usize = 100;
const MAX_OVERLAP_SHARE: usize = 2;
/// Headings in a chunk's path are cut to this many characters.
const MAX_PATH_TITLE_CHARS: usize = 120;
/// A fence's info string longer than this is not a language: it is kept as code.
const MAX_INFO_CHARS: usize = 40;

/// One chunk of a document, in order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChunkDraft {
    /// The headings above the chunk, outermost first.
    pub heading_path: Vec<String>,
    pub text: String,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Block {
    Heading {
        level: usize,
        title: String,
    },
    Text(String),
    Code {
        fence: String,
        info: String,
        body: Vec<String>,
    },
}

/// Cuts `text` into chunks of about `size` characters sharing `overlap` characters.
pub fn chunk_text(text: &str, size: usize, overlap: usize) -> Vec<ChunkDraft> {
    let size = size.max(MIN_CHUNK_CHARS);
    let overlap = overlap.min(size / MAX_OVERLAP_SHARE);
    let mut chunker = Chunker {
        size,
        overlap,
        headings: Vec::new(),
        current: String::new(),
        ends_in_code: false,
        out: Vec::new(),
    };
    for block in blocks(text) {
        chunker.add(block);
    }
    chunker.flush(false);
    chunker.out
}

struct Chunker {
    size: usize,
    overlap: usize,
    headings: Vec<(usize, String)>,
    current: String,
    ends_in_code: bool,
    out: Vec<ChunkDraft>,
}

impl Chunker {
    fn add(&mut self, block: Block) {
        match block {
            Block::Heading { level, title } => {
                // A new section: what came before is finished, with no overlap into it.
                self.flush(false);
                self.headings.retain(|(l, _)| *l < level);
                let line = format!("{} {title}", "#".repeat(level));
                self.headings
                    .push((level, title.chars().take(MAX_PATH_TITLE_CHARS).collect()));
                for piece in split_text(&line, self.size) {
                    self.push_piece(&piece, false);
                }
            }
            Block::Text(text) => {
                for piece in split_text(&text, self.size) {
                    self.push_piece(&piece, false);
                }
            }
            Block::Code { fence, info, body } => {
                for piece in split_code(&fence, &info, &body, self.size) {
                    self.push_piece(&piece, true);
                }
            }
        }
    }

    /// Adds a piece (at most `size` characters) to the chunk being built, starting a new one
    /// when it would not fit.
    fn push_piece(&mut self, piece: &str, code: bool) {
        let len = chars(&self.current) + 2 + chars(piece);
        if !self.current.is_empty() && len > self.size {
            self.flush(true);
        }
        if !self.current.is_empty() {
            self.current.push_str("\n\n");
        }
        self.current.push_str(piece);
        self.ends_in_code = code;
    }

    /// Finishes the chunk being built; `carry` starts the next with the tail of this one's text.
    fn flush(&mut self, carry: bool) {
        let text = std::mem::take(&mut self.current);
        if text.trim().is_empty() {
            return;
        }
        if carry && !self.ends_in_code && self.overlap > 0 {
            self.current = tail(&text, self.overlap).to_owned();
        }
        self.out.push(ChunkDraft {
            heading_path: self.headings.iter().map(|(_, t)| t.clone()).collect(),
            text,
        });
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// The last `n` characters of `text`, starting at a word.
fn tail(text: &str, n: usize) -> &str {
    let count = chars(text);
    if count <= n {
        return "";
    }
    let start = text
        .char_indices()
        .nth(count - n)
        .map_or(text.len(), |(i, _)| i);
    let rest = &text[start..];
    match rest.find(char::is_whitespace) {
        Some(space) => rest[space..].trim_start(),
        None => "",
    }
}

/// The document as headings, text paragraphs and fenced code blocks.
fn blocks(text: &str) -> Vec<Block> {
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let mut lines = text.lines();
    let flush = |paragraph: &mut Vec<&str>, out: &mut Vec<Block>| {
        if !paragraph.is_empty() {
            out.push(Block::Text(paragraph.join("\n")));
            paragraph.clear();
        }
    };
    while let Some(line) = lines.next() {
        let trimmed = line.trim_start();
        if let Some(fence) = fence_of(trimmed) {
            flush(&mut paragraph, &mut out);
            let mut info = trimmed[fence.len()..].trim().to_owned();
            let mut body = Vec::new();
            if chars(&info) > MAX_INFO_CHARS {
                body.push(std::mem::take(&mut info));
            }
            for inner in lines.by_ref() {
                if closes(inner, &fence) {
                    break;
                }
                body.push(inner.to_owned());
            }
            out.push(Block::Code { fence, info, body });
        } else if let Some((level, title)) = heading_of(trimmed) {
            flush(&mut paragraph, &mut out);
            out.push(Block::Heading { level, title });
        } else if trimmed.is_empty() {
            flush(&mut paragraph, &mut out);
        } else {
            paragraph.push(line.trim_end());
        }
    }
    flush(&mut paragraph, &mut out);
    out
}

/// The fence a line opens (three or more backticks or tildes).
fn fence_of(line: &str) -> Option<String> {
    let first = line.chars().next().filter(|c| *c == '`' || *c == '~')?;
    let run: String = line.chars().take_while(|c| *c == first).collect();
    (run.len() >= 3).then_some(run)
}

/// Whether `line` closes a block opened by `fence`: the same character, at least as many.
fn closes(line: &str, fence: &str) -> bool {
    let line = line.trim();
    let mark = fence.chars().next().unwrap_or('`');
    line.len() >= fence.len() && line.chars().all(|c| c == mark)
}

/// An ATX heading: `#`–`######`, a space, a title.
fn heading_of(line: &str) -> Option<(usize, String)> {
    let level = line.chars().take_while(|c| *c == '#').count();
    if !(1..=6).contains(&level) {
        return None;
    }
    let rest = &line[level..];
    if !rest.starts_with(' ') {
        return None;
    }
    let title = rest.trim().trim_end_matches('#').trim();
    (!title.is_empty()).then(|| (level, title.to_owned()))
}

/// A paragraph in pieces of at most `size` characters: at sentence ends, else at spaces, else
/// anywhere.
fn split_text(text: &str, size: usize) -> Vec<String> {
    if chars(text) <= size {
        return vec![text.to_owned()];
    }
    let mut pieces = Vec::new();
    let mut current = String::new();
    for unit in sentences(text).into_iter().flat_map(|s| fit(s, size)) {
        if !current.is_empty() && chars(&current) + chars(&unit) > size {
            pieces.push(std::mem::take(&mut current).trim().to_owned());
        }
        current.push_str(&unit);
    }
    if !current.trim().is_empty() {
        pieces.push(current.trim().to_owned());
    }
    pieces
}

/// Sentences with their trailing space.
fn sentences(text: &str) -> Vec<&str> {
    let mut out = Vec::new();
    let mut start = 0;
    let bytes: Vec<(usize, char)> = text.char_indices().collect();
    for window in bytes.windows(2) {
        let ((_, c), (next_at, next)) = (window[0], window[1]);
        if matches!(c, '.' | '!' | '?' | '。' | '！' | '？') && next.is_whitespace() {
            out.push(&text[start..next_at + next.len_utf8()]);
            start = next_at + next.len_utf8();
        }
    }
    if start < text.len() {
        out.push(&text[start..]);
    }
    out
}

/// `unit` in pieces of at most `size` characters, cut at spaces where there are any.
fn fit(unit: &str, size: usize) -> Vec<String> {
    if chars(unit) <= size {
        return vec![unit.to_owned()];
    }
    let mut pieces = Vec::new();
    let mut current = String::new();
    for word in unit.split_inclusive(char::is_whitespace) {
        for part in hard_cut(word, size) {
            if !current.is_empty() && chars(&current) + chars(&part) > size {
                pieces.push(std::mem::take(&mut current));
            }
            current.push_str(&part);
        }
    }
    if !current.is_empty() {
        pieces.push(current);
    }
    pieces
}

fn hard_cut(word: &str, size: usize) -> Vec<String> {
    let letters: Vec<char> = word.chars().collect();
    letters.chunks(size).map(|c| c.iter().collect()).collect()
}

/// A code block in fenced pieces of at most about `size` characters, cut at line ends.
fn split_code(fence: &str, info: &str, body: &[String], size: usize) -> Vec<String> {
    let wrap = |lines: &[String]| format!("{fence}{info}\n{}\n{fence}", lines.join("\n"));
    let frame = chars(fence) * 2 + chars(info) + 2;
    let room = size.saturating_sub(frame).max(1);
    let mut pieces = Vec::new();
    let mut current: Vec<String> = Vec::new();
    let mut length = 0;
    for line in body {
        for part in hard_cut_line(line, room) {
            let added = chars(&part) + 1;
            if !current.is_empty() && length + added > room {
                pieces.push(wrap(&current));
                current.clear();
                length = 0;
            }
            length += added;
            current.push(part);
        }
    }
    if !current.is_empty() || pieces.is_empty() {
        pieces.push(wrap(&current));
    }
    pieces
}

fn hard_cut_line(line: &str, room: usize) -> Vec<String> {
    if line.is_empty() {
        return vec![String::new()];
    }
    hard_cut(line, room)
}

#[cfg(test)]
#[path = "chunking_tests.rs"]
mod tests;
