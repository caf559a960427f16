//! What the provider client tells the user while it keeps going (a retry, a wait, a fallback),
//! each in English and as a phrase of the catalogue.

use crate::i18n::{phrase, Cause, Explain};

/// `host` failed recently; the call skips it for the next provider.
pub(crate) fn provider_skipped(host: &str) -> Cause {
    Cause::new(
        format!("{host} has failed repeatedly; using the next provider for now."),
        phrase("warning-provider-skipped").with("host", host),
    )
}

/// The call failed (`failure`) and goes on with the fallback at `host`.
pub(crate) fn trying_fallback(failure: &Cause, host: &str) -> Cause {
    let said = super::fallback_chain::as_sentence(&failure.to_string());
    Cause::new(
        format!("{said} Trying the fallback provider {host}."),
        phrase("warning-trying-fallback")
            .nest("err", failure.phrase())
            .with("host", host),
    )
}

/// The user's per-minute limit for the provider holds the call for `seconds`.
pub(crate) fn rate_wait(seconds: f64) -> Cause {
    Cause::new(
        format!("Waiting {seconds:.0} s for the per-minute limit set for this provider."),
        phrase("warning-rate-wait").with("seconds", seconds),
    )
}

/// The call failed with `err` and is tried again after `seconds` (one decimal).
pub(crate) fn retrying(
    err: &(impl Explain + std::fmt::Display),
    seconds: f64,
    attempt: u32,
    of: u32,
) -> Cause {
    let seconds = (seconds * 10.0).round() / 10.0;
    Cause::new(
        format!("{err} Trying again in {seconds} s (attempt {attempt} of {of})."),
        phrase("warning-retrying")
            .nest("err", err.phrase())
            .with("seconds", seconds)
            .with("attempt", attempt)
            .with("of", of),
    )
}
