//! One page's text: its content streams interpreted for the text operators only (ISO 32000
//! §9.4). Where each piece of text starts and ends is tracked from the fonts' widths, so a
//! move down is a line break (a paragraph break when it is a large one) and a move along the
//! line past the last glyph is a word gap.

use super::cmap::utf16;
use super::document::{PdfDocument, PdfError};
use super::font::Font;
use super::lexer::{Dict, Lexer, Object};
use std::collections::HashMap;

pub struct PageText {
    fonts: HashMap<String, Font>,
    fallback: Font,
    out: String,
    font: Option<String>,
    font_size: f64,
    /// The text matrix's scale.
    scale: f64,
    leading: f64,
    /// Start of the current line, and the pen (where the next glyph goes).
    line: (f64, f64),
    pen_x: f64,
    /// Where the last text shown ended.
    last_end: Option<(f64, f64)>,
    /// Inside marked content that carries its own `/ActualText`: the glyphs are not read.
    replaced_depth: Option<usize>,
    marked_depth: usize,
}

impl PageText {
    pub fn read(document: &PdfDocument, page: &Dict) -> Result<String, PdfError> {
        let mut fonts = HashMap::new();
        let resources = document.dict(page.get("Resources"));
        if let Some(list) = resources.and_then(|r| document.dict(r.get("Font"))) {
            for (name, reference) in &list.0 {
                if let Some(font) = document.dict(Some(reference)) {
                    fonts.insert(name.clone(), Font::read(document, font)?);
                }
            }
        }
        let mut content = Vec::new();
        let parts = match page.get("Contents").map(|c| (c, document.resolve(c))) {
            Some((_, Some(Object::Array(parts)))) => parts.clone(),
            Some((reference, _)) => vec![reference.clone()],
            None => Vec::new(),
        };
        for part in &parts {
            if let Some(stream) = document.stream(part) {
                if let Some(bytes) = document.decode(stream)? {
                    content.extend_from_slice(&bytes);
                    content.push(b'\n');
                }
            }
        }
        let mut reader = PageText {
            fonts,
            fallback: Font::fallback(),
            out: String::new(),
            font: None,
            font_size: 12.0,
            scale: 1.0,
            leading: 0.0,
            line: (0.0, 0.0),
            pen_x: 0.0,
            last_end: None,
            replaced_depth: None,
            marked_depth: 0,
        };
        reader.interpret(&content);
        Ok(reader.out)
    }

    fn interpret(&mut self, content: &[u8]) {
        let mut lexer = Lexer::new(content, 0);
        let mut operands: Vec<Object> = Vec::new();
        while let Some(token) = lexer.next() {
            let Object::Keyword(operator) = token else {
                if operands.len() < 64 {
                    operands.push(token);
                }
                continue;
            };
            let n = |i: usize| operands.get(i).and_then(Object::as_number).unwrap_or(0.0);
            match operator.as_str() {
                "BT" => {
                    self.scale = 1.0;
                    self.move_to(0.0, 0.0);
                }
                "Tf" => {
                    if let Some(Object::Name(name)) = operands.first() {
                        self.font = Some(name.clone());
                    }
                    self.font_size = n(1).abs();
                }
                "TL" => self.leading = n(0),
                "Tm" => {
                    self.scale = n(3).hypot(n(2)).max(f64::EPSILON);
                    self.move_to(n(4), n(5));
                }
                "Td" | "TD" => {
                    if operator == "TD" {
                        self.leading = -n(1);
                    }
                    let (x, y) = self.line;
                    self.move_to(x + n(0) * self.scale, y + n(1) * self.scale);
                }
                "T*" => self.next_line(),
                "Tj" => self.show(operands.first()),
                "'" => {
                    self.next_line();
                    self.show(operands.first());
                }
                "\"" => {
                    self.next_line();
                    self.show(operands.get(2));
                }
                "TJ" => {
                    if let Some(Object::Array(items)) = operands.first() {
                        for item in items {
                            match item {
                                Object::Number(adjust) => {
                                    self.pen_x -= adjust / 1000.0 * self.font_size * self.scale;
                                }
                                other => self.show(Some(other)),
                            }
                        }
                    }
                }
                "BDC" | "BMC" => {
                    self.marked_depth += 1;
                    self.actual_text(operands.get(1));
                }
                "EMC" => {
                    if self.replaced_depth == Some(self.marked_depth) {
                        self.replaced_depth = None;
                    }
                    self.marked_depth = self.marked_depth.saturating_sub(1);
                }
                // Inline image data is binary: skip to its end.
                "ID" => lexer.skip_past(b"EI"),
                _ => {}
            }
            operands.clear();
        }
    }

    fn move_to(&mut self, x: f64, y: f64) {
        self.line = (x, y);
        self.pen_x = x;
    }

    fn next_line(&mut self) {
        let leading = if self.leading == 0.0 {
            self.font_size * 1.2
        } else {
            self.leading
        };
        let (x, y) = self.line;
        self.move_to(x, y - leading * self.scale);
    }

    fn size(&self) -> f64 {
        (self.font_size * self.scale).max(0.5)
    }

    /// Breaks or spaces between the last text and text about to be shown at the pen.
    fn separate(&mut self) {
        let size = self.size();
        let Some((end_x, end_y)) = self.last_end else {
            return;
        };
        let drop = (end_y - self.line.1).abs();
        if drop > size * 0.5 {
            self.out.truncate(self.out.trim_end_matches(' ').len());
            self.out
                .push_str(if drop > size * 1.8 { "\n\n" } else { "\n" });
        } else if (self.pen_x - end_x).abs() > size * 0.15
            && !self.out.is_empty()
            && !self.out.ends_with(char::is_whitespace)
        {
            self.out.push(' ');
        }
    }

    fn show(&mut self, operand: Option<&Object>) {
        let Some(Object::String(bytes)) = operand else {
            return;
        };
        if self.replaced_depth.is_none() {
            self.separate();
        }
        let font = self
            .font
            .as_ref()
            .and_then(|name| self.fonts.get(name))
            .unwrap_or(&self.fallback);
        let mut text = String::new();
        let advance = font.show(bytes, &mut text);
        if self.replaced_depth.is_none() {
            self.out.push_str(&text);
        }
        self.pen_x += advance / 1000.0 * self.font_size * self.scale;
        self.last_end = Some((self.pen_x, self.line.1));
    }

    /// `/Span << /ActualText (fi) >> BDC`: the text the glyphs up to the matching `EMC` stand
    /// for (a ligature, a glyph without a Unicode mapping).
    fn actual_text(&mut self, properties: Option<&Object>) {
        let Some(Object::Dict(properties)) = properties else {
            return;
        };
        let Some(Object::String(bytes)) = properties.get("ActualText") else {
            return;
        };
        if self.replaced_depth.is_some() {
            return;
        }
        self.separate();
        self.out.push_str(&text_string(bytes));
        self.replaced_depth = Some(self.marked_depth);
        self.last_end = Some((self.pen_x, self.line.1));
    }
}

/// A PDF text string: UTF-16BE after a byte-order mark, else (close enough) Latin-1.
fn text_string(bytes: &[u8]) -> String {
    match bytes.strip_prefix(&[0xFE, 0xFF]) {
        Some(units) => utf16(units),
        None => bytes.iter().map(|&b| char::from(b)).collect(),
    }
}
