//! A workflow run (seed 002): the template frozen into a snapshot before the first question,
//! the context the user chose, and a record per step (the question shown, the answer, or the
//! dialogue's rounds). What happens next is decided here from what is saved, so a run resumes
//! after a reload exactly where it stopped.

use super::moderator::{ModeratorAction, ModeratorDecision};
use super::template::{ContextRef, StepKind, WorkflowStep, WorkflowTemplate};
use crate::i18n::Cause;
use serde::{Deserialize, Serialize};
use thiserror::Error;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkflowRun {
    pub id: String,
    pub template_id: String,
    /// The template as it was when the run started; later edits of the template never reach
    /// it.
    pub snapshot: WorkflowTemplate,
    pub started_at_ms: f64,
    pub updated_at_ms: f64,
    pub status: RunStatus,
    /// The run's own context (seed 002: `selected_context_refs`), given to every step.
    #[serde(default)]
    pub selected_context: Vec<ContextRef>,
    /// One record per step of the snapshot, in order.
    pub steps: Vec<StepRecord>,
    /// The step the run is on; the number of steps once it is complete.
    pub current: usize,
}

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "state", rename_all = "snake_case")]
pub enum RunStatus {
    Active,
    /// Every step is done; the run stops here unless the user continues it as a chat.
    Completed,
    /// Handed over to a normal conversation.
    ContinuedAsChat {
        conversation_id: String,
    },
}

#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct StepRecord {
    pub step_id: String,
    /// The question as shown to the user (a question step), saved before it is shown.
    pub question: Option<String>,
    /// The model phrased the question.
    pub phrased: bool,
    /// Something the user should know about the step (a phrasing that failed, a round limit).
    pub notice: Option<Cause>,
    pub answer: Option<String>,
    pub rounds: Vec<DialogueRound>,
    /// The moderator's summary of a finished dialogue step.
    pub summary: Option<String>,
    pub outcome: Option<StepOutcome>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StepOutcome {
    Answered,
    /// The moderator finished the dialogue.
    Finished,
    /// The moderator wanted more rounds than the step allows.
    RoundLimit,
    /// The user ended the dialogue.
    EndedByUser,
}

/// One moderated round, saved in phases: the user's message (before the debate model is
/// called), the debate model's reply (before the moderator is called), the decision.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct DialogueRound {
    /// What the round asked the user: the step's prompt, then the moderator's next prompt.
    pub prompt: String,
    pub user: String,
    pub reply: Option<String>,
    pub decision: Option<ModeratorDecision>,
    /// Why the last call of this round failed; the round resumes from its saved phase.
    pub error: Option<Cause>,
}

/// What the run needs next.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum NextAction {
    /// The current question step's question is not prepared yet (phrased or stock).
    PrepareQuestion,
    /// The question is shown; the user answers.
    Answer,
    /// A dialogue step waits for the user's message of a new round, asked `prompt`.
    RoundInput {
        prompt: String,
    },
    /// The last round has the user's message but no reply yet.
    DebateReply,
    /// The last round has a reply but no decision yet.
    Moderate,
    /// The last call failed; the user tries again or ends the step.
    Failed {
        error: Cause,
    },
    Done,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum RunError {
    #[error("This run is finished; nothing more can be answered in it.")]
    Finished,
    #[error("Write an answer first.")]
    EmptyAnswer,
    #[error("The run is not waiting for that now ({0}); reload it.")]
    OutOfTurn(&'static str),
    #[error("This run's stored record is damaged ({0}).")]
    Damaged(&'static str),
}

impl crate::i18n::Explain for RunError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Finished => phrase("error-run-finished"),
            Self::EmptyAnswer => phrase("error-run-empty-answer"),
            Self::OutOfTurn(what) => phrase("error-run-out-of-turn").with("what", what),
            Self::Damaged(what) => phrase("error-run-damaged").with("what", what),
        }
    }
}

impl WorkflowRun {
    /// Freezes `template` (already validated) into a new run.
    pub fn start(
        id: &str,
        template: &WorkflowTemplate,
        context: Vec<ContextRef>,
        now: f64,
    ) -> Self {
        Self {
            id: id.to_owned(),
            template_id: template.id.clone(),
            snapshot: template.clone(),
            started_at_ms: now,
            updated_at_ms: now,
            status: RunStatus::Active,
            selected_context: context,
            steps: template
                .steps
                .iter()
                .map(|step| StepRecord {
                    step_id: step.id.clone(),
                    ..StepRecord::default()
                })
                .collect(),
            current: 0,
        }
    }

