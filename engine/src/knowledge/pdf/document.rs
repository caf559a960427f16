//! A PDF file as a table of objects: every `N G obj … endobj` found by scanning (so a damaged
//! cross-reference table does not matter), plus the objects packed in object streams, with
//! stream data inflated on demand within a size budget.

use super::lexer::{hex_bytes, Dict, Lexer, Object};
use std::collections::HashMap;

/// All inflated stream data of one file together stays under this (a small file can inflate
/// to gigabytes).
pub const MAX_INFLATED_BYTES: usize = 256 * 1024 * 1024;

#[derive(Debug, Clone, PartialEq)]
pub enum PdfError {
    NotPdf,
    Encrypted,
    TooLarge,
}

/// A stream: its dictionary and its raw (still encoded) bytes.
#[derive(Debug, Clone)]
pub struct Stream {
    pub dict: Dict,
    pub raw: std::ops::Range<usize>,
}

#[derive(Debug, Clone)]
enum Entry {
    Value(Object),
    Stream(Stream),
}

pub struct PdfDocument<'a> {
    data: &'a [u8],
    objects: HashMap<u32, Entry>,
    /// Bytes inflated so far, and how many may be.
    inflated: std::cell::Cell<usize>,
    budget: usize,
}

impl<'a> PdfDocument<'a> {
    pub fn parse(data: &'a [u8]) -> Result<Self, PdfError> {
        Self::parse_with_budget(data, MAX_INFLATED_BYTES)
    }

    pub fn parse_with_budget(data: &'a [u8], budget: usize) -> Result<Self, PdfError> {
        if !data
            .get(..1024.min(data.len()))
            .is_some_and(|head| head.windows(5).any(|w| w == b"%PDF-"))
        {
            return Err(PdfError::NotPdf);
        }
        let mut document = Self {
            data,
            objects: HashMap::new(),
            inflated: std::cell::Cell::new(0),
            budget,
        };
        document.scan_objects();
        if document.is_encrypted() {
            return Err(PdfError::Encrypted);
        }
        document.unpack_object_streams()?;
        Ok(document)
    }

    /// Finds `N G obj` headers in file order; a later definition replaces an earlier one
    /// (incremental updates append).
    fn scan_objects(&mut self) {
        let data = self.data;
        let mut at = 0;
        while let Some(found) = find(data, b"obj", at) {
            at = found + 3;
            let Some((number, body_start)) = object_header(data, found) else {
                continue;
            };
            let mut lexer = Lexer::new(data, body_start);
            let Some(value) = lexer.next() else { break };
            lexer.skip_space();
            let entry = match value {
                Object::Dict(dict) if data[lexer.pos..].starts_with(b"stream") => {
                    let mut start = lexer.pos + b"stream".len();
                    if data.get(start) == Some(&b'\r') {
                        start += 1;
                    }
                    if data.get(start) == Some(&b'\n') {
                        start += 1;
                    }
                    let end = stream_end(data, start, dict.get("Length"));
                    at = end;
                    Entry::Stream(Stream {
                        dict,
                        raw: start..end,
                    })
                }
                value => {
                    at = at.max(lexer.pos);
                    Entry::Value(value)
                }
            };
            self.objects.insert(number, entry);
        }
    }

    fn is_encrypted(&self) -> bool {
        // The trailer (or a cross-reference stream's dictionary) names the encryption.
        let mut at = 0;
        while let Some(found) = find(self.data, b"trailer", at) {
            at = found + 7;
            if let Some(Object::Dict(trailer)) = Lexer::new(self.data, at).next() {
                if trailer.get("Encrypt").is_some() {
                    return true;
                }
            }
        }
        self.objects.values().any(|entry| {
            matches!(entry, Entry::Stream(s) if s.dict.name("Type") == Some("XRef")
                && s.dict.get("Encrypt").is_some())
        })
    }

