//! The workflows screen's wiring (from the header's Workflows): templates and runs read from
//! storage when it opens, and what the user does there carried out through the engine's
//! workflow methods. A run is shown anew after every saved phase, so a reload or a closed tab
//! finds it where it stopped; opening a run that stopped in the middle of a call resumes it.

use crate::library::collection;
use crate::runtime::{Changed, Ready};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_components::{WorkflowAction, WorkflowView};
use skein_engine::workflow::export::{run_file_name, run_json, run_markdown};
use skein_engine::workflow::template_file::write_template;
use skein_engine::workflow::{ContextRef, WorkflowRun};
use skein_engine::{CancelToken, Clock};

/// How many recent chats the start form offers as context.
const CHAT_OPTIONS: usize = 20;

/// Opens the screen on its lists (closing the settings); the screen reads them
/// ([`read_lists`]) when its code has loaded.
pub fn open(state: AppState) {
    let screen = state.panels.workflows;
    state.shell.show_settings.set(false);
    screen.view.set(WorkflowView::Home);
    screen.feedback.set(None);
    screen.open.set(true);
}

/// Reads the templates and the runs into the screen's lists.
pub fn read_lists(ready: Ready) {
    let state = ready.state;
    let screen = state.panels.workflows;
    let runtime = ready.runtime;
    spawn_local(async move {
        let read = async {
            Ok::<_, skein_engine::ChatError>((
                runtime.service.workflow_templates().await?,
                runtime.service.workflow_runs().await?,
            ))
        };
        match read.await {
            Ok((templates, runs)) => {
                screen.templates.set(templates);
                screen.runs.set(runs);
            }
            Err(err) => say(state, Err(skein_components::explain(&err))),
        }
    });
}

/// The chats (most recent first) and knowledge bases a run can be given.
pub fn context_options(state: AppState) -> Vec<ContextRef> {
    let chats = state.chat.conversations.with(|list| {
        list.iter()
            .filter(|c| !c.temporary)
            .take(CHAT_OPTIONS)
            .map(|c| ContextRef::Conversation {
                id: c.id.clone(),
                title: c.title.clone(),
            })
            .collect::<Vec<_>>()
    });
    let bases = state.library.knowledge.with(|bases| {
        bases
            .iter()
            .map(|b| ContextRef::KnowledgeBase {
                id: b.id.clone(),
                name: b.name.clone(),
            })
            .collect::<Vec<_>>()
    });
    chats.into_iter().chain(bases).collect()
}

fn say(state: AppState, said: Result<String, String>) {
    state.panels.workflows.feedback.set(Some(said));
}

/// Shows `run` as saved (first in the list, as the most recently changed).
fn put_run(state: AppState, run: WorkflowRun) {
    state.panels.workflows.runs.update(|runs| {
        runs.retain(|r| r.id != run.id);
        runs.insert(0, run);
    });
}

fn find_run(state: AppState, id: &str) -> Option<WorkflowRun> {
    state
        .panels
        .workflows
        .runs
        .with_untracked(|runs| runs.iter().find(|r| r.id == id).cloned())
}

/// Carries run `id` forward: with `answer`, the current step's text first. Every saved phase
/// is shown at once.
async fn carry(ready: Ready, id: String, answer: Option<String>) {
    let state = ready.state;
    let runtime = ready.runtime;
    // A run's knowledge context is retrieved with the code that writes answers.
    if crate::chat::generation::equip(ready).await.is_err() {
        return;
    }
    let screen = state.panels.workflows;
    let token = CancelToken::new();
    *ready.runtime.workflow_call.borrow_mut() = Some(token.clone());
    screen.busy.set(true);
    screen.feedback.set(None);
    let settings = state.settings.provider.get_untracked();
    let on_saved = move |run: &WorkflowRun| put_run(state, run.clone());
    let service = &runtime.service;
    let carried = match &answer {
        Some(text) => {
            service
                .answer_workflow_step(&id, text, &settings, &token, &on_saved)
                .await
        }
        None => {
            service
                .advance_workflow_run(&id, &settings, &token, &on_saved)
                .await
        }
    };
    ready.runtime.workflow_call.borrow_mut().take();
    screen.busy.set(false);
    match carried {
        Ok(run) => {
            if answer.is_some() {
                screen.draft.set(String::new());
            }
            put_run(state, run);
        }
        Err(err) => say(state, Err(skein_components::explain(&err))),
    }
}

