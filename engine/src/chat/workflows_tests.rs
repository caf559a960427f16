use super::*;
use crate::test_fixtures::*;
use crate::workflow::template_file::write_template;
use crate::workflow::{ModeratorAction, QuestionMode, StepOutcome, WorkflowStep, WorkflowTemplate};
use futures_executor::block_on;
use std::cell::RefCell;

fn three_steps() -> WorkflowTemplate {
    let mut dialogue = WorkflowStep::dialogue("Defend", "Why should we hire you?", 3);
    if let StepKind::Dialogue {
        moderator_model, ..
    } = &mut dialogue.kind
    {
        *moderator_model = "judge-model".into();
    }
    WorkflowTemplate {
        id: String::new(),
        name: "Interview".into(),
        description: String::new(),
        steps: vec![
            WorkflowStep::question("Role", "Which role?", QuestionMode::Stock),
            WorkflowStep::question("Why", "Why this role?", QuestionMode::ModelPhrased),
            dialogue,
        ],
        updated_at_ms: 0.0,
    }
}

fn saved_template(service: &Service) -> WorkflowTemplate {
    block_on(service.save_workflow_template(three_steps()))
        .unwrap()
        .0
}

fn requests(service: &Service) -> usize {
    service.client().transport().requests.borrow().len()
}

fn no_saves(_: &WorkflowRun) {}

fn advance(service: &Service, id: &str) -> WorkflowRun {
    block_on(service.advance_workflow_run(id, &settings(), &CancelToken::new(), &no_saves)).unwrap()
}

fn answer(service: &Service, id: &str, text: &str) -> WorkflowRun {
    block_on(service.answer_workflow_step(id, text, &settings(), &CancelToken::new(), &no_saves))
        .unwrap()
}

fn moderator(action: &str, next: &str, summary: &str) -> Script {
    json_completion(
        &serde_json::json!({"action": action, "next_user_prompt": next, "moderator_summary": summary})
            .to_string(),
    )
}

/// A run of the three-step template, its first (stock) question answered and its second
/// phrased by the model.
fn at_dialogue(mut scripts: Vec<Script>) -> (Service, WorkflowRun) {
    scripts.insert(
        0,
        json_completion("Why data engineering, after your years in QA?"),
    );
    let service = service(scripts);
    let template = saved_template(&service);
    let run = block_on(service.start_workflow_run(&template.id, Vec::new())).unwrap();
    let run = advance(&service, &run.id);
    assert_eq!(requests(&service), 0, "a stock question calls no model");
    let run = answer(&service, &run.id, "Data engineer");
    assert_eq!(
        run.steps[1].question.as_deref(),
        Some("Why data engineering, after your years in QA?")
    );
    let run = answer(&service, &run.id, "I like pipelines.");
    (service, run)
}

#[test]
fn templates_are_checked_given_ids_duplicated_and_deleted() {
    let service = service(Vec::new());
    let mut broken = three_steps();
    broken.steps[1] = WorkflowStep::question("", " ", QuestionMode::Stock);
    let err = block_on(service.save_workflow_template(broken)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "Step 2 has no question: write what the user is asked."
    );
    assert!(block_on(service.workflow_templates())
        .unwrap()
        .items
        .is_empty());

    let template = saved_template(&service);
    assert!(!template.id.is_empty() && template.steps.iter().all(|s| !s.id.is_empty()));
    assert_eq!(template.updated_at_ms, 1_000.0);
    let templates = block_on(service.duplicate_workflow_template(&template.id)).unwrap();
    assert_eq!(templates.items.len(), 2);
    assert_eq!(templates.items[1].name, "Interview (copy)");
    let templates = block_on(service.delete_workflow_template(&template.id)).unwrap();
    assert_eq!(templates.items.len(), 1);
}

#[test]
fn an_import_with_an_unknown_step_kind_stores_nothing() {
    let service = service(Vec::new());
    saved_template(&service);
    let bad = br#"{"name":"Poll","steps":[{"kind":"poll","options":["a","b"]}]}"#;
    let err = block_on(service.import_workflow_template(bad)).unwrap_err();
    assert!(err
        .to_string()
        .contains("Step 1 is of a kind Skein does not know (“poll”)"));
    assert_eq!(
        block_on(service.workflow_templates()).unwrap().items.len(),
        1
    );
    let exported = write_template(&three_steps());
    let (imported, all) = block_on(service.import_workflow_template(exported.as_bytes())).unwrap();
    assert_eq!(all.items.len(), 2);
    assert_eq!(imported.steps.len(), 3);
}

