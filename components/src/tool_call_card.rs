//! A tool call as a card: the tool, its arguments, its result, and — while it waits for the
//! user — **Approve**, **Deny** and **Answer…** (seed 000 §8: `Pending → Approved | Denied |
//! Answered`). Arguments and results are model or tool output: shown as text only.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::chat::ToolDecision;
use skein_engine::{ToolApproval, ToolCall};

/// What the card shows of one call.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ToolCallView {
    pub id: String,
    pub name: String,
    /// The arguments, pretty-printed when they are valid JSON.
    pub arguments: String,
    /// `auto`, `pending`, `approved`, `denied` or `answered`.
    pub approval: &'static str,
    pub result: Option<String>,
    pub is_error: bool,
}

impl ToolCallView {
    pub fn of(call: &ToolCall) -> Self {
        let arguments = serde_json::from_str::<serde_json::Value>(&call.arguments)
            .ok()
            .and_then(|v| serde_json::to_string_pretty(&v).ok())
            .unwrap_or_else(|| call.arguments.clone());
        Self {
            id: call.id.clone(),
            name: call.name.clone(),
            arguments,
            approval: match call.approval {
                ToolApproval::Auto => "auto",
                ToolApproval::Pending => "pending",
                ToolApproval::Approved => "approved",
                ToolApproval::Denied { .. } => "denied",
                ToolApproval::Answered { .. } => "answered",
            },
            result: call.result.as_ref().map(|r| r.content.clone()),
            is_error: call.result.as_ref().is_some_and(|r| r.is_error),
        }
    }
}

/// The call's state as a word for styling (`data-state`) and as words for people.
fn state_of(approval: &str, has_result: bool, is_error: bool) -> (&'static str, &'static str) {
    match approval {
        "pending" => ("waiting", t("tool-call-waiting")),
        "denied" => ("denied", t("tool-call-denied")),
        "answered" => ("answered", t("tool-call-answered")),
        _ if is_error => ("failed", t("tool-call-failed")),
        _ if has_result => ("done", t("tool-call-ran")),
        _ => ("running", t("tool-call-running")),
    }
}

#[component]
pub fn ToolCallCard(
    call: ToolCallView,
    /// Reports the user's decision on a pending call.
    #[prop(into)]
    on_decide: Callback<(String, ToolDecision)>,
    /// A generation is running: decisions wait.
    #[prop(into)]
    busy: Signal<bool>,
    /// How far the call has got, as the tool last said (shown while it runs).
    #[prop(into)]
    progress: Signal<Option<String>>,
) -> impl IntoView {
    let answering = RwSignal::new(false);
    let answer = RwSignal::new(String::new());
    let pending = call.approval == "pending";
    let (state, label) = state_of(call.approval, call.result.is_some(), call.is_error);
    let (approve_id, deny_id, answer_id) = (call.id.clone(), call.id.clone(), call.id.clone());
    let send_answer = move || {
        let text = answer.get_untracked();
        if !text.trim().is_empty() {
            on_decide.run((answer_id.clone(), ToolDecision::Answer(text)));
            answering.set(false);
        }
    };
    view! {
        <div class="tool-call" data-testid="tool-call" data-tool-name=call.name.clone()
            data-approval=call.approval data-state=state role="group" aria-label=tf("tool-call-label", &[("name", (&call.name).into())])>
            <div class="tool-call-head">
                <span class="tool-name">{call.name.clone()}</span>
                <span class="tool-state" data-testid="tool-state">{label}</span>
            </div>
            {(state == "running").then_some(move || progress.get().map(|text| view! {
                <p class="tool-progress" data-testid="tool-progress" role="status">{text}</p>
            }))}
            <pre class="tool-arguments" data-testid="tool-arguments">{call.arguments.clone()}</pre>
            {call.result.clone().map(|result| view! {
                <details class="tool-result" class:error=call.is_error open=call.is_error>
                    <summary>{if call.is_error { t("tool-call-error") } else { t("tool-call-result") }}</summary>
                    <pre data-testid="tool-result">{result}</pre>
                </details>
            })}
            {pending.then(|| view! {
                <div class="tool-actions">
                    <button type="button" data-testid="approve-button" disabled=move || busy.get()
                        on:click=move |_| on_decide.run((approve_id.clone(), ToolDecision::Approve))>
                        {t("tool-call-approve")}
                    </button>
                    <button type="button" data-testid="deny-button" disabled=move || busy.get()
                        on:click=move |_| on_decide.run((deny_id.clone(), ToolDecision::Deny { reason: None }))>
                        {t("tool-call-deny")}
                    </button>
                    <button type="button" data-testid="answer-button" disabled=move || busy.get()
                        aria-expanded=move || answering.get().to_string()
                        on:click=move |_| answering.update(|a| *a = !*a)>{t("tool-call-answer")}</button>
                </div>
                <Show when=move || answering.get()>
                    <div class="tool-answer">
                        <textarea data-testid="tool-answer-input" rows="2"
                            aria-label=t("tool-call-answer-label")
                            prop:value=move || answer.get()
                            on:input=move |ev| answer.set(event_target_value(&ev))></textarea>
                        <button type="button" data-testid="tool-answer-send"
                            on:click={
                                let send_answer = send_answer.clone();
                                move |_| send_answer()
                            }>{t("tool-call-send-answer")}</button>
                    </div>
                </Show>
            })}
        </div>
    }
}
