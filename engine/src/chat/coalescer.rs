//! [`StreamCoalescer`]: the text one body chunk brought goes on as one piece per kind.
//!
//! The transport's batch window is the one throttle between the stream and the screen: every
//! browser transport hands bytes over at most once per window (`BATCH_WINDOW_MS` in
//! `platform/src/fetch_transport.rs`). The engine keeps no timer of its own: pieces are pushed as
//! they are decoded, merged while they are of one kind (answer or reasoning; a change of kind
//! hands on the other kind first, so the order is kept), and everything is handed on once the
//! chunk is read, or earlier when a tool call arrives or the step ends. Nothing is held from one
//! chunk to the next.

/// Which kind of text a piece is: reasoning and answer text are held apart and handed on in the
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
}

impl StreamCoalescer {
    /// Adds a piece. Returns the held text of the other kind when the kind changes (it goes
    /// first, to keep the order); else holds the piece with the text before it.
    pub fn push(&mut self, kind: Kind, text: &str) -> Option<(Kind, String)> {
        let earlier = if self.held_kind.is_some_and(|held| held != kind) {
            self.flush()
        } else {
            None
        };
        self.held.push_str(text);
        self.held_kind = Some(kind);
        earlier
    }

    /// Hands on whatever is held (the chunk was read, a tool call arrived, the step ended).
    pub fn flush(&mut self) -> Option<(Kind, String)> {
        let kind = self.held_kind.take()?;
        let text = std::mem::take(&mut self.held);
        (!text.is_empty()).then_some((kind, text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pieces_of_one_kind_merge_until_the_flush() {
        let mut c = StreamCoalescer::default();
        for piece in ["Hel", "lo", ", ", "world"] {
            assert_eq!(
                c.push(Kind::Answer, piece),
                None,
                "held until the chunk is read"
            );
        }
        assert_eq!(c.flush(), Some((Kind::Answer, "Hello, world".into())));
        assert_eq!(c.flush(), None, "nothing is held after a flush");
        assert_eq!(c.push(Kind::Answer, "!"), None);
        assert_eq!(
            c.flush(),
            Some((Kind::Answer, "!".into())),
            "the next chunk's text starts afresh"
        );
    }

    #[test]
    fn a_change_of_kind_hands_on_the_other_kind_first() {
        let mut c = StreamCoalescer::default();
        assert_eq!(c.push(Kind::Reasoning, "think"), None);
        assert_eq!(c.push(Kind::Reasoning, "ing"), None);
        assert_eq!(
            c.push(Kind::Answer, "Ans"),
            Some((Kind::Reasoning, "thinking".into()))
        );
        assert_eq!(c.push(Kind::Answer, "wer"), None);
        assert_eq!(
            c.push(Kind::Reasoning, "more"),
            Some((Kind::Answer, "Answer".into()))
        );
        assert_eq!(c.flush(), Some((Kind::Reasoning, "more".into())));
        assert_eq!(c.flush(), None);
    }

    #[test]
    fn empty_pieces_hand_nothing_on() {
        let mut c = StreamCoalescer::default();
        assert_eq!(c.push(Kind::Reasoning, ""), None);
        assert_eq!(
            c.push(Kind::Answer, "a"),
            None,
            "no empty reasoning piece goes first"
        );
        assert_eq!(c.flush(), Some((Kind::Answer, "a".into())));
        assert_eq!(c.push(Kind::Answer, ""), None);
        assert_eq!(c.flush(), None);
    }
}
