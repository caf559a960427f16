//! Tokens per day by model as stacked bars. The bars are SVG scaled to the panel's width; the
//! axis labels are text beside them, so they stay readable on a phone. The table under the
//! chart holds the same figures exactly, for screen readers.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::usage::figures::compact;
use skein_engine::usage::UsageReport;

/// Colours repeat after this many models (the legend says which is which).
const SERIES: usize = 6;
/// Width of one day in the SVG's own units (the bar takes 70 % of it).
const DAY: f64 = 10.0;

fn percent(value: u64, top: u64) -> f64 {
    value as f64 / top.max(1) as f64 * 100.0
}

#[component]
pub fn UsageChart(#[prop(into)] report: Signal<Option<UsageReport>>) -> impl IntoView {
    let bars = move || {
        report.with(|r| {
            let Some(r) = r else { return Vec::new() };
            let mut rects = Vec::new();
            for (i, day) in r.days.iter().enumerate() {
                let mut below = 0u64;
                for (model, tokens) in day.tokens.iter().enumerate().filter(|(_, t)| **t > 0) {
                    let y = 100.0 - percent(below.saturating_add(*tokens), r.scale_top);
                    let name = r.models.get(model).map_or("", |m| m.model.as_str());
                    rects.push(view! {
                        <rect class=format!("series-{}", model % SERIES)
                            x=i as f64 * DAY + DAY * 0.15 width=DAY * 0.7
                            y=y.max(0.0) height=percent(*tokens, r.scale_top)>
                            <title>{tf("usage-chart-bar", &[("day", crate::i18n::short_day(day.noon_utc_ms).into()), ("model", name.into()), ("tokens", (*tokens).into())])}</title>
                        </rect>
                    });
                    below = below.saturating_add(*tokens);
                }
            }
            rects
        })
    };
    let gridlines = move || {
        report.with(|r| {
            let Some(r) = r else { return Vec::new() };
            r.gridlines
                .iter()
                .map(|tick| {
                    let y = 100.0 - percent(*tick, r.scale_top);
                    view! { <line class="gridline" x1="0" x2=r.days.len() as f64 * DAY y1=y y2=y /> }
                })
                .collect::<Vec<_>>()
        })
    };
    let axis = move || {
        report.with(|r| {
            let Some(r) = r else { return Vec::new() };
            r.gridlines
                .iter()
                .map(|tick| {
                    // Through the CSSOM (`style:`), which the policy allows; a `style`
                    // attribute it would block.
                    let bottom = format!("{:.2}%", percent(*tick, r.scale_top));
                    view! { <span style:bottom=bottom>{compact(*tick)}</span> }
                })
                .collect::<Vec<_>>()
        })
    };
    let dates = move || {
        report.with(|r| {
            let Some(r) = r else { return Vec::new() };
            let n = r.days.len();
            let mut picks = vec![0, n / 2, n.saturating_sub(1)];
            picks.dedup();
            picks
                .into_iter()
                .filter_map(|i| r.days.get(i).map(|d| crate::i18n::short_day(d.noon_utc_ms)))
                .map(|label| view! { <span>{label}</span> })
                .collect::<Vec<_>>()
        })
    };
    let legend = move || {
        report.with(|r| {
            let Some(r) = r else { return Vec::new() };
            r.models
                .iter()
                .enumerate()
                .map(|(i, m)| {
                    view! {
                        <li><span class=format!("swatch series-{}", i % SERIES) aria-hidden="true"></span>
                            {m.model.clone()}</li>
                    }
                })
                .collect::<Vec<_>>()
        })
    };
    let width = move || report.with(|r| r.as_ref().map_or(1, |r| r.days.len().max(1)) as f64 * DAY);
    view! {
        <figure class="usage-chart" data-testid="usage-chart">
            <div class="usage-plot">
                <div class="usage-y" aria-hidden="true">{axis}</div>
                <svg role="img" aria-label=t("usage-chart-label")
                    viewBox=move || format!("0 0 {} 100", width()) preserveAspectRatio="none">
                    {gridlines}
                    {bars}
                </svg>
            </div>
            <div class="usage-x" aria-hidden="true">{dates}</div>
            <ul class="usage-legend" aria-label=t("usage-chart-models")>{legend}</ul>
        </figure>
    }
}
