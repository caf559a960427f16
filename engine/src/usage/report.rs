//! The usage screen's figures: the recorded calls of a period added up per model (the table)
//! and per local day and model (the chart), with the cost where the user gave a price.

use super::prices::Prices;
use crate::domain::usage::UsageEvent;
use crate::prompt::time_context::TimeContext;

const DAY_MS: f64 = 86_400_000.0;
/// The most days a chart shows: a year of bars (longer periods show their last year).
pub const MAX_DAYS: u32 = 366;

/// One model's calls in the period (or every model's, for the total).
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ModelTotals {
    pub model: String,
    pub calls: u32,
    /// Calls that did not end well (cancelled, cut off, failed).
    pub failed: u32,
    pub prompt_tokens: u64,
    pub completion_tokens: u64,
    /// At the user's price; `None` when the model has none (for the total: when no model has).
    pub cost: Option<f64>,
}

impl ModelTotals {
    pub fn tokens(&self) -> u64 {
        self.prompt_tokens.saturating_add(self.completion_tokens)
    }

    fn add(&mut self, event: &UsageEvent) {
        self.calls = self.calls.saturating_add(1);
        if event.outcome != "ok" {
            self.failed = self.failed.saturating_add(1);
        }
        self.prompt_tokens = self
            .prompt_tokens
            .saturating_add(event.prompt_tokens.unwrap_or(0));
        self.completion_tokens = self
            .completion_tokens
            .saturating_add(event.completion_tokens.unwrap_or(0));
    }
}

/// One local day of the chart: tokens (in + out) per model, in the order of
/// [`UsageReport::models`].
#[derive(Debug, Clone, PartialEq)]
pub struct DayBar {
    /// `2026-12-03`
    pub date: String,
    /// Noon of that date in UTC (milliseconds since the epoch): the view writes it as the
    /// browser writes a day in the interface language, read in UTC ("Dec 3", "12月3日").
    pub noon_utc_ms: f64,
    pub tokens: Vec<u64>,
}