    fn unpack_object_streams(&mut self) -> Result<(), PdfError> {
        let packs: Vec<Stream> = self
            .objects
            .values()
            .filter_map(|entry| match entry {
                Entry::Stream(s) if s.dict.name("Type") == Some("ObjStm") => Some(s.clone()),
                _ => None,
            })
            .collect();
        for pack in packs {
            let Some(bytes) = self.decode(&pack)? else {
                continue;
            };
            let count = number(pack.dict.get("N")).unwrap_or(0.0) as usize;
            let first = number(pack.dict.get("First")).unwrap_or(0.0) as usize;
            let mut header = Lexer::new(&bytes, 0);
            let mut pairs = Vec::new();
            for _ in 0..count.min(100_000) {
                match (header.next(), header.next()) {
                    (Some(Object::Number(n)), Some(Object::Number(offset))) => {
                        pairs.push((n as u32, offset as usize));
                    }
                    _ => break,
                }
            }
            for (n, offset) in pairs {
                if self.objects.contains_key(&n) {
                    continue;
                }
                if let Some(value) = Lexer::new(&bytes, first.saturating_add(offset)).next() {
                    self.objects.insert(n, Entry::Value(value));
                }
            }
        }
        Ok(())
    }

    /// The object `value` refers to (or `value` itself when it is direct).
    pub fn resolve<'b>(&'b self, value: &'b Object) -> Option<&'b Object> {
        let mut value = value;
        for _ in 0..16 {
            match value {
                Object::Ref(n, _) => match self.objects.get(n)? {
                    Entry::Value(v) => value = v,
                    Entry::Stream(_) => return None,
                },
                other => return Some(other),
            }
        }
        None
    }

    pub fn dict<'b>(&'b self, value: Option<&'b Object>) -> Option<&'b Dict> {
        match value {
            Some(Object::Ref(n, _)) => match self.objects.get(n)? {
                Entry::Value(Object::Dict(d)) => Some(d),
                Entry::Stream(s) => Some(&s.dict),
                _ => None,
            },
            Some(Object::Dict(d)) => Some(d),
            _ => None,
        }
    }

    /// The stream a reference points to.
    pub fn stream(&self, value: &Object) -> Option<&Stream> {
        match value {
            Object::Ref(n, _) => match self.objects.get(n)? {
                Entry::Stream(s) => Some(s),
                _ => None,
            },
            _ => None,
        }
    }

    /// The first object whose dictionary has `/Type /{kind}`.
    pub fn find_typed(&self, kind: &str) -> Option<Object> {
        let mut numbers: Vec<&u32> = self.objects.keys().collect();
        numbers.sort();
        numbers.into_iter().find_map(|n| match &self.objects[n] {
            Entry::Value(Object::Dict(d)) if d.name("Type") == Some(kind) => {
                Some(Object::Ref(*n, 0))
            }
            _ => None,
        })
    }

    /// A stream's decoded bytes: `None` for an encoding Skein does not read (images…).
    pub fn decode(&self, stream: &Stream) -> Result<Option<Vec<u8>>, PdfError> {
        let raw = &self.data[stream.raw.clone()];
        let filters: Vec<&str> = match stream.dict.get("Filter") {
            None => Vec::new(),
            Some(Object::Name(name)) => vec![name.as_str()],
            Some(Object::Array(names)) => names
                .iter()
                .filter_map(|n| match n {
                    Object::Name(n) => Some(n.as_str()),
                    _ => None,
                })
                .collect(),
            Some(_) => return Ok(None),
        };
        let mut bytes = raw.to_vec();
        for filter in filters {
            let budget = self.budget.saturating_sub(self.inflated.get());
            bytes = match filter {
                "FlateDecode" | "Fl" => {
                    use miniz_oxide::inflate::{decompress_to_vec_zlib_with_limit, TINFLStatus};
                    match decompress_to_vec_zlib_with_limit(&bytes, budget) {
                        Ok(bytes) => bytes,
                        Err(err) if err.status == TINFLStatus::HasMoreOutput => {
                            return Err(PdfError::TooLarge)
                        }
                        // A truncated stream still gives what it had.
                        Err(err) => err.output,
                    }
                }
                "ASCII85Decode" | "A85" => ascii85(&bytes),
                "ASCIIHexDecode" | "AHx" => hex_bytes(&bytes).0,
                _ => return Ok(None),
            };
        }
        self.inflated.set(self.inflated.get() + bytes.len());
        Ok(Some(bytes))
    }
}

