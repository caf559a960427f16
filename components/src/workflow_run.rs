//! One workflow run: every step with what was asked and answered (a dialogue's rounds, the
//! moderator's decisions and summary), and below them what the run needs now: an answer, the
//! next round's message, a wait for a model (with Stop), a failure to retry, or, once complete,
//! continuing as a chat. Everything a model wrote is shown as text.

use crate::i18n::{explain, t, tf};
use crate::workflow_action::WorkflowAction;
use leptos::prelude::*;
use skein_engine::workflow::{
    DialogueRound, ModeratorAction, NextAction, RunStatus, StepKind, StepRecord, WorkflowRun,
    WorkflowStep,
};

fn round_view(number: usize, round: DialogueRound) -> impl IntoView {
    let decision = round.decision.map(|d| match d.action {
        ModeratorAction::Continue => tf(
            "workflow-moderator-another",
            &[("prompt", (&d.next_user_prompt).into())],
        ),
        ModeratorAction::Finish => t("workflow-moderator-finished").to_owned(),
    });
    view! {
        <li class="workflow-round" data-testid="workflow-round">
            <p class="hint">{tf("workflow-round", &[("n", number.into()), ("prompt", round.prompt.into())])}</p>
            <p class="workflow-you" data-testid="workflow-round-user"><strong>{t("workflow-run-you")}" "</strong>{round.user}</p>
            {round.reply.map(|reply| view! {
                <p class="workflow-partner" data-testid="workflow-round-reply"><strong>{t("workflow-run-partner")}" "</strong>{reply}</p>
            })}
            {decision.map(|d| view! { <p class="hint" data-testid="workflow-round-decision">{d}</p> })}
        </li>
    }
}

fn step_view(index: usize, step: WorkflowStep, record: StepRecord, current: bool) -> impl IntoView {
    let state = if record.outcome.is_some() {
        "done"
    } else if current {
        "current"
    } else {
        "later"
    };
    let body = match step.kind.clone() {
        StepKind::Question { question, .. } => {
            let shown = record.question.clone().unwrap_or(question);
            view! {
                <p class="workflow-question" data-testid="workflow-question">
                    {shown}
                    {record.phrased.then(|| view! { <span class="tag" title=t("workflow-run-phrased-title")>{t("workflow-run-phrased")}</span> })}
                </p>
                {record.answer.clone().map(|a| view! {
                    <p class="workflow-you" data-testid="workflow-answer"><strong>{t("workflow-run-you")}" "</strong>{a}</p>
                })}
            }
            .into_any()
        }
        StepKind::Dialogue { prompt, .. } => view! {
            <p class="workflow-question">{prompt}</p>
            <ol class="workflow-rounds">
                {record.rounds.clone().into_iter().enumerate()
                    .map(|(i, round)| round_view(i + 1, round)).collect_view()}
            </ol>
            {record.summary.clone().map(|s| view! {
                <p class="workflow-summary" data-testid="workflow-summary"><strong>{t("workflow-run-moderator")}" "</strong>{s}</p>
            })}
        }
        .into_any(),
    };
    view! {
        <li class="workflow-step" data-testid="workflow-step" data-state=state
            aria-current=current.then_some("step")>
            <h4>{format!("{}. {}", index + 1, step_title(&step))}</h4>
            {body}
            {record.notice.map(|n| view! { <p class="notice" role="status" data-testid="workflow-notice">{explain(&n)}</p> })}
        </li>
    }
}

/// What the run is waiting for, in words, while a call runs.
fn waiting_for(next: &NextAction) -> &'static str {
    match next {
        NextAction::PrepareQuestion => t("workflow-waiting-question"),
        NextAction::DebateReply => t("workflow-waiting-partner"),
        NextAction::Moderate => t("workflow-waiting-moderator"),
        _ => t("workflow-waiting-save"),
    }
}

