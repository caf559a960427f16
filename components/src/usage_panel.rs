//! The usage page: what the recorded provider calls of a period add up to, as a chart of
//! tokens per day by model and a table per model, with the user's prices turning tokens into a
//! cost, and every call exportable as CSV.

use crate::icons::{icon, Icon};
use crate::usage_chart::UsageChart;
use leptos::prelude::*;
use skein_engine::usage::figures::{cost, grouped};
use skein_engine::usage::{ModelTotals, Prices, UsageReport};

/// The periods offered, in days (0: everything recorded).
const PERIODS: [(u32, &str); 4] = [
    (7, "Last 7 days"),
    (30, "Last 30 days"),
    (90, "Last 90 days"),
    (0, "Everything"),
];

/// A price the user typed for a model: (model, per million input tokens, per million output).
pub type PriceEntry = (String, String, String);

fn summary(total: &ModelTotals) -> String {
    let mut text = format!(
        "{} {} · {} tokens in · {} out",
        grouped(u64::from(total.calls)),
        if total.calls == 1 { "call" } else { "calls" },
        grouped(total.prompt_tokens),
        grouped(total.completion_tokens)
    );
    if total.failed > 0 {
        text.push_str(&format!(
            " · {} did not finish",
            grouped(u64::from(total.failed))
        ));
    }
    if let Some(value) = total.cost {
        text.push_str(&format!(" · cost {}", cost(value)));
    }
    text
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
                <input type="text" node_ref=input data-testid="price-in" inputmode="decimal" placeholder="in"
                    aria-label=format!("{model}: price per million input tokens")
                    value=initial_in on:change=commit.clone() />
                <input type="text" node_ref=output data-testid="price-out" inputmode="decimal" placeholder="out"
                    aria-label=format!("{model}: price per million output tokens")
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
                format!(
                    "Without a price (left out of the cost): {}.",
                    r.unpriced.join(", ")
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
                    "No provider calls in this period. Every answer's calls are counted from here on, \
                     on this device only."
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
                            <th scope="col">"Model"</th><th scope="col">"Calls"</th>
                            <th scope="col">"Tokens in"</th><th scope="col">"Tokens out"</th>
                            <th scope="col">"Price per million (in / out)"</th><th scope="col">"Cost"</th>
                        </tr></thead>
                        <tbody>
                            <For each=models key=|model| model.clone()
                                children=move |model| view! { <ModelRow model report prices on_price /> } />
                        </tbody>
                    </table>
                </div>
                <p class="hint">"Tokens as the providers reported them. Prices are yours to enter, per \
                    million tokens in any currency; they stay on this device."</p>
                {move || unpriced().map(|text| view! { <p class="hint" data-testid="usage-unpriced">{text}</p> })}
            }
            .into_any(),
        ),
    }
    };
    view! {
        <section class="settings usage" data-testid="usage" aria-label="Usage">
            <div class="usage-bar">
                <label>"Period "
                    <select data-testid="usage-period"
                        on:change=move |ev| on_days.run(event_target_value(&ev).parse().unwrap_or(30))>
                        {PERIODS.iter().map(|(n, name)| view! {
                            <option value=n.to_string() selected=move || days.get() == *n>{*name}</option>
                        }).collect_view()}
                    </select>
                </label>
                <button type="button" class="with-icon" data-testid="usage-export"
                    on:click=move |_| on_export.run(())>
                    {icon(Icon::Download)}"Export CSV"</button>
            </div>
            {move || price_error.get().map(|e| view! { <p class="error" role="alert" data-testid="price-error">{e}</p> })}
            {figures}
        </section>
    }
}