impl DayBar {
    pub fn total(&self) -> u64 {
        self.tokens.iter().fold(0, |sum, t| sum.saturating_add(*t))
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct UsageReport {
    /// Per model, most tokens first.
    pub models: Vec<ModelTotals>,
    pub total: ModelTotals,
    /// Every day of the period, oldest first, empty days included.
    pub days: Vec<DayBar>,
    /// The chart's top and its gridlines ([`super::figures::scale`]).
    pub scale_top: u64,
    pub gridlines: Vec<u64>,
    /// Models with calls but no price (their cost is not in the total).
    pub unpriced: Vec<String>,
}

fn local_day(at_ms: f64, utc_offset_minutes: i32) -> i64 {
    // Whole days of a finite millisecond count fit an i64; a non-finite one becomes day 0.
    #[allow(clippy::cast_possible_truncation)]
    let day = ((at_ms + f64::from(utc_offset_minutes) * 60_000.0) / DAY_MS).floor() as i64;
    day
}

/// The date of local day `day` (days since the epoch), and its noon in UTC.
fn day_names(day: i64) -> (String, f64) {
    let start = day as f64 * DAY_MS;
    let t = TimeContext {
        now_ms: start,
        utc_offset_minutes: 0,
        time_zone: String::new(),
    }
    .local();
    (
        format!("{:04}-{:02}-{:02}", t.year, t.month, t.day),
        start + DAY_MS / 2.0,
    )
}

/// The figures of the calls in `events` made in the last `days` local days up to `now_ms`
/// (`days` 0: since the first call, at most [`MAX_DAYS`]).
pub fn usage_report(
    events: &[UsageEvent],
    prices: &Prices,
    days: u32,
    now_ms: f64,
    utc_offset_minutes: i32,
) -> UsageReport {
    let today = local_day(now_ms, utc_offset_minutes);
    let first_event_day = events
        .iter()
        .map(|e| local_day(e.at_ms, utc_offset_minutes))
        .min()
        .unwrap_or(today);
    let span = match days {
        0 => today - first_event_day + 1,
        n => i64::from(n),
    }
    .clamp(1, i64::from(MAX_DAYS));
    let first_day = today - span + 1;
    let in_period: Vec<(&UsageEvent, i64)> = events
        .iter()
        .map(|e| (e, local_day(e.at_ms, utc_offset_minutes)))
        .filter(|(_, day)| (first_day..=today).contains(day))
        .collect();

    let mut models: Vec<ModelTotals> = Vec::new();
    let mut total = ModelTotals {
        model: "All models".into(),
        ..ModelTotals::default()
    };
    for (event, _) in &in_period {
        let model = event.model.trim();
        let index = match models.iter().position(|m| m.model == model) {
            Some(i) => i,
            None => {
                models.push(ModelTotals {
                    model: model.to_owned(),
                    ..ModelTotals::default()
                });
                models.len() - 1
            }
        };
        models[index].add(event);
        total.add(event);
    }
    let mut unpriced = Vec::new();
    for m in &mut models {
        m.cost = prices.cost(&m.model, m.prompt_tokens, m.completion_tokens);
        match m.cost {
            Some(cost) => total.cost = Some(total.cost.unwrap_or(0.0) + cost),
            None => unpriced.push(m.model.clone()),
        }
    }
    models.sort_by(|a, b| b.tokens().cmp(&a.tokens()).then(a.model.cmp(&b.model)));

    let mut bars: Vec<DayBar> = (first_day..=today)
        .map(|day| {
            let (date, noon_utc_ms) = day_names(day);
            DayBar {
                date,
                noon_utc_ms,
                tokens: vec![0; models.len()],
            }
        })
        .collect();
    for (event, day) in &in_period {
        let Some(model) = models.iter().position(|m| m.model == event.model.trim()) else {
            continue;
        };
        let Ok(slot) = usize::try_from(day - first_day) else {
            continue;
        };
        let tokens = event
            .prompt_tokens
            .unwrap_or(0)
            .saturating_add(event.completion_tokens.unwrap_or(0));
        bars[slot].tokens[model] = bars[slot].tokens[model].saturating_add(tokens);
    }
    let (scale_top, gridlines) =
        super::figures::scale(bars.iter().map(DayBar::total).max().unwrap_or(0));
    UsageReport {
        models,
        total,
        days: bars,
        scale_top,
        gridlines,
        unpriced,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::settings::ProviderKind;

    /// 2026-12-03 10:00 UTC.
    const NOW: f64 = 1_796_292_000_000.0;
    const HOUR: f64 = 3_600_000.0;

    fn call(at_ms: f64, model: &str, prompt: u64, completion: u64, outcome: &str) -> UsageEvent {
        UsageEvent {
            id: format!("u{at_ms}"),
            at_ms,
            conversation_id: "c".into(),
            message_id: "m".into(),
            provider: ProviderKind::OpenAi,
            host: "api.example".into(),
            model: model.into(),
            outcome: outcome.into(),
            prompt_tokens: Some(prompt),
            completion_tokens: Some(completion),
            cached_tokens: None,
            reasoning_tokens: None,
            first_token_ms: Some(120.0),
            duration_ms: 900.0,
            retries: 0,
        }
    }

    #[test]
    fn calls_add_up_per_model_and_per_day() {
        let events = [
            call(NOW - HOUR, "big", 1_000, 200, "ok"),
            call(NOW - 2.0 * HOUR, "small", 100, 50, "ok"),
            call(NOW - 26.0 * HOUR, "big", 500, 0, "error"),
            call(NOW - 40.0 * DAY_MS, "big", 9_999, 9_999, "ok"),
        ];
        let mut prices = Prices::default();
        prices.set("big", "2", "10").unwrap();
        let report = usage_report(&events, &prices, 7, NOW, 0);

        assert_eq!(report.models.len(), 2);
        let big = &report.models[0];
        assert_eq!(
            (big.model.as_str(), big.calls, big.failed),
            ("big", 2, 1),
            "the 40-day-old call is outside the week"
        );
        assert_eq!((big.prompt_tokens, big.completion_tokens), (1_500, 200));
        assert_eq!(big.cost, Some((1_500.0 * 2.0 + 200.0 * 10.0) / 1e6));
        assert_eq!(report.models[1].cost, None);
        assert_eq!(report.unpriced, vec!["small".to_owned()]);
        assert_eq!(report.total.tokens(), 1_850);
        assert_eq!(report.total.cost, big.cost, "only priced models cost");

        assert_eq!(report.days.len(), 7);
        let today = report.days.last().unwrap();
        assert_eq!(today.date, "2026-12-03");
        // 2026-12-03T12:00:00Z
        assert_eq!(today.noon_utc_ms, 1_796_299_200_000.0);
        assert_eq!(today.tokens, vec![1_200, 150]);
        assert_eq!(report.days[5].tokens, vec![500, 0]);
        assert_eq!(report.days[0].date, "2026-11-27");
        assert_eq!(report.scale_top, 1_500);
        assert_eq!(report.gridlines, vec![0, 500, 1_000, 1_500]);
    }

    #[test]
    fn the_users_midnight_decides_the_day() {
        // 23:30 UTC on Dec 2 is already Dec 3 in Berlin (UTC+1).
        let late = NOW - 10.5 * HOUR;
        let events = [call(late, "m", 10, 10, "ok")];
        let utc = usage_report(&events, &Prices::default(), 2, NOW, 0);
        assert_eq!(utc.days[0].tokens, vec![20]);
        let berlin = usage_report(&events, &Prices::default(), 2, NOW, 60);
        assert_eq!(berlin.days[1].tokens, vec![20]);
    }

    #[test]
    fn all_time_starts_at_the_first_call_and_stops_at_a_year() {
        let events = [call(NOW - 3.0 * DAY_MS, "m", 1, 1, "ok")];
        assert_eq!(
            usage_report(&events, &Prices::default(), 0, NOW, 0)
                .days
                .len(),
            4
        );
        let old = [call(NOW - 5_000.0 * DAY_MS, "m", 1, 1, "ok")];
        let report = usage_report(&old, &Prices::default(), 0, NOW, 0);
        assert_eq!(report.days.len(), MAX_DAYS as usize);
        assert_eq!(report.total.calls, 0, "older than the chart's year");
    }

    #[test]
    fn nothing_recorded_is_an_empty_report_not_an_error() {
        let report = usage_report(&[], &Prices::default(), 30, NOW, 0);
        assert!(report.models.is_empty());
        assert_eq!(report.days.len(), 30);
        assert_eq!(report.total.cost, None);
        assert_eq!((report.scale_top, report.gridlines.clone()), (1, vec![0]));
    }

    #[test]
    fn hostile_counts_and_times_saturate_instead_of_failing() {
        let events = [
            call(NOW, "m", u64::MAX, u64::MAX, "ok"),
            call(NOW, "m", u64::MAX, 1, "ok"),
            call(f64::NAN, "m", 1, 1, "ok"),
            call(f64::INFINITY, "m", 1, 1, "ok"),
        ];
        let report = usage_report(&events, &Prices::default(), 7, NOW, 0);
        assert_eq!(report.total.prompt_tokens, u64::MAX);
        assert_eq!(report.days.last().unwrap().total(), u64::MAX);
        assert!(report.scale_top >= u64::MAX / 2);
    }
}
