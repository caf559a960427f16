//! The provider chain as the settings show it: the provider, then its fallbacks in the order
//! they are tried, each with its circuit breaker's state in words.

use crate::provider::settings::{host_of, ProviderSettings};
use crate::provider::traffic::BreakerState;

/// One provider of the chain.
#[derive(Debug, Clone, PartialEq)]
pub struct ChainEntry {
    /// `"gpt-4o at api.openai.com"`
    pub label: String,
    /// `None` while it answers; else how it is doing ("Skipped for 30 s after 3 failures").
    pub health: Option<String>,
}

/// What a breaker's state means for the user.
pub fn describe(state: BreakerState) -> String {
    let failures = if state.failures == 1 {
        "1 failure".to_owned()
    } else {
        format!("{} failures", state.failures)
    };
    if state.open_for_ms > 0.0 {
        format!(
            "Skipped for {} s after {failures} in a row",
            (state.open_for_ms / 1000.0).ceil()
        )
    } else {
        format!("{failures} in a row; tried again")
    }
}

/// A change the user makes to the fallbacks (positions count the fallbacks only).
#[derive(Debug, Clone)]
pub enum FallbackChange {
    Add(Box<ProviderSettings>),
    Remove(usize),
    /// One place earlier in the order.
    Up(usize),
}

/// Applies `change` to the fallbacks of `settings`; a fallback that could not be called is
/// refused with the reason, and nothing changes.
pub fn apply(settings: &mut ProviderSettings, change: FallbackChange) -> Result<(), String> {
    let count = settings.fallbacks.len();
    match change {
        FallbackChange::Add(mut fallback) => {
            fallback
                .validate()
                .map_err(|err| format!("This fallback cannot be used: {err}"))?;
            // A fallback's own fallbacks are never followed; none are kept.
            fallback.fallbacks.clear();
            settings.fallbacks.push(*fallback);
        }
        FallbackChange::Remove(i) if i < count => {
            settings.fallbacks.remove(i);
        }
        FallbackChange::Up(i) if i > 0 && i < count => settings.fallbacks.swap(i - 1, i),
        FallbackChange::Remove(_) | FallbackChange::Up(_) => {
            return Err("That fallback is no longer in the list.".into())
        }
    }
    Ok(())
}

/// `message` ending with a full stop, so another sentence can follow it.
pub(crate) fn as_sentence(message: &str) -> String {
    let message = message.trim_end();
    if message.ends_with(['.', '!', '?']) {
        message.to_owned()
    } else {
        format!("{message}.")
    }
}

pub fn label(settings: &ProviderSettings) -> String {
    format!(
        "{} at {}",
        settings.model_name(),
        host_of(&settings.base_url)
    )
}

/// The chain of `settings`, with each provider's breaker state from `state_of`.
pub fn chain(
    settings: &ProviderSettings,
    state_of: impl Fn(&ProviderSettings) -> Option<BreakerState>,
) -> Vec<ChainEntry> {
    std::iter::once(settings)
        .chain(settings.fallbacks.iter())
        .map(|provider| ChainEntry {
            label: label(provider),
            health: state_of(provider).map(describe),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_chain_says_each_provider_and_how_its_breaker_stands() {
        let mut main = ProviderSettings {
            base_url: "https://api.openai.com/v1".into(),
            model: "gpt-4o".into(),
            ..ProviderSettings::default()
        };
        main.fallbacks = vec![ProviderSettings {
            base_url: "http://127.0.0.1:11434/v1".into(),
            model: "llama3".into(),
            ..ProviderSettings::default()
        }];
        let entries = chain(&main, |p| {
            (p.model == "gpt-4o").then_some(BreakerState {
                failures: 3,
                open_for_ms: 29_400.0,
            })
        });
        assert_eq!(
            entries,
            vec![
                ChainEntry {
                    label: "gpt-4o at api.openai.com".into(),
                    health: Some("Skipped for 30 s after 3 failures in a row".into()),
                },
                ChainEntry {
                    label: "llama3 at 127.0.0.1:11434".into(),
                    health: None,
                },
            ]
        );
        assert_eq!(
            describe(BreakerState {
                failures: 1,
                open_for_ms: 0.0
            }),
            "1 failure in a row; tried again"
        );
    }

    #[test]
    fn a_failure_reads_as_a_sentence_before_the_next() {
        assert_eq!(
            as_sentence("(HTTP 401) Invalid key"),
            "(HTTP 401) Invalid key."
        );
        assert_eq!(as_sentence("Timed out. "), "Timed out.");
    }

    #[test]
    fn fallbacks_are_added_checked_moved_and_removed() {
        let fallback = |model: &str| ProviderSettings {
            base_url: "http://127.0.0.1:11434/v1".into(),
            model: model.into(),
            ..ProviderSettings::default()
        };
        let mut settings = ProviderSettings::default();
        apply(&mut settings, FallbackChange::Add(Box::new(fallback("a")))).unwrap();
        let mut nested = fallback("b");
        nested.fallbacks = vec![fallback("c")];
        apply(&mut settings, FallbackChange::Add(Box::new(nested))).unwrap();
        apply(&mut settings, FallbackChange::Up(1)).unwrap();
        let models = |s: &ProviderSettings| {
            s.fallbacks
                .iter()
                .map(|f| f.model.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(models(&settings), ["b", "a"]);
        assert!(settings.fallbacks[0].fallbacks.is_empty());

        let before = settings.clone();
        let err = apply(
            &mut settings,
            FallbackChange::Add(Box::new(ProviderSettings {
                base_url: "not a url".into(),
                ..fallback("d")
            })),
        )
        .unwrap_err();
        assert!(err.starts_with("This fallback cannot be used: "), "{err}");
        assert!(apply(&mut settings, FallbackChange::Add(Box::new(fallback(" ")))).is_err());
        assert!(apply(&mut settings, FallbackChange::Up(0)).is_err());
        assert!(apply(&mut settings, FallbackChange::Remove(5)).is_err());
        assert_eq!(settings, before);
        apply(&mut settings, FallbackChange::Remove(0)).unwrap();
        assert_eq!(models(&settings), ["a"]);
    }
}
