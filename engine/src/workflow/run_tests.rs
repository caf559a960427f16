use super::*;
use crate::workflow::moderator::{ModeratorAction, ModeratorDecision};
use crate::workflow::template::{QuestionMode, WorkflowStep, WorkflowTemplate};

fn template() -> WorkflowTemplate {
    let mut template = WorkflowTemplate {
        id: "t".into(),
        name: "Trip".into(),
        description: String::new(),
        steps: vec![
            WorkflowStep::question("Where", "Where to?", QuestionMode::Stock),
            WorkflowStep::dialogue("Budget", "What will it cost?", 2),
            WorkflowStep::question("When", "When?", QuestionMode::ModelPhrased),
        ],
        updated_at_ms: 0.0,
    };
    for (i, step) in template.steps.iter_mut().enumerate() {
        step.id = format!("s{i}");
    }
    template
}

fn decision(action: ModeratorAction, next: &str, summary: &str) -> ModeratorDecision {
    ModeratorDecision {
        action,
        next_user_prompt: next.into(),
        summary: summary.into(),
    }
}

fn at_dialogue() -> WorkflowRun {
    let mut run = WorkflowRun::start("r", &template(), Vec::new(), 0.0);
    run.set_question("Where to?".into(), false, None).unwrap();
    run.answer("Lisbon", 1.0).unwrap();
    run
}

#[test]
fn the_snapshot_does_not_follow_later_template_edits() {
    let mut template = template();
    let run = WorkflowRun::start("r", &template, Vec::new(), 0.0);
    template.steps.remove(0);
    template.name = "Renamed".into();
    assert_eq!(run.snapshot.steps.len(), 3);
    assert_eq!(run.name(), "Trip");
    assert_eq!(run.steps.len(), 3);
    assert_eq!(run.steps[1].step_id, "s1");
}

#[test]
fn a_question_is_prepared_then_answered_and_the_run_moves_on() {
    let mut run = WorkflowRun::start("r", &template(), Vec::new(), 0.0);
    assert_eq!(run.next(), NextAction::PrepareQuestion);
    assert_eq!(
        run.answer("Lisbon", 1.0),
        Err(RunError::OutOfTurn("an answer"))
    );
    run.set_question("Where to?".into(), false, None).unwrap();
    assert_eq!(run.next(), NextAction::Answer);
    assert_eq!(run.answer("   ", 1.0), Err(RunError::EmptyAnswer));
    run.answer(" Lisbon ", 1.0).unwrap();
    assert_eq!(run.steps[0].answer.as_deref(), Some("Lisbon"));
    assert_eq!(run.steps[0].outcome, Some(StepOutcome::Answered));
    assert_eq!(run.progress(), (1, 3));
    assert_eq!(
        run.next(),
        NextAction::RoundInput {
            prompt: "What will it cost?".into()
        }
    );
}

#[test]
fn a_round_is_saved_in_phases_and_the_moderator_controls_only_the_loop() {
    let mut run = at_dialogue();
    assert!(run.set_reply("early".into()).is_err());
    run.claim_round("About 900 euros.", 2.0).unwrap();
    assert_eq!(run.next(), NextAction::DebateReply);
    assert!(run
        .decide(decision(ModeratorAction::Finish, "", ""), 2.0)
        .is_err());
    run.set_reply("Flights included?".into()).unwrap();
    assert_eq!(run.next(), NextAction::Moderate);
    run.decide(decision(ModeratorAction::Continue, "Split it up.", ""), 3.0)
        .unwrap();
    assert_eq!(
        run.next(),
        NextAction::RoundInput {
            prompt: "Split it up.".into()
        }
    );
    run.claim_round("400 flights, 500 stay.", 4.0).unwrap();
    run.set_reply("Plausible.".into()).unwrap();
    run.decide(decision(ModeratorAction::Finish, "", "Budget: 900."), 5.0)
        .unwrap();
    let record = &run.steps[1];
    assert_eq!(record.rounds.len(), 2);
    assert_eq!(record.rounds[1].prompt, "Split it up.");
    assert_eq!(record.summary.as_deref(), Some("Budget: 900."));
    assert_eq!(record.outcome, Some(StepOutcome::Finished));
    assert_eq!(run.next(), NextAction::PrepareQuestion);
}

#[test]
fn an_endless_continue_stops_at_the_step_round_limit_with_a_notice() {
    let mut run = at_dialogue();
    for round in 0..2 {
        run.claim_round("More.", 2.0).unwrap();
        run.set_reply("Again.".into()).unwrap();
        run.decide(
            decision(ModeratorAction::Continue, "And more?", "So far."),
            3.0,
        )
        .unwrap();
        if round == 0 {
            assert!(matches!(run.next(), NextAction::RoundInput { .. }));
        }
    }
    let record = &run.steps[1];
    assert_eq!(record.outcome, Some(StepOutcome::RoundLimit));
    assert!(record
        .notice
        .as_ref()
        .unwrap()
        .to_string()
        .contains("allows 2"));
    assert_eq!(record.summary.as_deref(), Some("So far."));
    assert_eq!(run.current, 2);
}

