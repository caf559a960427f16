//! The user's current date and time, computed without a time-zone database: the platform
//! supplies the instant, the UTC offset in force and the zone's name (from `Intl` and `Date`).

/// "Now", as the user's clock shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct TimeContext {
    /// Milliseconds since the Unix epoch.
    pub now_ms: f64,
    /// Minutes east of UTC (Berlin in winter: 60; New York in summer: −240).
    pub utc_offset_minutes: i32,
    /// An IANA zone name such as `Europe/Berlin`, for the model's benefit.
    pub time_zone: String,
}

/// A civil date and time of day.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LocalDateTime {
    pub year: i64,
    pub month: u32,
    pub day: u32,
    pub hour: u32,
    pub minute: u32,
    /// 0 = Monday … 6 = Sunday.
    pub weekday: u32,
}

const WEEKDAYS: [&str; 7] = [
    "Monday",
    "Tuesday",
    "Wednesday",
    "Thursday",
    "Friday",
    "Saturday",
    "Sunday",
];

impl TimeContext {
    pub fn local(&self) -> LocalDateTime {
        let local_ms = self.now_ms as i64 + i64::from(self.utc_offset_minutes) * 60_000;
        let days = local_ms.div_euclid(86_400_000);
        let ms_of_day = local_ms.rem_euclid(86_400_000);
        let (year, month, day) = civil_from_days(days);
        LocalDateTime {
            year,
            month,
            day,
            hour: (ms_of_day / 3_600_000) as u32,
            minute: (ms_of_day / 60_000 % 60) as u32,
            // 1970-01-01 was a Thursday (3 when Monday is 0).
            weekday: (days + 3).rem_euclid(7) as u32,
        }
    }

    /// `2026-12-02`
    pub fn date(&self) -> String {
        let t = self.local();
        format!("{:04}-{:02}-{:02}", t.year, t.month, t.day)
    }

    /// `09:05`
    pub fn time(&self) -> String {
        let t = self.local();
        format!("{:02}:{:02}", t.hour, t.minute)
    }

    /// `Wednesday, 2026-12-02 10:02 (Europe/Berlin, UTC+01:00)`
    pub fn describe(&self) -> String {
        let t = self.local();
        let sign = if self.utc_offset_minutes < 0 {
            '-'
        } else {
            '+'
        };
        let offset = self.utc_offset_minutes.unsigned_abs();
        format!(
            "{}, {} {} ({}, UTC{sign}{:02}:{:02})",
            WEEKDAYS[t.weekday as usize],
            self.date(),
            self.time(),
            self.time_zone,
            offset / 60,
            offset % 60
        )
    }
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let year = yoe + era * 400 + i64::from(month <= 2);
    (year, month, day)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(now_ms: f64, offset: i32, zone: &str) -> TimeContext {
        TimeContext {
            now_ms,
            utc_offset_minutes: offset,
            time_zone: zone.into(),
        }
    }

    #[test]
    fn local_time_in_the_users_zone() {
        // 2026-12-02T09:03:00Z
        let utc = 1_796_202_180_000.0;
        assert_eq!(
            at(utc, 60, "Europe/Berlin").describe(),
            "Wednesday, 2026-12-02 10:03 (Europe/Berlin, UTC+01:00)"
        );
        assert_eq!(
            at(utc, -600, "Pacific/Honolulu").describe(),
            "Tuesday, 2026-12-01 23:03 (Pacific/Honolulu, UTC-10:00)"
        );
        assert_eq!(at(utc, 330, "Asia/Kolkata").time(), "14:33");
    }

    #[test]
    fn calendar_edges() {
        assert_eq!(at(0.0, 0, "UTC").date(), "1970-01-01");
        // 2024-02-29T12:00:00Z, a leap day.
        assert_eq!(at(1_709_208_000_000.0, 0, "UTC").date(), "2024-02-29");
        // 1969-12-31T23:59Z: before the epoch.
        assert_eq!(
            at(-60_000.0, 0, "UTC").describe(),
            "Wednesday, 1969-12-31 23:59 (UTC, UTC+00:00)"
        );
    }
}
