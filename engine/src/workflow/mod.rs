//! Chat workflows (seed 002): guided runs with saved answers, not open transcripts. A
//! [`WorkflowTemplate`] is an ordered list of question and dialogue steps; a [`WorkflowRun`]
//! freezes one into a snapshot, keeps the answers and the dialogue rounds, and says what comes
//! next ([`NextAction`]). The requests a run makes are in `prompts`, the moderator's schema in
//! `moderator`; the chat service carries runs out (`chat/workflows.rs`).

pub mod export;
pub mod file_problem;
pub mod moderator;
pub mod notices;
pub mod prompts;
pub mod run;
pub mod template;
pub mod template_file;

pub use moderator::{ModeratorAction, ModeratorDecision};
pub use run::{DialogueRound, NextAction, RunStatus, StepOutcome, StepRecord, WorkflowRun};
pub use template::{
    ContextRef, QuestionMode, StepKind, WorkflowStep, WorkflowTemplate, WorkflowTemplates,
};