#[test]
fn a_run_keeps_its_snapshot_when_the_template_changes() {
    let service = service(Vec::new());
    let mut template = saved_template(&service);
    let run = block_on(service.start_workflow_run(&template.id, Vec::new())).unwrap();
    template.steps.truncate(1);
    template.name = "Shorter".into();
    block_on(service.save_workflow_template(template)).unwrap();
    let run = advance(&service, &run.id);
    assert_eq!(run.snapshot.steps.len(), 3);
    assert_eq!(run.name(), "Interview");
    let stored = block_on(service.workflow_runs()).unwrap();
    assert_eq!(stored[0].snapshot.steps.len(), 3);
}

#[test]
fn a_model_phrased_question_hears_the_earlier_answers() {
    let (service, _) = at_dialogue(Vec::new());
    let body = request_body(&service, 0);
    assert_eq!(body["stream"], false);
    let user = body["messages"][1]["content"].as_str().unwrap();
    assert!(user.contains("Q: Which role?\nA: Data engineer"), "{user}");
    assert!(user.contains("Why this role?"));
}

#[test]
fn a_failed_phrasing_shows_the_stock_question_with_a_notice() {
    let service = service(vec![json_response(
        400,
        r#"{"error":{"message":"model not loaded"}}"#,
    )]);
    let template = saved_template(&service);
    let run = block_on(service.start_workflow_run(&template.id, Vec::new())).unwrap();
    advance(&service, &run.id);
    let run = answer(&service, &run.id, "Data engineer");
    let record = &run.steps[1];
    assert_eq!(record.question.as_deref(), Some("Why this role?"));
    assert!(!record.phrased);
    let notice = record.notice.as_ref().unwrap().to_string();
    assert!(
        notice.starts_with("The model could not phrase this question ("),
        "{notice}"
    );
    assert!(notice.contains("model not loaded") && notice.ends_with("shown as written."));
    assert_eq!(run.next(), NextAction::Answer);
}

