//! The follow-up honesty gate (seed 004): "I'll let you know", "我会通知你", "سأخبرك" is a
//! promise an assistant that only speaks when spoken to cannot keep. The text is not rewritten;
//! the message gets an annotation the app shows as a follow-up chip (and offers a reminder).

use super::text::{fold, own_voice, regex};
use regex_lite::Regex;
use std::sync::OnceLock;

fn pattern() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)\b(?:i(?:'ll| will| shall)|we(?:'ll| will))\s+(?:be sure to\s+|make sure to\s+|definitely\s+|also\s+|[^.!?\n]{0,40}?\s+and\s+)?(let you know|get back to you|follow up|remind you|notify you|keep you (?:posted|updated|informed)|check back|circle back|update you|ping you|message you|email you|text you|be in touch|keep an eye on|reach out|alert you|come back (?:to you|with)|check in (?:with|on) you|send you (?:the|my) [\w\s]{1,30}?(?:as soon as|once|when|later|tomorrow|shortly))\b|(?:就|马上|第一时间|随时)(?:通知|告诉|回复|联系)(?:你|您)|(?:明天|稍后|晚点|回头|之后|改天)再?(?:回复|告诉|通知|联系)(?:你|您)|(?:会|帮你)盯着|(?:稍后|晚点|回头|之后|明天)再?(?:给|跟)(?:你|您)(?:回复|答复|发|说)|(?:稍后|晚点|回头|之后|明天)再?发给(?:你|您)|我(?:会|将|稍后会|之后会|晚点会|回头)(?:尽快|稍后|随时|第一时间|再|及时|马上)?(?:通知你|告诉你|提醒你|联系你|回复你|跟进|反馈给你|更新你|给你回复|告诉您|通知您|提醒您|联系您|回复您|给您回复)|(?:سوف\s+|س)(?:اخبرك|اعلمك|ابلغك|اذكرك|اعود اليك|اتواصل معك|ابقيك علي اطلاع|اطلعك|اوافيك|اراسلك|اتابع|اراقب|ارسل لك)|[وف]?(?:س|سوف\s+)?اعود اليك|\b(?:i(?:'ll| will| shall)|we(?:'ll| will))\s+[^.!?\n]{0,60}?\b(?:later(?:\s+today)?|tomorrow|tonight|next\s+week|in\s+(?:a\s+few|an?|\d+)\s+(?:hours?|minutes?|days?)|shortly|by\s+(?:tomorrow|tonight|monday|tuesday|wednesday|thursday|friday|end\s+of\s+(?:day|the\s+week)))\b".to_owned()
    })
}

/// Promises to act later found in the reply (each phrase as written, folded), outside quotes
/// and code.
pub fn follow_up_promises(reply: &str) -> Vec<String> {
    let text = fold(&own_voice(reply));
    let Some(pattern) = pattern() else {
        return Vec::new();
    };
    let mut found: Vec<String> = Vec::new();
    // Line by line (a promise is read within a line, as the sentences of the other gates
    // are), and only the lines the pattern could match (see `may_promise`).
    for line in text.split('\n').filter(|line| may_promise(line)) {
        for m in pattern.find_iter(line) {
            note_promise(line, m, &mut found);
        }
    }
    found
}

/// Whether `line` holds what every promise of [`pattern`] starts with or needs: "I'll", "I
/// will", "I shall", "we'll", "we will" (the pattern ignores case in ASCII only), 你, 您, 盯,
/// 跟进, or Arabic's future prefix س or اعود. The pattern's engine (`regex_lite`, small in the
/// bundle) tries every position of a long answer otherwise.
fn may_promise(line: &str) -> bool {
    let lower = line.to_ascii_lowercase();
    [
        "i'll", "i will", "i shall", "we'll", "we will", "跟进", "اعود",
    ]
    .iter()
    .any(|w| lower.contains(w))
        || (!line.is_ascii() && line.chars().any(|c| matches!(c, '你' | '您' | '盯' | 'س')))
}

/// Keeps the promise `m` of `text` unless the sentence before it makes it conditional or
/// negated, or it was found already.
fn note_promise(text: &str, m: regex_lite::Match<'_>, found: &mut Vec<String>) {
    // The sentence so far (a sentence mark may be several bytes long).
    let start = text[..m.start()]
        .char_indices()
        .rev()
        .find(|(_, c)| matches!(c, '.' | '!' | '?' | '\n' | '。' | '！' | '？' | '؟'))
        .map_or(0, |(at, c)| at + c.len_utf8());
    let before = format!(" {} ", text[start..m.start()].to_lowercase());
    let conditional = [
        " if ", "n't", " not ", "如果", "的话", "不", " اذا ", " لو ", " ان ",
    ]
    .iter()
    .any(|w| before.contains(w));
    let phrase = m.as_str().to_owned();
    if !conditional && !found.contains(&phrase) {
        found.push(phrase);
    }
}

#[cfg(test)]
pub(super) fn all_compile() -> bool {
    pattern().is_some()
}