/// ASCII base-85 (`<~ … ~>`, `z` for four zero bytes); a short last group is padded.
fn ascii85(data: &[u8]) -> Vec<u8> {
    let mut out = Vec::with_capacity(data.len() * 4 / 5);
    let mut group = [0u8; 5];
    let mut filled = 0;
    let body = data.strip_prefix(b"<~").unwrap_or(data);
    for &b in body {
        match b {
            b'~' => break,
            b'z' if filled == 0 => out.extend_from_slice(&[0; 4]),
            b'!'..=b'u' => {
                group[filled] = b - b'!';
                filled += 1;
                if filled == 5 {
                    out.extend_from_slice(&base85_word(&group).to_be_bytes());
                    filled = 0;
                }
            }
            _ => {}
        }
    }
    if filled > 1 {
        for slot in group.iter_mut().skip(filled) {
            *slot = 84;
        }
        out.extend_from_slice(&base85_word(&group).to_be_bytes()[..filled - 1]);
    }
    out
}

fn base85_word(group: &[u8; 5]) -> u32 {
    group
        .iter()
        .fold(0u32, |v, &d| v.wrapping_mul(85).wrapping_add(u32::from(d)))
}

pub fn number(value: Option<&Object>) -> Option<f64> {
    value.and_then(Object::as_number)
}

pub fn find(data: &[u8], needle: &[u8], from: usize) -> Option<usize> {
    data.get(from..)?
        .windows(needle.len())
        .position(|w| w == needle)
        .map(|at| at + from)
}

/// `12 0 obj` ending at `obj_at`: the object number and where its body starts.
fn object_header(data: &[u8], obj_at: usize) -> Option<(u32, usize)> {
    let after = obj_at + 3;
    if data.get(after).is_some_and(|b| b.is_ascii_alphanumeric()) {
        return None; // `objects`, `endobj`…
    }
    let before = &data[..obj_at];
    let mut i = before.len();
    let take_digits = |i: &mut usize| {
        let end = *i;
        while *i > 0 && before[*i - 1].is_ascii_digit() {
            *i -= 1;
        }
        (*i < end).then(|| std::str::from_utf8(&before[*i..end]).ok())?
    };
    let skip_space = |i: &mut usize| {
        let end = *i;
        while *i > 0 && matches!(before[*i - 1], b' ' | b'\r' | b'\n' | b'\t') {
            *i -= 1;
        }
        *i < end
    };
    if !skip_space(&mut i) {
        return None;
    }
    take_digits(&mut i)?;
    if !skip_space(&mut i) {
        return None;
    }
    let number = take_digits(&mut i)?.parse().ok()?;
    Some((number, after))
}

/// Where a stream's data ends: by its `/Length` when that lands on `endstream`, else at the
/// next `endstream`.
fn stream_end(data: &[u8], start: usize, length: Option<&Object>) -> usize {
    if let Some(length) = length.and_then(Object::as_number) {
        let end = start.saturating_add(length as usize);
        if let Some(rest) = data.get(end..) {
            let trimmed = rest
                .iter()
                .position(|b| !matches!(b, b'\r' | b'\n' | b' '))
                .unwrap_or(rest.len());
            if rest[trimmed..].starts_with(b"endstream") {
                return end;
            }
        }
    }
    match find(data, b"endstream", start) {
        Some(end) => {
            let mut end = end;
            while end > start && matches!(data[end - 1], b'\r' | b'\n') {
                end -= 1;
            }
            end
        }
        None => data.len(),
    }
}
