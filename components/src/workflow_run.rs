//! One workflow run: every step with what was asked and answered (a dialogue's rounds, the
//! moderator's decisions and summary), and below them what the run needs now: an answer, the
//! next round's message, a wait for a model (with Stop), a failure to retry, or, once complete,
//! continuing as a chat. Everything a model wrote is shown as text.

use crate::workflow_screen::WorkflowAction;
use leptos::prelude::*;
use skein_engine::workflow::{
    DialogueRound, ModeratorAction, NextAction, RunStatus, StepKind, StepRecord, WorkflowRun,
    WorkflowStep,
};

fn round_view(number: usize, round: DialogueRound) -> impl IntoView {
    let decision = round.decision.map(|d| match d.action {
        ModeratorAction::Continue => format!("Moderator: another round — {}", d.next_user_prompt),
        ModeratorAction::Finish => "Moderator: finished.".to_owned(),
    });
    view! {
        <li class="workflow-round" data-testid="workflow-round">
            <p class="hint">{format!("Round {number}: {}", round.prompt)}</p>
            <p class="workflow-you" data-testid="workflow-round-user"><strong>"You: "</strong>{round.user}</p>
            {round.reply.map(|reply| view! {
                <p class="workflow-partner" data-testid="workflow-round-reply"><strong>"Partner: "</strong>{reply}</p>
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
                    {record.phrased.then(|| view! { <span class="tag" title="Phrased by the model from your earlier answers">"phrased"</span> })}
                </p>
                {record.answer.clone().map(|a| view! {
                    <p class="workflow-you" data-testid="workflow-answer"><strong>"You: "</strong>{a}</p>
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
                <p class="workflow-summary" data-testid="workflow-summary"><strong>"Moderator's summary: "</strong>{s}</p>
            })}
        }
        .into_any(),
    };
    view! {
        <li class="workflow-step" data-testid="workflow-step" data-state=state
            aria-current=current.then_some("step")>
            <h4>{format!("{}. {}", index + 1, step.label())}</h4>
            {body}
            {record.notice.map(|n| view! { <p class="notice" role="status" data-testid="workflow-notice">{n}</p> })}
        </li>
    }
}

/// What the run is waiting for, in words, while a call runs.
fn waiting_for(next: &NextAction) -> &'static str {
    match next {
        NextAction::PrepareQuestion => "Phrasing the next question…",
        NextAction::DebateReply => "The dialogue partner is answering…",
        NextAction::Moderate => "The moderator is deciding…",
        _ => "Saving…",
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
        RunStatus::Active => format!("Step {} of {total} · {done} done", run.current + 1),
        RunStatus::Completed => format!("Complete · {total} steps"),
        RunStatus::ContinuedAsChat { .. } => "Complete · continued as a chat".to_owned(),
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
                    (format!("Your answer: {prompt}"), "Send", true)
                }
                _ => ("Your answer".to_owned(), "Answer", false),
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
                                on:click=act(WorkflowAction::EndDialogue)>"End this dialogue"</button>
                        })}
                    </div>
                    <Show when=move || busy.get()>
                        <p class="hint" role="status" data-testid="workflow-waiting">"Working…"</p>
                    </Show>
                </form>
            }
            .into_any()
        }
        NextAction::Failed { error } => view! {
            <div class="workflow-input">
                <p class="error" role="alert" data-testid="workflow-failure">{error}</p>
                <div class="form-actions">
                    <button type="button" class="primary" data-testid="workflow-retry" disabled=move || busy.get()
                        on:click=act(WorkflowAction::Advance)>"Try again"</button>
                    <button type="button" data-testid="workflow-end-dialogue" disabled=move || busy.get()
                        on:click=act(WorkflowAction::EndDialogue)>"End this dialogue"</button>
                </div>
            </div>
        }
        .into_any(),
        NextAction::Done => {
            let continued = matches!(run.status, RunStatus::ContinuedAsChat { .. });
            view! {
                <div class="workflow-input" data-testid="workflow-complete">
                    <p>"This run is complete. It stops here; continue it as a chat to talk its answers through."</p>
                    <button type="button" class="primary" data-testid="workflow-continue-chat" disabled=move || busy.get()
                        on:click=act(WorkflowAction::ContinueAsChat)>
                        {if continued { "Open its chat" } else { "Continue as chat" }}
                    </button>
                </div>
            }
            .into_any()
        }
        _ => view! {
            <div class="workflow-input">
                <p class="hint" role="status" data-testid="workflow-waiting">
                    {move || if busy.get() { waiting } else { "Waiting to continue." }}
                </p>
                <div class="form-actions">
                    <Show when=move || busy.get()
                        fallback=move || view! {
                            <button type="button" class="primary" data-testid="workflow-resume"
                                on:click=act(WorkflowAction::Advance)>"Continue"</button>
                        }>
                        <button type="button" data-testid="workflow-stop"
                            on:click=move |_| on_action.run(WorkflowAction::Stop)>"Stop"</button>
                    </Show>
                </div>
            </div>
        }
        .into_any(),
    };
    view! {
        <section class="workflow-run" data-testid="workflow-run" aria-label=format!("Run of {}", run.snapshot.name)>
            <div class="workflow-run-head">
                <h3 data-testid="workflow-run-name">{run.snapshot.name.clone()}</h3>
                <p class="hint" data-testid="workflow-progress">{progress}</p>
                <div class="form-actions">
                    <button type="button" data-testid="workflow-export-markdown"
                        on:click=act(WorkflowAction::ExportMarkdown)>"Export Markdown"</button>
                    <button type="button" data-testid="workflow-export-json"
                        on:click=act(WorkflowAction::ExportJson)>"Export JSON"</button>
                    <button type="button" data-testid="workflow-run-close"
                        on:click=move |_| on_action.run(WorkflowAction::Home)>"All workflows"</button>
                </div>
            </div>
            <ol class="workflow-steps">{steps}</ol>
            {action_area}
        </section>
    }
}
