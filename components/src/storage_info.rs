//! How much the browser keeps for Skein, and whether it may clear it.

use crate::i18n::{format_bytes, t, tf};
use leptos::prelude::*;

/// What the view shows; fields are `None` where the browser does not say.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct StorageFigures {
    pub usage_bytes: Option<f64>,
    pub quota_bytes: Option<f64>,
    pub persisted: Option<bool>,
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
