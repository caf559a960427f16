//! A run exported for the user: Markdown to read (every question, answer, round and summary)
//! and JSON (the run record itself, snapshot included).

use super::run::{RunStatus, StepOutcome, WorkflowRun};
use super::template::StepKind;
use crate::i18n::{Explain, LocaleRules, Localizer};
use crate::prompt::time_context::TimeContext;
use crate::store::export::safe_file_name;

/// The run as Markdown in the words of `words`' language, its times in the user's zone
/// (`utc_offset_minutes`).
pub fn run_markdown(
    run: &WorkflowRun,
    utc_offset_minutes: i32,
    words: &Localizer,
    rules: &dyn LocaleRules,
) -> String {
    let say = |id: &'static str| words.text(id).to_owned();
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
        RunStatus::Active => words.format(
            "workflow-export-in-progress",
            &[("done", done.into()), ("total", total.into())],
            rules,
        ),
        RunStatus::Completed => say("workflow-export-completed"),
        RunStatus::ContinuedAsChat { .. } => say("workflow-export-continued"),
    };
    let started = words.format(
        "workflow-export-started",
        &[
            ("when", when(run.started_at_ms).into()),
            ("status", status.into()),
        ],
        rules,
    );
    let mut out = format!("# {}\n\n{started}\n", run.name());
    if !run.snapshot.description.trim().is_empty() {
        out.push_str(&format!("\n{}\n", run.snapshot.description.trim()));
    }
    if !run.selected_context.is_empty() {
        let labels: Vec<String> = run
            .selected_context
            .iter()
            .map(|c| c.label_phrase().words(words, rules))
            .collect();
        out.push_str(&format!(
            "\n{} {}\n",
            say("workflow-export-context"),
            rules.list(&labels)
        ));
    }
    for (i, (step, record)) in run.snapshot.steps.iter().zip(&run.steps).enumerate() {
        let title = match &step.kind {
            _ if !step.title.trim().is_empty() => step.title.clone(),
            StepKind::Question { .. } => say("workflow-kind-question"),
            StepKind::Dialogue { .. } => say("workflow-kind-dialogue"),
        };
        out.push_str(&format!("\n## {}. {title}\n\n", i + 1));
        match &step.kind {
            StepKind::Question { question, .. } => {
                let shown = record.question.as_deref().unwrap_or(question);
                out.push_str(&format!(
                    "**{}** {shown}\n\n",
                    say("workflow-export-question")
                ));
                match &record.answer {
                    Some(answer) => {
                        out.push_str(&format!("**{}** {answer}\n", say("workflow-export-answer")))
                    }
                    None => out.push_str(&format!("*{}*\n", say("workflow-export-not-answered"))),
                }
            }
            StepKind::Dialogue { .. } => {
                for (n, round) in record.rounds.iter().enumerate() {
                    let round_title =
                        words.format("workflow-export-round", &[("n", (n + 1).into())], rules);
                    out.push_str(&format!(
                        "### {round_title}\n\n**{}** {}\n\n**{}** {}\n\n",
                        say("workflow-export-asked"),
                        round.prompt,
                        say("workflow-export-you"),
                        round.user
                    ));
                    if let Some(reply) = &round.reply {
                        out.push_str(&format!(
                            "**{}** {reply}\n\n",
                            say("workflow-export-partner")
                        ));
                    }
                }
                if let Some(summary) = &record.summary {
                    out.push_str(&format!(
                        "**{}** {summary}\n\n",
                        say("workflow-export-summary")
                    ));
                }
                let ended = match record.outcome {
                    Some(StepOutcome::Finished) => Some("workflow-export-finished"),
                    Some(StepOutcome::RoundLimit) => Some("workflow-export-round-limit"),
                    Some(StepOutcome::EndedByUser) => Some("workflow-export-ended"),
                    Some(StepOutcome::Answered) | None => None,
                };
                if let Some(id) = ended {
                    out.push_str(&format!("*{}*\n", say(id)));
                }
            }
        }
        if let Some(notice) = &record.notice {
            out.push_str(&format!("\n> {}\n", notice.words(words, rules)));
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
        let md = run_markdown(
            &run,
            60,
            &crate::i18n::Localizer::english(),
            &crate::i18n::EnglishRules,
        );
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
