//! The workflows screen: templates (new, drafted by a model from a goal, imported, edited,
//! duplicated, exported, deleted, started with chosen context) and runs (opened, resumed,
//! deleted), and the page of the template being edited, the run being started, or the run
//! open.

use crate::file_pick::{ImportButton, Said};
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

/// What the user did on the workflows screen.
#[derive(Debug, Clone)]
pub enum WorkflowAction {
    /// Back to the lists.
    Home,
    New,
    /// Ask the model for a template reaching this goal.
    Draft(String),
    Import(web_sys::HtmlInputElement),
    Edit(String),
    Save(WorkflowTemplate),
    Duplicate(String),
    Export(String),
    Delete(String),
    /// Choose the context of a run of this template.
    Prepare(String),
    Start(String, Vec<ContextRef>),
    Open(String),
    /// The text for the run's current step (an answer or a round's message).
    Answer(String, String),
    /// Carry the run forward (prepare a question, resume or retry a round).
    Advance(String),
    EndDialogue(String),
    ContinueAsChat(String),
    ExportMarkdown(String),
    ExportJson(String),
    DeleteRun(String),
    /// Stop the model call under way.
    Stop,
}

fn run_status(run: &WorkflowRun) -> String {
    let (done, total) = run.progress();
    match run.status {
        RunStatus::Active => format!("In progress: {done} of {total} steps done"),
        RunStatus::Completed => "Complete".to_owned(),
        RunStatus::ContinuedAsChat { .. } => "Complete, continued as a chat".to_owned(),
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
        return view! { <p class="error" role="alert">"That workflow is no longer stored."</p> }
            .into_any();
    };
    let chosen: RwSignal<Vec<ContextRef>> = RwSignal::new(Vec::new());
    let id = StoredValue::new(template.id.clone());
    view! {
        <form class="settings workflow-start" data-testid="workflow-start" aria-label="Start a run"
            on:submit=move |ev| {
                ev.prevent_default();
                on_action.run(WorkflowAction::Start(id.get_value(), chosen.get_untracked()));
            }>
            <h3>{format!("Start {}", template.name)}</h3>
            <p class="hint">{format!("{} steps. The run keeps these steps even if the workflow is edited later.", template.steps.len())}</p>
            <fieldset>
                <legend>"Context for every step (optional)"</legend>
                {move || options.with(Vec::is_empty).then(|| view! {
                    <p class="hint">"No earlier chats or knowledge bases yet."</p>
                })}
                <ContextChecks options chosen test_id="workflow-context" />
            </fieldset>
            <div class="form-actions">
                <button type="submit" class="primary" data-testid="workflow-start-run" disabled=move || busy.get()>"Start run"</button>
                <button type="button" on:click=move |_| on_action.run(WorkflowAction::Home)>"Cancel"</button>
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
                on:click=move |_| on_action.run(WorkflowAction::New)>"New workflow"</button>
            <ImportButton label="Import workflow" test_id="workflow-import" accept=".json,application/json"
                on_pick=move |input| on_action.run(WorkflowAction::Import(input)) />
        </div>
        <form class="workflow-draft" on:submit=draft>
            <label class="field">
                <span>"Or describe a goal in a line, and the model drafts the steps for you to edit"</span>
                <input type="text" data-testid="workflow-goal" placeholder="Prepare for a job interview"
                    prop:value=move || goal.get() on:input=move |ev| goal.set(event_target_value(&ev)) />
            </label>
            <button type="submit" data-testid="workflow-draft" disabled=move || busy.get() || goal.with(|g| g.trim().is_empty())>
                {move || if busy.get() { "Drafting…" } else { "Draft with the model" }}
            </button>
        </form>
        <h3>"Workflows"</h3>
        {move || templates.with(|t| t.items.is_empty()).then(|| view! {
            <p class="hint" data-testid="no-workflows">"No workflows yet. A workflow leads you through questions and moderated dialogue rounds, and keeps your answers."</p>
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
                                <span class="hint">{format!("{} steps", template.steps.len())}</span>
                            </div>
                            {(!template.description.is_empty()).then(|| view! { <p class="hint">{template.description.clone()}</p> })}
                            <div class="form-actions">
                                <button type="button" class="primary" data-testid="workflow-item-start" on:click=act(WorkflowAction::Prepare)>"Start"</button>
                                <button type="button" data-testid="workflow-item-edit" on:click=act(WorkflowAction::Edit)>"Edit"</button>
                                <button type="button" data-testid="workflow-item-duplicate" on:click=act(WorkflowAction::Duplicate)>"Duplicate"</button>
                                <button type="button" data-testid="workflow-item-export" on:click=act(WorkflowAction::Export)>"Export"</button>
                                <button type="button" class="danger" data-testid="workflow-item-delete" on:click=act(WorkflowAction::Delete)>"Delete"</button>
                            </div>
                        </li>
                    }
                } />
        </ul>
        <h3>"Runs"</h3>
        {move || runs.with(Vec::is_empty).then(|| view! { <p class="hint" data-testid="no-runs">"No runs yet."</p> })}
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
                                <button type="button" class="primary" data-testid="workflow-run-open" on:click=act(WorkflowAction::Open)>"Open"</button>
                                <button type="button" class="danger" data-testid="workflow-run-delete" on:click=act(WorkflowAction::DeleteRun)>"Delete"</button>
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
                None => view! { <p class="error" role="alert">"That run is no longer stored."</p> }
                    .into_any(),
            }
        }
        .into_any(),
    };
    view! {
        <section class="settings-screen workflows-screen" data-testid="workflows-screen" aria-label="Workflows">
            <div class="settings-header">
                <h2>"Workflows"</h2>
                <button type="button" data-testid="close-workflows" on:click=move |_| on_close.run(())>"Back to chat"</button>
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
