//! Adding a document to a knowledge base: its text (extracted from HTML, a PDF's text layer
//! or a Word document, taken as is from plain text and Markdown), cut into chunks by the base's size and overlap, each chunk with
//! its document, position and heading path.

use super::chunking::chunk_text;
use super::docx::docx_text;
use super::entities::decode_entities;
use super::pdf::{pdf_text, PdfProblem};
use super::zip::ZipError;
use super::{KnowledgeBase, KnowledgeChunk, KnowledgeDocument};
use thiserror::Error;

/// The largest document text kept (about 2.5 million tokens).
pub const MAX_DOCUMENT_BYTES: usize = 10 * 1024 * 1024;
/// The largest PDF or Word file read (their images make them much larger than their text).
pub const MAX_PACKED_FILE_BYTES: usize = 64 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum IngestError {
    #[error(
        "\"{0}\" is not a document Skein can read: add plain text, Markdown, HTML, PDF or Word \
         (.docx) files, or paste the text."
    )]
    Unsupported(String),
    #[error("\"{0}\" is password-protected: remove the protection and add it again.")]
    Protected(String),
    #[error("\"{0}\" is damaged or not really a {1} file, so its text could not be read.")]
    Damaged(String, &'static str),
    #[error(
        "\"{0}\" has no text layer (a scan or pictures of text): run it through OCR first, or \
         paste its text."
    )]
    NoTextLayer(String),
    #[error("\"{0}\" is not UTF-8 text.")]
    NotText(String),
    #[error("\"{0}\" has no text to add.")]
    Empty(String),
    #[error("\"{name}\" is {megabytes} MB; a document can be at most 10 MB of text.")]
    TooLarge { name: String, megabytes: usize },
    #[error(
        "\"{0}\" is too large to read here (at most 64 MB, and its parts at most 256 MB unpacked)."
    )]
    FileTooLarge(String),
}

impl crate::i18n::Explain for IngestError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Unsupported(name) => phrase("error-ingest-unsupported").with("name", name),
            Self::Protected(name) => phrase("error-ingest-protected").with("name", name),
            Self::Damaged(name, kind) => phrase("error-ingest-damaged")
                .with("name", name)
                .with("kind", kind),
            Self::NoTextLayer(name) => phrase("error-ingest-no-text-layer").with("name", name),
            Self::NotText(name) => phrase("error-ingest-not-text").with("name", name),
            Self::Empty(name) => phrase("error-ingest-empty").with("name", name),
            Self::TooLarge { name, megabytes } => phrase("error-ingest-too-large")
                .with("name", name)
                .with("size", megabytes),
            Self::FileTooLarge(name) => phrase("error-ingest-file-too-large").with("name", name),
        }
    }
}

/// What kind of text a file holds, from its type or name.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextKind {
    Plain,
    Markdown,
    Html,
    Pdf,
    Docx,
}

pub fn text_kind(name: &str, mime: &str) -> Option<TextKind> {
    let mime = mime.to_ascii_lowercase();
    let extension = name
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .unwrap_or_default();
    match (mime.as_str(), extension.as_str()) {
        ("application/pdf", _) | (_, "pdf") => Some(TextKind::Pdf),
        ("application/vnd.openxmlformats-officedocument.wordprocessingml.document", _)
        | (_, "docx") => Some(TextKind::Docx),
        ("text/html" | "application/xhtml+xml", _) | (_, "html" | "htm" | "xhtml") => {
            Some(TextKind::Html)
        }
        ("text/markdown", _) | (_, "md" | "markdown") => Some(TextKind::Markdown),
        (m, _) if m.starts_with("text/") => Some(TextKind::Plain),
        (_, "txt" | "text" | "csv" | "tsv" | "json" | "log" | "rst" | "org") => {
            Some(TextKind::Plain)
        }
        ("", "") => Some(TextKind::Plain),
        _ => None,
    }
}

