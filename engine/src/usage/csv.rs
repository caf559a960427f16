//! Every recorded call as CSV, for a spreadsheet: one row a call, oldest first, times in UTC.
//!
//! Model names and hosts come from providers and are untrusted: a cell a spreadsheet would read
//! as a formula (`=`, `+`, `-`, `@`, tab, carriage return at the start) is prefixed with `'`,
//! and cells with separators, quotes or line breaks are quoted.

use super::prices::Prices;
use crate::domain::usage::UsageEvent;

const HEADER: &str = "time_utc,provider,host,model,outcome,prompt_tokens,completion_tokens,\
cached_tokens,reasoning_tokens,first_token_ms,duration_ms,retries,cost,conversation_id,message_id";

fn text_cell(value: &str) -> String {
    let guarded = if value.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if guarded.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", guarded.replace('"', "\"\""))
    } else {
        guarded
    }
}

fn optional<T: ToString>(value: Option<T>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

fn millis(value: f64) -> String {
    if value.is_finite() {
        format!("{}", value.round())
    } else {
        String::new()
    }
}

/// `2026-12-03T10:00:05Z`; empty for a time that is not one.
fn utc_time(at_ms: f64) -> String {
    if !at_ms.is_finite() {
        return String::new();
    }
    let t = crate::prompt::time_context::TimeContext {
        now_ms: at_ms,
        utc_offset_minutes: 0,
        time_zone: String::new(),
    };
    #[allow(clippy::cast_possible_truncation)]
    let seconds = ((at_ms as i64).rem_euclid(60_000)) / 1_000;
    format!("{}T{}:{seconds:02}Z", t.date(), t.time())
}

/// The CSV of `events`, with the cost of each call at `prices` (empty when its model has none).
pub fn usage_csv(events: &[UsageEvent], prices: &Prices) -> String {
    let mut sorted: Vec<&UsageEvent> = events.iter().collect();
    sorted.sort_by(|a, b| a.at_ms.total_cmp(&b.at_ms));
    let mut out = String::from(HEADER);
    out.push_str("\r\n");
    for e in sorted {
        let cost = prices
            .cost(
                &e.model,
                e.prompt_tokens.unwrap_or(0),
                e.completion_tokens.unwrap_or(0),
            )
            .map(|c| format!("{c:.6}"));
        let row = [
            utc_time(e.at_ms),
            e.provider.id().to_owned(),
            text_cell(&e.host),
            text_cell(&e.model),
            text_cell(&e.outcome),
            optional(e.prompt_tokens),
            optional(e.completion_tokens),
            optional(e.cached_tokens),
            optional(e.reasoning_tokens),
            e.first_token_ms.map(millis).unwrap_or_default(),
            millis(e.duration_ms),
            e.retries.to_string(),
            cost.unwrap_or_default(),
            text_cell(&e.conversation_id),
            text_cell(&e.message_id),
        ];
        out.push_str(&row.join(","));
        out.push_str("\r\n");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::provider::settings::ProviderKind;

    fn event(at_ms: f64, model: &str) -> UsageEvent {
        UsageEvent {
            id: "u1".into(),
            at_ms,
            conversation_id: "c1".into(),
            message_id: "m1".into(),
            provider: ProviderKind::Anthropic,
            host: "api.anthropic.com".into(),
            model: model.into(),
            outcome: "ok".into(),
            prompt_tokens: Some(1_000),
            completion_tokens: Some(200),
            cached_tokens: Some(800),
            reasoning_tokens: None,
            first_token_ms: Some(312.4),
            duration_ms: 2_048.6,
            retries: 1,
        }
    }

    #[test]
    fn one_row_a_call_oldest_first_with_its_cost() {
        let mut prices = Prices::default();
        prices.set("claude", "3", "15").unwrap();
        let mut unreported = event(1_796_292_000_000.0, "other");
        unreported.prompt_tokens = None;
        unreported.cached_tokens = None;
        unreported.first_token_ms = None;
        // 2026-12-03 10:00:05 UTC, then the same day at 09:00.
        let csv = usage_csv(&[event(1_796_292_005_000.0, "claude"), unreported], &prices);
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert_eq!(lines[0], HEADER);
        assert_eq!(
            lines[1],
            "2026-12-03T10:00:00Z,anthropic,api.anthropic.com,other,ok,,200,,,,2049,1,,c1,m1"
        );
        assert_eq!(
            lines[2],
            "2026-12-03T10:00:05Z,anthropic,api.anthropic.com,claude,ok,1000,200,800,,312,2049,1,0.006000,c1,m1"
        );
        assert_eq!(lines[3], "", "the file ends with a line break");
    }

    #[test]
    fn provider_text_can_neither_break_rows_nor_become_a_formula() {
        let csv = usage_csv(
            &[
                event(1.0, "=HYPERLINK(\"http://evil\",\"x\")"),
                event(2.0, "a,b\nc"),
                event(3.0, "-2+3"),
            ],
            &Prices::default(),
        );
        let lines: Vec<&str> = csv.split("\r\n").collect();
        assert!(lines[1].contains(",\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\","));
        assert!(lines[2].contains(",\"a,b\nc\","));
        assert!(lines[3].contains(",'-2+3,"));
        assert_eq!(lines.len(), 5);
    }
}