#[test]
fn a_failed_call_is_kept_and_the_round_resumes_from_its_saved_phase() {
    let mut run = at_dialogue();
    run.claim_round("900.", 2.0).unwrap();
    run.set_reply("Why?".into()).unwrap();
    run.set_round_error("The moderator did not answer with JSON.".into())
        .unwrap();
    assert!(matches!(run.next(), NextAction::Failed { .. }));
    run.clear_error();
    assert_eq!(run.next(), NextAction::Moderate);
    assert_eq!(run.steps[1].rounds[0].reply.as_deref(), Some("Why?"));
}

#[test]
fn the_user_can_end_a_dialogue_keeping_finished_rounds_only() {
    let mut run = at_dialogue();
    run.claim_round("900.", 2.0).unwrap();
    run.set_reply("Why?".into()).unwrap();
    run.decide(decision(ModeratorAction::Continue, "Explain.", ""), 3.0)
        .unwrap();
    run.claim_round("Because.", 4.0).unwrap();
    run.set_round_error("offline".into()).unwrap();
    run.end_dialogue(5.0).unwrap();
    assert_eq!(run.steps[1].rounds.len(), 1);
    assert_eq!(run.steps[1].outcome, Some(StepOutcome::EndedByUser));
    assert_eq!(run.next(), NextAction::PrepareQuestion);
    assert!(
        run.end_dialogue(6.0).is_err(),
        "a question step is not a dialogue"
    );
}

#[test]
fn the_last_answer_completes_the_run_and_nothing_more_is_taken() {
    let mut run = at_dialogue();
    run.claim_round("900.", 2.0).unwrap();
    run.set_reply("Ok.".into()).unwrap();
    run.decide(decision(ModeratorAction::Finish, "", ""), 3.0)
        .unwrap();
    run.set_question("When, given Lisbon?".into(), true, None)
        .unwrap();
    run.answer("May", 4.0).unwrap();
    assert_eq!(run.status, RunStatus::Completed);
    assert_eq!(run.next(), NextAction::Done);
    assert_eq!(run.progress(), (3, 3));
    assert_eq!(run.answer("June", 5.0), Err(RunError::Finished));
    assert_eq!(run.claim_round("x", 5.0), Err(RunError::Finished));
}

#[test]
fn the_context_of_a_step_is_the_runs_then_its_own_each_once() {
    let mut template = template();
    let chat = ContextRef::Conversation {
        id: "c1".into(),
        title: "Notes".into(),
    };
    let base = ContextRef::KnowledgeBase {
        id: "k1".into(),
        name: "Guides".into(),
    };
    template.steps[1].context_refs = vec![chat.clone(), base.clone()];
    let run = WorkflowRun::start("r", &template, vec![chat.clone()], 0.0);
    assert_eq!(run.context_for(1), vec![chat.clone(), base]);
    assert_eq!(run.context_for(0), vec![chat]);
}

#[test]
fn a_run_opened_before_its_question_was_prepared_resumes() {
    let run = WorkflowRun::start("r", &template(), Vec::new(), 0.0);
    assert!(
        run.resumes_on_open(),
        "the question is phrased or put without the user"
    );
}

#[test]
fn a_run_waiting_for_the_users_answer_or_next_message_does_not_resume_on_open() {
    let mut run = WorkflowRun::start("r", &template(), Vec::new(), 0.0);
    run.set_question("Where to?".into(), false, None).unwrap();
    assert_eq!(run.next(), NextAction::Answer);
    assert!(!run.resumes_on_open(), "the question waits for the user");
    run.answer("Lisbon", 1.0).unwrap();
    assert!(matches!(run.next(), NextAction::RoundInput { .. }));
    assert!(
        !run.resumes_on_open(),
        "the dialogue waits for the user's message"
    );
}

#[test]
fn a_round_left_without_its_reply_or_its_decision_resumes_on_open() {
    let mut run = at_dialogue();
    run.claim_round("About 900 euros.", 2.0).unwrap();
    assert_eq!(run.next(), NextAction::DebateReply);
    assert!(
        run.resumes_on_open(),
        "the partner's reply is written again"
    );
    run.set_reply("Flights included?".into()).unwrap();
    assert_eq!(run.next(), NextAction::Moderate);
    assert!(run.resumes_on_open(), "the moderator is asked again");
}

#[test]
fn a_failed_call_or_a_finished_run_does_not_resume_on_open() {
    let mut run = at_dialogue();
    run.claim_round("900.", 2.0).unwrap();
    run.set_round_error("offline".into()).unwrap();
    assert!(
        !run.resumes_on_open(),
        "the user tries again or ends the step"
    );

    let mut run = at_dialogue();
    run.claim_round("900.", 2.0).unwrap();
    run.set_reply("Ok.".into()).unwrap();
    run.decide(decision(ModeratorAction::Finish, "", ""), 3.0)
        .unwrap();
    run.set_question("When?".into(), false, None).unwrap();
    run.answer("May", 4.0).unwrap();
    assert_eq!(run.next(), NextAction::Done);
    assert!(!run.resumes_on_open());
    run.status = RunStatus::ContinuedAsChat {
        conversation_id: "c".into(),
    };
    assert!(!run.resumes_on_open(), "handed over to a chat");
}
