//! "≈ 12.3k of 32k tokens": how much of the context the next request takes, and whether a
//! summary already stands in for the oldest messages.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::prompt::context_meter::ContextUsage;

/// `12.3k`, `950`: tokens in a short form.
pub fn short_tokens(tokens: u64) -> String {
    if tokens >= 1_000 {
        format!("{:.1}k", tokens as f64 / 1_000.0)
    } else {
        tokens.to_string()
    }
}

#[component]
pub fn ContextMeter(
    #[prop(into)] usage: Signal<Option<ContextUsage>>,
    /// The composer's text, counted as part of the next request.
    #[prop(into)]
    draft: Signal<String>,
    /// Opens the summary panel.
    #[prop(into)]
    on_summary: Callback<()>,
    /// Opens the prompt inspector on the next request.
    #[prop(into)]
    on_inspect: Callback<()>,
) -> impl IntoView {
    move || {
        usage.get().map(|usage| {
            let usage = draft.with(|d| usage.with_draft(d));
            let summary = if usage.summarized_messages > 0 {
                tf(
                    "context-meter-summary-covers",
                    &[("messages", usage.summarized_messages.into())],
                )
            } else {
                t("context-meter-summary").to_owned()
            };
            let summary = view! {
                <button type="button" class="link" data-testid="open-summary"
                    aria-haspopup="dialog" on:click=move |_| on_summary.run(())>{summary}</button>
            };
            // Against the model's window when known (summarising starts earlier, at the
            // threshold); else against the threshold itself.
            let (max, label) = match usage.window {
                Some(window) => (
                    window,
                    tf(
                        "context-meter-of-window",
                        &[
                            ("used", short_tokens(usage.tokens).into()),
                            ("window", short_tokens(window).into()),
                            ("threshold", short_tokens(usage.threshold).into()),
                        ],
                    ),
                ),
                None => (
                    usage.threshold,
                    tf(
                        "context-meter-of-threshold",
                        &[
                            ("used", short_tokens(usage.tokens).into()),
                            ("threshold", short_tokens(usage.threshold).into()),
                        ],
                    ),
                ),
            };
            view! {
                <div class="context-meter" data-testid="context-meter"
                    title=t("context-meter-title")>
                    <meter min="0" max=max.to_string() high=usage.threshold.to_string()
                        value=usage.tokens.to_string() aria-label=t("context-meter-label")></meter>
                    <span data-testid="context-tokens">{label}</span>
                    <span aria-hidden="true">"·"</span>
                    {summary}
                    <span aria-hidden="true">"·"</span>
                    <button type="button" class="link" data-testid="inspect-next"
                        aria-haspopup="dialog" on:click=move |_| on_inspect.run(())>{t("context-meter-inspect")}</button>
                </div>
            }
        })
    }
}
