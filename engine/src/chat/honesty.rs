//! Honesty gates (seed 004): keep the reply true to what actually happened.
//!
//! - [`fabricated_action`] (anti-fabrication gate): when no tool ran in the turn and the reply
//!   says an action was done in the world ("I've sent the email", "your meeting has been
//!   scheduled"), the claim cannot be true. The reply is rewritten to say so first
//!   ([`correction_notice`], applied by [`apply_reply_gates`]) and the original is kept for
//!   inspection.
//! - [`follow_up_promises`] (follow-up honesty gate): "I'll let you know" is a promise an
//!   assistant that only speaks when spoken to cannot keep. The text is not rewritten; the
//!   message gets an annotation the app shows as a follow-up chip.
//! - [`honest_refusal`] (pre-generation): a request to *do* something none of the request's
//!   tools can do ("remind me at 5", "send an email to Bob") is answered without calling the
//!   model, saying what was recognised and that it cannot be done here.
//!
//! The detectors favour precision: a false correction on a good answer costs more trust than a
//! missed one. Negated, conditional, future and question forms are not claims. Ambiguous verbs
//! ("created", "deleted", "added") count only with an object from the user's world (a file, an
//! email, a calendar), so "I removed the unused import" in a code review is not flagged.

use crate::domain::message::MessageNode;
use crate::domain::message_part::{Annotation, MessagePart};
use regex_lite::Regex;
use std::sync::OnceLock;

/// An action the reply claims was done.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ClaimedAction {
    /// The claim as written, e.g. "I've sent the email".
    pub phrase: String,
    /// The verb, e.g. "sent".
    pub verb: String,
}

/// Verbs that are world actions whatever their object.
const ACTION_VERBS: &str = "sent|emailed|e-mailed|texted|messaged|forwarded|scheduled|booked|\
    reserved|ordered|purchased|bought|paid|transferred|posted|published|tweeted|uploaded|\
    submitted|notified|contacted|phoned|installed|executed|deployed|cancelled|canceled|\
    unsubscribed|signed you up|subscribed you";

/// Verbs that are world actions only with a world object.
const OBJECT_VERBS: &str =
    "saved|stored|deleted|removed|created|added|set up|set|updated|moved|archived";

const WORLD_OBJECTS: &str = "emails?|messages?|files?|folders?|documents?|events?|reminders?|\
    alarms?|timers?|meetings?|appointments?|calendar|inbox|contacts?|notes?|tasks?|tickets?|\
    orders?|bookings?|reservations?|photos?|accounts?|subscriptions?|playlists?|spreadsheets?";

/// A pattern of this module, compiled once. The patterns are constants; the test
/// `every_pattern_compiles` proves it, so `None` (a gate that detects nothing) cannot ship.
fn regex(
    cell: &'static OnceLock<Option<Regex>>,
    pattern: impl FnOnce() -> String,
) -> Option<&'static Regex> {
    cell.get_or_init(|| Regex::new(&pattern()).ok()).as_ref()
}

fn first_person_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i)\bi(?:'ve| have)?\s+(?:just\s+|now\s+|already\s+|successfully\s+|gone ahead and\s+)?({ACTION_VERBS})\b"
        )
    })
}

fn first_person_object_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i)\bi(?:'ve| have)?\s+(?:just\s+|now\s+|already\s+|successfully\s+)?({OBJECT_VERBS})\s+(?:(?:it|them|that|this)\s+(?:to|in|from|on)\s+your|(?:a|an|the|your|this|that|those|these|all|\d+)\s+(?:\w+\s+){{0,2}}(?:{WORLD_OBJECTS})\b|(?:it|them)\s+(?:to|in)\s+(?:the|your)\s+(?:{WORLD_OBJECTS}))"
        )
    })
}

fn passive_action() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        format!(
            r"(?i)\b(?:it|they|this|that|your\s+\w+|the\s+(?:{WORLD_OBJECTS}))\s+(?:has|have)\s+(?:now\s+|successfully\s+)?been\s+(?:successfully\s+)?({ACTION_VERBS}|saved|deleted|created|added|set up)\b"
        )
    })
}

