//! A page's font as far as text goes: how its codes become characters and how far each one
//! advances (so a gap between pieces of text can be told from a glyph's own width).

use super::cmap::{win_ansi, ToUnicode};
use super::document::{number, PdfDocument, PdfError};
use super::lexer::{Dict, Object};
use std::collections::HashMap;

pub struct Font {
    /// `None`: a single-byte font read as Windows-1252.
    to_unicode: Option<ToUnicode>,
    /// Bytes per code: 2 for composite (Type0) fonts.
    code_bytes: usize,
    /// Advance widths by code, in thousandths of the font size.
    widths: HashMap<u32, f64>,
    default_width: f64,
}

impl Font {
    pub fn read(document: &PdfDocument, font: &Dict) -> Result<Self, PdfError> {
        let composite = font.name("Subtype") == Some("Type0");
        let to_unicode = match font.get("ToUnicode").and_then(|t| document.stream(t)) {
            Some(stream) => document.decode(stream)?.map(|cmap| ToUnicode::parse(&cmap)),
            // A composite font's codes mean nothing without the map.
            None if composite => Some(ToUnicode::default()),
            None => None,
        };
        let mut widths = HashMap::new();
        let default_width;
        if composite {
            let descendant = match document
                .resolve(font.get("DescendantFonts").unwrap_or(&Object::Null))
            {
                Some(Object::Array(fonts)) => fonts.first().and_then(|f| document.dict(Some(f))),
                _ => None,
            };
            default_width = descendant
                .and_then(|d| number(d.get("DW")))
                .unwrap_or(1000.0);
            if let Some(Object::Array(w)) =
                descendant.and_then(|d| document.resolve(d.get("W").unwrap_or(&Object::Null)))
            {
                composite_widths(w, &mut widths);
            }
        } else {
            default_width = document
                .dict(font.get("FontDescriptor"))
                .and_then(|d| number(d.get("MissingWidth")))
                .filter(|w| *w > 0.0)
                .unwrap_or(500.0);
            let first = number(font.get("FirstChar")).unwrap_or(0.0) as u32;
            if let Some(Object::Array(list)) =
                document.resolve(font.get("Widths").unwrap_or(&Object::Null))
            {
                for (code, width) in (first..).zip(list) {
                    if let Some(width) = document.resolve(width).and_then(Object::as_number) {
                        widths.insert(code, width);
                    }
                }
            }
        }
        Ok(Self {
            to_unicode,
            code_bytes: if composite { 2 } else { 1 },
            widths,
            default_width,
        })
    }

    /// A font the page uses but does not define: single-byte, average widths.
    pub fn fallback() -> Self {
        Self {
            to_unicode: None,
            code_bytes: 1,
            widths: HashMap::new(),
            default_width: 500.0,
        }
    }

    /// Appends the text of `bytes` to `out`; returns their advance in thousandths of the size.
    pub fn show(&self, bytes: &[u8], out: &mut String) -> f64 {
        match &self.to_unicode {
            Some(map) => map.decode(bytes, out),
            None => win_ansi(bytes, out),
        }
        bytes
            .chunks(self.code_bytes)
            .map(|code| {
                let code = code.iter().fold(0u32, |v, &b| v << 8 | u32::from(b));
                self.widths
                    .get(&code)
                    .copied()
                    .unwrap_or(self.default_width)
            })
            .sum()
    }
}

/// A CID font's `/W`: `c [w1 w2 …]` (widths from `c` on) and `first last w` (one width).
fn composite_widths(w: &[Object], widths: &mut HashMap<u32, f64>) {
    let mut at = 0;
    while at + 1 < w.len() {
        let Some(first) = w[at].as_number() else {
            break;
        };
        match &w[at + 1] {
            Object::Array(list) => {
                for (code, width) in (first as u32..).zip(list.iter().take(65_536)) {
                    widths.insert(code, width.as_number().unwrap_or(0.0));
                }
                at += 2;
            }
            Object::Number(last) => {
                let width = w.get(at + 2).and_then(Object::as_number).unwrap_or(0.0);
                let (first, last) = (first as u32, (*last as u32).min(first as u32 + 65_536));
                for code in first..=last {
                    widths.insert(code, width);
                }
                at += 3;
            }
            _ => break,
        }
    }
}
