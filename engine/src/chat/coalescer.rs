//! [`StreamCoalescer`]: provider stream updates are merged for about 40 ms before they are
//! handed on (seed 000 §6), unless a piece needs immediate display (the first token; a tool
//! call or the end of a step flushes what is held). The published conversation state has its
//! own, slower rate ([`PublishThrottle`](crate::render::throttle::PublishThrottle), ~83 ms).
//!
//! Pieces are pushed as they are decoded, and handed on when the caller asks, once per body
//! chunk read ([`take_due`](StreamCoalescer::take_due)): everything one chunk brought goes on as
//! one piece, not its first event alone with the rest held for a timer. Held text is due
//! [`DEADLINE_SLACK_MS`] before the interval is over: a transport that hands bytes over in
//! batches (the browser's gathers them for the publish interval, `BATCH_WINDOW_MS` in
//! `platform/src/fetch_transport.rs`, longer than this one) must never have a batch that comes a
//! moment early wait for a timer (a task of the main thread) of its own.
//!
//! It decides only from the times it is given; when text is held, [`due_in`](StreamCoalescer::due_in)
//! says how long until it must be handed on, so a stream that stalls does not strand it.

use crate::render::throttle::DEADLINE_SLACK_MS;

/// Stream updates are merged over about this long (at most [`DEADLINE_SLACK_MS`] less).
pub const COALESCE_MS: f64 = 40.0;

/// Which kind of text a piece is: reasoning and answer text are held apart and flushed in the
/// order they arrived.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Answer,
    Reasoning,
}

#[derive(Debug, Default)]
pub struct StreamCoalescer {
    held: String,
    held_kind: Option<Kind>,
    last_flush_ms: Option<f64>,
}

impl StreamCoalescer {
    /// Adds a piece that arrived at `now`. Returns the held text of the other kind when the kind
    /// changes (it goes first, to keep the order); else holds the piece.
    pub fn push(&mut self, kind: Kind, text: &str, now: f64) -> Option<(Kind, String)> {
        let earlier = if self.held_kind.is_some_and(|held| held != kind) {
            self.flush(now)
        } else {
            None
        };
        self.held.push_str(text);
        self.held_kind = Some(kind);
        earlier
    }

    /// What is held, if it is due at `now` (the first text at once, later text about once an
    /// interval).
    pub fn take_due(&mut self, now: f64) -> Option<(Kind, String)> {
        if self.due_in(now)? > 0.0 {
            return None;
        }
        self.flush(now)
    }

    /// Hands on whatever is held (a tool call arrived, the step ended, the timer fired).
    pub fn flush(&mut self, now: f64) -> Option<(Kind, String)> {
        let kind = self.held_kind.take()?;
        self.last_flush_ms = Some(now);
        let text = std::mem::take(&mut self.held);
        (!text.is_empty()).then_some((kind, text))
    }

    /// How long until held text must be handed on; `None` when nothing is held.
    pub fn due_in(&self, now: f64) -> Option<f64> {
        self.held_kind?;
        Some(self.last_flush_ms.map_or(0.0, |last| {
            (COALESCE_MS - DEADLINE_SLACK_MS - (now - last)).max(0.0)
        }))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_piece_goes_at_once_then_pieces_merge_for_40_ms() {
        let mut c = StreamCoalescer::default();
        assert_eq!(c.push(Kind::Answer, "Hel", 0.0), None);
        assert_eq!(c.take_due(0.0), Some((Kind::Answer, "Hel".into())));
        assert_eq!(c.push(Kind::Answer, "lo", 10.0), None);
        assert_eq!(c.take_due(10.0), None);
        assert_eq!(c.push(Kind::Answer, ", ", 25.0), None);
        assert_eq!(c.take_due(25.0), None);
        assert_eq!(c.due_in(25.0), Some(7.0));
        assert_eq!(c.push(Kind::Answer, "world", 41.0), None);
        assert_eq!(c.take_due(41.0), Some((Kind::Answer, "lo, world".into())));
        assert_eq!(c.due_in(50.0), None);
    }

    #[test]
    fn everything_one_chunk_brought_goes_on_together() {
        // Three events decoded from one body chunk, then the next chunk 40 ms later.
        let mut c = StreamCoalescer::default();
        c.push(Kind::Answer, "a", 0.0);
        c.take_due(0.0);
        for piece in ["b", "c", "d"] {
            assert_eq!(c.push(Kind::Answer, piece, 40.0), None);
        }
        assert_eq!(c.take_due(40.0), Some((Kind::Answer, "bcd".into())));
        assert_eq!(c.due_in(40.0), None, "nothing held, so no timer");
    }

    #[test]
    fn a_change_of_kind_keeps_the_order() {
        let mut c = StreamCoalescer::default();
        c.push(Kind::Reasoning, "think", 0.0);
        c.take_due(0.0);
        assert_eq!(c.push(Kind::Reasoning, "ing", 5.0), None);
        assert_eq!(
            c.push(Kind::Answer, "Answer", 10.0),
            Some((Kind::Reasoning, "ing".into()))
        );
        assert_eq!(c.flush(12.0), Some((Kind::Answer, "Answer".into())));
        assert_eq!(c.flush(13.0), None);
    }

    #[test]
    fn a_batch_a_moment_before_the_deadline_goes_at_once() {
        // Batches 40 ms apart by the transport's clock, the last flush a little late by this one.
        let mut c = StreamCoalescer::default();
        c.push(Kind::Answer, "a", 0.6);
        c.take_due(0.6);
        c.push(Kind::Answer, "b", 40.2);
        assert_eq!(c.take_due(40.2), Some((Kind::Answer, "b".into())));
    }

    #[test]
    fn held_text_is_due_when_the_interval_is_over() {
        let mut c = StreamCoalescer::default();
        c.push(Kind::Answer, "a", 0.0);
        c.take_due(0.0);
        c.push(Kind::Answer, "b", 1.0);
        assert_eq!(c.due_in(1.0), Some(31.0));
        assert_eq!(c.due_in(100.0), Some(0.0));
    }
}
