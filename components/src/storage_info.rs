//! How much the browser keeps for Skein, and whether it may clear it.

use crate::i18n::{t, tf};
use leptos::prelude::*;

/// What the view shows; fields are `None` where the browser does not say.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StorageFigures {
    pub usage_bytes: Option<f64>,
    pub quota_bytes: Option<f64>,
    pub persisted: Option<bool>,
}

/// `1.5 MB`, `2.1 GB`: decimal units, one decimal.
pub fn format_bytes(bytes: f64) -> String {
    let units = ["B", "kB", "MB", "GB", "TB"];
    let mut value = bytes.max(0.0);
    let mut unit = 0;
    while value >= 1000.0 && unit + 1 < units.len() {
        value /= 1000.0;
        unit += 1;
    }
    if unit == 0 {
        format!("{value:.0} B")
    } else {
        format!("{value:.1} {}", units[unit])
    }
}

#[component]
pub fn StorageInfo(#[prop(into)] figures: Signal<Option<StorageFigures>>) -> impl IntoView {
    let usage = move || {
        let figures = figures.get()?;
        Some(match (figures.usage_bytes, figures.quota_bytes) {
            (Some(usage), Some(quota)) => tf(
                "storage-using-of",
                &[
                    ("used", format_bytes(usage).into()),
                    ("quota", format_bytes(quota).into()),
                ],
            ),
            (Some(usage), None) => tf("storage-using", &[("used", format_bytes(usage).into())]),
            _ => t("storage-usage-unknown").to_owned(),
        })
    };
    let persistence = move || {
        figures.get().map(|f| match f.persisted {
            Some(true) => t("storage-persistent"),
            Some(false) => t("storage-not-persistent"),
            None => t("storage-persistence-unknown"),
        })
    };
    view! {
        <section class="storage-info" data-testid="storage-status" aria-label=t("storage-heading")>
            <h4>{t("storage-heading")}</h4>
            <p data-testid="storage-usage">{usage}</p>
            <p data-testid="storage-persistence">{persistence}</p>
        </section>
    }
}
