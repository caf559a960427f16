//! "≈ 12.3k of 32k tokens": how much of the context the next request takes, and whether a
//! summary already stands in for the oldest messages.

use leptos::prelude::*;
use skein_engine::context_meter::ContextUsage;

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
) -> impl IntoView {
    move || {
        usage.get().map(|usage| {
            let usage = draft.with(|d| usage.with_draft(d));
            let summary = (usage.summarized_messages > 0).then(|| {
                format!(
                    " · a summary stands in for the first {} messages",
                    usage.summarized_messages
                )
            });
            view! {
                <div class="context-meter" data-testid="context-meter"
                    title="Estimated tokens of the next request; past the threshold the oldest messages are summarised (in the request only).">
                    <meter min="0" max=usage.threshold.to_string() value=usage.tokens.to_string()
                        aria-label="Context used"></meter>
                    <span data-testid="context-tokens">
                        {format!("≈ {} of {} tokens", short_tokens(usage.tokens), short_tokens(usage.threshold))}
                    </span>
                    {summary}
                </div>
            }
        })
    }
}
