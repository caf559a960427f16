//! Incremental Server-Sent Events decoder.
//!
//! Follows the WHATWG "event stream interpretation" rules: an optional leading BOM, lines ended by
//! CR, LF or CRLF (a CRLF split across two chunks is still one line end), `data` lines joined with
//! `\n`, comment lines (`:` heartbeats) ignored, `event`, `id` and `retry` fields, and an event
//! dispatched on a blank line. The decoder is fed bytes exactly as they arrive from the network;
//! it produces the same events whatever the chunk boundaries are, including boundaries inside a
//! multi-byte UTF-8 character (lines are decoded only once complete).
//!
//! ## Bounded memory
//! Provider responses are untrusted. A line longer than [`SseLimits::max_line_bytes`] or an
//! event whose data exceeds [`SseLimits::max_event_bytes`] stops the decoder with an
//! [`SseError`] instead of growing without bound.
//!
//! ## Deviation from the standard, on purpose
//! The standard discards an event that was not terminated by a blank line when the stream ends.
//! Several OpenAI-compatible servers close the connection right after their last `data:` line; a
//! strict decoder would silently drop the last words of an answer. [`SseDecoder::finish`]
//! therefore returns such a pending event, and the caller decides (Skein keeps it).

use std::borrow::Cow;
use thiserror::Error;

/// One dispatched event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SseEvent {
    /// The `event` field, or `"message"` when the event had none (not allocated: most
    /// providers name no event, and an answer is thousands of them).
    pub event: Cow<'static, str>,
    /// The joined `data` lines, without the final newline.
    pub data: String,
    /// The last event ID seen so far in the stream (it persists across events).
    pub id: Option<String>,
}

/// Size limits that keep a hostile stream from exhausting memory.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SseLimits {
    pub max_line_bytes: usize,
    pub max_event_bytes: usize,
}

impl Default for SseLimits {
    /// 1 MiB per line and 8 MiB per event: far above any real token chunk (a large tool-call
    /// argument or an inline image in a chunk stays well below), far below what hurts a tab.
    fn default() -> Self {
        Self {
            max_line_bytes: 1 << 20,
            max_event_bytes: 8 << 20,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum SseError {
    #[error("the provider sent a stream line longer than {limit} bytes; the response was stopped")]
    LineTooLong { limit: usize },
    #[error(
        "the provider sent a stream event larger than {limit} bytes; the response was stopped"
    )]
    EventTooLarge { limit: usize },
}

/// The incremental decoder. Feed it with [`push`](Self::push), end it with
/// [`finish`](Self::finish).
#[derive(Debug)]
pub struct SseDecoder {
    limits: SseLimits,
    line: Vec<u8>,
    /// The previous chunk ended with CR: a LF at the start of the next one is the same line end.
    pending_cr: bool,
    /// Still at the very start of the stream, where a BOM may appear.
    at_start: bool,
    event_type: String,
    data: String,
    /// A read event's buffers (data and name), for the next event (see
    /// [`recycle`](Self::recycle)).
    spare: String,
    spare_name: String,
    has_data: bool,
    last_event_id: Option<String>,
    retry_ms: Option<u64>,
    failed: Option<SseError>,
}

const BOM: &[u8] = b"\xEF\xBB\xBF";

impl Default for SseDecoder {
    fn default() -> Self {
        Self::new(SseLimits::default())
    }
}

impl SseDecoder {
    pub fn new(limits: SseLimits) -> Self {
        Self {
            limits,
            line: Vec::new(),
            pending_cr: false,
            at_start: true,
            event_type: String::new(),
            data: String::new(),
            spare: String::new(),
            spare_name: String::new(),
            has_data: false,
            last_event_id: None,
            retry_ms: None,
            failed: None,
        }
    }

    /// The reconnection time the server asked for with a `retry` field, if any.
    pub fn retry_ms(&self) -> Option<u64> {
        self.retry_ms
    }

