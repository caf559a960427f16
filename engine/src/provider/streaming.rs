//! The timing of one streamed response: its first-token and idle deadlines ([`StreamWatch`]),
//! racing a read against a timer without losing the read ([`race`]), and bounded whole-body
//! reads for error bodies and non-streaming answers ([`read_body`]).

use super::{ProviderError, TimeoutKind};
use crate::ports::cancel::CancelToken;
use crate::ports::transport::{read_at_most, ByteStream};
use crate::provider::settings::ProviderSettings;

/// Whether a failure after text arrived means the stream broke (a retry may complete the
/// answer) rather than that the provider refused it.
pub(super) fn breaks_the_stream(error: &ProviderError) -> bool {
    matches!(
        error,
        ProviderError::Timeout(_)
            | ProviderError::Decode(_)
            | ProviderError::MalformedEvent(_)
            | ProviderError::Sse(_)
            | ProviderError::Stream(_)
            | ProviderError::Transport(_)
    )
}

/// The first-token and idle timeouts of one request.
pub(super) struct StreamWatch {
    last_activity_ms: f64,
    started: bool,
    first_token_ms: f64,
    idle_ms: f64,
}

impl StreamWatch {
    pub(super) fn new(settings: &ProviderSettings, now_ms: f64) -> Self {
        Self {
            last_activity_ms: now_ms,
            started: false,
            first_token_ms: f64::from(settings.first_token_timeout_s.max(1)) * 1_000.0,
            idle_ms: f64::from(settings.idle_timeout_s.max(1)) * 1_000.0,
        }
    }

    /// Bytes (or the response head) arrived: heartbeats and pings count as life.
    pub(super) fn alive(&mut self, now_ms: f64) {
        self.last_activity_ms = now_ms;
        self.started = true;
    }

    pub(super) fn kind(&self) -> TimeoutKind {
        if self.started {
            TimeoutKind::Idle
        } else {
            TimeoutKind::FirstToken
        }
    }

    pub(super) fn deadline_ms(&self) -> f64 {
        self.last_activity_ms
            + if self.started {
                self.idle_ms
            } else {
                self.first_token_ms
            }
    }
}

/// A timer as the clock makes it.
type Timer = std::pin::Pin<Box<dyn std::future::Future<Output = ()>>>;

/// The one timer of a stream's reads, kept from read to read.
#[derive(Default)]
pub(super) struct StreamTimer {
    /// When the armed timer fires (by the clock), and the timer.
    armed: Option<(f64, Timer)>,
}

impl StreamTimer {
    /// The timer to race the next read against: the armed one when it fires no later than
    /// `in_ms` from `now_ms` (waking early costs a look and a new timer; waking late would
    /// miss a timeout), else a new one.
    pub(super) fn arm(
        &mut self,
        clock: &impl crate::ports::clock::Clock,
        now_ms: f64,
        in_ms: f64,
    ) -> &mut Timer {
        let due = now_ms + in_ms;
        if self.armed.as_ref().is_some_and(|(at, _)| *at > due) {
            self.armed = None;
        }
        let (_, timer) = self.armed.get_or_insert_with(|| (due, clock.sleep(in_ms)));
        timer
    }

    /// The armed timer fired: the next read needs a new one.
    pub(super) fn fired(&mut self) {
        self.armed = None;
    }
}

/// Reads a whole body, cut at `limit`; used for error bodies and non-streaming completions.
pub(super) async fn read_body<B: ByteStream>(
    body: &mut B,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<u8>, ProviderError> {
    let (bytes, _cut) = read_at_most(body, limit, cancel).await?;
    Ok(bytes)
}
