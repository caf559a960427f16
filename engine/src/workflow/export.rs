//! A run exported for the user: Markdown to read (every question, answer, round and summary)
//! and JSON (the run record itself, snapshot included).

use super::run::{RunStatus, StepOutcome, WorkflowRun};
use super::template::StepKind;
use crate::prompt::time_context::TimeContext;
use crate::store::export::safe_file_name;

/// The run as Markdown, its times in the user's zone (`utc_offset_minutes`).
pub fn run_markdown(run: &WorkflowRun, utc_offset_minutes: i32) -> String {
    let when = |ms: f64| {
        let t = TimeContext {
            now_ms: ms,
            utc_offset_minutes,
            time_zone: String::new(),
        };
        format!("{} {}", t.date(), t.time())
    };
    let (done, total) = run.progress();
    let status = match &run.status {
        RunStatus::Active => format!("in progress, {done} of {total} steps done"),
        RunStatus::Completed => "completed".to_owned(),
        RunStatus::ContinuedAsChat { .. } => "completed, continued as a chat".to_owned(),
    };
    let mut out = format!(
        "# {}\n\nStarted {}; {status}.\n",
        run.name(),
        when(run.started_at_ms)
    );
    if !run.snapshot.description.trim().is_empty() {
        out.push_str(&format!("\n{}\n", run.snapshot.description.trim()));
    }
    if !run.selected_context.is_empty() {
        out.push_str("\nContext: ");
        let labels: Vec<String> = run.selected_context.iter().map(|c| c.label()).collect();
        out.push_str(&labels.join(", "));
        out.push('\n');
    }
    for (i, (step, record)) in run.snapshot.steps.iter().zip(&run.steps).enumerate() {
        out.push_str(&format!("\n## {}. {}\n\n", i + 1, step.label()));
        match &step.kind {
            StepKind::Question { question, .. } => {
                let shown = record.question.as_deref().unwrap_or(question);
                out.push_str(&format!("**Question:** {shown}\n\n"));
                match &record.answer {
                    Some(answer) => out.push_str(&format!("**Answer:** {answer}\n")),
                    None => out.push_str("*Not answered yet.*\n"),
                }
            }
            StepKind::Dialogue { .. } => {
                for (n, round) in record.rounds.iter().enumerate() {
                    out.push_str(&format!(
                        "### Round {}\n\n**Asked:** {}\n\n**You:** {}\n\n",
                        n + 1,
                        round.prompt,
                        round.user
                    ));
                    if let Some(reply) = &round.reply {
                        out.push_str(&format!("**Partner:** {reply}\n\n"));
                    }
                }
                if let Some(summary) = &record.summary {
                    out.push_str(&format!("**Moderator's summary:** {summary}\n\n"));
                }
                let ended = match record.outcome {
                    Some(StepOutcome::Finished) => "*The moderator finished this dialogue.*\n",
                    Some(StepOutcome::RoundLimit) => "*This dialogue reached its round limit.*\n",
                    Some(StepOutcome::EndedByUser) => "*You ended this dialogue.*\n",
                    Some(StepOutcome::Answered) | None => "",
                };
                out.push_str(ended);
            }
        }
        if let Some(notice) = &record.notice {
            out.push_str(&format!("\n> {notice}\n"));
        }
    }
    out
}

/// The run record as JSON.
pub fn run_json(run: &WorkflowRun) -> String {
    serde_json::to_string_pretty(run).unwrap_or_default()
}

/// A file name for the run's export (`extension` without the dot).
pub fn run_file_name(run: &WorkflowRun, extension: &str) -> String {
    safe_file_name(run.name(), "workflow-run", extension)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workflow::moderator::{ModeratorAction, ModeratorDecision};
    use crate::workflow::template::{ContextRef, QuestionMode, WorkflowStep, WorkflowTemplate};

    #[test]
    fn the_markdown_holds_every_answer_round_and_summary() {
        let template = WorkflowTemplate {
            id: "t".into(),
            name: "Pitch / review".into(),
            description: "Sharpen a pitch.".into(),
            steps: vec![
                WorkflowStep::question("Idea", "What is it?", QuestionMode::Stock),
                WorkflowStep::dialogue("Challenge", "Why now?", 2),
            ],
            updated_at_ms: 0.0,
        };
        let context = vec![ContextRef::Conversation {
            id: "c".into(),
            title: "Notes".into(),
        }];
        let mut run = WorkflowRun::start("r", &template, context, 0.0);
        run.set_question("What is it?".into(), false, None).unwrap();
        run.answer("A tide app.", 1.0).unwrap();
        run.claim_round("Tides matter.", 2.0).unwrap();
        run.set_reply("To whom?".into()).unwrap();
        run.decide(
            ModeratorDecision {
                action: ModeratorAction::Finish,
                next_user_prompt: String::new(),
                summary: "Clear enough.".into(),
            },
            3.0,
        )
        .unwrap();
        let md = run_markdown(&run, 60);
        assert!(md.starts_with("# Pitch / review\n\nStarted 1970-01-01 01:00; completed."));
        assert!(md.contains("Context: Chat “Notes”"));
        assert!(md.contains("## 1. Idea\n\n**Question:** What is it?\n\n**Answer:** A tide app."));
        assert!(md.contains(
            "### Round 1\n\n**Asked:** Why now?\n\n**You:** Tides matter.\n\n**Partner:** To whom?"
        ));
        assert!(md.contains("**Moderator's summary:** Clear enough."));
        assert!(md.contains("*The moderator finished this dialogue.*"));
        assert_eq!(run_file_name(&run, "md"), "Pitch _ review.md");
        let back: WorkflowRun = serde_json::from_str(&run_json(&run)).unwrap();
        assert_eq!(back, run);
    }
}
