//! Time and identity, injected so the engine stays deterministic under test and never touches
//! `std::time::Instant` (which panics on wasm32).

use std::future::Future;
use std::pin::Pin;

/// Wall-clock time in milliseconds since the Unix epoch (the browser's `Date.now()`).
pub trait Clock {
    fn now_ms(&self) -> f64;

    /// The user's UTC offset in minutes east of UTC, now.
    fn utc_offset_minutes(&self) -> i32 {
        0
    }

    /// The user's IANA time zone name.
    fn time_zone(&self) -> String {
        "UTC".to_owned()
    }

    /// Whether [`sleep`](Self::sleep) ever resolves. Without timers, requests are not retried
    /// after a wait and timeouts do not fire.
    fn has_timers(&self) -> bool {
        false
    }

    /// Resolves after `ms` milliseconds (the default never does). Streamed text needs no timer:
    /// what a body chunk brought is handed on once the chunk is read.
    fn sleep(&self, _ms: f64) -> Pin<Box<dyn Future<Output = ()>>> {
        Box::pin(std::future::pending())
    }

    /// A number in [0, 1) for retry jitter (`Math.random()` in the browser). The default is
    /// the middle: jitter needs no cryptographic randomness, only spread.
    fn random_unit(&self) -> f64 {
        0.5
    }
}

/// Fresh, globally unique record IDs (the browser's `crypto.randomUUID()`).
pub trait IdGenerator {
    fn new_id(&self) -> String;
}
