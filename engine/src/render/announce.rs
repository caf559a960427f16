//! [`Announcer`]: what a screen reader hears while an answer streams.
//!
//! The answer's own DOM is not a live region: a screen reader would read every token, or
//! restart with each update. Instead the app feeds the streamed text here and puts what comes
//! back into a polite live region: whole sentences, a finished line of a list, or a whole code
//! block, never part of one. Several sentences that arrived in the same update are one
//! announcement. The Markdown marks that mean nothing spoken (`**`, `#`, a list's dash, code
//! fences) are left out; the words are never changed. A code block comes back as [`Spoken::Code`]
//! so that the app can say it is code in the reader's language.

/// Sentence ends that need a space (or the end of a line) after them, and those that do not
/// (Chinese and Japanese full-width punctuation ends a sentence with no space).
const NEEDS_SPACE: [char; 4] = ['.', '!', '?', '؟'];
const ENDS_ALONE: [char; 5] = ['。', '！', '？', '…', '；'];

/// How much text a code block may hold before it is announced by its first line only.
const CODE_SPOKEN_BYTES: usize = 400;

/// One piece of an announcement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spoken {
    /// Words, as written, whitespace folded.
    Words(String),
    /// A code block of `lines` lines: all of it when short, else its first line only (`whole`
    /// says which).
    Code {
        lines: usize,
        text: String,
        whole: bool,
    },
}

#[derive(Debug, Default, Clone)]
pub struct Announcer {
    /// Text received and not announced yet. It always starts outside a code block: text is only
    /// taken up to a sentence, a line, or a code block's closing fence.
    pending: String,
    /// Whether `pending` starts a line (not the rest of one after a sentence was taken): only a
    /// line's start can be a code fence.
    mid_line: bool,
    /// How far `pending` has been read, so that each push reads only the new text (an answer
    /// inside a long code block would otherwise be read again on every update).
    scan: Scan,
}

/// Where reading `pending` stopped, and what it had found.
#[derive(Debug, Default, Clone)]
struct Scan {
    /// The next byte to read.
    at: usize,
    /// The end of the last finished sentence, line or code block (0: none yet).
    ready: usize,
    in_code: bool,
    /// Where the line being read starts, and whether it started before `pending` did.
    line_start: usize,
    line_mid: bool,
}

impl Announcer {
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds streamed text; returns what is now ready to be read out (empty: nothing yet).
    pub fn push(&mut self, text: &str) -> Vec<Spoken> {
        self.pending.push_str(text);
        self.read_on();
        let ready = self.scan.ready;
        if ready == 0 {
            return Vec::new();
        }
        let taken: String = self.pending.drain(..ready).collect();
        let said = spoken(&taken, self.mid_line);
        self.mid_line = !taken.ends_with('\n');
        let scan = &mut self.scan;
        scan.at -= ready;
        scan.ready = 0;
        if scan.line_start < ready {
            scan.line_start = 0;
            scan.line_mid = true;
        } else {
            scan.line_start -= ready;
        }
        said
    }

    /// The answer ended: whatever is left.
    pub fn finish(&mut self) -> Vec<Spoken> {
        let rest = std::mem::take(&mut self.pending);
        let said = spoken(&rest, self.mid_line);
        self.mid_line = false;
        self.scan = Scan::default();
        said
    }

    /// Reads the text pushed since the last call, moving `scan.ready` to the end of the last
    /// finished sentence, line of a list, paragraph or code block. A code block is finished only
    /// by its closing fence. A sentence mark at the very end is read again with what follows it.
    fn read_on(&mut self) {
        let text = self.pending.as_str();
        let scan = &mut self.scan;
        let mut chars = text[scan.at..].char_indices().peekable();
        while let Some((offset, c)) = chars.next() {
            let at = scan.at + offset;
            let next = chars.peek().map(|&(_, n)| n);
            if c == '\n' {
                let line = &text[scan.line_start..at];
                if !scan.line_mid && line.trim_start().starts_with("```") {
                    scan.in_code = !scan.in_code;
                    if !scan.in_code {
                        scan.ready = at + 1;
                    }
                } else if !scan.in_code {
                    // A line of a list, a heading or a paragraph's end is a unit of its own.
                    scan.ready = at + 1;
                }
                scan.line_start = at + 1;
                scan.line_mid = false;
                continue;
            }
            if scan.in_code {
                continue;
            }
            if NEEDS_SPACE.contains(&c) && next.is_none() {
                // Whether it ends a sentence depends on what comes next.
                scan.at = at;
                return;
            }
            let ends = ENDS_ALONE.contains(&c)
                || (NEEDS_SPACE.contains(&c) && next.is_some_and(char::is_whitespace));
            if ends {
                scan.ready = at + c.len_utf8();
            }
        }
        scan.at = text.len();
    }
}

