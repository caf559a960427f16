//! A small, strict JSON reader for the stream chunks every answer is made of.
//!
//! An answer arrives as thousands of small JSON objects of one shape (a text delta and a few
//! fields around it). Reading each through serde's generic machinery cost more in the
//! size-optimised wasm than the whole JavaScript pair of an SSE parser and `JSON.parse` (see
//! BENCHMARKS.md). Each protocol therefore reads its common chunk with this scanner first
//! (the `fast_*` readers in the engine's `provider/openai.rs`, `anthropic.rs` and `gemini.rs`)
//! and hands anything else to serde, which stays the one authority on every shape and every
//! error.
//!
//! The rule that keeps the two paths one decoder: the scanner gives up (`None`) on anything it
//! is not certain serde reads the same way. It accepts only well-formed JSON by the grammar of
//! RFC 8259 as serde_json applies it (no trailing commas, no leading zeros, no control
//! characters in strings, no lone surrogates, nothing after the value), keys only without
//! escapes, and each protocol's reader gives up on a field it does not read, on a field read
//! twice, and on a value of a type other than the one it reads. The engine's
//! `provider/fast_path_tests.rs` checks that whatever the scanner accepts, serde decodes to the
//! same deltas.

use std::borrow::Cow;

/// How deep skipped values may nest before the scanner leaves them to serde (which allows 128).
const MAX_DEPTH: u32 = 64;

