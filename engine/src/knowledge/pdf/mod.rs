//! The text layer of a PDF: each page's content streams read in order, their text-showing
//! operators decoded through the page's fonts, lines and paragraphs recovered from where the
//! text is placed. Images, scanned pages and text drawn as shapes have no text to give.
//!
//! Not read: encrypted files (refused), text inside form XObjects, and fonts whose codes map
//! to text only through an embedded font program (no `/ToUnicode`, not a single-byte font).

mod cmap;
mod document;
mod font;
mod lexer;
mod page_text;

use document::{PdfDocument, PdfError};
use lexer::{Dict, Object};
pub use page_text::PageText;

/// Pages beyond this are not read (the document is cut there).
const MAX_PAGES: usize = 5_000;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum PdfProblem {
    NotPdf,
    Encrypted,
    TooLarge,
}

impl From<PdfError> for PdfProblem {
    fn from(err: PdfError) -> Self {
        match err {
            PdfError::NotPdf => PdfProblem::NotPdf,
            PdfError::Encrypted => PdfProblem::Encrypted,
            PdfError::TooLarge => PdfProblem::TooLarge,
        }
    }
}

/// The text of every page, pages separated by a blank line.
pub fn pdf_text(data: &[u8]) -> Result<String, PdfProblem> {
    let document = PdfDocument::parse(data)?;
    let mut pages = Vec::new();
    if let Some(root) = document
        .find_typed("Catalog")
        .and_then(|catalog| document.dict(Some(&catalog)).cloned())
    {
        collect_pages(
            &document,
            root.get("Pages"),
            &Dict::default(),
            &mut pages,
            0,
        );
    }
    if pages.is_empty() {
        return Err(PdfProblem::NotPdf); // no page tree: damaged
    }
    let mut text = String::new();
    for page in pages.iter().take(MAX_PAGES) {
        let page_text = PageText::read(&document, page)?;
        if !page_text.trim().is_empty() {
            if !text.is_empty() {
                text.push_str("\n\n");
            }
            text.push_str(page_text.trim());
        }
    }
    Ok(text)
}

/// Page dictionaries in order, each with the resources it inherits from its parents.
fn collect_pages(
    document: &PdfDocument,
    node: Option<&Object>,
    inherited: &Dict,
    pages: &mut Vec<Dict>,
    depth: usize,
) {
    let Some(node) = document.dict(node) else {
        return;
    };
    if depth > 32 || pages.len() >= MAX_PAGES {
        return;
    }
    let mut page = node.clone();
    if page.get("Resources").is_none() {
        if let Some(resources) = inherited.get("Resources") {
            page.0.push(("Resources".into(), resources.clone()));
        }
    }
    match document.resolve(node.get("Kids").unwrap_or(&Object::Null)) {
        Some(Object::Array(kids)) => {
            for kid in kids {
                collect_pages(document, Some(kid), &page, pages, depth + 1);
            }
        }
        _ => pages.push(page),
    }
}

#[cfg(test)]
#[path = "pdf_tests.rs"]
mod tests;