/// `text` as it should be heard: Markdown marks out, code as [`Spoken::Code`], whitespace
/// folded; words next to each other are one piece. `mid_line`: the text goes on a line begun
/// before it (its first line is no fence).
fn spoken(text: &str, mid_line: bool) -> Vec<Spoken> {
    let mut out = Vec::new();
    let mut code: Option<String> = None;
    for (n, line) in text.lines().enumerate() {
        let trimmed = line.trim();
        let starts_line = !(mid_line && n == 0);
        if starts_line && trimmed.starts_with("```") {
            match code.take() {
                Some(body) => out.extend(code_block(&body)),
                None => code = Some(String::new()),
            }
            continue;
        }
        if let Some(body) = code.as_mut() {
            body.push_str(line);
            body.push('\n');
            continue;
        }
        push_words(&mut out, &without_marks(trimmed, starts_line));
    }
    if let Some(body) = code {
        out.extend(code_block(&body));
    }
    out
}

fn code_block(body: &str) -> Option<Spoken> {
    let body = body.trim();
    let lines = body.lines().count();
    let whole = body.len() <= CODE_SPOKEN_BYTES;
    let text = if whole {
        body
    } else {
        body.lines().next().unwrap_or_default()
    };
    let text = fold(text);
    (!text.is_empty()).then_some(Spoken::Code { lines, text, whole })
}

/// A line without the Markdown that means nothing spoken: emphasis stars and underscores,
/// backticks, and where the line starts, heading hashes, a list's marker and a quote's `>`.
fn without_marks(line: &str, starts_line: bool) -> String {
    let line = if starts_line {
        let line = line.trim_start_matches('#').trim_start_matches('>').trim();
        ["- ", "* ", "+ "]
            .iter()
            .find_map(|marker| line.strip_prefix(marker))
            .unwrap_or(line)
    } else {
        line
    };
    line.replace("**", "").replace("__", "").replace('`', "")
}

