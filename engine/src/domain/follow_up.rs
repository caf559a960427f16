//! Follow-ups (seed 004's follow-up honesty gate): an answer that promises "I'll let you know"
//! cannot keep that promise, because an assistant only speaks when spoken to. Instead of a fake
//! promise the user gets a follow-up they can see and act on: the promise, the chat it came
//! from, and, once they set one, a time at which the app reminds them (a browser
//! notification). The answer's text is never rewritten.

use serde::{Deserialize, Serialize};

/// The longest promise text kept, in characters.
const MAX_TEXT_CHARS: usize = 300;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct FollowUp {
    pub id: String,
    pub conversation_id: String,
    /// The answer that made the promise.
    pub message_id: String,
    /// The sentence that promised, as written.
    pub text: String,
    pub created_at_ms: f64,
    /// When to remind the user; `None` until they set a time.
    #[serde(default)]
    pub due_at_ms: Option<f64>,
    /// When the reminder was shown (it is shown once per time set).
    #[serde(default)]
    pub reminded_at_ms: Option<f64>,
    #[serde(default)]
    pub done: bool,
}

/// Every follow-up, oldest first.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct FollowUps {
    pub items: Vec<FollowUp>,
}

/// The sentence of `text` that holds `phrase` (the promise as the gate found it), cut to a
/// readable length; the phrase itself when it cannot be found.
pub fn promise_sentence(text: &str, phrase: &str) -> String {
    let normalised = text.replace(['\u{2019}', '\u{2018}'], "'");
    let sentence = normalised.find(phrase).map_or(phrase, |at| {
        let start = normalised[..at]
            .rfind(['.', '!', '?', '\n'])
            .map_or(0, |i| i + 1);
        let end = normalised[at..]
            .find(['.', '!', '?', '\n'])
            .map_or(normalised.len(), |i| at + i + 1);
        &normalised[start..end]
    });
    crate::provider::truncate_chars(sentence.trim(), MAX_TEXT_CHARS)
}

impl FollowUps {
    pub fn get(&self, id: &str) -> Option<&FollowUp> {
        self.items.iter().find(|f| f.id == id)
    }

    pub fn get_mut(&mut self, id: &str) -> Option<&mut FollowUp> {
        self.items.iter_mut().find(|f| f.id == id)
    }

    /// Whether message `message_id` already has its follow-up.
    pub fn has_message(&self, message_id: &str) -> bool {
        self.items.iter().any(|f| f.message_id == message_id)
    }

    pub fn remove(&mut self, id: &str) {
        self.items.retain(|f| f.id != id);
    }

    /// Sets (or clears) when to be reminded; a new time is reminded anew.
    pub fn set_due(&mut self, id: &str, due_at_ms: Option<f64>) -> bool {
        let Some(item) = self.get_mut(id) else {
            return false;
        };
        item.due_at_ms = due_at_ms.filter(|t| t.is_finite());
        item.reminded_at_ms = None;
        true
    }

    /// The follow-ups whose time has come at `now` and that were not reminded yet, marked
    /// reminded (the caller saves them and shows each once).
    pub fn take_due(&mut self, now: f64) -> Vec<FollowUp> {
        self.items
            .iter_mut()
            .filter(|f| !f.done && f.reminded_at_ms.is_none())
            .filter(|f| f.due_at_ms.is_some_and(|due| due <= now))
            .map(|f| {
                f.reminded_at_ms = Some(now);
                f.clone()
            })
            .collect()
    }

    /// The next time a reminder falls due, for the app's timer.
    pub fn next_due(&self) -> Option<f64> {
        self.items
            .iter()
            .filter(|f| !f.done && f.reminded_at_ms.is_none())
            .filter_map(|f| f.due_at_ms)
            .min_by(f64::total_cmp)
    }

    /// Open ones (not done).
    pub fn open_count(&self) -> usize {
        self.items.iter().filter(|f| !f.done).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn item(id: &str, due: Option<f64>) -> FollowUp {
        FollowUp {
            id: id.into(),
            conversation_id: "c".into(),
            message_id: format!("m-{id}"),
            text: "I'll let you know.".into(),
            created_at_ms: 0.0,
            due_at_ms: due,
            reminded_at_ms: None,
            done: false,
        }
    }

    #[test]
    fn the_promise_is_its_whole_sentence() {
        let text = "The build is running. I\u{2019}ll let you know when it ends! Anything else?";
        assert_eq!(
            promise_sentence(text, "I'll let you know"),
            "I'll let you know when it ends!"
        );
        assert_eq!(promise_sentence("short", "I'll ping you"), "I'll ping you");
    }

    #[test]
    fn a_reminder_falls_due_once_per_time_set() {
        let mut list = FollowUps {
            items: vec![
                item("a", Some(100.0)),
                item("b", None),
                item("c", Some(50.0)),
            ],
        };
        assert_eq!(list.next_due(), Some(50.0));
        assert!(list.take_due(40.0).is_empty());
        let due: Vec<String> = list.take_due(120.0).into_iter().map(|f| f.id).collect();
        assert_eq!(due, ["a", "c"]);
        assert!(list.take_due(130.0).is_empty(), "shown once");
        assert_eq!(list.next_due(), None);
        assert!(list.set_due("a", Some(200.0)));
        assert_eq!(list.next_due(), Some(200.0), "a new time reminds anew");
        list.get_mut("a").unwrap().done = true;
        assert_eq!(list.next_due(), None, "done ones are not reminded");
        assert_eq!(list.open_count(), 2);
        assert!(!list.set_due("zzz", Some(1.0)));
    }
}
