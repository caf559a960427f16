//! The workflows screen: templates (new, drafted by a model from a goal, imported, edited,
//! duplicated, exported, deleted, started with chosen context) and runs (opened, resumed,
//! deleted), and the page of the template being edited, the run being started, or the run
//! open.

use crate::file_pick::{ImportButton, Said};
use crate::i18n::{t, tf};
use crate::workflow_action::WorkflowAction;
use crate::workflow_editor::{ContextChecks, WorkflowEditor};
use crate::workflow_run::WorkflowRunView;
use leptos::prelude::*;
use skein_engine::workflow::{
    ContextRef, RunStatus, WorkflowRun, WorkflowTemplate, WorkflowTemplates,
};

/// The page of the workflows screen.
#[derive(Debug, Clone, PartialEq, Default)]
pub enum WorkflowView {
    #[default]
    Home,
    /// A template being edited (a new or drafted one is not stored until saved).
    Edit(WorkflowTemplate),
    /// Choosing the context of a run of the template with this ID.
    Start(String),
    /// The run with this ID.
    Run(String),
}

fn run_status(run: &WorkflowRun) -> String {
    let (done, total) = run.progress();
    match run.status {
        RunStatus::Active => tf(
            "workflow-status-active",
            &[("done", done.into()), ("total", total.into())],
        ),
        RunStatus::Completed => t("workflow-status-complete").to_owned(),
        RunStatus::ContinuedAsChat { .. } => t("workflow-status-continued").to_owned(),
    }
}

#[component]
fn StartForm(
    template: Option<WorkflowTemplate>,
    #[prop(into)] options: Signal<Vec<ContextRef>>,
    #[prop(into)] busy: Signal<bool>,
    on_action: Callback<WorkflowAction>,
) -> impl IntoView {
    let Some(template) = template else {
        return view! { <p class="error" role="alert">{t("workflow-gone")}</p> }.into_any();
    };
    let chosen: RwSignal<Vec<ContextRef>> = RwSignal::new(Vec::new());
    let id = StoredValue::new(template.id.clone());
    view! {
        <form class="settings workflow-start" data-testid="workflow-start" aria-label=t("workflow-start-label")
            on:submit=move |ev| {
                ev.prevent_default();
                on_action.run(WorkflowAction::Start(id.get_value(), chosen.get_untracked()));
            }>
            <h3>{tf("workflow-start-heading", &[("name", (&template.name).into())])}</h3>
            <p class="hint">{tf("workflow-start-steps", &[("n", template.steps.len().into())])}</p>
            <fieldset>
                <legend>{t("workflow-context")}</legend>
                {move || options.with(Vec::is_empty).then(|| view! {
                    <p class="hint">{t("workflow-context-none")}</p>
                })}
                <ContextChecks options chosen test_id="workflow-context" />
            </fieldset>
            <div class="form-actions">
                <button type="submit" class="primary" data-testid="workflow-start-run" disabled=move || busy.get()>{t("workflow-start-run")}</button>
                <button type="button" on:click=move |_| on_action.run(WorkflowAction::Home)>{t("workflow-cancel")}</button>
            </div>
        </form>
    }
    .into_any()
}