#[test]
fn each_phase_of_a_round_is_saved_before_the_next_call_and_the_moderator_ends_the_step() {
    let (service, run) = at_dialogue(vec![
        json_completion("Pipelines are not a reason."),
        moderator("continue", "Name one pipeline you built.", ""),
        json_completion("Better."),
        moderator("finish", "", "The candidate named a concrete pipeline."),
    ]);
    assert_eq!(
        run.next(),
        NextAction::RoundInput {
            prompt: "Why should we hire you?".into()
        }
    );
    let saves: RefCell<Vec<(usize, WorkflowRun)>> = RefCell::default();
    let record = |run: &WorkflowRun| saves.borrow_mut().push((requests(&service), run.clone()));
    let run = block_on(service.answer_workflow_step(
        &run.id,
        "I ship.",
        &settings(),
        &CancelToken::new(),
        &record,
    ))
    .unwrap();
    let saves = saves.take();
    // Claimed before the debate call (1 request so far: the phrasing), the reply saved before
    // the moderator's call, the decision after it.
    assert_eq!(saves.len(), 3);
    assert_eq!(saves[0].0, 1);
    assert_eq!(saves[0].1.steps[2].rounds[0].user, "I ship.");
    assert!(saves[0].1.steps[2].rounds[0].reply.is_none());
    assert_eq!(saves[1].0, 2);
    assert_eq!(
        saves[1].1.steps[2].rounds[0].reply.as_deref(),
        Some("Pipelines are not a reason.")
    );
    assert_eq!(saves[2].0, 3);
    assert_eq!(
        run.next(),
        NextAction::RoundInput {
            prompt: "Name one pipeline you built.".into()
        }
    );
    assert_eq!(request_body(&service, 2)["model"], "judge-model");
    assert_eq!(request_body(&service, 1)["model"], "mock-model");

    let run = answer(&service, &run.id, "The billing ETL.");
    // The second debate request replays the first round.
    let debate = request_body(&service, 3);
    let turns: Vec<&str> = debate["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["content"].as_str().unwrap())
        .collect();
    assert!(turns.contains(&"Pipelines are not a reason."));
    assert_eq!(
        *turns.last().unwrap(),
        "(Asked: Name one pipeline you built.)\n\nThe billing ETL."
    );
    assert_eq!(run.status, RunStatus::Completed);
    let record = &run.steps[2];
    assert_eq!(record.outcome, Some(StepOutcome::Finished));
    assert_eq!(
        record.summary.as_deref(),
        Some("The candidate named a concrete pipeline.")
    );
    assert_eq!(
        record.rounds[1].decision.as_ref().unwrap().action,
        ModeratorAction::Finish
    );
}

#[test]
fn an_invalid_moderator_answer_is_reported_and_retrying_asks_only_the_moderator() {
    let (service, run) = at_dialogue(vec![
        json_completion("Hm."),
        json_completion("I think the user should go on."),
        moderator("finish", "", "Done."),
    ]);
    let run = answer(&service, &run.id, "I ship.");
    let NextAction::Failed { error } = run.next() else {
        panic!("{:?}", run.next());
    };
    assert!(
        error
            .to_string()
            .starts_with("The moderator did not answer with JSON"),
        "{error}"
    );
    assert_eq!(run.steps[2].rounds[0].reply.as_deref(), Some("Hm."));
    let stored = block_on(service.workflow_runs()).unwrap();
    assert!(
        matches!(stored[0].next(), NextAction::Failed { .. }),
        "saved as failed"
    );
    let before = requests(&service);
    let run = advance(&service, &run.id);
    assert_eq!(
        requests(&service),
        before + 1,
        "only the moderator is asked again"
    );
    assert_eq!(run.status, RunStatus::Completed);
}

#[test]
fn a_moderator_that_always_continues_is_stopped_at_the_round_limit() {
    let mut scripts = Vec::new();
    for _ in 0..3 {
        scripts.push(json_completion("Again."));
        scripts.push(moderator("continue", "More?", "Going in circles."));
    }
    let (service, mut run) = at_dialogue(scripts);
    for _ in 0..3 {
        run = answer(&service, &run.id, "More.");
    }
    assert_eq!(run.status, RunStatus::Completed);
    assert_eq!(run.steps[2].rounds.len(), 3);
    assert_eq!(run.steps[2].outcome, Some(StepOutcome::RoundLimit));
    assert!(run.steps[2]
        .notice
        .as_ref()
        .unwrap()
        .to_string()
        .contains("allows 3"));
    assert_eq!(requests(&service), 7);
}

#[test]
fn a_finished_run_continues_as_a_chat_with_its_answers_once() {
    let (service, run) = at_dialogue(vec![
        json_completion("Fine."),
        moderator("finish", "", "Convincing."),
    ]);
    assert!(block_on(service.continue_workflow_as_chat(&run.id, None)).is_err());
    let run = answer(&service, &run.id, "I ship.");
    let (conversation, branch) =
        block_on(service.continue_workflow_as_chat(&run.id, Some("a1".into()))).unwrap();
    assert_eq!(conversation.title, "Interview");
    assert_eq!(conversation.assistant_id.as_deref(), Some("a1"));
    let (stored, messages) = stored(&service);
    assert_eq!(stored.id, conversation.id);
    assert_eq!(messages.len(), 1);
    assert_eq!(messages[0].role, Role::System);
    let text = messages[0].text();
    assert!(
        text.contains("A: Data engineer") && text.contains("Convincing."),
        "{text}"
    );
    assert_eq!(branch.len(), 1);
    let runs = block_on(service.workflow_runs()).unwrap();
    assert_eq!(
        runs[0].status,
        RunStatus::ContinuedAsChat {
            conversation_id: conversation.id.clone()
        }
    );
    let (again, _) = block_on(service.continue_workflow_as_chat(&run.id, None)).unwrap();
    assert_eq!(again.id, conversation.id, "the same chat opens again");
}

#[test]
fn an_earlier_chat_given_as_context_reaches_the_phrasing_request() {
    let service = service(vec![
        sse(200, &content_chunks(&["Noted."], true), 64),
        json_completion("Phrased?"),
    ]);
    let reply = send(&service, None, "I worked five years at Acme.");
    let template = saved_template(&service);
    let context = vec![
        ContextRef::Conversation {
            id: reply.conversation_id.clone(),
            title: "CV".into(),
        },
        ContextRef::Conversation {
            id: "gone".into(),
            title: "Deleted".into(),
        },
    ];
    let run = block_on(service.start_workflow_run(&template.id, context)).unwrap();
    advance(&service, &run.id);
    let run = answer(&service, &run.id, "Data engineer");
    let user = request_body(&service, 1)["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(
        user.contains("## Chat “CV”\nUser: I worked five years at Acme.\n\nAssistant: Noted."),
        "{user}"
    );
    assert!(run.steps[1]
        .notice
        .as_ref()
        .unwrap()
        .to_string()
        .contains("Chat “Deleted” is no longer stored"));
}

#[test]
fn a_draft_from_a_goal_is_a_runnable_template_or_a_clear_refusal() {
    let draft = r#"```json
{"name":"Plan a move","steps":[{"kind":"question","title":"Where","question":"Where to?"},
{"kind":"dialogue","title":"Doubts","prompt":"What worries you?","max_rounds":2}]}
```"#;
    let service = service(vec![
        json_completion(draft),
        json_completion(r#"{"name":"X","steps":[{"kind":"vote"}]}"#),
    ]);
    let cancel = CancelToken::new();
    assert!(block_on(service.draft_workflow_template(" ", &settings(), &cancel)).is_err());
    let template =
        block_on(service.draft_workflow_template("Move abroad", &settings(), &cancel)).unwrap();
    assert_eq!(template.name, "Plan a move");
    assert!(!template.id.is_empty());
    assert!(
        block_on(service.workflow_templates())
            .unwrap()
            .items
            .is_empty(),
        "not stored"
    );
    let goal = request_body(&service, 0)["messages"][1]["content"]
        .as_str()
        .unwrap()
        .to_owned();
    assert!(goal.contains("Move abroad"));
    let err = block_on(service.draft_workflow_template("Vote", &settings(), &cancel))
        .unwrap_err()
        .to_string();
    assert!(
        err.starts_with("The model's draft cannot be used: Step 1"),
        "{err}"
    );
}

#[test]
fn a_backup_carries_the_workflows_and_their_runs_once() {
    let (original, _) = at_dialogue(Vec::new());
    let text = block_on(original.backup(false)).unwrap();
    let fresh = service(Vec::new());
    block_on(fresh.import_file(text.as_bytes())).unwrap();
    block_on(fresh.import_file(text.as_bytes())).unwrap();
    assert_eq!(
        block_on(fresh.workflow_templates()).unwrap(),
        block_on(original.workflow_templates()).unwrap()
    );
    let runs = block_on(fresh.workflow_runs()).unwrap();
    assert_eq!(runs, block_on(original.workflow_runs()).unwrap());
    assert_eq!(runs.len(), 1, "a second restore adds nothing");
    assert_eq!(runs[0].steps[0].answer.as_deref(), Some("Data engineer"));
}

#[test]
fn a_knowledge_base_given_to_a_step_is_searched_with_the_latest_message() {
    let service = service_over(
        vec![
            json_completion("Shade, then."),
            moderator("finish", "", "Ferns settled."),
        ],
        std::rc::Rc::new(crate::MemoryStore::new()),
    );
    let base = block_on(service.create_knowledge_base("Garden")).unwrap();
    block_on(service.add_document(
        &base.id,
        ("ferns.txt", "text/plain", "Ferns like shade and damp soil."),
    ))
    .unwrap();
    service.connect_library(std::rc::Rc::new(settings)).unwrap();
    let mut dialogue = WorkflowStep::dialogue("Plant", "Where do the ferns go?", 2);
    dialogue.context_refs = vec![
        ContextRef::KnowledgeBase {
            id: base.id.clone(),
            name: "Garden".into(),
        },
        ContextRef::KnowledgeBase {
            id: "gone".into(),
            name: "Old".into(),
        },
    ];
    let template = WorkflowTemplate {
        id: String::new(),
        name: "Garden plan".into(),
        description: String::new(),
        steps: vec![dialogue],
        updated_at_ms: 0.0,
    };
    let (template, _) = block_on(service.save_workflow_template(template)).unwrap();
    let run = block_on(service.start_workflow_run(&template.id, Vec::new())).unwrap();
    let run = block_on(service.answer_workflow_step(
        &run.id,
        "Where should ferns grow?",
        &settings(),
        &CancelToken::new(),
        &no_saves,
    ))
    .unwrap();
    assert_eq!(run.status, RunStatus::Completed);
    let requests = service.client().transport().requests.borrow();
    let debate: serde_json::Value =
        serde_json::from_str(requests[0].body.as_deref().unwrap()).unwrap();
    let background = debate["messages"][1]["content"].as_str().unwrap();
    assert!(
        background
            .contains("## Knowledge base “Garden”\n[ferns.txt] Ferns like shade and damp soil."),
        "{background}"
    );
    assert!(
        !background.contains("Old"),
        "a base no longer stored gives nothing"
    );
    assert_eq!(
        run.steps[0].notice, None,
        "a base no longer stored finds nothing, quietly"
    );
}
