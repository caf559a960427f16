//! PDF's object syntax (ISO 32000 §7.3): numbers, strings, names, arrays, dictionaries and
//! references, and the bare keywords of content streams and CMaps. The input is untrusted, so
//! every read is bounded and malformed syntax ends a value rather than panicking.

/// One PDF value.
#[derive(Debug, Clone, PartialEq)]
pub enum Object {
    Null,
    Bool(bool),
    Number(f64),
    String(Vec<u8>),
    Name(String),
    Array(Vec<Object>),
    Dict(Dict),
    /// An indirect reference: object number and generation.
    Ref(u32, u16),
    /// A bare keyword: an operator in a content stream (`Tj`, `BT`), or `obj`, `stream`…
    Keyword(String),
}

/// A dictionary, in file order (they are small).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Dict(pub Vec<(String, Object)>);

impl Dict {
    pub fn get(&self, key: &str) -> Option<&Object> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }

    pub fn name(&self, key: &str) -> Option<&str> {
        match self.get(key) {
            Some(Object::Name(name)) => Some(name),
            _ => None,
        }
    }
}

impl Object {
    pub fn as_number(&self) -> Option<f64> {
        match self {
            Object::Number(n) => Some(*n),
            _ => None,
        }
    }
}

/// Nesting deeper than this is refused (a hostile file could nest arrays without end).
const MAX_DEPTH: usize = 64;

pub struct Lexer<'a> {
    data: &'a [u8],
    pub pos: usize,
}

fn is_whitespace(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t' | b'\x0c' | b'\0')
}

fn is_delimiter(b: u8) -> bool {
    matches!(
        b,
        b'(' | b')' | b'<' | b'>' | b'[' | b']' | b'{' | b'}' | b'/' | b'%'
    )
}

impl<'a> Lexer<'a> {
    pub fn new(data: &'a [u8], pos: usize) -> Self {
        Self { data, pos }
    }

    /// Moves past the next `needle` (or to the end).
    pub fn skip_past(&mut self, needle: &[u8]) {
        self.pos = super::document::find(self.data, needle, self.pos)
            .map_or(self.data.len(), |at| at + needle.len());
    }

    /// Skips whitespace and comments.
    pub fn skip_space(&mut self) {
        while let Some(&b) = self.data.get(self.pos) {
            if is_whitespace(b) {
                self.pos += 1;
            } else if b == b'%' {
                while self
                    .data
                    .get(self.pos)
                    .is_some_and(|&b| b != b'\n' && b != b'\r')
                {
                    self.pos += 1;
                }
            } else {
                break;
            }
        }
    }

    /// The next value, with `N G R` read as a reference; `None` at the end of the data.
    pub fn next(&mut self) -> Option<Object> {
        self.next_at_depth(0)
    }

    fn next_at_depth(&mut self, depth: usize) -> Option<Object> {
        let object = self.token(depth)?;
        if let Object::Number(number) = object {
            // `12 0 R`: look ahead without consuming unless it is a reference.
            let save = self.pos;
            if let Some(Object::Number(generation)) = self.token(depth) {
                self.skip_space();
                if self.data.get(self.pos) == Some(&b'R')
                    && self
                        .data
                        .get(self.pos + 1)
                        .is_none_or(|&b| is_whitespace(b) || is_delimiter(b))
                    && number >= 0.0
                    && number.fract() == 0.0
                {
                    self.pos += 1;
                    return Some(Object::Ref(number as u32, generation as u16));
                }
            }
            self.pos = save;
            return Some(Object::Number(number));
        }
        Some(object)
    }

    fn token(&mut self, depth: usize) -> Option<Object> {
        self.skip_space();
        let &b = self.data.get(self.pos)?;
        if depth > MAX_DEPTH {
            self.pos = self.data.len();
            return None;
        }
        Some(match b {
            b'/' => {
                self.pos += 1;
                Object::Name(self.name())
            }
            b'(' => {
                self.pos += 1;
                Object::String(self.literal_string())
            }
            b'<' if self.data.get(self.pos + 1) == Some(&b'<') => {
                self.pos += 2;
                Object::Dict(self.dict(depth + 1))
            }
            b'<' => {
                self.pos += 1;
                Object::String(self.hex_string())
            }
            b'[' => {
                self.pos += 1;
                let mut items = Vec::new();
                loop {
                    self.skip_space();
                    match self.data.get(self.pos) {
                        None => break,
                        Some(b']') => {
                            self.pos += 1;
                            break;
                        }
                        Some(_) => match self.next_at_depth(depth + 1) {
                            Some(item) => items.push(item),
                            None => break,
                        },
                    }
                }
                Object::Array(items)
            }
            b']' | b'>' | b')' | b'{' | b'}' => {
                // Stray closers: skip them as keywords so reading goes on.
                self.pos += 1;
                Object::Keyword(char::from(b).to_string())
            }
            b'+' | b'-' | b'.' | b'0'..=b'9' => self.number(),
            _ => {
                let word = self.regular_run();
                match word.as_str() {
                    "true" => Object::Bool(true),
                    "false" => Object::Bool(false),
                    "null" => Object::Null,
                    _ => Object::Keyword(word),
                }
            }
        })
    }

