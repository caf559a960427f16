//! Files the user attaches to a message: images (sent to vision models, stored as blobs) and
//! text documents (sent as fenced DATA, stored on the message).
//!
//! What a file is comes from its bytes, not from the name or type the browser reports: an image
//! must start with the signature of a format providers accept, and a document must be UTF-8
//! text. Anything else gets an error naming the file and what to do.

use thiserror::Error;

/// The largest image sent (providers refuse larger ones: OpenAI 20 MB, Anthropic 5 MB per
/// image after their own resizing; 20 MB keeps the common case and names the limit).
pub const MAX_IMAGE_BYTES: usize = 20 * 1024 * 1024;
/// The largest text document attached to a message (about 500,000 tokens).
pub const MAX_DOCUMENT_BYTES: usize = 2 * 1024 * 1024;
/// Attachments on one message.
pub const MAX_ATTACHMENTS: usize = 10;

/// A file the user attached, as read from the page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Attachment {
    pub name: String,
    pub content: AttachmentContent,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AttachmentContent {
    /// An image, with the type its bytes show.
    Image { mime: String, bytes: Vec<u8> },
    /// A text document and its type (as reported, or guessed from the name).
    Document { mime: String, text: String },
}

/// What the user sends: the typed text and the attached files.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct UserInput {
    pub text: String,
    pub attachments: Vec<Attachment>,
}

impl From<&str> for UserInput {
    fn from(text: &str) -> Self {
        Self {
            text: text.to_owned(),
            attachments: Vec::new(),
        }
    }
}

impl UserInput {
    pub fn is_empty(&self) -> bool {
        self.text.trim().is_empty() && self.attachments.is_empty()
    }

    /// A title for a new conversation: the text, or else the first file's name.
    pub fn title_source(&self) -> &str {
        match self.attachments.first() {
            Some(first) if self.text.trim().is_empty() => &first.name,
            _ => &self.text,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum AttachmentError {
    #[error(
        "\"{name}\" is not an image or text document Skein can attach. Attach PNG, JPEG, GIF or \
         WebP images, or text files (plain text, Markdown, code, CSV, JSON)."
    )]
    Unsupported { name: String },
    #[error("\"{name}\" is {size} MB; attachments of this kind can be at most {limit} MB.")]
    TooLarge {
        name: String,
        size: String,
        limit: usize,
    },
    #[error("A message can carry at most {MAX_ATTACHMENTS} attachments; remove some first.")]
    TooMany,
}

impl crate::i18n::Explain for AttachmentError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Unsupported { name } => phrase("error-attachment-unsupported").with("name", name),
            Self::TooLarge { name, size, limit } => phrase("error-attachment-too-large")
                .with("name", name)
                .with("size", size)
                .with("limit", limit),
            Self::TooMany => phrase("error-attachment-too-many").with("max", MAX_ATTACHMENTS),
        }
    }
}

/// Reads a file the user dropped or pasted: an image if its bytes are one, else a text document
/// if it is UTF-8 text of a text type (or a text-like name), else an error.
pub fn read_attachment(
    name: &str,
    reported_mime: &str,
    bytes: Vec<u8>,
) -> Result<Attachment, AttachmentError> {
    let name = display_name(name);
    if let Some(mime) = image_mime(&bytes) {
        check_size(&name, bytes.len(), MAX_IMAGE_BYTES)?;
        return Ok(Attachment {
            name,
            content: AttachmentContent::Image {
                mime: mime.to_owned(),
                bytes,
            },
        });
    }
    let mime = text_mime(&name, reported_mime)
        .ok_or_else(|| AttachmentError::Unsupported { name: name.clone() })?;
    check_size(&name, bytes.len(), MAX_DOCUMENT_BYTES)?;
    let text = String::from_utf8(bytes)
        .map_err(|_| AttachmentError::Unsupported { name: name.clone() })?;
    // A NUL byte means a binary file with a text-like name.
    if text.contains('\0') {
        return Err(AttachmentError::Unsupported { name });
    }
    Ok(Attachment {
        name,
        content: AttachmentContent::Document { mime, text },
    })
}

