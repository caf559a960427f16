//! Editing a workflow template: its name and description, and its steps in order, each a
//! question (asked as written or phrased by a model from the earlier answers) or a dialogue
//! (an opening prompt, how the partner and the moderator behave, a round limit, their models).
//! The engine checks the template when it is saved and names the step of a problem.

use crate::fields::{choice, line, text_field};
use crate::i18n::{t, tf, with_words};
use leptos::prelude::*;
use skein_engine::workflow::template::{DEFAULT_ROUNDS, MAX_ROUNDS};
use skein_engine::workflow::{ContextRef, QuestionMode, StepKind, WorkflowStep, WorkflowTemplate};

const KINDS: [(&str, &str); 2] = [
    ("question", "workflow-kind-question"),
    ("dialogue", "workflow-kind-dialogue"),
];
const MODES: [(&str, &str); 2] = [
    ("stock", "workflow-mode-stock"),
    ("model_phrased", "workflow-mode-phrased"),
];

/// One step being edited: a signal per field, and the step it started from (its context
/// references are kept).
#[derive(Clone, Copy)]
struct StepDraft {
    key: usize,
    original: StoredValue<WorkflowStep>,
    title: RwSignal<String>,
    kind: RwSignal<String>,
    question: RwSignal<String>,
    mode: RwSignal<String>,
    prompt: RwSignal<String>,
    debate_instructions: RwSignal<String>,
    moderator_instructions: RwSignal<String>,
    max_rounds: RwSignal<String>,
    debate_model: RwSignal<String>,
    moderator_model: RwSignal<String>,
    context_refs: RwSignal<Vec<ContextRef>>,
}

impl StepDraft {
    fn new(key: usize, step: &WorkflowStep) -> Self {
        let text = |s: &str| RwSignal::new(s.to_owned());
        let (mut question, mut mode) = (String::new(), "stock");
        let (mut prompt, mut debate, mut moderator) = (String::new(), String::new(), String::new());
        let (mut rounds, mut debate_model, mut moderator_model) =
            (DEFAULT_ROUNDS, String::new(), String::new());
        let kind = match &step.kind {
            StepKind::Question {
                question: q,
                mode: m,
            } => {
                question = q.clone();
                if *m == QuestionMode::ModelPhrased {
                    mode = "model_phrased";
                }
                "question"
            }
            StepKind::Dialogue {
                prompt: p,
                debate_instructions,
                moderator_instructions,
                max_rounds,
                debate_model: dm,
                moderator_model: mm,
            } => {
                prompt = p.clone();
                debate = debate_instructions.clone();
                moderator = moderator_instructions.clone();
                rounds = *max_rounds;
                debate_model = dm.clone();
                moderator_model = mm.clone();
                "dialogue"
            }
        };
        Self {
            key,
            original: StoredValue::new(step.clone()),
            title: text(&step.title),
            kind: text(kind),
            question: RwSignal::new(question),
            mode: text(mode),
            prompt: RwSignal::new(prompt),
            debate_instructions: RwSignal::new(debate),
            moderator_instructions: RwSignal::new(moderator),
            max_rounds: RwSignal::new(rounds.to_string()),
            debate_model: RwSignal::new(debate_model),
            moderator_model: RwSignal::new(moderator_model),
            context_refs: RwSignal::new(step.context_refs.clone()),
        }
    }

    fn step(&self) -> WorkflowStep {
        let kind = if self.kind.get_untracked() == "dialogue" {
            StepKind::Dialogue {
                prompt: self.prompt.get_untracked(),
                debate_instructions: self.debate_instructions.get_untracked(),
                moderator_instructions: self.moderator_instructions.get_untracked(),
                // Out of range stays out of range: the engine names the step.
                max_rounds: self.max_rounds.get_untracked().trim().parse().unwrap_or(0),
                debate_model: self.debate_model.get_untracked().trim().to_owned(),
                moderator_model: self.moderator_model.get_untracked().trim().to_owned(),
            }
        } else {
            StepKind::Question {
                question: self.question.get_untracked(),
                mode: if self.mode.get_untracked() == "model_phrased" {
                    QuestionMode::ModelPhrased
                } else {
                    QuestionMode::Stock
                },
            }
        };
        WorkflowStep {
            title: self.title.get_untracked().trim().to_owned(),
            kind,
            context_refs: self.context_refs.get_untracked(),
            ..self.original.get_value()
        }
    }
}

