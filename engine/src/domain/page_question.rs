//! A question about the page the user is reading (the browser extension's context menu): the
//! selection quoted into the composer, or the page's text attached as a document with its
//! address and title, cut to a stated budget.

use crate::domain::attachment::{Attachment, AttachmentContent};

/// The most of a page's text attached, in characters (about 15,000 tokens).
pub const PAGE_TEXT_BUDGET: usize = 60_000;

/// `text` as a Markdown quote, followed by an empty line for the user's question.
pub fn quote_selection(text: &str) -> String {
    let quoted: Vec<String> = text
        .trim()
        .lines()
        .map(|line| {
            if line.trim().is_empty() {
                ">".to_owned()
            } else {
                format!("> {}", line.trim_end())
            }
        })
        .collect();
    format!("{}\n\n", quoted.join("\n"))
}

/// The page as a document to attach, and a notice when it was cut to the budget.
pub fn page_attachment(title: &str, url: &str, text: &str) -> (Attachment, Option<String>) {
    let text = text.trim();
    let cut = text
        .char_indices()
        .nth(PAGE_TEXT_BUDGET)
        .map(|(at, _)| &text[..at]);
    let body = cut.unwrap_or(text);
    let name = if title.trim().is_empty() {
        url.trim()
    } else {
        title.trim()
    };
    let document = format!("Page: {}\nAddress: {}\n\n{body}", title.trim(), url.trim());
    let notice = cut.map(|_| {
        format!(
            "The page is long: its first {PAGE_TEXT_BUDGET} characters of {} are attached.",
            text.chars().count()
        )
    });
    (
        Attachment {
            name: name.to_owned(),
            content: AttachmentContent::Document {
                mime: "text/plain".to_owned(),
                text: document,
            },
        },
        notice,
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_selection_is_quoted_line_by_line() {
        assert_eq!(quote_selection("  one\n\ntwo  \n"), "> one\n>\n> two\n\n");
    }

    #[test]
    fn a_page_carries_its_address_and_title() {
        let (attachment, notice) =
            page_attachment("Tides", "https://example.com/tides", " The moon. ");
        assert_eq!(attachment.name, "Tides");
        let AttachmentContent::Document { text, mime } = attachment.content else {
            panic!("a document");
        };
        assert_eq!(mime, "text/plain");
        assert_eq!(
            text,
            "Page: Tides\nAddress: https://example.com/tides\n\nThe moon."
        );
        assert_eq!(notice, None);
    }

    #[test]
    fn a_long_page_is_cut_at_the_budget_and_says_so() {
        let long = "é".repeat(PAGE_TEXT_BUDGET + 5);
        let (attachment, notice) = page_attachment("", "https://example.com/", &long);
        assert_eq!(attachment.name, "https://example.com/");
        let AttachmentContent::Document { text, .. } = attachment.content else {
            panic!("a document");
        };
        assert_eq!(text.chars().filter(|c| *c == 'é').count(), PAGE_TEXT_BUDGET);
        assert_eq!(
            notice.as_deref(),
            Some("The page is long: its first 60000 characters of 60005 are attached.")
        );
    }
}
