//! The summary panel: the rolling summary of the branch on screen (its text, the messages it
//! stands for, who wrote it and when), edited as the user's version, reset, or made now with
//! the user's instructions. The text is shown as plain text: it is model output.

use crate::i18n::{date_time, t, tf};
use crate::side_sheet::SideSheet;
use leptos::prelude::*;
use skein_engine::chat::summary_control::{CoveredMessage, Provenance, SummaryView};

/// What the user asked the panel to do.
#[derive(Debug, Clone, PartialEq)]
pub enum SummaryRequest {
    /// Summarise now, with these instructions (may be empty).
    Summarise(String),
    /// Save this text as the user's version.
    Edit(String),
    Reset,
    /// Show the message with this ID in the chat.
    Jump(String),
}

#[component]
pub fn SummaryPanel(
    open: RwSignal<bool>,
    /// `None` while loading; `Some(None)` when the branch has no summary.
    #[prop(into)]
    summary: Signal<Option<Option<SummaryView>>>,
    /// A summary is being made, or an answer is being written.
    #[prop(into)]
    busy: Signal<bool>,
    /// The outcome of the last request: `Ok` says what happened, `Err` what went wrong.
    #[prop(into)]
    feedback: Signal<Option<Result<String, String>>>,
    /// Where summarising starts, for the text shown when there is no summary.
    #[prop(into)]
    threshold: Signal<Option<u64>>,
    #[prop(into)] on_request: Callback<SummaryRequest>,
) -> impl IntoView {
    let editing = RwSignal::new(false);
    let draft = RwSignal::new(String::new());
    let instructions = RwSignal::new(String::new());
    let close = move || {
        editing.set(false);
        open.set(false);
    };
    let start_edit = move |_| {
        if let Some(Some(view)) = summary.get_untracked() {
            draft.set(view.text);
            editing.set(true);
        }
    };
    let save_edit = move |_| {
        on_request.run(SummaryRequest::Edit(draft.get_untracked()));
        editing.set(false);
    };
    let summarise = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        on_request.run(SummaryRequest::Summarise(instructions.get_untracked()));
    };
    let current = move || {
        let view = summary.get()?;
        Some(match view {
            None => view! {
                <p class="hint" data-testid="summary-none">
                    {t("summary-none")}" "
                    {move || threshold.get().map(|tokens| tf(
                        "summary-threshold",
                        &[("tokens", crate::context_meter::short_tokens(tokens).into())]))}
                </p>
            }
            .into_any(),
            Some(view) => {
                let count = view.covered.len();
                let covered = view
                    .covered
                    .into_iter()
                    .map(|message| {
                        let label = covered_label(&message);
                        let id = message.id;
                        view! {
                            <li><button type="button" class="link" data-testid="summary-jump"
                                on:click=move |_| {
                                    close();
                                    on_request.run(SummaryRequest::Jump(id.clone()));
                                }>{label}</button></li>
                        }
                    })
                    .collect_view();
                let text = view.text;
                view! {
                    <p class="hint" data-testid="summary-provenance">
                        {provenance(&view.provenance)}
                        ". "{tf("summary-stands-in", &[("count", count.into())])}
                    </p>
                    {view.instructions.map(|i| view! {
                        <p class="hint" data-testid="summary-instructions">{t("summary-your-instructions")}" " {i}</p>
                    })}
                    <Show when=move || editing.get()
                        fallback=move || view! {
                            <div class="summary-text" data-testid="summary-text">{text.clone()}</div>
                            <div class="summary-actions">
                                <button type="button" data-testid="summary-edit"
                                    disabled=move || busy.get() on:click=start_edit>{t("summary-edit")}</button>
                                <button type="button" data-testid="summary-reset"
                                    disabled=move || busy.get()
                                    on:click=move |_| on_request.run(SummaryRequest::Reset)>{t("summary-reset")}</button>
                            </div>
                        }>
                        <label class="summary-editor">{t("summary-your-version")}
                            <textarea data-testid="summary-editor" rows="10"
                                prop:value=move || draft.get()
                                on:input=move |ev| draft.set(event_target_value(&ev))></textarea>
                        </label>
                        <div class="summary-actions">
                            <button type="button" class="primary" data-testid="summary-save"
                                on:click=save_edit>{t("summary-save")}</button>
                            <button type="button" on:click=move |_| editing.set(false)>{t("summary-cancel")}</button>
                        </div>
                    </Show>
                    <details class="summary-covered">
                        <summary>{tf("summary-covered", &[("count", count.into())])}</summary>
                        <ol>{covered}</ol>
                    </details>
                }
                .into_any()
            }
        })
    };
    view! {
        <SideSheet open=open.into() title=t("summary-label") id="summary-panel"
            class="summary-panel" close_label=t("summary-close") close_testid="close-summary"
            on_close=move |()| close()>
                    {current}
                    <form class="summary-now" on:submit=summarise>
                        <label>{t("summary-instructions")}
                            <textarea data-testid="summary-instructions-input" rows="2"
                                placeholder=t("summary-instructions-placeholder")
                                prop:value=move || instructions.get()
                                on:input=move |ev| instructions.set(event_target_value(&ev))></textarea>
                        </label>
                        <div class="summary-actions">
                            <button type="submit" class="primary" data-testid="summarise-now"
                                disabled=move || busy.get()>{t("summary-now")}</button>
                            <span class="hint">{t("summary-now-hint")}</span>
                        </div>
                    </form>
                    {move || feedback.get().map(|outcome| match outcome {
                        Ok(done) => view! { <p class="ok" role="status" data-testid="summary-feedback">{done}</p> }.into_any(),
                        Err(err) => view! { <p class="error" role="alert" data-testid="summary-feedback">{err}</p> }.into_any(),
                    })}
        </SideSheet>
    }
}

/// Who wrote the summary and when, in words.
fn provenance(p: &Provenance) -> String {
    let made = date_time(p.made_at_ms);
    match (p.edited_at_ms, p.model.as_deref()) {
        (Some(edited), Some(model)) => tf(
            "summary-edited-made-by",
            &[
                ("edited", date_time(edited).into()),
                ("model", model.into()),
            ],
        ),
        (Some(edited), None) => tf("summary-edited", &[("edited", date_time(edited).into())]),
        (None, Some(model)) => tf(
            "summary-made-by",
            &[("made", made.into()), ("model", model.into())],
        ),
        (None, None) => tf("summary-made", &[("made", made.into())]),
    }
}

/// `"User: Plan a trip to Kyoto…"`.
fn covered_label(message: &CoveredMessage) -> String {
    let who = t(message.role.message_id());
    if message.excerpt.is_empty() {
        tf("summary-covered-empty", &[("who", who.into())])
    } else {
        tf(
            "summary-covered-message",
            &[("who", who.into()), ("text", (&message.excerpt).into())],
        )
    }
}