/// A checkbox per chat or knowledge base of `options`, ticked when in `chosen`.
#[component]
pub(crate) fn ContextChecks(
    #[prop(into)] options: Signal<Vec<ContextRef>>,
    chosen: RwSignal<Vec<ContextRef>>,
    test_id: &'static str,
) -> impl IntoView {
    view! {
        <For each=move || options.get() key=|option| option.clone() children=move |option| {
            let label = with_words(|w, r| option.label_phrase().words(w, r));
            let value = StoredValue::new(option);
            let checked = move || chosen.with(|list| list.contains(&value.get_value()));
            view! {
                <label class="check">
                    <input type="checkbox" data-testid=test_id prop:checked=checked
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            chosen.update(|list| {
                                list.retain(|c| *c != value.get_value());
                                if on { list.push(value.get_value()); }
                            });
                        } />
                    {label}
                </label>
            }
        } />
    }
}

#[component]
fn StepEditor(
    draft: StepDraft,
    #[prop(into)] number: Signal<usize>,
    #[prop(into)] count: Signal<usize>,
    /// Earlier chats and knowledge bases the step can be given.
    #[prop(into)]
    options: Signal<Vec<ContextRef>>,
    on_move: Callback<(usize, isize)>,
    on_remove: Callback<usize>,
) -> impl IntoView {
    let dialogue = move || draft.kind.get() == "dialogue";
    // The options, and what the step already names that is no longer offered.
    let listed = move || {
        let mut all = options.get();
        for chosen in draft.context_refs.get() {
            if !all.contains(&chosen) {
                all.push(chosen);
            }
        }
        all
    };
    let summary = move || match draft.context_refs.with(Vec::len) {
        0 => t("workflow-step-context-none").to_owned(),
        n => tf("workflow-step-context", &[("n", n.into())]),
    };
    let key = draft.key;
    view! {
        <fieldset class="workflow-step-editor" data-testid="workflow-step-editor">
            <legend>{move || tf("workflow-step", &[("n", number.get().into())])}</legend>
            <div class="row">
                {line(t("workflow-step-title"), draft.title, "workflow-step-title", "text")}
                {choice(t("workflow-step-kind"), draft.kind, "workflow-step-kind", &KINDS)}
            </div>
            <Show when=move || !dialogue()>
                {text_field(t("workflow-kind-question"), draft.question, "workflow-step-question", "2")}
                {choice(t("workflow-step-ask"), draft.mode, "workflow-step-mode", &MODES)}
            </Show>
            <Show when=dialogue>
                {text_field(t("workflow-step-opening"), draft.prompt, "workflow-step-prompt", "2")}
                {text_field(t("workflow-step-partner"), draft.debate_instructions, "workflow-step-debate", "2")}
                {text_field(t("workflow-step-moderator"), draft.moderator_instructions, "workflow-step-moderator", "2")}
                <div class="row">
                    {line(t("workflow-step-rounds"), draft.max_rounds, "workflow-step-rounds", "number")}
                    {line(t("workflow-step-partner-model"), draft.debate_model, "workflow-step-debate-model", "text")}
                    {line(t("workflow-step-moderator-model"), draft.moderator_model, "workflow-step-moderator-model", "text")}
                </div>
                <p class="hint">{tf("workflow-rounds-hint", &[("max", MAX_ROUNDS.into())])}</p>
            </Show>
            <details class="workflow-step-context">
                <summary data-testid="workflow-step-context-summary">{summary}</summary>
                <ContextChecks options=Signal::derive(listed) chosen=draft.context_refs test_id="workflow-step-context" />
            </details>
            <div class="form-actions">
                <button type="button" data-testid="workflow-step-up" disabled=move || { number.get() <= 1 }
                    on:click=move |_| on_move.run((key, -1))>{t("workflow-move-up")}</button>
                <button type="button" data-testid="workflow-step-down" disabled=move || { number.get() >= count.get() }
                    on:click=move |_| on_move.run((key, 1))>{t("workflow-move-down")}</button>
                <button type="button" class="danger" data-testid="workflow-step-remove"
                    on:click=move |_| on_remove.run(key)>{t("workflow-remove-step")}</button>
            </div>
        </fieldset>
    }
}