/// A cursor over one JSON text. Every method returns `None` when the text is not what it
/// reads, leaving the caller to give up.
pub struct Scanner<'a> {
    text: &'a str,
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Scanner<'a> {
    pub fn new(text: &'a str) -> Self {
        Self {
            text,
            bytes: text.as_bytes(),
            at: 0,
        }
    }

    /// The next byte that is not whitespace, not consumed.
    // The scanner's few hot paths are forced inline: at the bundle's size optimisation each
    // would otherwise stay a call per byte or per token.
    #[inline(always)]
    fn peek(&mut self) -> Option<u8> {
        while let Some(&byte) = self.bytes.get(self.at) {
            if !matches!(byte, b' ' | b'\t' | b'\n' | b'\r') {
                return Some(byte);
            }
            self.at += 1;
        }
        None
    }

    #[inline(always)]
    fn eat(&mut self, byte: u8) -> Option<()> {
        (self.peek()? == byte).then(|| self.at += 1)
    }

    /// The end of the text: only whitespace may remain.
    pub fn end(mut self) -> Option<()> {
        self.peek().is_none().then_some(())
    }

    /// `null`, consumed; `false` (nothing consumed) when the next value is something else.
    #[inline(always)]
    pub fn null(&mut self) -> bool {
        self.peek() == Some(b'n') && self.literal(b"null").is_some()
    }

    /// `null`, consumed; `None` when the value is anything else (a field read here only
    /// when the provider left it empty).
    pub fn absent(&mut self) -> Option<()> {
        self.null().then_some(())
    }

    fn literal(&mut self, word: &[u8]) -> Option<()> {
        let end = self.at + word.len();
        (self.bytes.get(self.at..end)? == word).then(|| self.at = end)
    }

    /// An object, handing each key to `field`, which must read the value.
    pub fn object(&mut self, mut field: impl FnMut(&mut Self, &str) -> Option<()>) -> Option<()> {
        self.eat(b'{')?;
        self.items(b'}', |scanner| {
            let key = scanner.key()?;
            scanner.eat(b':')?;
            field(scanner, key)
        })
    }

    /// An array, handing each item's position to `item`, which must read the item.
    pub fn array(&mut self, mut item: impl FnMut(&mut Self, usize) -> Option<()>) -> Option<()> {
        self.eat(b'[')?;
        let mut position = 0;
        self.items(b']', |scanner| {
            item(scanner, position)?;
            position += 1;
            Some(())
        })
    }

    /// The members of an object or the items of an array, after its opening bracket: `item`
    /// reads each, separated by commas, up to `close`.
    fn items(&mut self, close: u8, mut item: impl FnMut(&mut Self) -> Option<()>) -> Option<()> {
        if self.eat(close).is_some() {
            return Some(());
        }
        loop {
            item(self)?;
            match self.peek()? {
                b',' => self.at += 1,
                byte if byte == close => {
                    self.at += 1;
                    return Some(());
                }
                _ => return None,
            }
        }
    }

    /// A list of at most one item read by `read`, or `null`: a stream chunk's one choice or
    /// candidate. A second item is left to serde, which reads (and checks) every one.
    pub fn first_of_list<T>(
        &mut self,
        mut read: impl FnMut(&mut Self) -> Option<T>,
    ) -> Option<Option<T>> {
        let mut first = None;
        if !self.null() {
            self.array(|scanner, position| {
                (position == 0).then_some(())?;
                first = Some(read(scanner)?);
                Some(())
            })?;
        }
        Some(first)
    }

    /// A string, or `null` read as `None` (serde's reading of an `Option<String>`).
    pub fn optional_string(&mut self) -> Option<Option<String>> {
        Some(self.optional_text()?.map(Cow::into_owned))
    }

    /// [`optional_string`](Self::optional_string), borrowed from the text where it can be.
    pub fn optional_text(&mut self) -> Option<Option<Cow<'a, str>>> {
        self.optional(Self::string)
    }

    /// A value read by `read`, or `null` read as `None` (serde's reading of an `Option`).
    pub fn optional<T>(&mut self, read: impl FnOnce(&mut Self) -> Option<T>) -> Option<Option<T>> {
        if self.null() {
            return Some(None);
        }
        read(self).map(Some)
    }

    /// A `true` or `false`, or `null` read as `None`.
    pub fn optional_bool(&mut self) -> Option<Option<bool>> {
        match self.peek()? {
            b'n' => self.literal(b"null").map(|()| None),
            b't' => self.literal(b"true").map(|()| Some(true)),
            b'f' => self.literal(b"false").map(|()| Some(false)),
            _ => None,
        }
    }

    /// A non-negative integer written in plain digits (what serde reads into an unsigned
    /// field), or `null` read as `None`. Fractions, exponents and overflow are left to serde.
    pub fn optional_unsigned(&mut self) -> Option<Option<u64>> {
        if self.null() {
            return Some(None);
        }
        self.peek()?;
        let start = self.at;
        self.number()?;
        let digits = self.slice(start)?;
        if digits.bytes().all(|b| b.is_ascii_digit()) {
            digits.parse().ok().map(Some)
        } else {
            None
        }
    }

    /// A string, its escapes decoded; borrowed from the text when it has none.
    /// A key, borrowed. A key with an escape (which no provider writes) is left to serde.
    #[inline(always)]
    fn key(&mut self) -> Option<&'a str> {
        self.eat(b'"')?;
        let start = self.at;
        self.plain_run();
        if *self.bytes.get(self.at)? != b'"' {
            return None;
        }
        let key = self.slice(start)?;
        self.at += 1;
        Some(key)
    }

    #[inline(always)]
    pub fn string(&mut self) -> Option<Cow<'a, str>> {
        self.eat(b'"')?;
        let start = self.at;
        self.plain_run();
        match *self.bytes.get(self.at)? {
            b'"' => {
                let text = self.slice(start)?;
                self.at += 1;
                Some(Cow::Borrowed(text))
            }
            b'\\' => {
                let mut out = String::from(self.slice(start)?);
                loop {
                    match *self.bytes.get(self.at)? {
                        b'"' => {
                            self.at += 1;
                            return Some(Cow::Owned(out));
                        }
                        b'\\' => {
                            self.at += 1;
                            out.push(self.escape()?);
                        }
                        byte if byte < 0x20 => return None, // a control character
                        _ => {
                            let run = self.at;
                            self.plain_run();
                            out.push_str(self.slice(run)?);
                        }
                    }
                }
            }
            _ => None, // a control character
        }
    }

    /// Moves past the characters that need no decoding: up to a quote, a backslash or a
    /// control character (which JSON does not allow unescaped).
    #[inline(always)]
    fn plain_run(&mut self) {
        while let Some(&byte) = self.bytes.get(self.at) {
            if byte == b'"' || byte == b'\\' || byte < 0x20 {
                return;
            }
            self.at += 1;
        }
    }

    /// The text from `start` to the cursor. The scanner stops only at ASCII bytes, so this is
    /// always on character boundaries of the (valid UTF-8) input.
    #[inline(always)]
    fn slice(&self, start: usize) -> Option<&'a str> {
        self.text.get(start..self.at)
    }

    /// One escape after its backslash.
    fn escape(&mut self) -> Option<char> {
        let byte = *self.bytes.get(self.at)?;
        self.at += 1;
        Some(match byte {
            b'"' => '"',
            b'\\' => '\\',
            b'/' => '/',
            b'b' => '\u{8}',
            b'f' => '\u{c}',
            b'n' => '\n',
            b'r' => '\r',
            b't' => '\t',
            b'u' => {
                let unit = self.hex4()?;
                if (0xDC00..0xE000).contains(&unit) {
                    return None; // a low surrogate first
                }
                if (0xD800..0xDC00).contains(&unit) {
                    self.literal(b"\\u")?;
                    let low = self.hex4()?;
                    if !(0xDC00..0xE000).contains(&low) {
                        return None;
                    }
                    let code = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00);
                    return char::from_u32(code);
                }
                char::from_u32(unit)?
            }
            _ => return None,
        })
    }

    fn hex4(&mut self) -> Option<u32> {
        let digits = self.bytes.get(self.at..self.at + 4)?;
        let mut value = 0;
        for &digit in digits {
            value = value * 16 + char::from(digit).to_digit(16)?;
        }
        self.at += 4;
        Some(value)
    }

    /// A number by JSON's grammar: `-`? (`0` | [1-9][0-9]*) (`.` [0-9]+)? ([eE] [+-]? [0-9]+)?
    fn number(&mut self) -> Option<()> {
        self.peek()?;
        if self.bytes.get(self.at) == Some(&b'-') {
            self.at += 1;
        }
        match *self.bytes.get(self.at)? {
            b'0' => self.at += 1,
            b'1'..=b'9' => self.digits(),
            _ => return None,
        }
        if self.bytes.get(self.at) == Some(&b'.') {
            self.at += 1;
            self.required_digits()?;
        }
        if matches!(self.bytes.get(self.at), Some(b'e' | b'E')) {
            self.at += 1;
            if matches!(self.bytes.get(self.at), Some(b'+' | b'-')) {
                self.at += 1;
            }
            self.required_digits()?;
        }
        // A digit straight after `0` (a leading zero) is not JSON.
        (!matches!(self.bytes.get(self.at), Some(b'0'..=b'9'))).then_some(())
    }

    fn digits(&mut self) {
        while matches!(self.bytes.get(self.at), Some(b'0'..=b'9')) {
            self.at += 1;
        }
    }

    fn required_digits(&mut self) -> Option<()> {
        let start = self.at;
        self.digits();
        (self.at > start).then_some(())
    }

    /// Any value, checked and passed over: what serde does with a field it does not know.
    pub fn skip(&mut self) -> Option<()> {
        self.skip_nested(0)
    }

    fn skip_nested(&mut self, depth: u32) -> Option<()> {
        match self.peek()? {
            b'"' => self.string().map(drop),
            b'{' if depth < MAX_DEPTH => self.object(|scanner, _| scanner.skip_nested(depth + 1)),
            b'[' if depth < MAX_DEPTH => self.array(|scanner, _| scanner.skip_nested(depth + 1)),
            b't' => self.literal(b"true"),
            b'f' => self.literal(b"false"),
            b'n' => self.literal(b"null"),
            b'-' | b'0'..=b'9' => self.number(),
            _ => None,
        }
    }
}

