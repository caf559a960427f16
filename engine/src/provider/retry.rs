//! When a failed request is tried again, and how long to wait first.
//!
//! Only failures that can pass on their own are retried (408, 409, 429, 5xx including
//! Anthropic's 529, network errors); a bad request, a refused key, a missing model never are.
//! Waits grow exponentially with jitter, and never end before the provider said to come back
//! (`Retry-After`, `retry-after-ms`, OpenAI's `x-ratelimit-reset-*`, Anthropic's
//! `anthropic-ratelimit-*-reset`). Attempts are few, so a struggling provider is not stormed.

use super::ProviderError;
use crate::ports::transport::TransportError;

/// Response headers that say when to come back; the platform copies these (when the server
/// exposes them to the page) into [`HttpResponse::headers`](crate::HttpResponse).
pub const RATE_LIMIT_HEADERS: [&str; 8] = [
    "retry-after",
    "retry-after-ms",
    "x-ratelimit-reset-requests",
    "x-ratelimit-reset-tokens",
    "anthropic-ratelimit-requests-reset",
    "anthropic-ratelimit-tokens-reset",
    "anthropic-ratelimit-input-tokens-reset",
    "anthropic-ratelimit-output-tokens-reset",
];

#[derive(Debug, Clone, Copy, PartialEq)]
pub struct RetryPolicy {
    /// Attempts in all, the first included.
    pub max_attempts: u32,
    pub base_delay_ms: f64,
    /// A provider asking for a longer wait than this is not retried automatically: the user is
    /// told when to try again instead of looking at a spinner.
    pub max_delay_ms: f64,
}

impl Default for RetryPolicy {
    fn default() -> Self {
        Self {
            max_attempts: 3,
            base_delay_ms: 1_000.0,
            max_delay_ms: 60_000.0,
        }
    }
}

/// Whether a failure may pass by itself.
pub fn is_retryable(error: &ProviderError) -> bool {
    match error {
        ProviderError::Http { status, .. } => {
            matches!(status, 408 | 409 | 429) || (500..=599).contains(status)
        }
        ProviderError::Transport(
            TransportError::Network { .. } | TransportError::Interrupted(_),
        ) => true,
        // A stream event that could not be read: the same fault after some text is retried as
        // a broken stream, so before the first text it is tried again too.
        ProviderError::MalformedEvent(_) => true,
        _ => false,
    }
}

impl RetryPolicy {
    /// How long to wait before attempt `attempt + 1` (`attempt` ≥ 1 attempts were made), or
    /// `None` when no attempt is left or the provider asked for too long a wait.
    /// `unit_random` in [0, 1) spreads clients apart (jitter); the wait is never shorter than
    /// `retry_after_ms`.
    pub fn delay_ms(
        &self,
        attempt: u32,
        retry_after_ms: Option<f64>,
        unit_random: f64,
    ) -> Option<f64> {
        if attempt >= self.max_attempts {
            return None;
        }
        let exponential = self.base_delay_ms * 2f64.powi(attempt.saturating_sub(1) as i32);
        // Half fixed, half random: never zero, never all clients at once.
        let backoff = exponential * (0.5 + 0.5 * unit_random.clamp(0.0, 1.0));
        let delay = backoff.max(retry_after_ms.unwrap_or(0.0));
        (delay <= self.max_delay_ms).then_some(delay)
    }
}

/// The longest wait any of the rate-limit headers asks for, in milliseconds from `now_ms`.
pub fn retry_after_ms(headers: &[(String, String)], now_ms: f64) -> Option<f64> {
    headers
        .iter()
        .filter_map(|(name, value)| {
            let value = value.trim();
            match name.to_ascii_lowercase().as_str() {
                "retry-after-ms" => value.parse::<f64>().ok(),
                "retry-after" => value
                    .parse::<f64>()
                    .map(|s| s * 1_000.0)
                    .ok()
                    .or_else(|| http_date_ms(value).map(|at| at - now_ms)),
                "x-ratelimit-reset-requests" | "x-ratelimit-reset-tokens" => duration_ms(value),
                n if n.starts_with("anthropic-ratelimit-") && n.ends_with("-reset") => {
                    rfc3339_ms(value).map(|at| at - now_ms)
                }
                _ => None,
            }
        })
        .filter(|ms| ms.is_finite())
        .map(|ms| ms.max(0.0))
        .reduce(f64::max)
}