#[component]
pub fn WorkflowEditor(
    template: WorkflowTemplate,
    /// Earlier chats and knowledge bases a step can be given.
    #[prop(into)]
    options: Signal<Vec<ContextRef>>,
    /// Why the last save was refused (the engine names the step).
    #[prop(into)]
    error: Signal<Option<String>>,
    #[prop(into)] on_save: Callback<WorkflowTemplate>,
    #[prop(into)] on_close: Callback<()>,
) -> impl IntoView {
    let original = StoredValue::new(template.clone());
    let name = RwSignal::new(template.name.clone());
    let description = RwSignal::new(template.description.clone());
    let next_key = StoredValue::new(template.steps.len());
    let steps = RwSignal::new(
        template
            .steps
            .iter()
            .enumerate()
            .map(|(i, step)| StepDraft::new(i, step))
            .collect::<Vec<_>>(),
    );
    let position = move |key: usize| steps.with(|list| list.iter().position(|d| d.key == key));
    let remove = Callback::new(move |key: usize| {
        steps.update(|list| list.retain(|d| d.key != key));
    });
    let shift = Callback::new(move |(key, by): (usize, isize)| {
        steps.update(|list| {
            let Some(from) = list.iter().position(|d| d.key == key) else {
                return;
            };
            let to = from as isize + by;
            if (0..list.len() as isize).contains(&to) {
                list.swap(from, to as usize);
            }
        });
    });
    let add = move |dialogue: bool| {
        let key = next_key.get_value();
        next_key.set_value(key + 1);
        let step = if dialogue {
            WorkflowStep::dialogue("", "", DEFAULT_ROUNDS)
        } else {
            WorkflowStep::question("", "", QuestionMode::Stock)
        };
        steps.update(|list| list.push(StepDraft::new(key, &step)));
    };
    let save = move |_| {
        on_save.run(WorkflowTemplate {
            name: name.get_untracked().trim().to_owned(),
            description: description.get_untracked().trim().to_owned(),
            steps: steps.get_untracked().iter().map(StepDraft::step).collect(),
            ..original.get_value()
        });
    };
    let count = Signal::derive(move || steps.with(Vec::len));
    view! {
        <form class="settings workflow-editor" data-testid="workflow-editor" aria-label=t("workflow-editor-label")
            on:submit=|ev| ev.prevent_default()>
            <h3>{move || tf("workflow-editor-heading", &[("name", name.get().into())])}</h3>
            {line(t("workflow-name"), name, "workflow-name", "text")}
            {text_field(t("workflow-description"), description, "workflow-description", "2")}
            <p class="hint">{t("workflow-runs-keep")}</p>
            <For each=move || steps.get() key=|draft| draft.key children=move |draft| {
                let number = Signal::derive(move || position(draft.key).map_or(0, |i| i + 1));
                view! { <StepEditor draft number count options on_move=shift on_remove=remove /> }
            } />
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="workflow-error">{e}</p> })}
            <div class="form-actions">
                <button type="button" data-testid="workflow-add-question" on:click=move |_| add(false)>{t("workflow-add-question")}</button>
                <button type="button" data-testid="workflow-add-dialogue" on:click=move |_| add(true)>{t("workflow-add-dialogue")}</button>
                <button type="submit" class="primary" data-testid="workflow-save" on:click=save>{t("workflow-save")}</button>
                <button type="button" data-testid="workflow-close" on:click=move |_| on_close.run(())>{t("workflow-back")}</button>
            </div>
        </form>
    }
}