    /// A run of regular characters; at a delimiter that starts nothing, that one byte (so
    /// reading always moves on).
    fn regular_run(&mut self) -> String {
        let start = self.pos;
        let mut run = self.regular_run_or_empty();
        if run.is_empty() {
            self.pos += 1;
            run = self.data.get(start..self.pos).unwrap_or_default().to_vec();
        }
        String::from_utf8_lossy(&run).into_owned()
    }

    fn number(&mut self) -> Object {
        let text = self.regular_run();
        Object::Number(text.parse::<f64>().unwrap_or(0.0))
    }

    fn name(&mut self) -> String {
        let raw = self.regular_run_or_empty();
        // `#xx` escapes.
        let mut bytes = Vec::with_capacity(raw.len());
        let mut i = 0;
        while i < raw.len() {
            if raw[i] == b'#' {
                if let Some(v) = raw
                    .get(i + 1..i + 3)
                    .and_then(|h| std::str::from_utf8(h).ok())
                    .and_then(|h| u8::from_str_radix(h, 16).ok())
                {
                    bytes.push(v);
                    i += 3;
                    continue;
                }
            }
            bytes.push(raw[i]);
            i += 1;
        }
        String::from_utf8_lossy(&bytes).into_owned()
    }

    fn regular_run_or_empty(&mut self) -> Vec<u8> {
        let start = self.pos;
        while self
            .data
            .get(self.pos)
            .is_some_and(|&b| !is_whitespace(b) && !is_delimiter(b))
        {
            self.pos += 1;
        }
        self.data[start..self.pos].to_vec()
    }

    fn literal_string(&mut self) -> Vec<u8> {
        let mut out = Vec::new();
        let mut nesting = 0usize;
        while let Some(&b) = self.data.get(self.pos) {
            self.pos += 1;
            match b {
                b'(' => {
                    nesting += 1;
                    out.push(b);
                }
                b')' if nesting == 0 => break,
                b')' => {
                    nesting -= 1;
                    out.push(b);
                }
                b'\\' => {
                    let Some(&e) = self.data.get(self.pos) else {
                        break;
                    };
                    self.pos += 1;
                    match e {
                        b'n' => out.push(b'\n'),
                        b'r' => out.push(b'\r'),
                        b't' => out.push(b'\t'),
                        b'b' => out.push(8),
                        b'f' => out.push(12),
                        b'\r' => {
                            if self.data.get(self.pos) == Some(&b'\n') {
                                self.pos += 1;
                            }
                        }
                        b'\n' => {}
                        b'0'..=b'7' => {
                            let mut value = u32::from(e - b'0');
                            for _ in 0..2 {
                                match self.data.get(self.pos) {
                                    Some(&d @ b'0'..=b'7') => {
                                        value = value * 8 + u32::from(d - b'0');
                                        self.pos += 1;
                                    }
                                    _ => break,
                                }
                            }
                            out.push((value & 0xFF) as u8);
                        }
                        other => out.push(other),
                    }
                }
                _ => out.push(b),
            }
        }
        out
    }

    fn hex_string(&mut self) -> Vec<u8> {
        let (bytes, read) = hex_bytes(&self.data[self.pos.min(self.data.len())..]);
        self.pos += read;
        bytes
    }

    fn dict(&mut self, depth: usize) -> Dict {
        let mut entries = Vec::new();
        loop {
            self.skip_space();
            match self.data.get(self.pos) {
                None => break,
                Some(b'>') => {
                    self.pos += 2.min(self.data.len() - self.pos);
                    break;
                }
                Some(_) => {
                    let Some(key) = self.next_at_depth(depth) else {
                        break;
                    };
                    let Object::Name(key) = key else {
                        continue; // not a key: skip it
                    };
                    self.skip_space();
                    if matches!(self.data.get(self.pos), Some(b'>') | None) {
                        entries.push((key, Object::Null));
                        continue;
                    }
                    let Some(value) = self.next_at_depth(depth) else {
                        break;
                    };
                    entries.push((key, value));
                }
            }
        }
        Dict(entries)
    }
}

/// Hexadecimal digits up to `>` (other bytes, such as whitespace, skipped; an odd last digit
/// padded with zero), and how many bytes were read, the `>` included.
pub(super) fn hex_bytes(data: &[u8]) -> (Vec<u8>, usize) {
    let end = data.iter().position(|&b| b == b'>');
    let digits: Vec<u8> = data[..end.unwrap_or(data.len())]
        .iter()
        .filter_map(|&b| char::from(b).to_digit(16).map(|d| d as u8))
        .collect();
    let bytes = digits
        .chunks(2)
        .map(|p| p[0] << 4 | p.get(1).copied().unwrap_or(0))
        .collect();
    (bytes, end.map_or(data.len(), |at| at + 1))
}
