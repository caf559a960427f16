//! How the usage screen writes its numbers: token counts with thousands separators, compact
//! axis labels, and costs.

/// `1234567` → `"1,234,567"`.
pub fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::with_capacity(digits.len() + digits.len() / 3);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(c);
    }
    out
}

/// An axis label: `"0"`, `"750"`, `"12k"`, `"2.5k"`, `"1.2M"`.
pub fn compact(n: u64) -> String {
    let short = |value: f64, unit: &str| {
        let text = format!("{value:.1}");
        format!("{}{unit}", text.strip_suffix(".0").unwrap_or(&text))
    };
    match n {
        0..=999 => n.to_string(),
        1_000..=999_999 => short(n as f64 / 1e3, "k"),
        1_000_000..=999_999_999 => short(n as f64 / 1e6, "M"),
        _ => short(n as f64 / 1e9, "G"),
    }
}

/// A cost in the user's own currency: four decimals under 1 (a cheap call still shows),
/// two from 1 on.
pub fn cost(value: f64) -> String {
    if !value.is_finite() || value < 0.0 {
        return "—".into();
    }
    if value < 1.0 {
        format!("{value:.4}")
    } else {
        format!("{value:.2}")
    }
}

/// The chart's top and the gridlines under it: a "nice" step (1, 2, 2.5 or 5 × 10ᵏ) so that at
/// most four steps cover `max`. `max` 0 gives a scale of 0..1 with no gridline but 0.
pub fn scale(max: u64) -> (u64, Vec<u64>) {
    if max == 0 {
        return (1, vec![0]);
    }
    let raw = max.div_ceil(4);
    let mut magnitude = 1u64;
    while magnitude.saturating_mul(10) <= raw {
        magnitude *= 10;
    }
    // Steps of 2.5 × 10ᵏ only from 10 up, so every gridline stays a whole number.
    let mut candidates = vec![magnitude, magnitude * 2];
    if magnitude >= 10 {
        candidates.push(magnitude * 5 / 2);
    }
    candidates.extend([magnitude * 5, magnitude.saturating_mul(10)]);
    let step = candidates
        .into_iter()
        .find(|step| *step >= raw)
        .unwrap_or(raw);
    let top = max.div_ceil(step).saturating_mul(step);
    let ticks = (0..=top / step).map(|i| i * step).collect();
    (top, ticks)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_are_grouped_by_thousands() {
        assert_eq!(grouped(0), "0");
        assert_eq!(grouped(999), "999");
        assert_eq!(grouped(1_000), "1,000");
        assert_eq!(grouped(1_234_567), "1,234,567");
    }

    #[test]
    fn axis_labels_are_compact() {
        assert_eq!(compact(750), "750");
        assert_eq!(compact(12_000), "12k");
        assert_eq!(compact(2_500), "2.5k");
        assert_eq!(compact(1_250_000), "1.2M");
        assert_eq!(compact(3_000_000_000), "3G");
    }

    #[test]
    fn costs_keep_small_amounts_visible() {
        assert_eq!(cost(0.0025), "0.0025");
        assert_eq!(cost(12.345), "12.35");
        assert_eq!(cost(f64::NAN), "—");
    }

    #[test]
    fn the_scale_covers_the_largest_bar_in_at_most_four_nice_steps() {
        assert_eq!(scale(0), (1, vec![0]));
        assert_eq!(scale(3), (3, vec![0, 1, 2, 3]));
        assert_eq!(scale(7), (8, vec![0, 2, 4, 6, 8]));
        assert_eq!(scale(1_000), (1_000, vec![0, 250, 500, 750, 1_000]));
        assert_eq!(scale(1_234), (1_500, vec![0, 500, 1_000, 1_500]));
        assert_eq!(
            scale(98_000),
            (100_000, vec![0, 25_000, 50_000, 75_000, 100_000])
        );
        for max in [1, 9, 11, 99, 101, 4_001, 123_456_789, u64::MAX / 2] {
            let (top, ticks) = scale(max);
            assert!(top >= max, "{max}: top {top}");
            assert!(ticks.len() <= 5, "{max}: {ticks:?}");
            assert_eq!(ticks.last(), Some(&top));
        }
    }
}