    /// Decodes `bytes`, appending every completed event to `out`.
    ///
    /// After an error the decoder stays failed and returns the same error again.
    #[inline(never)] // compiled for speed with the engine (see `StreamDecoder::decode_into`)
    pub fn push(&mut self, mut bytes: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if let Some(err) = &self.failed {
            return Err(err.clone());
        }
        if self.at_start {
            // Wait until we have enough bytes to tell whether the stream starts with a BOM.
            self.line.extend_from_slice(bytes);
            if self.line.len() < BOM.len() && BOM.starts_with(&self.line) {
                return Ok(());
            }
            self.at_start = false;
            let buffered = std::mem::take(&mut self.line);
            let rest = buffered.strip_prefix(BOM).unwrap_or(&buffered);
            return self.push_lines(rest, out);
        }
        if self.pending_cr {
            self.pending_cr = false;
            if let Some(rest) = bytes.strip_prefix(b"\n") {
                bytes = rest;
            }
        }
        self.push_lines(bytes, out)
    }

    fn push_lines(&mut self, mut bytes: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        while let Some(end) = memchr::memchr2(b'\n', b'\r', bytes) {
            if self.line.is_empty() {
                // The usual case: the whole line is in this chunk, read in place.
                if end > self.limits.max_line_bytes {
                    return Err(self.line_too_long());
                }
                self.process_line(&bytes[..end], out)?;
            } else {
                self.extend_line(&bytes[..end])?;
                let line = std::mem::take(&mut self.line);
                self.process_line(&line, out)?;
                self.line = line;
                self.line.clear();
            }
            let is_cr = bytes[end] == b'\r';
            bytes = &bytes[end + 1..];
            if is_cr {
                match bytes.first() {
                    Some(b'\n') => bytes = &bytes[1..],
                    None => self.pending_cr = true,
                    Some(_) => {}
                }
            }
        }
        self.extend_line(bytes)
    }

    fn line_too_long(&mut self) -> SseError {
        self.fail(SseError::LineTooLong {
            limit: self.limits.max_line_bytes,
        })
    }

    fn extend_line(&mut self, bytes: &[u8]) -> Result<(), SseError> {
        if self.line.len() + bytes.len() > self.limits.max_line_bytes {
            return Err(self.line_too_long());
        }
        self.line.extend_from_slice(bytes);
        Ok(())
    }

    fn fail(&mut self, err: SseError) -> SseError {
        self.failed = Some(err.clone());
        self.line = Vec::new();
        self.data = String::new();
        err
    }

    fn process_line(&mut self, line: &[u8], out: &mut Vec<SseEvent>) -> Result<(), SseError> {
        if line.is_empty() {
            if let Some(event) = self.take_event() {
                out.push(event);
            }
            return Ok(());
        }
        if line[0] == b':' {
            return Ok(()); // comment / heartbeat
        }
        let (field, value) = match memchr::memchr(b':', line) {
            Some(colon) => {
                let value = &line[colon + 1..];
                (&line[..colon], value.strip_prefix(b" ").unwrap_or(value))
            }
            None => (line, &b""[..]),
        };
        // Only the value is text the caller reads; it is decoded once, in place when it is
        // valid UTF-8 (the usual case), with replacement characters when it is not.
        let value = match std::str::from_utf8(value) {
            Ok(text) => Cow::Borrowed(text),
            Err(_) => String::from_utf8_lossy(value),
        };
        match field {
            b"event" => value.as_ref().clone_into(&mut self.event_type),
            b"data" => {
                if self.data.len() + value.len() + 1 > self.limits.max_event_bytes {
                    return Err(self.fail(SseError::EventTooLarge {
                        limit: self.limits.max_event_bytes,
                    }));
                }
                self.data.push_str(&value);
                self.data.push('\n');
                self.has_data = true;
            }
            b"id" if !value.contains('\0') => self.last_event_id = Some(value.into_owned()),
            b"retry" if !value.is_empty() && value.bytes().all(|b| b.is_ascii_digit()) => {
                self.retry_ms = value.parse().ok();
            }
            _ => {} // unknown fields are ignored, as the standard says
        }
        Ok(())
    }

    fn take_event(&mut self) -> Option<SseEvent> {
        let spare_name = std::mem::take(&mut self.spare_name);
        let event_type = std::mem::replace(&mut self.event_type, spare_name);
        if !self.has_data {
            return None;
        }
        self.has_data = false;
        // The next event starts in a buffer handed back by `recycle`, else with room for one
        // like this (events of a stream are alike), instead of growing from nothing again.
        let next = match std::mem::take(&mut self.spare) {
            spare if spare.capacity() > 0 => spare,
            _ => String::with_capacity(self.data.capacity().min(4_096)),
        };
        let mut data = std::mem::replace(&mut self.data, next);
        data.pop(); // the trailing '\n' added after the last data line
        Some(SseEvent {
            event: if event_type.is_empty() {
                Cow::Borrowed("message")
            } else {
                Cow::Owned(event_type)
            },
            data,
            id: self.last_event_id.clone(),
        })
    }

