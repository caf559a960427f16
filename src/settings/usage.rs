//! The usage page: loads the report of the chosen period from the engine, keeps the user's
//! prices in `localStorage` (what they are and how a damaged value is read is the engine's,
//! `usage::prices`), and downloads the CSV.

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::usage::Prices;

const KEY: &str = "skein.prices";

pub fn load_prices() -> Prices {
    Prices::from_json(skein_platform::read_local(KEY).as_deref())
}

/// Loads the figures of the chosen period again.
pub fn refresh(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let days = state.settings.usage_days.get_untracked();
    let prices = state.settings.prices.get_untracked();
    spawn_local(async move {
        match runtime.service.usage_report(days, &prices).await {
            Ok(report) => state.settings.usage.set(Some(report)),
            Err(err) => state.shell.banner.set(Some(tf(
                "notice-usage-unreadable",
                &[("err", skein_components::explain(&err).into())],
            ))),
        }
    });
}

pub fn choose_period(ready: Ready, days: u32) {
    let state = ready.state;
    state.settings.usage_days.set(days);
    refresh(ready);
}

/// Takes the price the user typed for a model; a refused one says why and changes nothing.
pub fn set_price(ready: Ready, (model, input, output): skein_components::PriceEntry) {
    let state = ready.state;
    let mut prices = state.settings.prices.get_untracked();
    match prices.set(&model, &input, &output) {
        Ok(()) => {
            skein_platform::write_local(KEY, &prices.to_json());
            state.settings.price_error.set(None);
            state.settings.prices.set(prices);
            refresh(ready);
        }
        Err(err) => state.settings.price_error.set(Some(tf(
            "notice-price-error",
            &[
                ("model", (&model).into()),
                ("err", skein_components::explain(&err).into()),
            ],
        ))),
    }
}

/// Downloads every recorded call as `skein-usage.csv`.
pub fn export(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let prices = state.settings.prices.get_untracked();
    spawn_local(async move {
        let done = match runtime.service.usage_csv(&prices).await {
            Ok(csv) => skein_platform::download_text("skein-usage.csv", "text/csv", &csv),
            Err(err) => Err(skein_components::explain(&err)),
        };
        if let Err(err) = done {
            state.shell.banner.set(Some(tf(
                "notice-usage-export-failed",
                &[("err", err.to_string().into())],
            )));
        }
    });
}
