//! Markdown of model output, parsed into a display model that is safe by construction.
//!
//! Model output is untrusted. It is never turned into HTML: [`parse`] produces [`Block`]s and
//! [`Inline`]s, and the view builds DOM nodes from them, text always as text. What the model
//! cannot do through this model:
//! - **Run script or inject markup**: raw HTML becomes [`Block::RawHtml`] / plain text.
//! - **Link anywhere but the web or mail**: a link keeps its target only if it is an absolute
//!   `http`, `https` or `mailto` URL ([`safe_link`]); otherwise it is shown as its text.
//! - **Load a remote resource**: an image is only a [`RemoteImage`] the view offers to load when
//!   the user asks; anything but `http(s)` (e.g. `data:`, `javascript:`) is shown as its alt text.
//! - **Exhaust the stack**: containers nested deeper than [`MAX_DEPTH`] are flattened into their
//!   parent (their text is kept).
//!
//! Streaming text is parsed incrementally by [`MarkdownStream`]: finished blocks are parsed
//! once, only the growing tail again on each update.

pub mod highlight;
pub mod hostile;
pub mod math;
mod stream;

pub use stream::{MarkdownStream, StreamUpdate, MAX_TAIL_BYTES};

use pulldown_cmark::{Alignment, CodeBlockKind, Event, LinkType, Options, Parser, Tag};