    pub fn name(&self) -> &str {
        &self.snapshot.name
    }

    /// The step the run is on with its record; `None` once every step is done.
    pub fn current_step(&self) -> Option<(&WorkflowStep, &StepRecord)> {
        if self.status != RunStatus::Active {
            return None;
        }
        Some((
            self.snapshot.steps.get(self.current)?,
            self.steps.get(self.current)?,
        ))
    }

    fn record_mut(&mut self) -> Result<&mut StepRecord, RunError> {
        if self.status != RunStatus::Active {
            return Err(RunError::Finished);
        }
        self.steps
            .get_mut(self.current)
            .ok_or(RunError::Damaged("no record for the current step"))
    }

    /// Steps done and steps in all.
    pub fn progress(&self) -> (usize, usize) {
        let done = self.steps.iter().filter(|s| s.outcome.is_some()).count();
        (done, self.snapshot.steps.len())
    }

    pub fn next(&self) -> NextAction {
        let Some((step, record)) = self.current_step() else {
            return NextAction::Done;
        };
        match &step.kind {
            StepKind::Question { .. } => match record.question {
                None => NextAction::PrepareQuestion,
                Some(_) => NextAction::Answer,
            },
            StepKind::Dialogue { prompt, .. } => match record.rounds.last() {
                Some(DialogueRound {
                    error: Some(error), ..
                }) => NextAction::Failed {
                    error: error.clone(),
                },
                Some(round) if round.reply.is_none() => NextAction::DebateReply,
                Some(round) if round.decision.is_none() => NextAction::Moderate,
                Some(round) => NextAction::RoundInput {
                    prompt: round
                        .decision
                        .as_ref()
                        .map(|d| d.next_user_prompt.clone())
                        .filter(|p| !p.trim().is_empty())
                        .unwrap_or_else(|| "Go on.".to_owned()),
                },
                None => NextAction::RoundInput {
                    prompt: prompt.clone(),
                },
            },
        }
    }

    /// Whether opening this run carries it on at once. Its next step needs nothing from the
    /// user when it is a question still to be phrased (or put as written), a dialogue round's
    /// reply still to be written, or a round still to be judged by the moderator: the page
    /// was closed, or the run left, while that call ran, so it is made again. A question
    /// waiting for the user's answer, a dialogue waiting for the user's next message, a failed
    /// call (the user tries again or ends the step) and a finished run stay as they are.
    pub fn resumes_on_open(&self) -> bool {
        matches!(
            self.next(),
            NextAction::PrepareQuestion | NextAction::DebateReply | NextAction::Moderate
        )
    }

    /// Saves the question shown for the current question step.
    pub fn set_question(
        &mut self,
        question: String,
        phrased: bool,
        notice: Option<Cause>,
    ) -> Result<(), RunError> {
        if self.next() != NextAction::PrepareQuestion {
            return Err(RunError::OutOfTurn("the question is already shown"));
        }
        let record = self.record_mut()?;
        record.question = Some(question);
        record.phrased = phrased;
        record.notice = notice;
        Ok(())
    }

