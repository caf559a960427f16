//! [`StreamCoalescer`]: provider stream updates are merged for about 40 ms before they are
//! handed on (seed 000 §6), unless a piece needs immediate display (the first token; a tool
//! call or the end of a step flushes what is held). The published conversation state has its
//! own, slower rate ([`PublishThrottle`](crate::render::throttle::PublishThrottle), ~83 ms).
//!
//! It decides only from the times it is given; when text is held, [`due_in`](StreamCoalescer::due_in)
//! says how long until it must be flushed, so a stream that stalls does not strand it.

/// Stream updates are merged over at most this long.
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
    /// Adds a piece that arrived at `now`. Returns what must be handed on now, in order.
    pub fn push(&mut self, kind: Kind, text: &str, now: f64) -> Vec<(Kind, String)> {
        let mut out = Vec::new();
        if self.held_kind.is_some_and(|held| held != kind) {
            out.extend(self.flush(now));
        }
        self.held.push_str(text);
        self.held_kind = Some(kind);
        let due = self
            .last_flush_ms
            .is_none_or(|last| now - last >= COALESCE_MS);
        if due {
            out.extend(self.flush(now));
        }
        out
    }

    /// Hands on whatever is held (a tool call arrived, the step ended, the timer fired).
    pub fn flush(&mut self, now: f64) -> Option<(Kind, String)> {
        let kind = self.held_kind.take()?;
        self.last_flush_ms = Some(now);
        let text = std::mem::take(&mut self.held);
        (!text.is_empty()).then_some((kind, text))
    }

    /// How long until held text must be flushed; `None` when nothing is held.
    pub fn due_in(&self, now: f64) -> Option<f64> {
        self.held_kind?;
        let last = self.last_flush_ms.unwrap_or(now);
        Some((COALESCE_MS - (now - last)).max(0.0))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_piece_goes_at_once_then_pieces_merge_for_40_ms() {
        let mut c = StreamCoalescer::default();
        assert_eq!(
            c.push(Kind::Answer, "Hel", 0.0),
            [(Kind::Answer, "Hel".into())]
        );
        assert!(c.push(Kind::Answer, "lo", 10.0).is_empty());
        assert!(c.push(Kind::Answer, ", ", 30.0).is_empty());
        assert_eq!(c.due_in(30.0), Some(10.0));
        assert_eq!(
            c.push(Kind::Answer, "world", 41.0),
            [(Kind::Answer, "lo, world".into())]
        );
        assert_eq!(c.due_in(50.0), None);
    }

    #[test]
    fn a_change_of_kind_keeps_the_order() {
        let mut c = StreamCoalescer::default();
        c.push(Kind::Reasoning, "think", 0.0);
        assert!(c.push(Kind::Reasoning, "ing", 5.0).is_empty());
        assert_eq!(
            c.push(Kind::Answer, "Answer", 10.0),
            [(Kind::Reasoning, "ing".into())]
        );
        assert_eq!(c.flush(12.0), Some((Kind::Answer, "Answer".into())));
        assert_eq!(c.flush(13.0), None);
    }

    #[test]
    fn held_text_is_due_when_the_interval_is_over() {
        let mut c = StreamCoalescer::default();
        c.push(Kind::Answer, "a", 0.0);
        c.push(Kind::Answer, "b", 1.0);
        assert_eq!(c.due_in(100.0), Some(0.0));
    }
}