fn searched_claim() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)\bi(?:'ve| have)?\s+(?:just\s+)?(searched|looked up|browsed|checked|googled)\s+(?:the\s+web|online|the\s+internet|google|your\s+(?:calendar|inbox|email|files)|the\s+(?:latest|current)\s+\w+|for\s+(?:the\s+)?(?:latest|current|recent))".to_owned()
    })
}

/// Words that, earlier in the same sentence, make a claim hypothetical, negated or future.
const NOT_A_CLAIM: [&str; 22] = [
    "n't",
    " not ",
    "cannot",
    "unable",
    "if ",
    "once ",
    "when ",
    "after you",
    "before ",
    "would",
    "could",
    "should",
    "can ",
    "will ",
    "'ll ",
    "going to",
    "let me know",
    "might",
    "pretend",
    "imagine",
    "example",
    "e.g.",
];

/// Splits text into sentences (keeping each sentence's own text).
fn sentences(text: &str) -> impl Iterator<Item = &str> {
    text.split(['.', '!', '?', '\n'])
        .filter(|s| !s.trim().is_empty())
}

fn normalise(sentence: &str) -> String {
    sentence.replace(['\u{2019}', '\u{2018}'], "'")
}

/// The first action the reply claims to have done, if any (to be used only when no tool ran in
/// the turn). Questions, negations, conditionals, futures and examples are not claims.
pub fn fabricated_action(reply: &str) -> Option<ClaimedAction> {
    for raw in sentences(reply) {
        let sentence = normalise(raw);
        let is_question = reply
            .get(reply.find(raw).map_or(0, |at| at + raw.len())..)
            .is_some_and(|rest| rest.starts_with('?'));
        if is_question {
            continue;
        }
        for pattern in [
            first_person_action(),
            first_person_object_action(),
            passive_action(),
            searched_claim(),
        ]
        .into_iter()
        .flatten()
        {
            let Some(found) = pattern.captures(&sentence) else {
                continue;
            };
            let (Some(whole), Some(verb)) = (found.get(0), found.get(1)) else {
                continue;
            };
            let before = format!(" {} ", sentence[..whole.start()].to_lowercase());
            if NOT_A_CLAIM.iter().any(|word| before.contains(word)) {
                continue;
            }
            return Some(ClaimedAction {
                phrase: whole.as_str().trim().to_owned(),
                verb: verb.as_str().to_lowercase(),
            });
        }
    }
    None
}

/// The sentence put before a reply that claimed `claim`; the original text follows it, since it
/// may still be useful (a draft of the email that was not sent).
pub fn correction_notice(claim: &ClaimedAction) -> String {
    format!(
        "Correction: nothing was actually {} — no tool ran for this reply, so I could not do \
         that. Here is what I wrote, for you to use yourself:\n\n",
        claim.verb
    )
}

fn follow_up_pattern() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)\b(?:i(?:'ll| will| shall)|we(?:'ll| will))\s+(?:be sure to\s+|make sure to\s+|definitely\s+)?(let you know|get back to you|follow up|remind you|notify you|keep you (?:posted|updated|informed)|check back|circle back|update you|ping you|message you|email you|text you|be in touch|keep an eye on|reach out|alert you)\b".to_owned()
    })
}

/// Promises to act later found in the reply (each phrase as written).
pub fn follow_up_promises(reply: &str) -> Vec<String> {
    let text = normalise(reply);
    let Some(pattern) = follow_up_pattern() else {
        return Vec::new();
    };
    pattern
        .find_iter(&text)
        .filter(|m| {
            let start = text[..m.start()]
                .rfind(['.', '!', '?', '\n'])
                .map_or(0, |i| i + 1);
            let before = text[start..m.start()].to_lowercase();
            !(before.contains("if ") || before.contains("n't") || before.contains(" not "))
        })
        .map(|m| m.as_str().to_owned())
        .collect()
}

