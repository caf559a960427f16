//! What the gates read: text with typographic quotes and Arabic spelling variants folded, its
//! sentences in English, Chinese and Arabic punctuation, the parts that are not the assistant's
//! own voice (code, quotations, role-play actions) blanked out, and whether a request asks for
//! fiction.

use regex_lite::Regex;
use std::sync::OnceLock;

/// A pattern of the gates, compiled once. The patterns are constants; the test
/// `every_pattern_compiles` proves it, so `None` (a gate that detects nothing) cannot ship.
pub(super) fn regex(
    cell: &'static OnceLock<Option<Regex>>,
    pattern: impl FnOnce() -> String,
) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(&pattern()).ok()).as_ref()
}

/// The script a text is mostly written in, which decides the rules that read it and the
/// language of an honest refusal.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Script {
    Latin,
    Han,
    Arabic,
}

/// The script with the most letters in `text` (Latin when there are none).
pub fn script_of(text: &str) -> Script {
    let (mut han, mut arabic, mut latin) = (0, 0, 0);
    for c in text.chars() {
        match c {
            '\u{4E00}'..='\u{9FFF}' | '\u{3400}'..='\u{4DBF}' => han += 1,
            '\u{0600}'..='\u{06FF}' | '\u{0750}'..='\u{077F}' => arabic += 1,
            c if c.is_ascii_alphabetic() => latin += 1,
            _ => {}
        }
    }
    // A Chinese or Arabic message often names a product or language in Latin letters.
    if han > 0 && han * 3 >= latin {
        Script::Han
    } else if arabic > 0 && arabic * 2 >= latin {
        Script::Arabic
    } else {
        Script::Latin
    }
}

/// Straight apostrophes, and Arabic folded to one spelling: no diacritics or
/// tatweel, alef forms as `ا`, `ى` as `ي`, `ة` as `ه`, hamza seats as their letter, so one
/// pattern matches every way a word is typed.
pub fn fold(text: &str) -> String {
    folded(text).0
}

fn fold_char(c: char) -> Option<char> {
    match c {
        '\u{2019}' | '\u{2018}' | '\u{02BC}' => Some('\''),
        '\u{064B}'..='\u{0652}' | '\u{0640}' => None,
        'أ' | 'إ' | 'آ' | 'ٱ' => Some('ا'),
        'ى' => Some('ي'),
        'ة' => Some('ه'),
        'ؤ' => Some('و'),
        'ئ' => Some('ي'),
        c => Some(c),
    }
}

/// `text` folded as [`fold`] does, with where each byte of the result came from in `text`
/// (one more entry for the end), so what the rules found is quoted as the user wrote it.
pub fn folded(text: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut origin = Vec::with_capacity(text.len() + 1);
    for (at, c) in text.char_indices() {
        if let Some(folded) = fold_char(c) {
            out.push(folded);
            origin.extend(std::iter::repeat_n(at, folded.len_utf8()));
        }
    }
    origin.push(text.len());
    (out, origin)
}

/// The sentences of `text` (each with its own text), split at sentence ends in the three
/// scripts and at line breaks. A full stop ends a sentence only before a space or the end, and
/// not after a title or an abbreviation ("Dr. Patel", "e.g. this"), so "v2.1" and
/// "acme.com" stay whole.
pub fn sentences(text: &str) -> impl Iterator<Item = &str> {
    let mut pieces = Vec::new();
    let mut start = 0;
    for (at, c) in text.char_indices() {
        let ends = match c {
            '!' | '?' | '\n' | '。' | '！' | '？' | '؟' | '；' | ';' => true,
            '.' => {
                let next = text[at + 1..].chars().next();
                let word = text[start..at]
                    .rsplit(|c: char| c.is_whitespace())
                    .next()
                    .unwrap_or_default()
                    .to_ascii_lowercase();
                next.is_none_or(char::is_whitespace) && !ABBREVIATIONS.contains(&word.as_str())
            }
            _ => false,
        };
        if ends {
            pieces.push(&text[start..at]);
            start = at + c.len_utf8();
        }
    }
    pieces.push(&text[start..]);
    pieces.into_iter().filter(|s| !s.trim().is_empty())
}

/// Words a full stop follows without ending the sentence.
const ABBREVIATIONS: [&str; 16] = [
    "dr", "mr", "mrs", "ms", "st", "jr", "sr", "prof", "vs", "etc", "e.g", "i.e", "no", "approx",
    "dept", "inc",
];

/// Whether a sentence of `text` ending at byte `end` is a question (its end mark is a question
/// mark in any of the scripts).
pub fn ends_as_question(text: &str, end: usize) -> bool {
    text.get(end..)
        .and_then(|rest| rest.chars().next())
        .is_some_and(|c| matches!(c, '?' | '？' | '؟'))
}

/// `text` with what is not the assistant speaking in its own voice replaced by spaces (so
/// offsets stay): fenced and inline code, quotations in straight, curly, corner or angle
/// quotes, Markdown block quotes, and role-play actions between asterisks.
pub fn own_voice(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut in_fence = false;
    for line in text.split_inclusive('\n') {
        let trimmed = line.trim_start();
        if trimmed.starts_with("```") || trimmed.starts_with("~~~") {
            in_fence = !in_fence;
            blank(&mut out, line);
            continue;
        }
        if in_fence || trimmed.starts_with('>') {
            blank(&mut out, line);
            continue;
        }
        blank_spans(&mut out, line);
    }
    out
}