/// OpenAI's reset durations: `20ms`, `1s`, `6m0s`, `1h2m3.5s`.
pub fn duration_ms(text: &str) -> Option<f64> {
    let mut total = 0.0;
    let mut number = String::new();
    let mut chars = text.chars().peekable();
    let mut any = false;
    while let Some(c) = chars.next() {
        if c.is_ascii_digit() || c == '.' {
            number.push(c);
            continue;
        }
        let value: f64 = number.parse().ok()?;
        number.clear();
        let unit_ms = match c {
            'h' => 3_600_000.0,
            'm' if chars.peek() == Some(&'s') => {
                chars.next();
                1.0
            }
            'm' => 60_000.0,
            's' => 1_000.0,
            _ => return None,
        };
        total += value * unit_ms;
        any = true;
    }
    (number.is_empty() && any).then_some(total)
}

/// Days since 1970-01-01 of a civil date (proleptic Gregorian).
fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
    let year = if month <= 2 { year - 1 } else { year };
    let era = year.div_euclid(400);
    let year_of_era = year - era * 400;
    let month_index = (month + 9) % 12;
    let day_of_year = (153 * month_index + 2) / 5 + day - 1;
    let day_of_era = year_of_era * 365 + year_of_era / 4 - year_of_era / 100 + day_of_year;
    era * 146_097 + day_of_era - 719_468
}

fn epoch_ms(year: i64, month: i64, day: i64, h: i64, m: i64, s: f64) -> Option<f64> {
    let valid = (1..=12).contains(&month)
        && (1..=31).contains(&day)
        && (0..24).contains(&h)
        && (0..60).contains(&m)
        && (0.0..61.0).contains(&s);
    valid.then(|| {
        (days_from_civil(year, month, day) * 86_400 + h * 3_600 + m * 60) as f64 * 1_000.0
            + s * 1_000.0
    })
}

/// An HTTP date (`Wed, 21 Oct 2015 07:28:00 GMT`) in milliseconds since the epoch.
pub fn http_date_ms(text: &str) -> Option<f64> {
    let mut words = text.split_whitespace().skip(1);
    let day: i64 = words.next()?.parse().ok()?;
    let month = match words.next()? {
        "Jan" => 1,
        "Feb" => 2,
        "Mar" => 3,
        "Apr" => 4,
        "May" => 5,
        "Jun" => 6,
        "Jul" => 7,
        "Aug" => 8,
        "Sep" => 9,
        "Oct" => 10,
        "Nov" => 11,
        "Dec" => 12,
        _ => return None,
    };
    let year: i64 = words.next()?.parse().ok()?;
    let mut time = words.next()?.split(':');
    let h = time.next()?.parse().ok()?;
    let m = time.next()?.parse().ok()?;
    let s = time.next()?.parse().ok()?;
    (words.next()? == "GMT").then_some(())?;
    epoch_ms(year, month, day, h, m, s)
}

