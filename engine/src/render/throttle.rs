//! [`PublishThrottle`]: when streamed updates reach the screen (seed 000 §6).
//!
//! Tokens can arrive hundreds of times a second; re-rendering a long message for each one costs
//! the reader frames. The throttle lets an update through at once when it is the first one or
//! urgent (a tool call, an error), otherwise about once per interval (at most
//! [`DEADLINE_SLACK_MS`] early), and the final state is always published. It only *decides*;
//! the app owns the timer that comes back at the deadline it names (the engine has no timers
//! and reads time only from its [`Clock`](crate::Clock)).

/// The published conversation state is refreshed about this often while streaming.
pub const PUBLISH_INTERVAL_MS: f64 = 83.0;

/// How early a deadline may be met: an update that comes this close to the moment it would be
/// due goes at once. Held, it would need a timer, and so a task of the main thread, of its own
/// a moment later, when streamed bytes arrive in batches a frame apart (half a frame at 60 Hz).
pub const DEADLINE_SLACK_MS: f64 = 8.0;

#[derive(Debug, Clone, Copy, PartialEq)]
pub enum Decision {
    /// Publish now.
    Now,
    /// Hold; publish at this time (milliseconds, the clock's scale) unless more comes first.
    At(f64),
}

#[derive(Debug, Clone)]
pub struct PublishThrottle {
    interval_ms: f64,
    last_published: Option<f64>,
    pending: bool,
}

impl PublishThrottle {
    pub fn new(interval_ms: f64) -> Self {
        Self {
            interval_ms,
            last_published: None,
            pending: false,
        }
    }

    /// An update arrived at `now`.
    pub fn update(&mut self, now: f64, urgent: bool) -> Decision {
        match self.last_published {
            Some(last) if !urgent && now - last < self.interval_ms - DEADLINE_SLACK_MS => {
                self.pending = true;
                Decision::At(last + self.interval_ms)
            }
            _ => {
                self.last_published = Some(now);
                self.pending = false;
                Decision::Now
            }
        }
    }

    /// The timer came back at `now`: whether the held update should be published.
    pub fn due(&mut self, now: f64) -> bool {
        let ready = self
            .last_published
            .is_none_or(|last| now - last >= self.interval_ms - DEADLINE_SLACK_MS);
        if self.pending && ready {
            self.pending = false;
            self.last_published = Some(now);
            true
        } else {
            false
        }
    }

    /// The stream ended: whether something is still held (it must be published now).
    pub fn finish(&mut self) -> bool {
        std::mem::take(&mut self.pending)
    }
}

impl Default for PublishThrottle {
    fn default() -> Self {
        Self::new(PUBLISH_INTERVAL_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_update_is_immediate_then_one_per_interval() {
        let mut t = PublishThrottle::new(80.0);
        assert_eq!(t.update(1_000.0, false), Decision::Now);
        assert_eq!(t.update(1_010.0, false), Decision::At(1_080.0));
        assert_eq!(t.update(1_050.0, false), Decision::At(1_080.0));
        assert!(!t.due(1_070.0), "too early");
        assert!(t.due(1_080.0));
        assert!(!t.due(1_200.0), "nothing held any more");
        assert_eq!(
            t.update(1_300.0, false),
            Decision::Now,
            "after a pause, at once"
        );
    }

    #[test]
    fn urgent_updates_skip_the_wait() {
        let mut t = PublishThrottle::new(80.0);
        t.update(0.0, false);
        assert_eq!(t.update(5.0, true), Decision::Now);
        assert!(!t.finish());
    }

    #[test]
    fn the_final_state_is_never_held_back() {
        let mut t = PublishThrottle::new(80.0);
        t.update(0.0, false);
        assert_eq!(t.update(10.0, false), Decision::At(80.0));
        assert!(t.finish(), "the held update must be published at the end");
        assert!(!t.finish());
    }

    #[test]
    fn a_burst_of_tokens_is_published_a_bounded_number_of_times() {
        // 1,000 tokens over one second, a timer that fires exactly at each deadline.
        let mut t = PublishThrottle::default();
        let mut published = 0;
        let mut deadline: Option<f64> = None;
        for i in 0..1_000 {
            let now = f64::from(i);
            if deadline.is_some_and(|d| now >= d) && t.due(now) {
                published += 1;
                deadline = None;
            }
            match t.update(now, false) {
                Decision::Now => published += 1,
                Decision::At(at) => deadline = Some(at),
            }
        }
        if t.finish() {
            published += 1;
        }
        // One every 75 to 83 ms (the slack), and the final state.
        assert!(
            (12..=15).contains(&published),
            "{published} publications for 1 s of tokens"
        );
    }

    #[test]
    fn an_update_just_before_its_deadline_goes_at_once() {
        // Batches every 40 ms, each a little late or early: the second after a publication
        // comes a moment before the deadline, and goes with it instead of waiting for a timer.
        let mut t = PublishThrottle::new(83.0);
        assert_eq!(t.update(0.0, false), Decision::Now);
        assert_eq!(t.update(40.5, false), Decision::At(83.0));
        assert_eq!(t.update(80.2, false), Decision::Now);
        assert!(!t.due(83.0), "published already: the timer finds nothing");
        assert_eq!(t.update(120.0, false), Decision::At(163.2));
        assert_eq!(
            t.update(150.0, false),
            Decision::At(163.2),
            "too early still"
        );
    }
}