/// Blanks `text` byte for byte, so every offset into the result is one into the original.
fn blank(out: &mut String, text: &str) {
    for c in text.chars() {
        if c == '\n' {
            out.push('\n');
        } else {
            out.extend(std::iter::repeat_n(' ', c.len_utf8()));
        }
    }
}

/// Copies `line`, blanking each span between a pair of quotes, backticks or asterisks. An
/// apostrophe is not a quote; an unclosed quote blanks nothing (it may be an inch mark).
fn blank_spans(out: &mut String, line: &str) {
    let mut rest = line;
    while let Some((at, open)) = rest.char_indices().find(|(_, c)| closer(*c).is_some()) {
        let close = closer(open).unwrap_or(open);
        let after = at + open.len_utf8();
        match rest[after..].find(close) {
            Some(len) => {
                out.push_str(&rest[..at]);
                let end = after + len + close.len_utf8();
                blank(out, &rest[at..end]);
                rest = &rest[end..];
            }
            None => {
                out.push_str(&rest[..after]);
                rest = &rest[after..];
            }
        }
    }
    out.push_str(rest);
}

fn closer(open: char) -> Option<char> {
    match open {
        '"' => Some('"'),
        '`' => Some('`'),
        '*' => Some('*'),
        '\u{201C}' => Some('\u{201D}'),
        '\u{300C}' => Some('\u{300D}'),
        '\u{300E}' => Some('\u{300F}'),
        '\u{00AB}' => Some('\u{00BB}'),
        _ => None,
    }
}

fn role_play_pattern() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)^\s*\*[^*\s][^*]*\*|(?:^|[,.!]\s*)(?:yes|of course|very well|as you wish|aye)?,?\s*(?:darling|my love|master|my lord|my lady|your (?:highness|majesty|grace|excellency|lordship|ladyship)|sire|milord|milady|m'lord|m'lady)\b".to_owned()
    })
}

/// Whether a reply reads as role-play: it opens with an action between asterisks ("*bows*"), or
/// speaks to someone as a character would ("my lord", "Your Highness", "darling").
pub fn reads_as_role_play(reply: &str) -> bool {
    role_play_pattern().is_some_and(|p| p.is_match(reply))
}

fn fiction_pattern() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)\b(?:stor(?:y|ies)|poem|tale|novel|fiction|fanfic|role-?play|rp\b|in character|scene|narrat|screenplay|script for a|dialogue|pretend|imagine you|you are (?:a|an|the) |act as|play (?:a|an|the) |continue|chapter|fable|saga|quest|adventure|campaign|dungeon)|故事|小说|角色扮演|扮演|剧本|剧情|续写|情节|台词|童话|قصه|روايه|مشهد|تمثيل|شخصيه|حكايه|حوار|تقمص|دور ".to_owned()
    })
}

/// Whether the user's request asks for fiction or role-play: then the reply's first person is a
/// character's or a narrator's, not the assistant's.
pub fn asks_for_fiction(request: &str) -> bool {
    fiction_pattern().is_some_and(|p| p.is_match(&fold(request).to_lowercase()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_pattern_compiles() {
        assert!(fiction_pattern().is_some());
        assert!(role_play_pattern().is_some());
    }

    #[test]
    fn quotes_code_and_actions_are_not_the_own_voice() {
        let text =
            "I said \"I sent it\" and *sends a raven*.\n```\nsent()\n```\n> I booked it\nok `x`";
        let voice = own_voice(text);
        assert_eq!(voice.len(), text.len(), "offsets are kept");
        assert!(!voice.contains("sent"), "{voice}");
        assert!(!voice.contains("booked"), "{voice}");
        assert!(voice.starts_with("I said "));
        assert!(voice.ends_with("ok    "));
        assert_eq!(
            own_voice("a 5\" screen, I sent it"),
            "a 5\" screen, I sent it"
        );
        let quoted = own_voice("他说「我发了」");
        assert_eq!(quoted.trim_end(), "他说");
        assert_eq!(quoted.len(), "他说「我发了」".len());
    }

    #[test]
    fn the_script_decides_the_rules() {
        assert_eq!(script_of("Remind me at 5"), Script::Latin);
        assert_eq!(script_of("用JavaScript设置一个定时器"), Script::Han);
        assert_eq!(script_of("ذكرني بالاجتماع غدا"), Script::Arabic);
        assert_eq!(script_of("123 !"), Script::Latin);
    }

    #[test]
    fn arabic_spellings_fold_to_one() {
        assert_eq!(fold("أرسلتُ الرسالةَ"), fold("ارسلت الرساله"));
        assert_eq!(fold("I’ve SENT"), "I've SENT");
    }

    #[test]
    fn sentences_end_in_every_script() {
        let all: Vec<&str> = sentences("One. 二。三？ four؟ five\nsix").collect();
        assert_eq!(all.len(), 6);
        let all: Vec<&str> = sentences("See Dr. Patel at acme.com, v2.1. Then go.").collect();
        assert_eq!(all, ["See Dr. Patel at acme.com, v2.1", " Then go"]);
    }

    #[test]
    fn role_play_shows_in_the_reply() {
        assert!(reads_as_role_play("*bows deeply* It is done."));
        assert!(reads_as_role_play("Yes, master. I paid the smith."));
        assert!(!reads_as_role_play(
            "This is **important**: I sent nothing."
        ));
        assert!(!reads_as_role_play("Mastering Rust takes time."));
    }
}
