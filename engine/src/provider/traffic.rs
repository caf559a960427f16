//! Client-side traffic control per provider (seed 002's rate limiting and provider manager):
//! limits the user sets (requests and tokens per minute) make requests wait their turn instead
//! of failing, and a circuit breaker stops sending to a provider that keeps failing, so a
//! fallback chain moves on at once.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};

/// The window the per-minute limits count over.
const WINDOW_MS: f64 = 60_000.0;
/// Consecutive failures that open a provider's circuit.
pub const FAILURES_TO_OPEN: u32 = 3;
/// How long an open circuit keeps a provider out before one request may try it again.
pub const OPEN_MS: f64 = 30_000.0;

/// Requests (and their estimated tokens) sent per provider in the last minute.
#[derive(Debug, Default)]
pub struct RateLimiter {
    sent: RefCell<HashMap<String, VecDeque<(f64, u64)>>>,
}

impl RateLimiter {
    /// How long a request of `tokens` to `provider` must wait at `now` to stay within the
    /// limits; 0 when it may go. A request larger than the token limit on its own goes when
    /// the window is empty, rather than never.
    pub fn wait_ms(
        &self,
        provider: &str,
        requests_per_minute: Option<u32>,
        tokens_per_minute: Option<u32>,
        tokens: u64,
        now: f64,
    ) -> f64 {
        let mut sent = self.sent.borrow_mut();
        let Some(window) = sent.get_mut(provider) else {
            return 0.0;
        };
        while window.front().is_some_and(|(at, _)| now - at >= WINDOW_MS) {
            window.pop_front();
        }
        let mut wait: f64 = 0.0;
        if let Some(rpm) = requests_per_minute.filter(|r| *r > 0) {
            let rpm = rpm as usize;
            if window.len() >= rpm {
                // The request that must leave the window first.
                let (at, _) = window[window.len() - rpm];
                wait = wait.max(at + WINDOW_MS - now);
            }
        }
        if let Some(tpm) = tokens_per_minute.filter(|t| *t > 0) {
            let tpm = u64::from(tpm);
            let mut in_window =
                crate::prompt::token_estimate::saturating_sum(window.iter().map(|(_, t)| *t));
            for (at, spent) in window.iter() {
                if in_window.saturating_add(tokens) <= tpm || in_window == 0 {
                    break;
                }
                in_window -= spent;
                wait = wait.max(at + WINDOW_MS - now);
            }
        }
        wait.max(0.0)
    }

    /// A request of `tokens` went to `provider` at `now`.
    pub fn record(&self, provider: &str, tokens: u64, now: f64) {
        self.sent
            .borrow_mut()
            .entry(provider.to_owned())
            .or_default()
            .push_back((now, tokens));
    }
}

#[derive(Debug, Default, Clone, Copy)]
struct Health {
    consecutive_failures: u32,
    open_until_ms: f64,
}

/// One provider's circuit as the settings show it.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct BreakerState {
    /// Failures in a row.
    pub failures: u32,
    /// How long it is still skipped, in milliseconds (0: it is tried).
    pub open_for_ms: f64,
}

/// The circuit breaker of each provider.
#[derive(Debug, Default)]
pub struct ProviderHealth {
    providers: RefCell<HashMap<String, Health>>,
}

impl ProviderHealth {
    /// Whether `provider` may be sent to at `now`: its circuit is closed, or open long enough
    /// for one trial request.
    pub fn available(&self, provider: &str, now: f64) -> bool {
        self.providers
            .borrow()
            .get(provider)
            .is_none_or(|h| now >= h.open_until_ms)
    }

    /// How `provider` stands at `now`; `None` while it has not failed since it last answered.
    pub fn state(&self, provider: &str, now: f64) -> Option<BreakerState> {
        self.providers
            .borrow()
            .get(provider)
            .filter(|h| h.consecutive_failures > 0)
            .map(|h| BreakerState {
                failures: h.consecutive_failures,
                open_for_ms: (h.open_until_ms - now).max(0.0),
            })
    }

    pub fn record_success(&self, provider: &str) {
        self.providers.borrow_mut().remove(provider);
    }

    /// A failure at `now`; the circuit opens after [`FAILURES_TO_OPEN`] in a row, and a failed
    /// trial request opens it again.
    pub fn record_failure(&self, provider: &str, now: f64) {
        let mut providers = self.providers.borrow_mut();
        let health = providers.entry(provider.to_owned()).or_default();
        health.consecutive_failures += 1;
        if health.consecutive_failures >= FAILURES_TO_OPEN {
            health.open_until_ms = now + OPEN_MS;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_per_minute_queue_until_the_oldest_leaves_the_window() {
        let limiter = RateLimiter::default();
        assert_eq!(limiter.wait_ms("p", Some(2), None, 0, 0.0), 0.0);
        limiter.record("p", 0, 0.0);
        limiter.record("p", 0, 10_000.0);
        assert_eq!(limiter.wait_ms("p", Some(2), None, 0, 20_000.0), 40_000.0);
        assert_eq!(limiter.wait_ms("p", Some(3), None, 0, 20_000.0), 0.0);
        assert_eq!(
            limiter.wait_ms("p", Some(2), None, 0, 60_000.0),
            0.0,
            "the first left"
        );
        assert_eq!(
            limiter.wait_ms("other", Some(1), None, 0, 20_000.0),
            0.0,
            "per provider"
        );
    }

    #[test]
    fn tokens_per_minute_wait_until_enough_tokens_left_the_window() {
        let limiter = RateLimiter::default();
        limiter.record("p", 600, 0.0);
        limiter.record("p", 300, 20_000.0);
        // 900 in the window; 200 more would exceed 1,000 until the first 600 leave.
        assert_eq!(
            limiter.wait_ms("p", None, Some(1_000), 200, 30_000.0),
            30_000.0
        );
        assert_eq!(limiter.wait_ms("p", None, Some(1_000), 100, 30_000.0), 0.0);
        // Too big to ever fit: it goes once the window is empty.
        assert_eq!(
            limiter.wait_ms("p", None, Some(1_000), 5_000, 30_000.0),
            50_000.0
        );
    }

    #[test]
    fn the_circuit_opens_after_three_failures_and_lets_a_trial_through_later() {
        let health = ProviderHealth::default();
        for at in [0.0, 1.0] {
            health.record_failure("p", at);
            assert!(health.available("p", at));
        }
        health.record_failure("p", 2.0);
        assert!(!health.available("p", 3.0));
        assert!(health.available("p", 2.0 + OPEN_MS), "half-open: one trial");
        health.record_failure("p", 2.0 + OPEN_MS);
        assert!(
            !health.available("p", 3.0 + OPEN_MS),
            "a failed trial opens it again"
        );
        health.record_success("p");
        assert!(health.available("p", 4.0 + OPEN_MS));
    }
}