/// Checks the attachments of one message together.
pub fn check_count(attachments: &[Attachment]) -> Result<(), AttachmentError> {
    if attachments.len() > MAX_ATTACHMENTS {
        return Err(AttachmentError::TooMany);
    }
    Ok(())
}

fn check_size(name: &str, size: usize, limit: usize) -> Result<(), AttachmentError> {
    if size <= limit {
        return Ok(());
    }
    Err(AttachmentError::TooLarge {
        name: name.to_owned(),
        size: format!("{:.1}", size as f64 / (1024.0 * 1024.0)),
        limit: limit / (1024 * 1024),
    })
}

/// A file name fit to show and to put in a prompt: one line, no direction overrides (which can
/// make `txt.exe` read as `exe.txt`), at most 120 characters.
fn display_name(name: &str) -> String {
    let cleaned: String = name
        .chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(120)
        .collect();
    if cleaned.trim().is_empty() {
        "attachment".to_owned()
    } else {
        cleaned
    }
}

fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

/// The image type `bytes` start with, among those the three providers accept.
pub fn image_mime(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(&[0xFF, 0xD8, 0xFF]) {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() >= 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

const TEXT_EXTENSIONS: &[(&str, &str)] = &[
    ("txt", "text/plain"),
    ("md", "text/markdown"),
    ("markdown", "text/markdown"),
    ("csv", "text/csv"),
    ("tsv", "text/tab-separated-values"),
    ("json", "application/json"),
    ("jsonl", "application/jsonl"),
    ("yaml", "application/yaml"),
    ("yml", "application/yaml"),
    ("toml", "application/toml"),
    ("xml", "application/xml"),
    ("html", "text/html"),
    ("htm", "text/html"),
    ("css", "text/css"),
    ("log", "text/plain"),
    ("ini", "text/plain"),
    ("tex", "text/x-tex"),
    ("sql", "text/x-sql"),
    ("rs", "text/x-rust"),
    ("py", "text/x-python"),
    ("js", "text/javascript"),
    ("mjs", "text/javascript"),
    ("ts", "text/x-typescript"),
    ("tsx", "text/x-typescript"),
    ("jsx", "text/javascript"),
    ("go", "text/x-go"),
    ("java", "text/x-java"),
    ("kt", "text/x-kotlin"),
    ("c", "text/x-c"),
    ("h", "text/x-c"),
    ("cpp", "text/x-c++"),
    ("hpp", "text/x-c++"),
    ("cs", "text/x-csharp"),
    ("rb", "text/x-ruby"),
    ("php", "text/x-php"),
    ("swift", "text/x-swift"),
    ("sh", "text/x-shellscript"),
    ("bash", "text/x-shellscript"),
];

/// The type of a text document named `name`, if it is one: a reported text type wins, else
/// the extension decides.
fn text_mime(name: &str, reported: &str) -> Option<String> {
    let reported = reported.trim().to_ascii_lowercase();
    let reported_is_text = reported.starts_with("text/")
        || matches!(
            reported.as_str(),
            "application/json" | "application/xml" | "application/yaml" | "application/toml"
        );
    if reported_is_text {
        return Some(reported);
    }
    let extension = name.rsplit_once('.')?.1.to_ascii_lowercase();
    TEXT_EXTENSIONS
        .iter()
        .find(|(ext, _)| *ext == extension)
        .map(|(_, mime)| (*mime).to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR";

    #[test]
    fn images_are_known_by_their_bytes_not_their_name() {
        let a = read_attachment("photo.txt", "text/plain", PNG.to_vec()).unwrap();
        assert!(
            matches!(a.content, AttachmentContent::Image { ref mime, .. } if mime == "image/png")
        );
        let jpeg = read_attachment("x", "", vec![0xFF, 0xD8, 0xFF, 0xE0]).unwrap();
        assert!(
            matches!(jpeg.content, AttachmentContent::Image { ref mime, .. } if mime == "image/jpeg")
        );
        let webp = read_attachment("x.webp", "image/webp", b"RIFF\0\0\0\0WEBPVP8 ".to_vec());
        assert!(
            matches!(webp.unwrap().content, AttachmentContent::Image { ref mime, .. } if mime == "image/webp")
        );
        // An SVG is text to Skein, never an image (it can carry script).
        let svg = read_attachment("x.svg", "image/svg+xml", b"<svg onload=alert(1)>".to_vec());
        assert!(matches!(svg, Err(AttachmentError::Unsupported { .. })));
        // Claiming to be a PNG does not make it one.
        let fake = read_attachment("x.png", "image/png", b"not an image".to_vec());
        assert!(matches!(fake, Err(AttachmentError::Unsupported { .. })));
    }

    #[test]
    fn text_documents_by_type_or_extension_and_only_real_text() {
        let md = read_attachment("notes.md", "", b"# Title".to_vec()).unwrap();
        assert_eq!(
            md.content,
            AttachmentContent::Document {
                mime: "text/markdown".into(),
                text: "# Title".into()
            }
        );
        let typed = read_attachment("README", "text/plain", b"hi".to_vec()).unwrap();
        assert!(
            matches!(typed.content, AttachmentContent::Document { ref mime, .. } if mime == "text/plain")
        );
        let binary = read_attachment("data.csv", "", vec![0xC3, 0x28, 0x00]);
        assert!(matches!(binary, Err(AttachmentError::Unsupported { .. })));
        let nul = read_attachment("a.txt", "", b"a\0b".to_vec());
        assert!(matches!(nul, Err(AttachmentError::Unsupported { .. })));
        let pdf = read_attachment("paper.pdf", "application/pdf", b"%PDF-1.7".to_vec());
        let message = pdf.unwrap_err().to_string();
        assert!(
            message.contains("\"paper.pdf\"") && message.contains("PNG"),
            "{message}"
        );
    }

    #[test]
    fn sizes_and_counts_are_limited_with_the_limit_named() {
        let mut big = PNG.to_vec();
        big.resize(MAX_IMAGE_BYTES + 1, 0);
        let err = read_attachment("big.png", "", big).unwrap_err();
        assert_eq!(
            err.to_string(),
            "\"big.png\" is 20.0 MB; attachments of this kind can be at most 20 MB."
        );
        let doc = vec![b'a'; MAX_DOCUMENT_BYTES + 1];
        assert!(matches!(
            read_attachment("a.txt", "", doc),
            Err(AttachmentError::TooLarge { limit: 2, .. })
        ));
        let one = read_attachment("a.txt", "", b"a".to_vec()).unwrap();
        assert!(check_count(&vec![one.clone(); MAX_ATTACHMENTS]).is_ok());
        assert_eq!(
            check_count(&vec![one; MAX_ATTACHMENTS + 1]),
            Err(AttachmentError::TooMany)
        );
    }

    #[test]
    fn names_are_one_short_line() {
        let a = read_attachment("a\nb\u{202e}.txt", "", b"x".to_vec()).unwrap();
        assert_eq!(a.name, "ab.txt");
        let unnamed = read_attachment("\n", "text/plain", b"x".to_vec()).unwrap();
        assert_eq!(unnamed.name, "attachment");
        let long = read_attachment(&"n".repeat(500), "text/plain", b"x".to_vec()).unwrap();
        assert_eq!(long.name.chars().count(), 120);
    }

    #[test]
    fn input_is_empty_only_without_text_and_files() {
        assert!(UserInput::from("  ").is_empty());
        let with_file = UserInput {
            text: String::new(),
            attachments: vec![read_attachment("a.txt", "", b"x".to_vec()).unwrap()],
        };
        assert!(!with_file.is_empty());
        assert_eq!(with_file.title_source(), "a.txt");
    }
}