/// Opens run `id`, resuming it when it stopped before a call finished.
fn open_run(ready: Ready, id: String) {
    let state = ready.state;
    state.panels.workflows.draft.set(String::new());
    state
        .panels
        .workflows
        .view
        .set(WorkflowView::Run(id.clone()));
    // The engine's rule: a step that needs no answer from the user goes on by itself.
    let pending = find_run(state, &id).is_some_and(|run| run.resumes_on_open());
    if pending && !state.panels.workflows.busy.get_untracked() {
        spawn_local(carry(ready, id, None));
    }
}

pub fn act(ready: Ready, action: WorkflowAction) {
    let state = ready.state;
    let runtime = ready.runtime;
    let screen = state.panels.workflows;
    let service = &runtime.service;
    let put_templates = move |templates| screen.templates.set(templates);
    match action {
        WorkflowAction::Home => {
            screen.feedback.set(None);
            return screen.view.set(WorkflowView::Home);
        }
        WorkflowAction::Stop => {
            if let Some(token) = ready.runtime.workflow_call.borrow().clone() {
                token.cancel();
            }
            return;
        }
        WorkflowAction::New => {
            let count = screen.templates.with_untracked(|t| t.items.len());
            let template = skein_engine::workflow::WorkflowTemplate {
                id: String::new(),
                name: tf("workflow-default-name", &[("n", (count + 1).into())]),
                description: String::new(),
                steps: vec![skein_engine::workflow::WorkflowStep::question(
                    "",
                    "",
                    skein_engine::workflow::QuestionMode::Stock,
                )],
                updated_at_ms: 0.0,
            };
            screen.feedback.set(None);
            return screen.view.set(WorkflowView::Edit(template));
        }
        WorkflowAction::Edit(id) => {
            if let Some(template) = screen.templates.with_untracked(|t| t.get(&id).cloned()) {
                screen.feedback.set(None);
                screen.view.set(WorkflowView::Edit(template));
            }
            return;
        }
        WorkflowAction::Prepare(id) => {
            screen.feedback.set(None);
            return screen.view.set(WorkflowView::Start(id));
        }
        WorkflowAction::Open(id) => return open_run(ready, id),
        WorkflowAction::Answer(id, text) => return spawn_local(carry(ready, id, Some(text))),
        WorkflowAction::Advance(id) => return spawn_local(carry(ready, id, None)),
        WorkflowAction::Export(id) => {
            let said = match screen.templates.with_untracked(|t| t.get(&id).cloned()) {
                Some(template) => collection::download_bytes(
                    &skein_engine::store::export::safe_file_name(
                        &template.name,
                        "workflow",
                        "json",
                    ),
                    "application/json",
                    write_template(&template).as_bytes(),
                ),
                None => Err(t("workflow-gone").into()),
            };
            return say(state, said);
        }
        WorkflowAction::ExportMarkdown(ref id) | WorkflowAction::ExportJson(ref id) => {
            let markdown = matches!(action, WorkflowAction::ExportMarkdown(_));
            let id = id.clone();
            let said = match find_run(state, &id) {
                Some(run) if markdown => collection::download_bytes(
                    &run_file_name(&run, "md"),
                    "text/markdown",
                    skein_components::with_words(|words, rules| {
                        run_markdown(
                            &run,
                            runtime.service.clock().utc_offset_minutes(),
                            words,
                            rules,
                        )
                    })
                    .as_bytes(),
                ),
                Some(run) => collection::download_bytes(
                    &run_file_name(&run, "json"),
                    "application/json",
                    run_json(&run).as_bytes(),
                ),
                None => Err(t("workflow-run-gone").into()),
            };
            return say(state, said);
        }
        WorkflowAction::Save(template) => {
            let saved = async move {
                let (saved, templates) = service.save_workflow_template(template).await?;
                let said = tf("notice-saved-name", &[("name", (&saved.name).into())]);
                Ok((templates, said))
            };
            return collection::change(screen.feedback, saved, move |templates| {
                screen.templates.set(templates);
                screen.view.set(WorkflowView::Home);
            });
        }
        WorkflowAction::Import(input) => {
            let imported = move |name: String, bytes: Vec<u8>| async move {
                let (template, templates) = service.import_workflow_template(&bytes).await?;
                let said = tf(
                    "notice-workflow-imported",
                    &[
                        ("workflow", (&template.name).into()),
                        ("steps", (template.steps.len()).into()),
                        ("name", (&name).into()),
                    ],
                );
                Ok((templates, said))
            };
            return collection::import(input, screen.feedback, imported, put_templates);
        }
        WorkflowAction::Duplicate(id) => {
            let duplicated = async move {
                let templates = service.duplicate_workflow_template(&id).await?;
                Ok((templates, t("notice-duplicated").into()))
            };
            return collection::change(screen.feedback, duplicated, put_templates);
        }
        WorkflowAction::Delete(id) => {
            let name = screen
                .templates
                .with_untracked(|t| t.get(&id).map(|t| t.name.clone()))
                .unwrap_or_default();
            if !crate::page::confirm::confirm(&tf(
                "confirm-delete-workflow",
                &[("name", (&name).into())],
            )) {
                return;
            }
            let deleted = async move {
                let templates = service.delete_workflow_template(&id).await?;
                let said = tf("notice-deleted-name", &[("name", (&name).into())]);
                Ok((templates, said))
            };
            return collection::change(screen.feedback, deleted, put_templates);
        }
        WorkflowAction::DeleteRun(id) => {
            if !crate::page::confirm::confirm(t("confirm-delete-run")) {
                return;
            }
            let deleted = async move {
                service.delete_workflow_run(&id).await?;
                Ok((id, t("notice-run-deleted").into()))
            };
            return collection::change(screen.feedback, deleted, move |id: String| {
                screen.runs.update(|runs| runs.retain(|r| r.id != id));
            });
        }
        _ => {}
    }
    spawn_local(async move {
        match action {
            WorkflowAction::Draft(goal) => {
                screen.busy.set(true);
                let token = CancelToken::new();
                let drafted = service
                    .draft_workflow_template(
                        &goal,
                        &state.settings.provider.get_untracked(),
                        &token,
                    )
                    .await;
                screen.busy.set(false);
                match drafted {
                    Ok(template) => {
                        screen.view.set(WorkflowView::Edit(template));
                        say(state, Ok(t("notice-workflow-drafted").into()));
                    }
                    Err(err) => say(state, Err(skein_components::explain(&err))),
                }
            }
            WorkflowAction::Start(id, context) => {
                match service.start_workflow_run(&id, context).await {
                    Ok(run) => {
                        let run_id = run.id.clone();
                        put_run(state, run);
                        open_run(ready, run_id);
                    }
                    Err(err) => say(state, Err(skein_components::explain(&err))),
                }
            }
            WorkflowAction::EndDialogue(id) => match service.end_workflow_dialogue(&id).await {
                Ok(run) => {
                    put_run(state, run);
                    carry(ready, id, None).await;
                }
                Err(err) => say(state, Err(skein_components::explain(&err))),
            },
            WorkflowAction::ContinueAsChat(id) => {
                let assistant = Some(state.library.assistant_id.get_untracked());
                match service.continue_workflow_as_chat(&id, assistant).await {
                    Ok((conversation, _)) => {
                        let conversation_id = conversation.id.clone();
                        ready.changed(Changed::Conversation(conversation_id.clone()));
                        state.chat.upsert_conversation(conversation);
                        if let Ok(runs) = service.workflow_runs().await {
                            screen.runs.set(runs);
                        }
                        crate::chat::conversation::select(ready, conversation_id);
                    }
                    Err(err) => say(state, Err(skein_components::explain(&err))),
                }
            }
            _ => {}
        }
    });
}