#[component]
fn Lists(
    #[prop(into)] templates: Signal<WorkflowTemplates>,
    #[prop(into)] runs: Signal<Vec<WorkflowRun>>,
    #[prop(into)] busy: Signal<bool>,
    on_action: Callback<WorkflowAction>,
) -> impl IntoView {
    let goal = RwSignal::new(String::new());
    let draft = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        on_action.run(WorkflowAction::Draft(goal.get_untracked()));
    };
    view! {
        <div class="gallery-bar">
            <button type="button" data-testid="workflow-new"
                on:click=move |_| on_action.run(WorkflowAction::New)>{t("workflow-new")}</button>
            <ImportButton label=t("workflow-import") test_id="workflow-import" accept=".json,application/json"
                on_pick=move |input| on_action.run(WorkflowAction::Import(input)) />
        </div>
        <form class="workflow-draft" on:submit=draft>
            <label class="field">
                <span>{t("workflow-draft-hint")}</span>
                <input type="text" data-testid="workflow-goal" placeholder=t("workflow-draft-placeholder")
                    prop:value=move || goal.get() on:input=move |ev| goal.set(event_target_value(&ev)) />
            </label>
            <button type="submit" data-testid="workflow-draft" disabled=move || busy.get() || goal.with(|g| g.trim().is_empty())>
                {move || if busy.get() { t("workflow-drafting") } else { t("workflow-draft") }}
            </button>
        </form>
        <h3>{t("workflow-heading")}</h3>
        {move || templates.with(|t| t.items.is_empty()).then(|| view! {
            <p class="hint" data-testid="no-workflows">{t("workflow-none")}</p>
        })}
        <ul class="workflow-list">
            <For each=move || templates.get().items
                key=|t| (t.id.clone(), t.name.clone(), t.steps.len(), t.updated_at_ms.to_bits())
                children=move |template| {
                    let id = StoredValue::new(template.id.clone());
                    let act = move |action: fn(String) -> WorkflowAction| move |_| on_action.run(action(id.get_value()));
                    view! {
                        <li class="workflow-item" data-testid="workflow-item">
                            <div class="world-book-head">
                                <strong data-testid="workflow-item-name">{template.name.clone()}</strong>
                                <span class="hint">{tf("workflow-steps", &[("n", template.steps.len().into())])}</span>
                            </div>
                            {(!template.description.is_empty()).then(|| view! { <p class="hint">{template.description.clone()}</p> })}
                            <div class="form-actions">
                                <button type="button" class="primary" data-testid="workflow-item-start" on:click=act(WorkflowAction::Prepare)>{t("workflow-start")}</button>
                                <button type="button" data-testid="workflow-item-edit" on:click=act(WorkflowAction::Edit)>{t("workflow-edit")}</button>
                                <button type="button" data-testid="workflow-item-duplicate" on:click=act(WorkflowAction::Duplicate)>{t("workflow-duplicate")}</button>
                                <button type="button" data-testid="workflow-item-export" on:click=act(WorkflowAction::Export)>{t("workflow-export")}</button>
                                <button type="button" class="danger" data-testid="workflow-item-delete" on:click=act(WorkflowAction::Delete)>{t("workflow-delete")}</button>
                            </div>
                        </li>
                    }
                } />
        </ul>
        <h3>{t("workflow-runs")}</h3>
        {move || runs.with(Vec::is_empty).then(|| view! { <p class="hint" data-testid="no-runs">{t("workflow-no-runs")}</p> })}
        <ul class="workflow-list">
            <For each=move || runs.get()
                key=|run| (run.id.clone(), run.updated_at_ms.to_bits())
                children=move |run| {
                    let id = StoredValue::new(run.id.clone());
                    let act = move |action: fn(String) -> WorkflowAction| move |_| on_action.run(action(id.get_value()));
                    view! {
                        <li class="workflow-item" data-testid="workflow-run-item">
                            <div class="world-book-head">
                                <strong>{run.snapshot.name.clone()}</strong>
                                <span class="hint" data-testid="workflow-run-status">{run_status(&run)}</span>
                            </div>
                            <div class="form-actions">
                                <button type="button" class="primary" data-testid="workflow-run-open" on:click=act(WorkflowAction::Open)>{t("workflow-open")}</button>
                                <button type="button" class="danger" data-testid="workflow-run-delete" on:click=act(WorkflowAction::DeleteRun)>{t("workflow-delete")}</button>
                            </div>
                        </li>
                    }
                } />
        </ul>
    }
}

#[component]
pub fn WorkflowScreen(
    #[prop(into)] templates: Signal<WorkflowTemplates>,
    #[prop(into)] runs: Signal<Vec<WorkflowRun>>,
    #[prop(into)] view: Signal<WorkflowView>,
    /// Earlier chats and knowledge bases a run can be given.
    #[prop(into)]
    context_options: Signal<Vec<ContextRef>>,
    /// A model call or a save is under way.
    #[prop(into)]
    busy: Signal<bool>,
    /// The text being written for the open run's current step.
    draft: RwSignal<String>,
    /// What the last action said (or why it failed).
    #[prop(into)]
    feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_action: Callback<WorkflowAction>,
    #[prop(into)] on_close: Callback<()>,
) -> impl IntoView {
    let error = Signal::derive(move || feedback.get().and_then(Result::err));
    let page = move || match view.get() {
        WorkflowView::Home => view! { <Lists templates runs busy on_action /> }.into_any(),
        WorkflowView::Edit(template) => view! {
            <WorkflowEditor template error options=context_options
                on_save=move |t| on_action.run(WorkflowAction::Save(t))
                on_close=move |()| on_action.run(WorkflowAction::Home) />
        }
        .into_any(),
        WorkflowView::Start(id) => {
            let template = templates.with_untracked(|t| t.get(&id).cloned());
            view! { <StartForm template options=context_options busy on_action /> }.into_any()
        }
        WorkflowView::Run(id) => {
            // The run is shown anew each time it is saved (after each phase of a round).
            move || match runs.with(|list| list.iter().find(|r| r.id == id).cloned()) {
                Some(run) => view! { <WorkflowRunView run busy draft on_action /> }.into_any(),
                None => {
                    view! { <p class="error" role="alert">{t("workflow-run-gone")}</p> }.into_any()
                }
            }
        }
        .into_any(),
    };
    view! {
        <section class="settings-screen workflows-screen" data-testid="workflows-screen" aria-label=t("workflow-heading")>
            <div class="settings-header">
                <h2>{t("workflow-heading")}</h2>
                <button type="button" data-testid="close-workflows" on:click=move |_| on_close.run(())>{t("workflow-back-to-chat")}</button>
            </div>
            <div class="workflows-body">
                {move || (!matches!(view.get(), WorkflowView::Edit(_))).then(|| view! {
                    <Said said=feedback test_id="workflow-feedback" />
                })}
                {page}
            </div>
        </section>
    }
}
