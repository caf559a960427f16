//! The chat list's date headings: "Today", "Yesterday", "Previous 7 days", "Previous 30 days",
//! then one per month ("November 2026"), by each conversation's last change in the user's local
//! time.

use crate::prompt::time_context::TimeContext;

const DAY_MS: f64 = 86_400_000.0;
const MONTHS: [&str; 12] = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
];

/// The local day number (days since 1970-01-01 in the zone `utc_offset_minutes` east of UTC).
fn local_day(at_ms: f64, utc_offset_minutes: i32) -> i64 {
    // Whole days of a finite millisecond count fit an i64; a non-finite one becomes day 0.
    #[allow(clippy::cast_possible_truncation)]
    let day = ((at_ms + f64::from(utc_offset_minutes) * 60_000.0) / DAY_MS).floor() as i64;
    day
}

/// The heading of a conversation last changed at `at_ms`, seen at `now_ms`.
pub fn date_group(at_ms: f64, now_ms: f64, utc_offset_minutes: i32) -> String {
    let day = local_day(at_ms, utc_offset_minutes);
    match local_day(now_ms, utc_offset_minutes) - day {
        ..=0 => "Today".into(),
        1 => "Yesterday".into(),
        2..=7 => "Previous 7 days".into(),
        8..=30 => "Previous 30 days".into(),
        _ => {
            let date = TimeContext {
                now_ms: at_ms,
                utc_offset_minutes,
                time_zone: String::new(),
            }
            .local();
            let month = usize::try_from(date.month).unwrap_or(1).clamp(1, 12);
            format!("{} {}", MONTHS[month - 1], date.year)
        }
    }
}

/// For a newest-first list of change times: the heading to show above each entry that starts a
/// group, `None` for the others.
pub fn headings(times: &[f64], now_ms: f64, utc_offset_minutes: i32) -> Vec<Option<String>> {
    let mut previous: Option<String> = None;
    times
        .iter()
        .map(|at| {
            let group = date_group(*at, now_ms, utc_offset_minutes);
            let starts = previous.as_deref() != Some(group.as_str());
            previous = Some(group.clone());
            starts.then_some(group)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// 2026-12-03 10:00 UTC.
    const NOW: f64 = 1_796_292_000_000.0;

    #[test]
    fn recent_days_are_named_and_older_ones_grouped_by_month() {
        let ago = |days: f64| NOW - days * DAY_MS;
        assert_eq!(date_group(ago(0.1), NOW, 0), "Today");
        assert_eq!(
            date_group(NOW + 5_000.0, NOW, 0),
            "Today",
            "a clock a little ahead"
        );
        assert_eq!(date_group(ago(1.0), NOW, 0), "Yesterday");
        assert_eq!(date_group(ago(3.0), NOW, 0), "Previous 7 days");
        assert_eq!(date_group(ago(20.0), NOW, 0), "Previous 30 days");
        assert_eq!(date_group(ago(40.0), NOW, 0), "October 2026");
        assert_eq!(date_group(ago(400.0), NOW, 0), "October 2025");
        assert_eq!(date_group(0.0, NOW, 0), "January 1970");
        assert_eq!(date_group(f64::NAN, NOW, 0), "January 1970");
    }

    #[test]
    fn the_users_midnight_decides_today() {
        // 23:30 UTC on 2 December is 00:30 on 3 December in UTC+1, but yesterday in UTC.
        let late = 1_796_254_200_000.0;
        assert_eq!(date_group(late, NOW, 60), "Today");
        assert_eq!(date_group(late, NOW, 0), "Yesterday");
        assert_eq!(
            date_group(951_782_400_000.0, NOW, 0),
            "February 2000",
            "29 Feb 2000"
        );
        assert_eq!(
            date_group(951_868_799_000.0, NOW, 0),
            "February 2000",
            "its last second"
        );
    }

    #[test]
    fn only_the_first_entry_of_each_group_gets_a_heading() {
        let times = [
            NOW,
            NOW - 1_000.0,
            NOW - DAY_MS,
            NOW - 3.0 * DAY_MS,
            NOW - 4.0 * DAY_MS,
        ];
        assert_eq!(
            headings(&times, NOW, 0),
            [
                Some("Today".to_owned()),
                None,
                Some("Yesterday".to_owned()),
                Some("Previous 7 days".to_owned()),
                None
            ]
        );
    }
}