    /// Hands back an event that has been read, so that its buffer holds the next one instead
    /// of a new allocation per event.
    pub fn recycle(&mut self, event: SseEvent) {
        let mut data = event.data;
        if data.capacity() <= 4_096 && data.capacity() > self.spare.capacity() {
            data.clear();
            self.spare = data;
        }
        if let Cow::Owned(mut name) = event.event {
            if name.capacity() <= 256 && name.capacity() > self.spare_name.capacity() {
                name.clear();
                self.spare_name = name;
            }
        }
    }

    /// Ends the stream. Returns the event that was still being collected when the stream closed
    /// without a blank line (see the module docs for why it is not discarded).
    pub fn finish(mut self) -> Result<Option<SseEvent>, SseError> {
        if let Some(err) = self.failed.take() {
            return Err(err);
        }
        if !self.line.is_empty() {
            let line = std::mem::take(&mut self.line);
            if self.at_start {
                let rest = line.strip_prefix(BOM).unwrap_or(&line).to_vec();
                self.process_line(&rest, &mut Vec::new())?;
            } else {
                self.process_line(&line, &mut Vec::new())?;
            }
        }
        Ok(self.take_event())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode_chunks(chunks: &[&[u8]]) -> (Vec<SseEvent>, Option<SseEvent>) {
        let mut decoder = SseDecoder::default();
        let mut out = Vec::new();
        for chunk in chunks {
            decoder.push(chunk, &mut out).unwrap();
        }
        let tail = decoder.finish().unwrap();
        (out, tail)
    }

    fn decode_whole(input: &[u8]) -> Vec<SseEvent> {
        let (mut events, tail) = decode_chunks(&[input]);
        events.extend(tail);
        events
    }

    fn ev(event: &str, data: &str, id: Option<&str>) -> SseEvent {
        SseEvent {
            event: event.to_owned().into(),
            data: data.into(),
            id: id.map(Into::into),
        }
    }

    fn check(input: &str, expected: &[SseEvent]) {
        assert_eq!(decode_whole(input.as_bytes()), expected, "input: {input:?}");
    }

    #[test]
    fn single_data_event() {
        check("data: hello\n\n", &[ev("message", "hello", None)]);
    }

    #[test]
    fn every_line_ending_style() {
        let expected = [ev("message", "a", None), ev("message", "b", None)];
        check("data: a\n\ndata: b\n\n", &expected);
        check("data: a\r\n\r\ndata: b\r\n\r\n", &expected);
        check("data: a\r\rdata: b\r\r", &expected);
        check("data: a\r\n\rdata: b\n\r\n", &expected);
    }

    #[test]
    fn multi_line_data_is_joined_with_newline() {
        check(
            "data: first\ndata: second\ndata\n\n",
            &[ev("message", "first\nsecond\n", None)],
        );
    }

    #[test]
    fn comments_and_heartbeats_are_ignored() {
        check(
            ": ping\n\n:\ndata: x\n: keep-alive\n\n",
            &[ev("message", "x", None)],
        );
    }

    #[test]
    fn event_type_resets_after_dispatch_and_id_persists() {
        check(
            "event: delta\nid: 7\ndata: a\n\ndata: b\n\nid\ndata: c\n\n",
            &[
                ev("delta", "a", Some("7")),
                ev("message", "b", Some("7")),
                ev("message", "c", Some("")),
            ],
        );
    }

    #[test]
    fn id_with_nul_is_ignored() {
        check("id: a\0b\ndata: x\n\n", &[ev("message", "x", None)]);
    }

    #[test]
    fn only_one_leading_space_is_stripped_and_colonless_fields_work() {
        check("data:  two\n\n", &[ev("message", " two", None)]);
        check("data:none\n\n", &[ev("message", "none", None)]);
    }

    #[test]
    fn blank_line_without_data_dispatches_nothing() {
        check("event: x\n\n\n\ndata: y\n\n", &[ev("message", "y", None)]);
    }

    #[test]
    fn retry_is_recorded_only_when_all_digits() {
        let mut d = SseDecoder::default();
        d.push(b"retry: 1500\n\nretry: 12x\n\n", &mut Vec::new())
            .unwrap();
        assert_eq!(d.retry_ms(), Some(1500));
    }

    #[test]
    fn leading_bom_is_skipped_even_when_split() {
        let (events, _) = decode_chunks(&[b"\xEF", b"\xBB", b"\xBFdata: x\n\n"]);
        assert_eq!(events, [ev("message", "x", None)]);
        // A BOM later in the stream is data, not a BOM.
        check("data: \u{FEFF}x\n\n", &[ev("message", "\u{FEFF}x", None)]);
    }

    #[test]
    fn unterminated_final_event_is_returned_by_finish() {
        let (events, tail) = decode_chunks(&[b"data: a\n\ndata: last words"]);
        assert_eq!(events, [ev("message", "a", None)]);
        assert_eq!(tail, Some(ev("message", "last words", None)));
    }

    #[test]
    fn invalid_utf8_becomes_replacement_characters() {
        assert_eq!(
            decode_whole(b"data: a\xFFb\n\n"),
            [ev("message", "a\u{FFFD}b", None)]
        );
    }

    #[test]
    fn overlong_line_is_an_error_and_stays_one() {
        let mut d = SseDecoder::new(SseLimits {
            max_line_bytes: 16,
            max_event_bytes: 1024,
        });
        let mut out = Vec::new();
        d.push(b"data: 0123456789", &mut out).unwrap();
        let err = d.push(b"abcdef", &mut out).unwrap_err();
        assert_eq!(err, SseError::LineTooLong { limit: 16 });
        assert_eq!(d.push(b"\n\n", &mut out), Err(err));
        assert!(out.is_empty());
    }

    #[test]
    fn oversized_event_is_an_error() {
        let mut d = SseDecoder::new(SseLimits {
            max_line_bytes: 64,
            max_event_bytes: 20,
        });
        let err = d
            .push(b"data: 0123456789\ndata: 0123456789\n", &mut Vec::new())
            .unwrap_err();
        assert_eq!(err, SseError::EventTooLarge { limit: 20 });
    }

    /// A small deterministic generator, so split points are reproducible without a dependency.
    fn split_points(seed: u64, len: usize) -> Vec<usize> {
        let mut state = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        let mut points: Vec<usize> = (0..len / 3)
            .map(|_| {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                (state >> 33) as usize % (len + 1)
            })
            .collect();
        points.sort_unstable();
        points
    }

    #[test]
    fn fixture_decodes_identically_byte_by_byte_and_in_random_splits() {
        let input = include_bytes!("../../tests/fixtures/openai/stream_basic.sse");
        let whole = decode_whole(input);
        assert!(whole.len() > 3, "the fixture should hold several events");

        let bytes: Vec<&[u8]> = input.chunks(1).collect();
        let (mut one_by_one, tail) = decode_chunks(&bytes);
        one_by_one.extend(tail);
        assert_eq!(one_by_one, whole);

        for seed in 0..64 {
            let mut chunks = Vec::new();
            let mut start = 0;
            for point in split_points(seed, input.len()) {
                chunks.push(&input[start..point]);
                start = point;
            }
            chunks.push(&input[start..]);
            let (mut split, tail) = decode_chunks(&chunks);
            split.extend(tail);
            assert_eq!(split, whole, "seed {seed}");
        }
    }

    #[test]
    fn recycled_buffers_change_no_event() {
        let input = "event: a\ndata: one\n\ndata: two\n\nevent: longer name\ndata: 3\n\n: c\n\nevent: b\ndata: x\ndata: y\n\n";
        let expected = decode_whole(input.as_bytes());
        let mut decoder = SseDecoder::default();
        let mut got = Vec::new();
        for byte in input.as_bytes().chunks(1) {
            let mut out = Vec::new();
            decoder.push(byte, &mut out).unwrap();
            for event in out {
                got.push(event.clone());
                decoder.recycle(event);
            }
        }
        assert_eq!(got, expected);
        assert_eq!(got.len(), 4);
    }

    #[test]
    fn multibyte_characters_split_across_chunks_survive() {
        let text = "data: héllo — 世界 🎉\r\n\r\n".as_bytes();
        for cut in 0..text.len() {
            let (events, _) = decode_chunks(&[&text[..cut], &text[cut..]]);
            assert_eq!(
                events,
                [ev("message", "héllo — 世界 🎉", None)],
                "cut {cut}"
            );
        }
    }
}
