//! Reasoning inside `<think>…</think>` tags (seed 000 §7, visual transform).
//!
//! Models served through plain OpenAI-compatible endpoints (DeepSeek-R1 or QwQ on Ollama or
//! llama.cpp) put their reasoning in the answer text between think tags. [`ThinkTagSplitter`]
//! separates it while streaming, so reasoning is shown (and stored) as a reasoning part, not as
//! answer text. Tags are recognised wherever the network splits them (`<thi` + `nk>`).
//!
//! Only a `<think>` that opens the answer (after optional whitespace) starts reasoning: a
//! `<think>` later in an answer is text the model is writing about, and stays text.

const OPEN: &str = "<think>";
const CLOSE: &str = "</think>";

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Segment {
    Content(String),
    Reasoning(String),
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Nothing but whitespace yet: an opening tag may still come.
    Start,
    Reasoning,
    /// Just after `</think>`: whitespace here is layout, not answer text.
    AfterReasoning,
    Content,
}

#[derive(Debug, Clone)]
pub struct ThinkTagSplitter {
    state: State,
    /// Text held back because it may be the beginning of a tag.
    pending: String,
}

impl Default for ThinkTagSplitter {
    fn default() -> Self {
        Self {
            state: State::Start,
            pending: String::new(),
        }
    }
}

/// The length of the longest suffix of `text` that is a proper prefix of `tag`.
fn partial_tag_len(text: &str, tag: &str) -> usize {
    (1..tag.len())
        .rev()
        .find(|&n| text.ends_with(&tag[..n]))
        .unwrap_or(0)
}

fn push_segment(out: &mut Vec<Segment>, segment: Segment) {
    match (out.last_mut(), segment) {
        (_, Segment::Content(t) | Segment::Reasoning(t)) if t.is_empty() => {}
        (Some(Segment::Content(last)), Segment::Content(t)) => last.push_str(&t),
        (Some(Segment::Reasoning(last)), Segment::Reasoning(t)) => last.push_str(&t),
        (_, segment) => out.push(segment),
    }
}

impl ThinkTagSplitter {
    pub fn new() -> Self {
        Self::default()
    }

    /// Splits the next chunk of answer text.
    pub fn push(&mut self, chunk: &str) -> Vec<Segment> {
        let mut out = Vec::new();
        self.pending.push_str(chunk);
        loop {
            match self.state {
                State::Start => {
                    let trimmed = self.pending.trim_start();
                    if trimmed.starts_with(OPEN) {
                        let skip = self.pending.len() - trimmed.len() + OPEN.len();
                        self.pending.drain(..skip);
                        self.state = State::Reasoning;
                    } else if !trimmed.is_empty() && !OPEN.starts_with(trimmed) {
                        self.state = State::Content;
                    } else {
                        return out; // only whitespace or a partial "<think" so far
                    }
                }
                State::Reasoning => match self.pending.find(CLOSE) {
                    Some(at) => {
                        let reasoning: String = self.pending.drain(..at).collect();
                        self.pending.drain(..CLOSE.len());
                        push_segment(&mut out, Segment::Reasoning(reasoning));
                        self.state = State::AfterReasoning;
                    }
                    None => {
                        let keep = partial_tag_len(&self.pending, CLOSE);
                        let emit = self.pending.len() - keep;
                        let reasoning: String = self.pending.drain(..emit).collect();
                        push_segment(&mut out, Segment::Reasoning(reasoning));
                        return out;
                    }
                },
                State::AfterReasoning => {
                    // The newlines models put after the closing tag are not answer text.
                    let trimmed = self.pending.trim_start();
                    if trimmed.is_empty() {
                        self.pending.clear();
                        return out;
                    }
                    self.pending = trimmed.to_owned();
                    self.state = State::Content;
                }
                State::Content => {
                    let content = std::mem::take(&mut self.pending);
                    push_segment(&mut out, Segment::Content(content));
                    return out;
                }
            }
        }
    }

    /// Ends the stream: whatever was held back is emitted as what it was (reasoning left open
    /// stays reasoning; the caller closes the part).
    pub fn finish(&mut self) -> Vec<Segment> {
        let rest = std::mem::take(&mut self.pending);
        let mut out = Vec::new();
        match self.state {
            State::Reasoning => push_segment(&mut out, Segment::Reasoning(rest)),
            State::Start | State::AfterReasoning | State::Content => {
                push_segment(&mut out, Segment::Content(rest));
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn split(chunks: &[&str]) -> Vec<Segment> {
        let mut splitter = ThinkTagSplitter::new();
        let mut out = Vec::new();
        for chunk in chunks {
            for segment in splitter.push(chunk) {
                push_segment(&mut out, segment);
            }
        }
        for segment in splitter.finish() {
            push_segment(&mut out, segment);
        }
        out
    }

    fn r(text: &str) -> Segment {
        Segment::Reasoning(text.into())
    }

    fn c(text: &str) -> Segment {
        Segment::Content(text.into())
    }

    #[test]
    fn reasoning_then_answer() {
        assert_eq!(
            split(&["<think>Let me see.</think>\n\nThe answer is 4."]),
            [r("Let me see."), c("The answer is 4.")]
        );
    }

    #[test]
    fn identical_whatever_the_chunk_boundaries() {
        let text = "  <think>step 1\nstep 2</think>\n\nDone: <think> is an HTML-ish tag.";
        let expected = [r("step 1\nstep 2"), c("Done: <think> is an HTML-ish tag.")];
        assert_eq!(split(&[text]), expected);
        let chars: Vec<String> = text.chars().map(String::from).collect();
        let refs: Vec<&str> = chars.iter().map(String::as_str).collect();
        assert_eq!(split(&refs), expected, "one character at a time");
        for cut in 0..text.len() {
            if text.is_char_boundary(cut) {
                assert_eq!(
                    split(&[&text[..cut], &text[cut..]]),
                    expected,
                    "cut at {cut}"
                );
            }
        }
    }

    #[test]
    fn answers_without_tags_are_untouched() {
        assert_eq!(split(&["Hello", " world"]), [c("Hello world")]);
        assert_eq!(
            split(&["<thought>no</thought>"]),
            [c("<thought>no</thought>")]
        );
        assert_eq!(
            split(&["<thi"]),
            [c("<thi")],
            "a partial tag at the end is text"
        );
    }

    #[test]
    fn an_unclosed_think_stays_reasoning() {
        assert_eq!(
            split(&["<think>still thinking</thi"]),
            [r("still thinking</thi")]
        );
    }
}