fn refusal_pattern() -> Option<&'static Regex> {
    static CELL: OnceLock<Option<Regex>> = OnceLock::new();
    regex(&CELL, || {
        r"(?i)^\s*(?:please\s+|hey[,!]?\s+|ok(?:ay)?[,!]?\s+|can you\s+|could you\s+)?(remind me|set (?:a|an|my) (?:reminder|alarm|timer)|send (?:an? )?(?:email|e-mail|text|sms|message) to|(?:email|e-mail|text|message|call|phone) (?:my|mom|dad|him|her|them)|book (?:a|an|me a)|order (?:me )?(?:a|an|some)|schedule (?:a|an|my))\b".to_owned()
    })
}

/// The words by which a tool shows it can do a family of actions (in its name or
/// description), by the first words of the recognised request.
fn capability_words(action: &str) -> &'static [&'static str] {
    const REMIND: &[&str] = &["remind", "alarm", "timer", "notif", "schedul"];
    const MESSAGE: &[&str] = &[
        "email",
        "e-mail",
        "mail",
        "sms",
        "text message",
        "send_message",
        "messag",
        "call",
        "phone",
    ];
    const BOOK: &[&str] = &["book", "reserv"];
    const ORDER: &[&str] = &["order", "purchas", "buy", "shop", "checkout"];
    const SCHEDULE: &[&str] = &["schedul", "calendar", "event", "meeting"];
    let first = action.split_whitespace().next().unwrap_or_default();
    match first {
        "remind" => REMIND,
        "set" => REMIND,
        "book" => BOOK,
        "order" => ORDER,
        "schedule" => SCHEDULE,
        _ => MESSAGE,
    }
}

/// Pre-generation check, decided for each request from the tools it really offers: when the
/// user asks for an action (a reminder, a message, a booking, an order, a meeting) and none of
/// `tools` (name and description of each) is one that could do it, the honest answer without
/// calling the model. Questions about how to do it ("how do I set an alarm?") and drafting
/// requests ("write an email to…") are left to the model.
pub fn honest_refusal(user_text: &str, tools: &[(&str, &str)]) -> Option<String> {
    let text = normalise(user_text);
    let first_line = text.lines().find(|l| !l.trim().is_empty())?;
    let found = refusal_pattern()?.captures(first_line)?;
    let action = found.get(1)?.as_str().to_lowercase();
    let polite_question = first_line.trim_end().ends_with('?')
        && !first_line
            .to_lowercase()
            .trim_start()
            .starts_with("can you")
        && !first_line
            .to_lowercase()
            .trim_start()
            .starts_with("could you");
    if polite_question {
        return None;
    }
    let words = capability_words(&action);
    let capable = tools.iter().any(|(name, description)| {
        let about = format!("{name} {description}").to_lowercase();
        words.iter().any(|word| about.contains(word))
    });
    if capable {
        return None;
    }
    let here = if tools.is_empty() {
        "no tool is enabled for this chat".to_owned()
    } else {
        let names: Vec<&str> = tools.iter().map(|(name, _)| *name).collect();
        format!(
            "none of the tools enabled here ({}) can do it",
            names.join(", ")
        )
    };
    Some(format!(
        "I recognised a request to {action}, but I can't do that here: {here}, and I won't \
         pretend it was done. I can help you draft it, or explain how to do it yourself."
    ))
}

/// Runs the reply gates on a finished answer: the anti-fabrication gate (only when no tool ran in
/// the turn) and the follow-up gate. Changes are recorded as annotations on the message.
pub fn apply_reply_gates(reply: &mut MessageNode, tools_ran: bool) {
    let text = reply.text();
    if text.is_empty() {
        return;
    }
    if !tools_ran {
        if let Some(claim) = fabricated_action(&text) {
            let at = reply
                .parts
                .iter()
                .position(|p| matches!(p, MessagePart::Text { .. }))
                .unwrap_or(0);
            reply
                .parts
                .insert(at, MessagePart::text(correction_notice(&claim)));
            reply.annotations.push(Annotation::HonestyCorrection {
                claimed: claim.phrase,
                original: text.clone(),
            });
        }
    }
    for phrase in follow_up_promises(&text) {
        reply
            .annotations
            .push(Annotation::FollowUpPromise { phrase });
    }
}

#[cfg(test)]
#[path = "honesty_tests.rs"]
mod tests;
