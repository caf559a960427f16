//! The usage page: what the recorded provider calls of a period add up to, as a chart of
//! tokens per day by model and a table per model, with the user's prices turning tokens into a
//! cost, and every call exportable as CSV.

use crate::i18n::{t, tf};
use crate::icons::{icon, Icon};
use crate::usage_chart::UsageChart;
use leptos::prelude::*;
use skein_engine::usage::figures::{cost, grouped};
use skein_engine::usage::{ModelTotals, Prices, UsageReport};

/// The periods offered, in days (0: everything recorded).
const PERIODS: [(u32, &str); 4] = [
    (7, "usage-last-7"),
    (30, "usage-last-30"),
    (90, "usage-last-90"),
    (0, "usage-everything"),
];

/// A price the user typed for a model: (model, per million input tokens, per million output).
pub type PriceEntry = (String, String, String);

fn summary(total: &ModelTotals) -> String {
    let mut parts = vec![tf(
        "usage-summary",
        &[
            ("calls", total.calls.into()),
            ("in", total.prompt_tokens.into()),
            ("out", total.completion_tokens.into()),
        ],
    )];
    if total.failed > 0 {
        parts.push(tf("usage-unfinished", &[("n", total.failed.into())]));
    }
    if let Some(value) = total.cost {
        parts.push(tf("usage-cost-total", &[("cost", cost(value).into())]));
    }
    parts.join(" · ")
}

fn price_text(value: Option<f64>) -> String {
    value.map(|v| v.to_string()).unwrap_or_default()
}

/// One model's row. Its cells follow the report; its price fields are made once (keyed by the
/// model), so a refresh of the figures never replaces a field being typed in.
#[component]
fn ModelRow(
    model: String,
    report: Signal<Option<UsageReport>>,
    prices: Signal<Prices>,
    on_price: Callback<PriceEntry>,
) -> impl IntoView {
    let input = NodeRef::<leptos::html::Input>::new();
    let output = NodeRef::<leptos::html::Input>::new();
    let (initial_in, initial_out) = prices.with_untracked(|p| {
        let price = p.get(&model);
        (
            price_text(price.map(|p| p.input_per_million)),
            price_text(price.map(|p| p.output_per_million)),
        )
    });
    let cell = {
        let model = model.clone();
        move |pick: fn(&ModelTotals) -> String| {
            let model = model.clone();
            move || {
                report.with(|r| {
                    r.as_ref()
                        .and_then(|r| r.models.iter().find(|m| m.model == model))
                        .map(pick)
                        .unwrap_or_default()
                })
            }
        }
    };
    let commit = {
        let model = model.clone();
        move |_| {
            let read =
                |r: NodeRef<leptos::html::Input>| r.get().map(|i| i.value()).unwrap_or_default();
            on_price.run((model.clone(), read(input), read(output)));
        }
    };
    view! {
        <tr data-testid="usage-row" data-model=model.clone()>
            <th scope="row">{model.clone()}</th>
            <td data-testid="usage-calls">{cell(|m| grouped(u64::from(m.calls)))}</td>
            <td data-testid="usage-in">{cell(|m| grouped(m.prompt_tokens))}</td>
            <td data-testid="usage-out">{cell(|m| grouped(m.completion_tokens))}</td>
            <td class="usage-prices">
                <input type="text" node_ref=input data-testid="price-in" inputmode="decimal" placeholder=t("usage-price-in")
                    aria-label=tf("usage-price-in-label", &[("model", (&model).into())])
                    value=initial_in on:change=commit.clone() />
                <input type="text" node_ref=output data-testid="price-out" inputmode="decimal" placeholder=t("usage-price-out")
                    aria-label=tf("usage-price-out-label", &[("model", (&model).into())])
                    value=initial_out on:change=commit />
            </td>
            <td data-testid="usage-cost">{cell(|m| m.cost.map(cost).unwrap_or_else(|| "—".into()))}</td>
        </tr>
    }
}

#[component]
pub fn UsagePanel(
    /// `None` while loading.
    #[prop(into)]
    report: Signal<Option<UsageReport>>,
    #[prop(into)] days: Signal<u32>,
    #[prop(into)] on_days: Callback<u32>,
    #[prop(into)] prices: Signal<Prices>,
    #[prop(into)] on_price: Callback<PriceEntry>,
    /// Why the last price was not taken.
    #[prop(into)]
    price_error: Signal<Option<String>>,
    #[prop(into)] on_export: Callback<()>,
) -> impl IntoView {
    let has_calls = Memo::new(move |_| report.with(|r| r.as_ref().map(|r| r.total.calls > 0)));
    let summary_text = move || report.with(|r| r.as_ref().map(|r| summary(&r.total)));
    let unpriced = move || {
        report.with(|r| {
            r.as_ref().filter(|r| !r.unpriced.is_empty()).map(|r| {
                tf(
                    "usage-unpriced",
                    &[("models", r.unpriced.join(", ").into())],
                )
            })
        })
    };
    let models = move || {
        report.with(|r| {
            r.as_ref()
                .map(|r| r.models.iter().map(|m| m.model.clone()).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    let figures = move || {
        match has_calls.get() {
        None => None,
        Some(false) => Some(
            view! {
                <p class="empty" data-testid="usage-empty">
                    {t("usage-none")}
                </p>
            }
            .into_any(),
        ),
        Some(true) => Some(
            view! {
                <p data-testid="usage-summary" class="usage-summary">{summary_text}</p>
                <UsageChart report />
                <div class="table-scroll">
                    <table class="usage-table" data-testid="usage-table">
                        <thead><tr>
                            <th scope="col">{t("usage-model")}</th><th scope="col">{t("usage-calls")}</th>
                            <th scope="col">{t("usage-tokens-in")}</th><th scope="col">{t("usage-tokens-out")}</th>
                            <th scope="col">{t("usage-price")}</th><th scope="col">{t("usage-cost")}</th>
                        </tr></thead>
                        <tbody>
                            <For each=models key=|model| model.clone()
                                children=move |model| view! { <ModelRow model report prices on_price /> } />
                        </tbody>
                    </table>
                </div>
                <p class="hint">{t("usage-intro")}</p>
                {move || unpriced().map(|text| view! { <p class="hint" data-testid="usage-unpriced">{text}</p> })}
            }
            .into_any(),
        ),
    }
    };
    view! {
        <section class="settings usage" data-testid="usage" aria-label=t("usage-label")>
            <div class="usage-bar">
                <label>{t("usage-period")}" "
                    <select data-testid="usage-period"
                        on:change=move |ev| on_days.run(event_target_value(&ev).parse().unwrap_or(30))>
                        {PERIODS.iter().map(|(n, name)| view! {
                            <option value=n.to_string() selected=move || days.get() == *n>{t(name)}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button type="button" class="with-icon" data-testid="usage-export"
                    on:click=move |_| on_export.run(())>
                    {icon(Icon::Download)}{t("usage-export-csv")}</button>
            </div>
            {move || price_error.get().map(|e| view! { <p class="error" role="alert" data-testid="price-error">{e}</p> })}
            {figures}
        </section>
    }
}