/// Deepest nesting of containers (quotes, lists, emphasis…) that is kept as structure.
pub const MAX_DEPTH: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    Paragraph(Vec<Inline>),
    Heading {
        level: u8,
        content: Vec<Inline>,
    },
    /// Fenced or indented code; `language` is the fence's first word.
    Code {
        language: Option<String>,
        code: String,
    },
    Quote(Vec<Block>),
    List {
        /// The first number of an ordered list; `None` for bullets.
        start: Option<u64>,
        items: Vec<ListItem>,
    },
    Table {
        alignments: Vec<Align>,
        head: Vec<Vec<Inline>>,
        rows: Vec<Vec<Vec<Inline>>>,
    },
    Rule,
    /// Display math (`$$…$$`), as TeX source.
    Math(String),
    /// HTML the model wrote, shown as the text it is.
    RawHtml(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ListItem {
    /// A task list item's check box.
    pub checked: Option<bool>,
    pub blocks: Vec<Block>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Align {
    None,
    Left,
    Center,
    Right,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Inline {
    Text(String),
    Code(String),
    Emphasis(Vec<Inline>),
    Strong(Vec<Inline>),
    Strikethrough(Vec<Inline>),
    Link {
        /// `None` when the target is not a safe absolute link: the text shows, unlinked.
        href: Option<String>,
        title: String,
        content: Vec<Inline>,
    },
    Image {
        src: Option<RemoteImage>,
        alt: String,
    },
    /// Math as TeX source: `$…$` inline, `$$…$$` on a display line of its own.
    Math {
        tex: String,
        display: bool,
    },
    LineBreak,
}

/// An image on another server: loaded only when the user asks (the request would tell that
/// server the user's address and that they read this message).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RemoteImage {
    pub url: String,
    /// The host it would be loaded from, to show before loading.
    pub host: String,
}

/// The link target if it is an absolute `http`, `https` or `mailto` URL, else `None`.
///
/// Browsers ignore ASCII whitespace and control characters inside a scheme
/// (`java\tscript:`), so any such character before the first `:` rejects the link.
pub fn safe_link(url: &str) -> Option<String> {
    let url = url.trim_matches(|c: char| c.is_ascii_whitespace() || c.is_control());
    let (scheme, rest) = url.split_once(':')?;
    let allowed = ["http", "https", "mailto"]
        .iter()
        .any(|s| scheme.eq_ignore_ascii_case(s));
    if !allowed || rest.is_empty() || url.chars().any(char::is_control) {
        return None;
    }
    if !scheme.eq_ignore_ascii_case("mailto") && !rest.starts_with("//") {
        return None;
    }
    Some(url.to_owned())
}

/// The image if its URL is an absolute `http(s)` URL with a host.
pub fn remote_image(url: &str) -> Option<RemoteImage> {
    let url = safe_link(url)?;
    let (scheme, rest) = url.split_once("://")?;
    if !(scheme.eq_ignore_ascii_case("http") || scheme.eq_ignore_ascii_case("https")) {
        return None;
    }
    let authority = rest.split(['/', '?', '#']).next().unwrap_or("");
    let host = authority.rsplit('@').next().unwrap_or(authority);
    (!host.is_empty()).then(|| RemoteImage {
        url: url.clone(),
        host: host.to_owned(),
    })
}

fn options() -> Options {
    Options::ENABLE_TABLES
        | Options::ENABLE_STRIKETHROUGH
        | Options::ENABLE_TASKLISTS
        | Options::ENABLE_MATH
}

/// Parses `text` into blocks.
pub fn parse(text: &str) -> Vec<Block> {
    parse_with_ranges(text)
        .into_iter()
        .map(|(block, _)| block)
        .collect()
}

/// Parses `text` into top-level blocks, each with the byte range of its source.
pub(crate) fn parse_with_ranges(text: &str) -> Vec<(Block, std::ops::Range<usize>)> {
    let mut builder = Builder::default();
    let mut top_start = None;
    let mut blocks = Vec::new();
    for (event, range) in Parser::new_ext(text, options()).into_offset_iter() {
        let at_top = builder.frames.is_empty() && builder.skipped == 0;
        if at_top && top_start.is_none() {
            top_start = Some(range.start);
        }
        if let Some(block) = builder.event(event) {
            let start = top_start.take().unwrap_or(range.start);
            blocks.push((block, start..range.end));
        }
    }
    blocks
}

/// What a frame being built will become.
#[derive(Debug)]
enum Kind {
    Paragraph,
    Heading(u8),
    Code(Option<String>),
    Html,
    Quote,
    List(Option<u64>),
    Item,
    Table(Vec<Align>),
    TableHead,
    TableRow,
    TableCell,
    Emphasis,
    Strong,
    Strikethrough,
    Link { href: Option<String>, title: String },
    Image(String),
}

#[derive(Debug)]
struct Frame {
    kind: Kind,
    blocks: Vec<Block>,
    inlines: Vec<Inline>,
    /// Code and raw HTML text; the check box of a task item.
    text: String,
    checked: Option<bool>,
    items: Vec<ListItem>,
    rows: Vec<Vec<Vec<Inline>>>,
    cells: Vec<Vec<Inline>>,
}

impl Frame {
    fn new(kind: Kind) -> Self {
        Self {
            kind,
            blocks: Vec::new(),
            inlines: Vec::new(),
            text: String::new(),
            checked: None,
            items: Vec::new(),
            rows: Vec::new(),
            cells: Vec::new(),
        }
    }

    /// Loose inline content (a tight list item's text) becomes a paragraph before a block.
    fn flush_inlines(&mut self) {
        if !self.inlines.is_empty() {
            let inlines = std::mem::take(&mut self.inlines);
            self.blocks.push(Block::Paragraph(inlines));
        }
    }
}

#[derive(Debug, Default)]
struct Builder {
    frames: Vec<Frame>,
    /// Containers opened past [`MAX_DEPTH`]: their start and end are ignored.
    skipped: usize,
}

impl Builder {
    /// Feeds one event; returns a top-level block when one is complete.
    fn event(&mut self, event: Event<'_>) -> Option<Block> {
        match event {
            Event::Start(tag) => {
                if self.frames.len() >= MAX_DEPTH {
                    self.skipped += 1;
                } else {
                    self.frames.push(Frame::new(kind_of(tag)));
                }
                None
            }
            Event::End(_) => {
                if self.skipped > 0 {
                    self.skipped -= 1;
                    return None;
                }
                let frame = self.frames.pop()?;
                self.close(frame)
            }
            Event::Text(text) => self.text(&text),
            Event::Code(code) => self.inline(Inline::Code(code.into_string())),
            Event::InlineMath(tex) => self.inline(Inline::Math {
                tex: tex.into_string(),
                display: false,
            }),
            Event::DisplayMath(tex) => self.block_or_inline(Block::Math(tex.into_string())),
            Event::Html(html) | Event::InlineHtml(html) => self.text(&html),
            Event::FootnoteReference(name) => self.text(&format!("[^{name}]")),
            Event::SoftBreak => self.text("\n"),
            Event::HardBreak => self.inline(Inline::LineBreak),
            Event::Rule => self.block_or_inline(Block::Rule),
            Event::TaskListMarker(checked) => {
                if let Some(frame) = self.frames.last_mut() {
                    frame.checked = Some(checked);
                }
                None
            }
        }
    }

    fn text(&mut self, text: &str) -> Option<Block> {
        match self.frames.last_mut() {
            Some(frame) if matches!(frame.kind, Kind::Code(_) | Kind::Html) => {
                frame.text.push_str(text);
                None
            }
            _ => self.inline(Inline::Text(text.to_owned())),
        }
    }

    fn inline(&mut self, inline: Inline) -> Option<Block> {
        match self.frames.last_mut() {
            Some(frame) => {
                // Adjacent text merges, so a soft break does not split a text node.
                if let (Some(Inline::Text(last)), Inline::Text(more)) =
                    (frame.inlines.last_mut(), &inline)
                {
                    last.push_str(more);
                } else {
                    frame.inlines.push(inline);
                }
                None
            }
            // Inline content outside any block (not produced by the parser): a paragraph.
            None => Some(Block::Paragraph(vec![inline])),
        }
    }

    /// A block where the parser may put one inside inline content (display math in a
    /// paragraph): it becomes part of the enclosing block's content.
    fn block_or_inline(&mut self, block: Block) -> Option<Block> {
        match self.frames.last_mut() {
            None => Some(block),
            Some(frame) => {
                match (&frame.kind, block) {
                    (Kind::Quote | Kind::Item, block) => {
                        frame.flush_inlines();
                        frame.blocks.push(block);
                    }
                    (_, Block::Math(tex)) => {
                        frame.inlines.push(Inline::Math { tex, display: true })
                    }
                    (_, _) => frame.inlines.push(Inline::LineBreak),
                }
                None
            }
        }
    }

    fn close(&mut self, mut frame: Frame) -> Option<Block> {
        let block = match frame.kind {
            Kind::Emphasis => return self.inline(Inline::Emphasis(frame.inlines)),
            Kind::Strong => return self.inline(Inline::Strong(frame.inlines)),
            Kind::Strikethrough => return self.inline(Inline::Strikethrough(frame.inlines)),
            Kind::Link { href, title } => {
                return self.inline(Inline::Link {
                    href,
                    title,
                    content: frame.inlines,
                })
            }
            Kind::Image(url) => {
                return self.inline(Inline::Image {
                    src: remote_image(&url),
                    alt: plain_text(&frame.inlines),
                })
            }
            // Table parts go into their table, list items into their list.
            Kind::TableCell => {
                if let Some(parent) = self.frames.last_mut() {
                    parent.cells.push(frame.inlines);
                }
                return None;
            }
            Kind::TableHead => {
                if let Some(table) = self.frames.last_mut() {
                    table.cells = frame.cells;
                }
                return None;
            }
            Kind::TableRow => {
                if let Some(table) = self.frames.last_mut() {
                    table.rows.push(frame.cells);
                }
                return None;
            }
            Kind::Item => {
                frame.flush_inlines();
                let item = ListItem {
                    checked: frame.checked,
                    blocks: frame.blocks,
                };
                return match self.frames.last_mut() {
                    Some(list) if matches!(list.kind, Kind::List(_)) => {
                        list.items.push(item);
                        None
                    }
                    // An item whose list was flattened away (too deep): its blocks go to the
                    // parent.
                    Some(parent) => {
                        parent.flush_inlines();
                        parent.blocks.extend(item.blocks);
                        None
                    }
                    None => Some(Block::Quote(item.blocks)),
                };
            }
            Kind::Paragraph => Block::Paragraph(frame.inlines),
            Kind::Heading(level) => Block::Heading {
                level,
                content: frame.inlines,
            },
            Kind::Code(language) => Block::Code {
                language,
                code: frame.text,
            },
            Kind::Html => Block::RawHtml(frame.text),
            Kind::Quote => {
                frame.flush_inlines();
                Block::Quote(frame.blocks)
            }
            Kind::List(start) => Block::List {
                start,
                items: frame.items,
            },
            Kind::Table(alignments) => Block::Table {
                alignments,
                head: frame.cells,
                rows: frame.rows,
            },
        };
        match self.frames.last_mut() {
            None => Some(block),
            Some(parent) => {
                if matches!(parent.kind, Kind::Quote | Kind::Item) {
                    parent.flush_inlines();
                    parent.blocks.push(block);
                } else {
                    // A block inside inline content or a list or table directly (only when
                    // nesting was flattened): its text is kept inline.
                    parent.inlines.extend(inlines_of(block));
                }
                None
            }
        }
    }
}

fn kind_of(tag: Tag<'_>) -> Kind {
    match tag {
        Tag::Paragraph => Kind::Paragraph,
        Tag::Heading { level, .. } => Kind::Heading(level as u8),
        Tag::BlockQuote(_) => Kind::Quote,
        Tag::CodeBlock(CodeBlockKind::Fenced(info)) => Kind::Code(
            info.split_whitespace()
                .next()
                .filter(|l| !l.is_empty())
                .map(str::to_owned),
        ),
        Tag::CodeBlock(CodeBlockKind::Indented) => Kind::Code(None),
        Tag::HtmlBlock => Kind::Html,
        Tag::List(start) => Kind::List(start),
        Tag::Item => Kind::Item,
        Tag::Table(alignments) => Kind::Table(
            alignments
                .into_iter()
                .map(|a| match a {
                    Alignment::None => Align::None,
                    Alignment::Left => Align::Left,
                    Alignment::Center => Align::Center,
                    Alignment::Right => Align::Right,
                })
                .collect(),
        ),
        Tag::TableHead => Kind::TableHead,
        Tag::TableRow => Kind::TableRow,
        Tag::TableCell => Kind::TableCell,
        Tag::Emphasis => Kind::Emphasis,
        Tag::Strong => Kind::Strong,
        Tag::Strikethrough => Kind::Strikethrough,
        Tag::Link {
            link_type,
            dest_url,
            title,
            ..
        } => Kind::Link {
            href: if link_type == LinkType::Email {
                safe_link(&format!("mailto:{dest_url}"))
            } else {
                safe_link(&dest_url)
            },
            title: title.into_string(),
        },
        Tag::Image { dest_url, .. } => Kind::Image(dest_url.into_string()),
        // Not enabled (footnotes, definition lists, metadata, super/subscript): plain content.
        _ => Kind::Paragraph,
    }
}

/// The text of inline content, without formatting (image alt text, accessible names).
pub fn plain_text(inlines: &[Inline]) -> String {
    let mut out = String::new();
    for inline in inlines {
        match inline {
            Inline::Text(t) | Inline::Code(t) | Inline::Math { tex: t, .. } => out.push_str(t),
            Inline::Emphasis(c) | Inline::Strong(c) | Inline::Strikethrough(c) => {
                out.push_str(&plain_text(c));
            }
            Inline::Link { content, .. } => out.push_str(&plain_text(content)),
            Inline::Image { alt, .. } => out.push_str(alt),
            Inline::LineBreak => out.push('\n'),
        }
    }
    out
}

/// A block's content as inlines (for blocks flattened into inline content).
fn inlines_of(block: Block) -> Vec<Inline> {
    match block {
        Block::Paragraph(inlines)
        | Block::Heading {
            content: inlines, ..
        } => inlines,
        Block::Code { code, .. } => vec![Inline::Code(code)],
        Block::Math(tex) => vec![Inline::Math { tex, display: true }],
        Block::RawHtml(text) => vec![Inline::Text(text)],
        Block::Rule => vec![Inline::LineBreak],
        Block::Quote(blocks) => blocks.into_iter().flat_map(inlines_of).collect(),
        Block::List { items, .. } => items
            .into_iter()
            .flat_map(|item| item.blocks.into_iter().flat_map(inlines_of))
            .collect(),
        Block::Table { head, rows, .. } => head
            .into_iter()
            .chain(rows.into_iter().flatten())
            .flatten()
            .collect(),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
#[path = "hostile_tests.rs"]
mod hostile_tests;