#[component]
pub fn WorkflowRunView(
    run: WorkflowRun,
    /// A call or a save of this run is under way.
    #[prop(into)]
    busy: Signal<bool>,
    /// The text being written for the current step (kept by the app until it is saved).
    draft: RwSignal<String>,
    #[prop(into)] on_action: Callback<WorkflowAction>,
) -> impl IntoView {
    let id = StoredValue::new(run.id.clone());
    let next = run.next();
    let (done, total) = run.progress();
    let progress = match &run.status {
        RunStatus::Active => tf(
            "workflow-progress",
            &[
                ("step", (run.current + 1).into()),
                ("total", total.into()),
                ("done", done.into()),
            ],
        ),
        RunStatus::Completed => tf("workflow-progress-complete", &[("total", total.into())]),
        RunStatus::ContinuedAsChat { .. } => t("workflow-progress-continued").to_owned(),
    };
    let act =
        move |action: fn(String) -> WorkflowAction| move |_| on_action.run(action(id.get_value()));
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let text = draft.get_untracked();
        if !text.trim().is_empty() && !busy.get_untracked() {
            on_action.run(WorkflowAction::Answer(id.get_value(), text));
        }
    };
    let steps: Vec<_> = run
        .snapshot
        .steps
        .iter()
        .cloned()
        .zip(run.steps.iter().cloned())
        .enumerate()
        .map(|(i, (step, record))| step_view(i, step, record, i == run.current))
        .collect();
    let waiting = waiting_for(&next);
    let action_area = match next {
        NextAction::Answer | NextAction::RoundInput { .. } => {
            let (label, send, dialogue) = match &next {
                NextAction::RoundInput { prompt } => {
                    (tf("workflow-your-answer-to", &[("prompt", prompt.into())]), t("workflow-send"), true)
                }
                _ => (t("workflow-your-answer").to_owned(), t("workflow-answer"), false),
            };
            view! {
                <form class="workflow-input" data-testid="workflow-input" on:submit=submit>
                    <label class="field">
                        <span data-testid="workflow-input-label">{label}</span>
                        <textarea data-testid="workflow-answer-input" rows="3" prop:value=move || draft.get()
                            on:input=move |ev| draft.set(event_target_value(&ev))></textarea>
                    </label>
                    <div class="form-actions">
                        <button type="submit" class="primary" data-testid="workflow-send"
                            disabled=move || busy.get() || draft.with(|d| d.trim().is_empty())>{send}</button>
                        {dialogue.then(|| view! {
                            <button type="button" data-testid="workflow-end-dialogue" disabled=move || busy.get()
                                on:click=act(WorkflowAction::EndDialogue)>{t("workflow-run-end-dialogue")}</button>
                        })}
                    </div>
                    <Show when=move || busy.get()>
                        <p class="hint" role="status" data-testid="workflow-waiting">{t("workflow-run-working")}</p>
                    </Show>
                </form>
            }
            .into_any()
        }
        NextAction::Failed { error } => view! {
            <div class="workflow-input">
                <p class="error" role="alert" data-testid="workflow-failure">{explain(&error)}</p>
                <div class="form-actions">
                    <button type="button" class="primary" data-testid="workflow-retry" disabled=move || busy.get()
                        on:click=act(WorkflowAction::Advance)>{t("workflow-run-try-again")}</button>
                    <button type="button" data-testid="workflow-end-dialogue" disabled=move || busy.get()
                        on:click=act(WorkflowAction::EndDialogue)>{t("workflow-run-end-dialogue")}</button>
                </div>
            </div>
        }
        .into_any(),
        NextAction::Done => {
            let continued = matches!(run.status, RunStatus::ContinuedAsChat { .. });
            view! {
                <div class="workflow-input" data-testid="workflow-complete">
                    <p>{t("workflow-run-complete")}</p>
                    <button type="button" class="primary" data-testid="workflow-continue-chat" disabled=move || busy.get()
                        on:click=act(WorkflowAction::ContinueAsChat)>
                        {if continued { t("workflow-run-open-chat") } else { t("workflow-run-continue-chat") }}
                    </button>
                </div>
            }
            .into_any()
        }
        _ => view! {
            <div class="workflow-input">
                <p class="hint" role="status" data-testid="workflow-waiting">
                    {move || if busy.get() { waiting } else { t("workflow-run-waiting") }}
                </p>
                <div class="form-actions">
                    <Show when=move || busy.get()
                        fallback=move || view! {
                            <button type="button" class="primary" data-testid="workflow-resume"
                                on:click=act(WorkflowAction::Advance)>{t("workflow-run-continue")}</button>
                        }>
                        <button type="button" data-testid="workflow-stop"
                            on:click=move |_| on_action.run(WorkflowAction::Stop)>{t("workflow-run-stop")}</button>
                    </Show>
                </div>
            </div>
        }
        .into_any(),
    };
    view! {
        <section class="workflow-run" data-testid="workflow-run" aria-label=tf("workflow-run-label", &[("name", (&run.snapshot.name).into())])>
            <div class="workflow-run-head">
                <h3 data-testid="workflow-run-name">{run.snapshot.name.clone()}</h3>
                <p class="hint" data-testid="workflow-progress">{progress}</p>
                <div class="form-actions">
                    <button type="button" data-testid="workflow-export-markdown"
                        on:click=act(WorkflowAction::ExportMarkdown)>{t("workflow-run-export-markdown")}</button>
                    <button type="button" data-testid="workflow-export-json"
                        on:click=act(WorkflowAction::ExportJson)>{t("workflow-run-export-json")}</button>
                    <button type="button" data-testid="workflow-run-close"
                        on:click=move |_| on_action.run(WorkflowAction::Home)>{t("workflow-run-all")}</button>
                </div>
            </div>
            <ol class="workflow-steps">{steps}</ol>
            {action_area}
        </section>
    }
}

/// A step's title, or its kind in the interface's words when it has none.
fn step_title(step: &WorkflowStep) -> String {
    if !step.title.trim().is_empty() {
        return step.title.clone();
    }
    match step.kind {
        StepKind::Question { .. } => t("workflow-kind-question").to_owned(),
        StepKind::Dialogue { .. } => t("workflow-kind-dialogue").to_owned(),
    }
}