    /// The user's answer to the current question; the run moves to the next step.
    pub fn answer(&mut self, text: &str, now: f64) -> Result<(), RunError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RunError::EmptyAnswer);
        }
        if self.next() != NextAction::Answer {
            return Err(self.out_of_turn("an answer"));
        }
        let record = self.record_mut()?;
        record.answer = Some(text.to_owned());
        record.outcome = Some(StepOutcome::Answered);
        self.advance(now);
        Ok(())
    }

    /// Tells the user something about the current step (context that could not be read),
    /// unless the step already says something.
    pub fn note(&mut self, text: Cause) {
        if let Ok(record) = self.record_mut() {
            record.notice.get_or_insert(text);
        }
    }

    /// Starts a round with the user's message (saved before the debate model is called).
    pub fn claim_round(&mut self, text: &str, now: f64) -> Result<(), RunError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(RunError::EmptyAnswer);
        }
        let NextAction::RoundInput { prompt } = self.next() else {
            return Err(self.out_of_turn("a message for a new round"));
        };
        self.record_mut()?.rounds.push(DialogueRound {
            prompt,
            user: text.to_owned(),
            ..DialogueRound::default()
        });
        self.updated_at_ms = now;
        Ok(())
    }

    fn last_round(&mut self) -> Result<&mut DialogueRound, RunError> {
        self.record_mut()?
            .rounds
            .last_mut()
            .ok_or(RunError::OutOfTurn("no round has started"))
    }

    pub fn set_reply(&mut self, reply: String) -> Result<(), RunError> {
        if self.next() != NextAction::DebateReply {
            return Err(self.out_of_turn("the debate model's reply"));
        }
        self.last_round()?.reply = Some(reply);
        Ok(())
    }

    /// Records why the round's last call failed; [`clear_error`](Self::clear_error) lets it be
    /// tried again from the saved phase.
    pub fn set_round_error(&mut self, error: Cause) -> Result<(), RunError> {
        self.last_round()?.error = Some(error);
        Ok(())
    }

    pub fn clear_error(&mut self) {
        if let Ok(round) = self.last_round() {
            round.error = None;
        }
    }

    /// Applies the moderator's decision: another round, or the step ends (finished, or at its
    /// round limit however often the moderator says "continue").
    pub fn decide(&mut self, decision: ModeratorDecision, now: f64) -> Result<(), RunError> {
        if self.next() != NextAction::Moderate {
            return Err(self.out_of_turn("the moderator's decision"));
        }
        let max_rounds = match self.current_step().map(|(step, _)| &step.kind) {
            Some(StepKind::Dialogue { max_rounds, .. }) => *max_rounds,
            _ => return Err(RunError::Damaged("a decision outside a dialogue step")),
        };
        let action = decision.action;
        let summary = decision.summary.clone();
        let record = self.record_mut()?;
        if let Some(round) = record.rounds.last_mut() {
            round.decision = Some(decision);
        }
        let rounds = record.rounds.len();
        let outcome = match action {
            ModeratorAction::Finish => Some(StepOutcome::Finished),
            ModeratorAction::Continue if rounds >= max_rounds as usize => {
                record.notice = Some(super::notices::round_limit(max_rounds));
                Some(StepOutcome::RoundLimit)
            }
            ModeratorAction::Continue => None,
        };
        if let Some(outcome) = outcome {
            record.summary = (!summary.trim().is_empty()).then_some(summary);
            record.outcome = Some(outcome);
            self.advance(now);
        }
        self.updated_at_ms = now;
        Ok(())
    }

    /// The user ends the current dialogue step (after a failure, or when satisfied). A round
    /// left unanswered is dropped; finished rounds stay.
    pub fn end_dialogue(&mut self, now: f64) -> Result<(), RunError> {
        if !matches!(
            self.current_step().map(|(step, _)| &step.kind),
            Some(StepKind::Dialogue { .. })
        ) {
            return Err(self.out_of_turn("ending a dialogue"));
        }
        let record = self.record_mut()?;
        if record
            .rounds
            .last()
            .is_some_and(|round| round.decision.is_none() && round.reply.is_none())
        {
            record.rounds.pop();
        } else if let Some(round) = record.rounds.last_mut() {
            round.error = None;
        }
        record.outcome = Some(StepOutcome::EndedByUser);
        self.advance(now);
        Ok(())
    }

    fn advance(&mut self, now: f64) {
        self.current += 1;
        self.updated_at_ms = now;
        if self.current >= self.snapshot.steps.len() {
            self.current = self.snapshot.steps.len();
            self.status = RunStatus::Completed;
        }
    }

    fn out_of_turn(&self, what: &'static str) -> RunError {
        match self.next() {
            NextAction::Done => RunError::Finished,
            _ => RunError::OutOfTurn(what),
        }
    }

    /// The finished steps before the current one, as (step, record) pairs.
    pub fn done_steps(&self) -> impl Iterator<Item = (&WorkflowStep, &StepRecord)> {
        self.snapshot
            .steps
            .iter()
            .zip(&self.steps)
            .filter(|(_, record)| record.outcome.is_some())
    }

    /// The context of step `index`: the run's, then the step's own, each once.
    pub fn context_for(&self, index: usize) -> Vec<ContextRef> {
        let mut refs = self.selected_context.clone();
        if let Some(step) = self.snapshot.steps.get(index) {
            for r in &step.context_refs {
                if !refs.contains(r) {
                    refs.push(r.clone());
                }
            }
        }
        refs
    }
}

#[cfg(test)]
#[path = "run_tests.rs"]
mod tests;
