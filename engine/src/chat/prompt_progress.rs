//! What an answer shows while the server is still reading the prompt (llama.cpp reports
//! `prompt_progress` before the first token): how far it got, as a fraction and in words.

use crate::usage::figures::grouped;

/// The share read (0.0 to 1.0) and the words: `"Reading the prompt: 1,024 of 2,048 tokens"`.
/// A count past the total (a server's slip) is shown as the total; no total, as words only.
pub fn prompt_progress(processed: u64, total: u64) -> (Option<f64>, String) {
    if total == 0 {
        return (None, "Reading the prompt…".into());
    }
    let processed = processed.min(total);
    (
        Some(processed as f64 / total as f64),
        format!(
            "Reading the prompt: {} of {} tokens",
            grouped(processed),
            grouped(total)
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn progress_is_a_share_and_words_and_never_runs_past_the_total() {
        assert_eq!(
            prompt_progress(1_024, 2_048),
            (
                Some(0.5),
                "Reading the prompt: 1,024 of 2,048 tokens".into()
            )
        );
        assert_eq!(prompt_progress(9_999, 100).0, Some(1.0));
        assert_eq!(prompt_progress(5, 0), (None, "Reading the prompt…".into()));
    }
}