/// The fields one object reader has read, so that a field written twice is left to serde
/// (which refuses it).
#[derive(Default)]
pub struct Seen(u32);

impl Seen {
    /// Marks field `bit` read; `None` when it already was.
    pub fn first(&mut self, bit: u32) -> Option<()> {
        let mask = 1 << bit;
        (self.0 & mask == 0).then(|| self.0 |= mask)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn skip(text: &str) -> Option<()> {
        let mut scanner = Scanner::new(text);
        scanner.skip()?;
        scanner.end()
    }

    fn string(text: &str) -> Option<String> {
        let mut scanner = Scanner::new(text);
        let value = scanner.string()?.into_owned();
        scanner.end().map(|()| value)
    }

    #[test]
    fn accepts_only_what_serde_json_accepts() {
        let both_accept = [
            "{}",
            "[]",
            " { \"a\" : [1, -2.5e+3, 0, 0.1, 1E9, true, false, null, \"x\"] } ",
            "{\"a\":{\"b\":{\"c\":[[[]]]}}}",
            "\"\\u00e9\\ud83c\\udf89\\n\\\"\\\\\\/\\b\\f\\r\\t\"",
            "-0",
        ];
        let both_refuse = [
            "{\"a\":1,}",
            "[1,]",
            "01",
            "1.",
            ".5",
            "1e",
            "-",
            "+1",
            "\"a\u{1}b\"",
            "\"\\x\"",
            "{\"a\" 1}",
            "{a:1}",
            "nul",
            "truex",
            "{} {}",
            "\"unterminated",
            "[1 2]",
            "",
        ];
        // serde_json passes over lone surrogates in a value it skips; the scanner leaves them
        // to serde, which is always safe.
        let left_to_serde = ["\"\\ud800\"", "\"\\udc00\"", "\"\\ud800\\u0041\""];
        for case in both_accept {
            assert!(
                serde_json::from_str::<serde::de::IgnoredAny>(case).is_ok(),
                "{case:?}"
            );
            assert_eq!(skip(case), Some(()), "{case:?}");
        }
        for case in both_refuse {
            assert!(
                serde_json::from_str::<serde::de::IgnoredAny>(case).is_err(),
                "{case:?}"
            );
            assert_eq!(skip(case), None, "{case:?}");
        }
        for case in left_to_serde {
            assert_eq!(skip(case), None, "{case:?}");
        }
    }

    #[test]
    fn strings_decode_like_serde_json() {
        for case in [
            "\"plain\"",
            "\"héllo — 世界 🎉\"",
            "\"a\\nb\\tc\\\"d\\\\e\\/f\"",
            "\"\\u0041\\u00e9\\u4e16\\ud83c\\udf89\"",
            "\"\\\\u0041\"",
        ] {
            let serde: String = serde_json::from_str(case).unwrap();
            assert_eq!(string(case).as_deref(), Some(serde.as_str()), "{case}");
        }
    }

    #[test]
    fn a_control_character_after_an_escape_ends_the_string_read() {
        // Once looped for ever: the run after an escape stopped at the control character
        // without moving past it.
        assert_eq!(string("\"a\\nb\u{1}c\""), None);
        assert_eq!(skip("[\"\\t\u{0}\"]"), None);
    }

    #[test]
    fn a_key_with_an_escape_is_left_to_serde() {
        let mut scanner = Scanner::new(r#"{"a\u0062":1}"#);
        assert_eq!(scanner.object(|scanner, _| scanner.skip()), None);
        let mut scanner = Scanner::new(r#"{"ab":1}"#);
        let mut keys = Vec::new();
        scanner.object(|scanner, key| {
            keys.push(key.to_owned());
            scanner.skip()
        });
        assert_eq!(keys, ["ab"]);
    }

    #[test]
    fn strings_without_escapes_are_borrowed() {
        let mut scanner = Scanner::new("\"tok1 \"");
        assert!(matches!(scanner.string(), Some(Cow::Borrowed("tok1 "))));
    }

    #[test]
    fn unsigned_reads_only_plain_integers() {
        let read = |text: &str| Scanner::new(text).optional_unsigned();
        assert_eq!(read("42"), Some(Some(42)));
        assert_eq!(read("null"), Some(None));
        assert_eq!(read("0"), Some(Some(0)));
        for left_to_serde in ["-1", "1.0", "1e3", "18446744073709551616", "\"1\""] {
            assert_eq!(read(left_to_serde), None, "{left_to_serde}");
        }
    }

    #[test]
    fn deep_nesting_is_left_to_serde() {
        let deep = format!("{}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(skip(&deep), None);
        let shallow = format!("{}{}", "[".repeat(60), "]".repeat(60));
        assert_eq!(skip(&shallow), Some(()));
    }

    #[test]
    fn a_field_read_twice_is_noticed() {
        let mut seen = Seen::default();
        assert_eq!(seen.first(0), Some(()));
        assert_eq!(seen.first(1), Some(()));
        assert_eq!(seen.first(0), None);
    }
}
