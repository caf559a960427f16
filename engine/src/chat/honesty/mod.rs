//! Honesty gates (seed 004): keep the reply true to what actually happened, without getting in
//! the way of ordinary requests and answers.
//!
//! - `refusal` (before the model): a request that unambiguously asks Skein to act in the
//!   user's world now, which none of the request's tools can do, is answered without calling
//!   the model, in the user's language, saying what was recognised and that it cannot be done
//!   here.
//! - `fabrication` (anti-fabrication gate, after the answer): when no tool ran in the turn and
//!   the reply claims in Skein's own voice that it did something in the user's world, the reply
//!   keeps its text as written and gets an [`Annotation::HonestyCorrection`], shown as a note
//!   the user can dismiss.
//! - `follow_up` (follow-up gate): "I'll let you know" gets an [`Annotation::FollowUpPromise`],
//!   shown as a chip.
//!
//! Each gate is switched per assistant ([`crate::HonestyGates`]); all three are off by default
//! for a character, whose first person and actions are the story's. The rules read English,
//! Chinese and Arabic (`text` folds the spellings); a corpus of real-looking requests and
//! replies in `tests/fixtures/honesty/corpus.json` measures them (`corpus_tests.rs`, figures in
//! `BENCHMARKS.md`), and no benign request may be refused.

pub mod corpus;
mod fabrication;
mod follow_up;
mod refusal;
mod text;

pub use fabrication::{fabricated_action, ClaimedAction};
pub use follow_up::follow_up_promises;
pub use refusal::honest_refusal;

use crate::domain::message::MessageNode;
use crate::domain::message_part::Annotation;

/// Which reply gates run on a finished answer, and what they need to know about its turn.
#[derive(Debug, Clone, Default)]
pub struct ReplyGates {
    /// The anti-fabrication gate is on for this assistant.
    pub fabrication: bool,
    /// The follow-up gate is on for this assistant.
    pub follow_up: bool,
    /// The user's message the reply answers (a request for a story makes its "I" a character).
    pub question: String,
}

/// Runs the reply gates on a finished answer: the anti-fabrication gate (only when no tool ran
/// in the turn) and the follow-up gate. The text stays as the model wrote it; what the gates
/// found is recorded as annotations on the message.
pub fn apply_reply_gates(reply: &mut MessageNode, gates: &ReplyGates, tools_ran: bool) {
    let text = reply.text();
    if text.is_empty() {
        return;
    }
    // A continued answer is checked again whole: what its first part was noted for (or the
    // user dismissed) is not noted twice.
    let noted = reply
        .annotations
        .iter()
        .any(|a| matches!(a, Annotation::HonestyCorrection { .. }));
    if gates.fabrication && !tools_ran && !noted {
        if let Some(claim) = fabricated_action(&text, &gates.question) {
            reply.annotations.push(Annotation::HonestyCorrection {
                claimed: claim.phrase,
                dismissed: false,
            });
        }
    }
    if gates.follow_up {
        for phrase in follow_up_promises(&text) {
            let promise = Annotation::FollowUpPromise { phrase };
            if !reply.annotations.contains(&promise) {
                reply.annotations.push(promise);
            }
        }
    }
}

/// The text an earlier version put in front of a corrected reply; dismissing the note removes it
/// too, so the reply reads as the model wrote it.
pub const LEGACY_CORRECTION_PREFIX: &str = "Correction: nothing was actually ";

#[cfg(test)]
mod tests;

#[cfg(test)]
mod corpus_tests;
