//! The chat list's date headings: today, yesterday, the previous 7 days, the previous 30 days,
//! then one per month, by each conversation's last change in the user's local time. The groups
//! are data; the views put them into words (`public/locales/*.ftl`, and `Intl` for a month).

use crate::prompt::time_context::TimeContext;

const DAY_MS: f64 = 86_400_000.0;

/// One heading of the chat list.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DateGroup {
    Today,
    Yesterday,
    Previous7Days,
    Previous30Days,
    /// `month` counts from 1 (January).
    Month {
        year: i32,
        month: u32,
    },
}

impl DateGroup {
    /// The message naming a group that is not a month.
    pub fn message_id(self) -> Option<&'static str> {
        match self {
            Self::Today => Some("date-today"),
            Self::Yesterday => Some("date-yesterday"),
            Self::Previous7Days => Some("date-previous-7-days"),
            Self::Previous30Days => Some("date-previous-30-days"),
            Self::Month { .. } => None,
        }
    }
}

/// The local day number (days since 1970-01-01 in the zone `utc_offset_minutes` east of UTC).
fn local_day(at_ms: f64, utc_offset_minutes: i32) -> i64 {
    // Whole days of a finite millisecond count fit an i64; a non-finite one becomes day 0.
    #[allow(clippy::cast_possible_truncation)]
    let day = ((at_ms + f64::from(utc_offset_minutes) * 60_000.0) / DAY_MS).floor() as i64;
    day
}

/// The group of a conversation last changed at `at_ms`, seen at `now_ms`.
pub fn date_group(at_ms: f64, now_ms: f64, utc_offset_minutes: i32) -> DateGroup {
    let day = local_day(at_ms, utc_offset_minutes);
    match local_day(now_ms, utc_offset_minutes) - day {
        ..=0 => DateGroup::Today,
        1 => DateGroup::Yesterday,
        2..=7 => DateGroup::Previous7Days,
        8..=30 => DateGroup::Previous30Days,
        _ => {
            let date = TimeContext {
                now_ms: at_ms,
                utc_offset_minutes,
                time_zone: String::new(),
            }
            .local();
            DateGroup::Month {
                year: i32::try_from(date.year).unwrap_or(1970),
                month: date.month.clamp(1, 12),
            }
        }
    }
}

/// For a newest-first list of change times: the group to show above each entry that starts a
/// group, `None` for the others.
pub fn headings(times: &[f64], now_ms: f64, utc_offset_minutes: i32) -> Vec<Option<DateGroup>> {
    let mut previous: Option<DateGroup> = None;
    times
        .iter()
        .map(|at| {
            let group = date_group(*at, now_ms, utc_offset_minutes);
            let starts = previous != Some(group);
            previous = Some(group);
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
        let month = |year, month| DateGroup::Month { year, month };
        assert_eq!(date_group(ago(0.1), NOW, 0), DateGroup::Today);
        assert_eq!(
            date_group(NOW + 5_000.0, NOW, 0),
            DateGroup::Today,
            "a clock a little ahead"
        );
        assert_eq!(date_group(ago(1.0), NOW, 0), DateGroup::Yesterday);
        assert_eq!(date_group(ago(3.0), NOW, 0), DateGroup::Previous7Days);
        assert_eq!(date_group(ago(20.0), NOW, 0), DateGroup::Previous30Days);
        assert_eq!(date_group(ago(40.0), NOW, 0), month(2026, 10));
        assert_eq!(date_group(ago(400.0), NOW, 0), month(2025, 10));
        assert_eq!(date_group(0.0, NOW, 0), month(1970, 1));
        assert_eq!(date_group(f64::NAN, NOW, 0), month(1970, 1));
        assert_eq!(DateGroup::Today.message_id(), Some("date-today"));
        assert_eq!(month(2026, 10).message_id(), None);
    }

    #[test]
    fn the_users_midnight_decides_today() {
        // 23:30 UTC on 2 December is 00:30 on 3 December in UTC+1, but yesterday in UTC.
        let late = 1_796_254_200_000.0;
        let february_2000 = DateGroup::Month {
            year: 2000,
            month: 2,
        };
        assert_eq!(date_group(late, NOW, 60), DateGroup::Today);
        assert_eq!(date_group(late, NOW, 0), DateGroup::Yesterday);
        assert_eq!(
            date_group(951_782_400_000.0, NOW, 0),
            february_2000,
            "29 Feb 2000"
        );
        assert_eq!(
            date_group(951_868_799_000.0, NOW, 0),
            february_2000,
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
                Some(DateGroup::Today),
                None,
                Some(DateGroup::Yesterday),
                Some(DateGroup::Previous7Days),
                None
            ]
        );
    }
}
