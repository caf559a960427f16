//! How a font's character codes become text: its `/ToUnicode` CMap when it has one, else the
//! single-byte Windows encoding most simple fonts use.

use super::lexer::{Lexer, Object};
use std::collections::HashMap;

#[derive(Debug, Clone, Default)]
pub struct ToUnicode {
    /// Bytes per code as the code space ranges say (1 or 2).
    width: usize,
    map: HashMap<u32, String>,
}

/// At most this many codes are read from one `bfrange` (a hostile range could be huge).
const MAX_RANGE: u32 = 65_536;

impl ToUnicode {
    pub fn parse(cmap: &[u8]) -> Self {
        let mut lexer = Lexer::new(cmap, 0);
        let mut out = Self {
            width: 1,
            map: HashMap::new(),
        };
        let mut operands: Vec<Object> = Vec::new();
        while let Some(token) = lexer.next() {
            let Object::Keyword(word) = token else {
                operands.push(token);
                continue;
            };
            match word.as_str() {
                "endcodespacerange" => {
                    if let Some(Object::String(low)) = operands.first() {
                        out.width = low.len().clamp(1, 4);
                    }
                }
                "endbfchar" => {
                    for pair in operands.chunks(2) {
                        if let [Object::String(code), Object::String(text)] = pair {
                            out.map.insert(code_value(code), utf16(text));
                        }
                    }
                }
                "endbfrange" => {
                    for triple in operands.chunks(3) {
                        out.add_range(triple);
                    }
                }
                _ => {}
            }
            if word.starts_with("end") || word.starts_with("begin") {
                operands.clear();
            }
        }
        out
    }

    fn add_range(&mut self, triple: &[Object]) {
        let [Object::String(low), Object::String(high), target] = triple else {
            return;
        };
        let (low, high) = (code_value(low), code_value(high));
        if high < low {
            return;
        }
        let count = (high - low).min(MAX_RANGE);
        match target {
            Object::String(first) => {
                let mut units = utf16_units(first);
                for code in low..=low + count {
                    self.map.insert(code, String::from_utf16_lossy(&units));
                    if let Some(last) = units.last_mut() {
                        *last = last.wrapping_add(1);
                    }
                }
            }
            Object::Array(texts) => {
                for (code, text) in (low..=low + count).zip(texts) {
                    if let Object::String(text) = text {
                        self.map.insert(code, utf16(text));
                    }
                }
            }
            _ => {}
        }
    }

    /// Appends the text of `bytes`.
    pub fn decode(&self, bytes: &[u8], out: &mut String) {
        for code in bytes.chunks(self.width.max(1)) {
            if let Some(text) = self.map.get(&code_value(code)) {
                out.push_str(text);
            }
        }
    }
}

fn code_value(bytes: &[u8]) -> u32 {
    bytes.iter().take(4).fold(0, |v, &b| v << 8 | u32::from(b))
}

/// Big-endian UTF-16 code units (an odd last byte is padded with zero).
fn utf16_units(bytes: &[u8]) -> Vec<u16> {
    bytes
        .chunks(2)
        .map(|p| u16::from_be_bytes([p[0], *p.get(1).unwrap_or(&0)]))
        .collect()
}

/// Big-endian UTF-16 as text (unpaired surrogates replaced).
pub(super) fn utf16(bytes: &[u8]) -> String {
    String::from_utf16_lossy(&utf16_units(bytes))
}

/// A simple font's byte as text: Windows-1252 (what `WinAnsiEncoding` and most unembedded
/// fonts use); control bytes are dropped.
pub fn win_ansi(bytes: &[u8], out: &mut String) {
    const HIGH: [char; 32] = [
        '€', '\u{0}', '‚', 'ƒ', '„', '…', '†', '‡', 'ˆ', '‰', 'Š', '‹', 'Œ', '\u{0}', 'Ž', '\u{0}',
        '\u{0}', '‘', '’', '“', '”', '•', '–', '—', '˜', '™', 'š', '›', 'œ', '\u{0}', 'ž', 'Ÿ',
    ];
    for &b in bytes {
        let c = match b {
            0x80..=0x9F => HIGH[usize::from(b - 0x80)],
            b'\t' | b'\n' => ' ',
            0..=0x1F | 0x7F => '\u{0}',
            _ => char::from(b),
        };
        if c != '\u{0}' {
            out.push(c);
        }
    }
}