/// The text of a file the user added.
pub fn extract_text(name: &str, mime: &str, bytes: &[u8]) -> Result<String, IngestError> {
    let kind = text_kind(name, mime).ok_or_else(|| IngestError::Unsupported(name.to_owned()))?;
    let text = match kind {
        TextKind::Pdf | TextKind::Docx if bytes.len() > MAX_PACKED_FILE_BYTES => {
            return Err(IngestError::FileTooLarge(name.to_owned()))
        }
        TextKind::Pdf => pdf_text(bytes).map_err(|problem| match problem {
            PdfProblem::Encrypted => IngestError::Protected(name.to_owned()),
            PdfProblem::NotPdf => IngestError::Damaged(name.to_owned(), "PDF"),
            PdfProblem::TooLarge => IngestError::FileTooLarge(name.to_owned()),
        })?,
        TextKind::Docx => docx_text(bytes).map_err(|problem| match problem {
            ZipError::TooLarge => IngestError::FileTooLarge(name.to_owned()),
            ZipError::Unsupported => IngestError::Protected(name.to_owned()),
            ZipError::NotZip | ZipError::Missing => IngestError::Damaged(name.to_owned(), "Word"),
        })?,
        TextKind::Html | TextKind::Plain | TextKind::Markdown => {
            let text =
                std::str::from_utf8(bytes).map_err(|_| IngestError::NotText(name.to_owned()))?;
            match kind {
                TextKind::Html => html_text(text),
                _ => text.replace("\r\n", "\n"),
            }
        }
    };
    if text.len() > MAX_DOCUMENT_BYTES {
        return Err(IngestError::TooLarge {
            name: name.to_owned(),
            megabytes: text.len().div_ceil(1024 * 1024),
        });
    }
    if text.trim().is_empty() {
        return Err(if kind == TextKind::Pdf {
            IngestError::NoTextLayer(name.to_owned())
        } else {
            IngestError::Empty(name.to_owned())
        });
    }
    Ok(text)
}

/// A document and its chunks, ready to store (nothing is stored here).
pub fn prepare_document(
    base: &KnowledgeBase,
    name: &str,
    mime: &str,
    text: &str,
    now_ms: f64,
    new_id: &mut dyn FnMut() -> String,
) -> (KnowledgeDocument, Vec<KnowledgeChunk>) {
    let document_id = new_id();
    let chunks: Vec<KnowledgeChunk> =
        chunk_text(text, base.chunk_size as usize, base.chunk_overlap as usize)
            .into_iter()
            .enumerate()
            .map(|(position, draft)| KnowledgeChunk {
                id: new_id(),
                knowledge_base_id: base.id.clone(),
                document_id: document_id.clone(),
                position: u32::try_from(position).unwrap_or(u32::MAX),
                heading_path: draft.heading_path,
                text: draft.text,
                embedding: None,
            })
            .collect();
    let document = KnowledgeDocument {
        id: document_id,
        knowledge_base_id: base.id.clone(),
        name: name.to_owned(),
        mime: mime.to_owned(),
        text_bytes: text.len() as u64,
        chunk_count: u32::try_from(chunks.len()).unwrap_or(u32::MAX),
        created_at_ms: now_ms,
    };
    (document, chunks)
}

/// The readable text of an HTML page, with its headings as Markdown headings (so chunks follow
/// them): tags dropped, `script`, `style` and similar skipped, block ends as line breaks, the
/// common entities decoded. Nothing is fetched or run.
pub fn html_text(html: &str) -> String {
    const SKIPPED: &[&str] = &["script", "style", "noscript", "template", "svg", "head"];
    const BLOCKS: &[&str] = &[
        "p",
        "div",
        "br",
        "li",
        "tr",
        "section",
        "article",
        "header",
        "footer",
        "pre",
        "blockquote",
        "table",
        "ul",
        "ol",
        "hr",
    ];
    let mut out = String::new();
    let mut rest = html;
    let mut skipping: Option<String> = None;
    while let Some(open) = rest.find('<') {
        if skipping.is_none() {
            out.push_str(&decode_entities(&rest[..open]));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('>') else {
            rest = "";
            break;
        };
        let tag = &after[..close];
        rest = &after[close + 1..];
        let closing = tag.starts_with('/');
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect::<String>()
            .to_ascii_lowercase();
        if let Some(skipped) = &skipping {
            if closing && *skipped == name {
                skipping = None;
            }
            continue;
        }
        if !closing && SKIPPED.contains(&name.as_str()) && !tag.ends_with('/') {
            skipping = Some(name);
            continue;
        }
        let heading = name.len() == 2
            && name.starts_with('h')
            && name[1..]
                .parse::<usize>()
                .is_ok_and(|l| (1..=6).contains(&l));
        if heading {
            if closing {
                out.push_str("\n\n");
            } else {
                let level = name[1..].parse::<usize>().unwrap_or(1);
                out.push_str(&format!("\n\n{} ", "#".repeat(level)));
            }
        } else if BLOCKS.contains(&name.as_str()) {
            out.push_str("\n\n");
        }
    }
    if skipping.is_none() {
        out.push_str(&decode_entities(rest));
    }
    // Inline spacing as the browser shows it; paragraphs kept.
    out.split("\n\n")
        .map(|block| block.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|block| !block.is_empty())
        .collect::<Vec<_>>()
        .join("\n\n")
}

#[cfg(test)]
#[path = "ingest_tests.rs"]
mod tests;