/// An RFC 3339 UTC timestamp (`2026-12-02T10:00:05Z`, fractions allowed) in milliseconds.
pub fn rfc3339_ms(text: &str) -> Option<f64> {
    let text = text
        .strip_suffix('Z')
        .or_else(|| text.strip_suffix("+00:00"))?;
    let (date, time) = text.split_once('T')?;
    let mut date = date.split('-');
    let year = date.next()?.parse().ok()?;
    let month = date.next()?.parse().ok()?;
    let day = date.next()?.parse().ok()?;
    let mut time = time.split(':');
    let h = time.next()?.parse().ok()?;
    let m = time.next()?.parse().ok()?;
    let s = time.next()?.parse().ok()?;
    epoch_ms(year, month, day, h, m, s)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::HttpErrorKind;

    fn headers(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(n, v)| ((*n).to_owned(), (*v).to_owned()))
            .collect()
    }

    fn http(status: u16) -> ProviderError {
        ProviderError::Http {
            status,
            kind: HttpErrorKind::from_status(status),
            message: String::new(),
            retry_after_ms: None,
        }
    }

    #[test]
    fn only_failures_that_can_pass_are_retried() {
        for status in [408, 409, 429, 500, 502, 503, 504, 529] {
            assert!(is_retryable(&http(status)), "{status}");
        }
        for status in [400, 401, 403, 404, 422] {
            assert!(!is_retryable(&http(status)), "{status}");
        }
        assert!(is_retryable(&ProviderError::Transport(
            TransportError::Network {
                url: "u".into(),
                detail: "d".into(),
                in_extension: false,
            }
        )));
        assert!(!is_retryable(&ProviderError::Transport(
            TransportError::Aborted
        )));
        assert!(!is_retryable(&ProviderError::Decode("x".into())));
        assert!(is_retryable(&ProviderError::MalformedEvent("x".into())));
    }

    #[test]
    fn backoff_grows_has_jitter_and_never_undercuts_the_providers_wait() {
        let policy = RetryPolicy::default();
        assert_eq!(policy.delay_ms(1, None, 0.0), Some(500.0));
        assert_eq!(policy.delay_ms(1, None, 1.0), Some(1_000.0));
        assert_eq!(policy.delay_ms(2, None, 0.0), Some(1_000.0));
        assert_eq!(policy.delay_ms(2, Some(7_250.0), 0.3), Some(7_250.0));
        assert_eq!(policy.delay_ms(3, None, 0.5), None, "three attempts in all");
        assert_eq!(
            policy.delay_ms(1, Some(120_000.0), 0.5),
            None,
            "too long: tell the user"
        );
    }

    #[test]
    fn every_rate_limit_header_format_is_read_and_the_longest_wins() {
        let now = rfc3339_ms("2026-12-02T10:00:00Z").unwrap();
        assert_eq!(
            retry_after_ms(&headers(&[("Retry-After", "7")]), now),
            Some(7_000.0)
        );
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after-ms", "1250")]), now),
            Some(1_250.0)
        );
        assert_eq!(
            retry_after_ms(
                &headers(&[("retry-after", "Wed, 02 Dec 2026 10:00:30 GMT")]),
                now
            ),
            Some(30_000.0)
        );
        assert_eq!(
            retry_after_ms(&headers(&[("x-ratelimit-reset-requests", "6m0s")]), now),
            Some(360_000.0)
        );
        assert_eq!(
            retry_after_ms(
                &headers(&[("anthropic-ratelimit-tokens-reset", "2026-12-02T10:00:05.5Z")]),
                now
            ),
            Some(5_500.0)
        );
        let mixed = headers(&[
            ("retry-after", "2"),
            ("x-ratelimit-reset-tokens", "20ms"),
            ("x-ratelimit-reset-requests", "3.5s"),
            ("content-type", "application/json"),
        ]);
        assert_eq!(retry_after_ms(&mixed, now), Some(3_500.0));
        assert_eq!(
            retry_after_ms(&headers(&[("retry-after", "soon")]), now),
            None
        );
        // A date in the past means "now", not a negative wait.
        assert_eq!(
            retry_after_ms(
                &headers(&[("retry-after", "Wed, 02 Dec 2026 09:00:00 GMT")]),
                now
            ),
            Some(0.0)
        );
    }

    #[test]
    fn dates_and_durations_parse_exactly() {
        assert_eq!(http_date_ms("Thu, 01 Jan 1970 00:00:00 GMT"), Some(0.0));
        assert_eq!(
            http_date_ms("Wed, 21 Oct 2015 07:28:00 GMT"),
            Some(1_445_412_480_000.0)
        );
        assert_eq!(rfc3339_ms("2000-03-01T00:00:00Z"), Some(951_868_800_000.0));
        assert_eq!(duration_ms("1h2m3.5s"), Some(3_723_500.0));
        assert_eq!(duration_ms("20ms"), Some(20.0));
        assert_eq!(duration_ms("12"), None);
        assert_eq!(http_date_ms("Wed, 21 Foo 2015 07:28:00 GMT"), None);
    }
}
