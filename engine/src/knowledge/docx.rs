//! The text of a Word document (DOCX): `word/document.xml` read paragraph by paragraph, with
//! headings as Markdown headings (found by style name in `word/styles.xml`, so a German
//! "Überschrift 1" is a heading too), list items as "- " lines and table rows as cells
//! separated by " | ". Deleted tracked changes, fields' codes and drawings give no text.

use super::entities::decode_entities;
use super::zip::{read_member, ZipError};
use std::collections::HashMap;

/// The document part may inflate to at most this.
const MAX_PART_BYTES: usize = 64 * 1024 * 1024;

pub fn docx_text(data: &[u8]) -> Result<String, ZipError> {
    let document = read_member(data, "word/document.xml", MAX_PART_BYTES)?;
    let styles = match read_member(data, "word/styles.xml", MAX_PART_BYTES) {
        Ok(styles) => paragraph_styles(&String::from_utf8_lossy(&styles)),
        Err(_) => HashMap::new(),
    };
    Ok(body_text(&String::from_utf8_lossy(&document), &styles))
}

/// What a paragraph style makes of its paragraphs.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Role {
    Heading(usize),
    ListItem,
}

/// Style id → role, from each style's name ("heading 2", "Title", "List Bullet").
fn paragraph_styles(styles: &str) -> HashMap<String, Role> {
    let mut roles = HashMap::new();
    for style in styles.split("<w:style ").skip(1) {
        let Some(id) = attribute(style, "w:styleId") else {
            continue;
        };
        let name = style
            .find("<w:name ")
            .and_then(|at| attribute(&style[at..], "w:val"))
            .unwrap_or_default()
            .to_lowercase();
        if let Some(role) = role_of(&name).or_else(|| role_of(&id.to_lowercase())) {
            roles.insert(id, role);
        }
    }
    roles
}

fn role_of(name: &str) -> Option<Role> {
    let level = |rest: &str| {
        rest.trim()
            .parse::<usize>()
            .ok()
            .filter(|l| (1..=6).contains(l))
    };
    if name == "title" {
        return Some(Role::Heading(1));
    }
    if let Some(rest) = name.strip_prefix("heading") {
        return level(rest).map(Role::Heading);
    }
    name.starts_with("list").then_some(Role::ListItem)
}

/// The value of `name="…"` in a tag's text.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let end = tag.find('>').unwrap_or(tag.len());
    let tag = &tag[..end];
    let at = tag.find(&format!("{name}=\""))? + name.len() + 2;
    let value = &tag[at..];
    Some(decode_entities(&value[..value.find('"')?]))
}

struct Body<'s> {
    styles: &'s HashMap<String, Role>,
    blocks: Vec<String>,
    paragraph: String,
    role: Option<Role>,
    /// Inside a table: the cells of the current row, and the current cell's text.
    row: Vec<String>,
    cell: Option<String>,
}

fn body_text(xml: &str, styles: &HashMap<String, Role>) -> String {
    let mut body = Body {
        styles,
        blocks: Vec::new(),
        paragraph: String::new(),
        role: None,
        row: Vec::new(),
        cell: None,
    };
    let mut rest = xml;
    let mut in_text = false;
    while let Some(open) = rest.find('<') {
        if in_text {
            body.paragraph.push_str(&decode_entities(&rest[..open]));
        }
        let after = &rest[open + 1..];
        let Some(close) = after.find('>') else { break };
        let tag = &after[..close];
        rest = &after[close + 1..];
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default();
        let closing = tag.starts_with('/');
        match (name, closing) {
            ("w:t", false) => in_text = !tag.ends_with('/'),
            ("w:t", true) => in_text = false,
            ("w:tab", false) => body.paragraph.push('\t'),
            ("w:br" | "w:cr", false) => body.paragraph.push('\n'),
            ("w:pStyle", false) => {
                body.role = attribute(tag, "w:val").and_then(|id| body.styles.get(&id).copied());
            }
            ("w:numPr", false) if body.role.is_none() => body.role = Some(Role::ListItem),
            ("w:p", true) => body.end_paragraph(),
            ("w:p", false) if tag.ends_with('/') => body.end_paragraph(),
            ("w:tc", false) => body.cell = Some(String::new()),
            ("w:tc", true) => {
                if let Some(cell) = body.cell.take() {
                    body.row.push(cell);
                }
            }
            ("w:tr", true) => {
                let row = std::mem::take(&mut body.row);
                if row.iter().any(|c| !c.is_empty()) {
                    body.blocks.push(row.join(" | "));
                }
            }
            _ => {}
        }
    }
    body.blocks.join("\n\n")
}

impl Body<'_> {
    fn end_paragraph(&mut self) {
        let text = std::mem::take(&mut self.paragraph);
        let text = text.trim();
        let role = self.role.take();
        if let Some(cell) = &mut self.cell {
            if !text.is_empty() {
                if !cell.is_empty() {
                    cell.push(' ');
                }
                cell.push_str(text);
            }
            return;
        }
        if text.is_empty() {
            return;
        }
        self.blocks.push(match role {
            Some(Role::Heading(level)) => format!("{} {text}", "#".repeat(level)),
            Some(Role::ListItem) => format!("- {text}"),
            None => text.to_owned(),
        });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_word_document_gives_headings_paragraphs_lists_and_tables() {
        let data = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/documents/guide.docx"
        ))
        .unwrap_or_default();
        assert_eq!(
            docx_text(&data).unwrap(),
            "# Field guide\n\nThe lighthouse keeper logs every ship & storm <carefully>.\n\n\
             ## Installation\n\nRun the installer twice; café owners call it \"déjà vu\".\n\n\
             - First step\n\n- Second step\n\nPort | 8080"
        );
    }

    #[test]
    fn localised_heading_styles_numbered_lists_and_deletions() {
        let styles = paragraph_styles(
            r#"<w:styles><w:style w:type="paragraph" w:styleId="berschrift1">
               <w:name w:val="heading 1"/></w:style></w:styles>"#,
        );
        let xml = r#"<w:body><w:p><w:pPr><w:pStyle w:val="berschrift1"/></w:pPr>
            <w:r><w:t>Einleitung</w:t></w:r></w:p>
            <w:p><w:pPr><w:numPr><w:ilvl w:val="0"/></w:numPr></w:pPr><w:r><w:t>eins</w:t></w:r></w:p>
            <w:p><w:r><w:t>kept</w:t></w:r><w:del><w:r><w:delText>gone</w:delText></w:r></w:del>
            <w:r><w:tab/><w:t>tab</w:t><w:br/><w:t>line</w:t></w:r></w:p><w:p/></w:body>"#;
        assert_eq!(
            body_text(xml, &styles),
            "# Einleitung\n\n- eins\n\nkept\ttab\nline"
        );
    }

    #[test]
    fn damaged_archives_are_refused_not_crashed_on() {
        let data = std::fs::read(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/fixtures/documents/guide.docx"
        ))
        .unwrap_or_default();
        assert_eq!(docx_text(b"not a zip"), Err(ZipError::NotZip));
        assert_eq!(docx_text(&data[..data.len() / 2]), Err(ZipError::NotZip));
        for at in (0..data.len()).step_by(97) {
            let mut broken = data.clone();
            broken[at] ^= 0x5A;
            let _ = docx_text(&broken);
        }
        assert_eq!(
            read_member(&data, "word/document.xml", 100),
            Err(ZipError::TooLarge)
        );
        assert_eq!(read_member(&data, "nope.xml", 100), Err(ZipError::Missing));
    }
}