fn fold(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// Adds words to the last piece when it is words too.
fn push_words(out: &mut Vec<Spoken>, words: &str) {
    let words = fold(words);
    if words.is_empty() {
        return;
    }
    match out.last_mut() {
        Some(Spoken::Words(last)) => {
            last.push(' ');
            last.push_str(&words);
        }
        _ => out.push(Spoken::Words(words)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn words(text: &str) -> Vec<Spoken> {
        vec![Spoken::Words(text.to_owned())]
    }

    /// Feeds `text` a few chars at a time, as a stream would; one entry per announcement.
    fn stream(text: &str, step: usize) -> Vec<Vec<Spoken>> {
        let mut announcer = Announcer::new();
        let mut said = Vec::new();
        let chars: Vec<char> = text.chars().collect();
        for piece in chars.chunks(step) {
            said.push(announcer.push(&piece.iter().collect::<String>()));
        }
        said.push(announcer.finish());
        said.retain(|s| !s.is_empty());
        said
    }

    #[test]
    fn sentences_are_announced_whole_never_a_token_at_a_time() {
        let said = stream(
            "The capital of Peru is Lima. It sits on the coast! Want more?",
            3,
        );
        assert_eq!(
            said,
            [
                words("The capital of Peru is Lima."),
                words("It sits on the coast!"),
                words("Want more?")
            ]
        );
    }

    #[test]
    fn a_number_with_a_point_does_not_end_a_sentence() {
        let said = stream("Pi is about 3.14 and e about 2.72. Done.", 2);
        assert_eq!(
            said,
            [words("Pi is about 3.14 and e about 2.72."), words("Done.")]
        );
    }

    #[test]
    fn sentences_that_arrive_together_are_one_announcement() {
        let mut announcer = Announcer::new();
        assert_eq!(announcer.push("One. Two. Thr"), words("One. Two."));
        assert_eq!(announcer.push("ee"), []);
        assert_eq!(announcer.finish(), words("Three"));
        assert_eq!(announcer.finish(), [], "nothing is said twice");
    }

    #[test]
    fn chinese_punctuation_ends_a_sentence_without_a_space() {
        let said = stream("秘鲁的首都是利马。它在海边！", 1);
        assert_eq!(said, [words("秘鲁的首都是利马。"), words("它在海边！")]);
    }

    #[test]
    fn arabic_question_mark_ends_a_sentence() {
        let said = stream("ما هي عاصمة بيرو؟ ليما.", 2);
        assert_eq!(said, [words("ما هي عاصمة بيرو؟"), words("ليما.")]);
    }

    #[test]
    fn list_lines_and_headings_are_units_and_their_marks_are_not_read() {
        let said = stream("## Steps\n- **Boil** the water\n- Add `rice`\n", 4);
        assert_eq!(
            said,
            [words("Steps"), words("Boil the water"), words("Add rice")]
        );
    }

    #[test]
    fn a_code_block_is_announced_once_when_it_closes() {
        let mut announcer = Announcer::new();
        let mut said = Vec::new();
        for piece in [
            "Here:\n```rust\nfn main() {",
            "\n    println!(\"hi. there\");\n}",
            "\n```\nDone.",
        ] {
            said.push(announcer.push(piece));
        }
        said.push(announcer.finish());
        assert_eq!(
            said,
            [
                words("Here:"),
                vec![],
                vec![Spoken::Code {
                    lines: 3,
                    text: "fn main() { println!(\"hi. there\"); }".into(),
                    whole: true
                }],
                // A full stop at the very end may be a number's: it waits for what follows.
                words("Done."),
            ],
            "a full stop inside code ends nothing"
        );
    }

    #[test]
    fn a_long_code_block_is_announced_by_its_size_and_first_line() {
        let body: String = (0..60).map(|i| format!("let x{i} = {i};\n")).collect();
        let said = stream(&format!("```\n{body}```\n"), 7);
        assert_eq!(
            said,
            [vec![Spoken::Code {
                lines: 60,
                text: "let x0 = 0;".into(),
                whole: false
            }]]
        );
    }

    #[test]
    fn an_answer_cut_off_inside_code_still_says_the_code() {
        let said = stream("```\nlet a = 1;", 3);
        assert_eq!(
            said,
            [vec![Spoken::Code {
                lines: 1,
                text: "let a = 1;".into(),
                whole: true
            }]]
        );
    }

    #[test]
    fn whitespace_and_marks_alone_say_nothing() {
        assert_eq!(stream("\n\n**  **\n", 2), Vec::<Vec<Spoken>>::new());
    }

    /// Said as one string without whitespace: how the pieces are grouped into announcements
    /// aside.
    fn all_words(said: &[Vec<Spoken>]) -> String {
        said.iter()
            .flatten()
            .map(|piece| match piece {
                Spoken::Words(words) => words.clone(),
                Spoken::Code { text, .. } => format!("<{text}>"),
            })
            .collect::<String>()
            .split_whitespace()
            .collect()
    }

    proptest::proptest! {
        /// However the stream is cut, the same words are said, once each and in order.
        #[test]
        fn the_words_said_do_not_depend_on_how_the_stream_is_cut(
            pieces in proptest::collection::vec(
                proptest::sample::select(vec!["Lima", " is", ". ", "3.5", "\n", "```\n", "- ", "**", "。", "秘鲁", "? ", "!"]),
                0..40,
            ),
            cuts in proptest::collection::vec(1usize..6, 1..10),
        ) {
            let text: String = pieces.concat();
            let mut announcer = Announcer::new();
            let mut said = vec![announcer.push(&text)];
            said.push(announcer.finish());
            let whole = all_words(&said);
            let chars: Vec<char> = text.chars().collect();
            let mut announcer = Announcer::new();
            let mut said = Vec::new();
            let (mut at, mut cut) = (0, 0);
            while at < chars.len() {
                let step = cuts[cut % cuts.len()];
                let end = (at + step).min(chars.len());
                said.push(announcer.push(&chars[at..end].iter().collect::<String>()));
                at = end;
                cut += 1;
            }
            said.push(announcer.finish());
            proptest::prop_assert_eq!(all_words(&said), whole);
        }
    }
}
