//! A workflow template (seed 002, chat workflows): an ordered list of steps the user is led
//! through, each a question (one question, one answer) or a dialogue step (moderated rounds
//! with a debate model). Templates are edited freely; a run works on a frozen copy.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// The most steps a template may have.
pub const MAX_STEPS: usize = 50;
/// The most rounds a dialogue step may allow, and the default.
pub const MAX_ROUNDS: u32 = 20;
pub const DEFAULT_ROUNDS: u32 = 5;
/// How long a question, prompt or instruction may be, in characters.
pub const MAX_TEXT_CHARS: usize = 8_000;

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WorkflowTemplate {
    #[serde(default)]
    pub id: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub steps: Vec<WorkflowStep>,
    #[serde(default)]
    pub updated_at_ms: f64,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct WorkflowStep {
    #[serde(default)]
    pub id: String,
    #[serde(default)]
    pub title: String,
    #[serde(flatten)]
    pub kind: StepKind,
    /// What this step's prompts are given besides the run's own context (seed 002: persisted
    /// with the template snapshot).
    #[serde(default)]
    pub context_refs: Vec<ContextRef>,
}

/// What a step asks of the user.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum StepKind {
    /// One question, one answer.
    Question {
        question: String,
        #[serde(default)]
        mode: QuestionMode,
    },
    /// Rounds in which the user answers, the debate model replies and the moderator decides
    /// whether another round follows.
    Dialogue {
        /// What the first round asks the user.
        prompt: String,
        /// How the debate model should take part (challenge, coach, role-play a customer…).
        #[serde(default)]
        debate_instructions: String,
        /// When the moderator should finish the step.
        #[serde(default)]
        moderator_instructions: String,
        #[serde(default = "default_rounds")]
        max_rounds: u32,
        /// Models other than the run's (same provider); empty for the run's model.
        #[serde(default)]
        debate_model: String,
        #[serde(default)]
        moderator_model: String,
    },
}

fn default_rounds() -> u32 {
    DEFAULT_ROUNDS
}

/// How a question step's question is shown.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum QuestionMode {
    /// The authored question, as written.
    #[default]
    Stock,
    /// A model rewrites the question in the light of the earlier answers; the stock question
    /// stands in, with a notice, when that fails.
    ModelPhrased,
}

/// Context a run or a step is given: an earlier chat, or a knowledge base searched with the
/// step's question.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ContextRef {
    Conversation {
        id: String,
        #[serde(default)]
        title: String,
    },
    KnowledgeBase {
        id: String,
        #[serde(default)]
        name: String,
    },
}

impl ContextRef {
    pub fn label(&self) -> String {
        match self {
            Self::Conversation { title, .. } => format!("Chat “{title}”"),
            Self::KnowledgeBase { name, .. } => format!("Knowledge base “{name}”"),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TemplateError {
    #[error("A workflow needs a name.")]
    NoName,
    #[error("A workflow needs at least one step.")]
    NoSteps,
    #[error("A workflow has at most {MAX_STEPS} steps.")]
    TooManySteps,
    #[error("Step {0} has no question: write what the user is asked.")]
    EmptyQuestion(usize),
    #[error("Step {0} has no opening prompt: write what the first round asks the user.")]
    EmptyPrompt(usize),
    #[error("Step {0} allows {1} rounds; a dialogue step has 1 to {MAX_ROUNDS}.")]
    Rounds(usize, u32),
    #[error("Step {0} has a text over {MAX_TEXT_CHARS} characters; shorten it.")]
    TooLong(usize),
    #[error(transparent)]
    File(#[from] super::file_problem::FileProblem),
}

impl crate::i18n::Explain for TemplateError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NoName => phrase("error-workflow-no-name"),
            Self::NoSteps => phrase("error-workflow-no-steps"),
            Self::TooManySteps => phrase("error-workflow-too-many-steps").with("max", MAX_STEPS),
            Self::EmptyQuestion(step) => phrase("error-workflow-empty-question").with("step", step),
            Self::EmptyPrompt(step) => phrase("error-workflow-empty-prompt").with("step", step),
            Self::Rounds(step, rounds) => phrase("error-workflow-rounds")
                .with("step", step)
                .with("rounds", rounds)
                .with("max", MAX_ROUNDS),
            Self::TooLong(step) => phrase("error-workflow-too-long")
                .with("step", step)
                .with("max", MAX_TEXT_CHARS),
            Self::File(problem) => problem.phrase(),
        }
    }
}

impl WorkflowTemplate {
    /// Checks what a run needs of the template; the first problem, numbered from 1, is the
    /// error.
    pub fn validate(&self) -> Result<(), TemplateError> {
        if self.name.trim().is_empty() {
            return Err(TemplateError::NoName);
        }
        if self.steps.is_empty() {
            return Err(TemplateError::NoSteps);
        }
        if self.steps.len() > MAX_STEPS {
            return Err(TemplateError::TooManySteps);
        }
        let long = |text: &str| text.chars().count() > MAX_TEXT_CHARS;
        for (i, step) in self.steps.iter().enumerate() {
            let number = i + 1;
            match &step.kind {
                StepKind::Question { question, .. } => {
                    if question.trim().is_empty() {
                        return Err(TemplateError::EmptyQuestion(number));
                    }
                    if long(question) {
                        return Err(TemplateError::TooLong(number));
                    }
                }
                StepKind::Dialogue {
                    prompt,
                    debate_instructions,
                    moderator_instructions,
                    max_rounds,
                    ..
                } => {
                    if prompt.trim().is_empty() {
                        return Err(TemplateError::EmptyPrompt(number));
                    }
                    if !(1..=MAX_ROUNDS).contains(max_rounds) {
                        return Err(TemplateError::Rounds(number, *max_rounds));
                    }
                    if [prompt, debate_instructions, moderator_instructions]
                        .iter()
                        .any(|t| long(t))
                    {
                        return Err(TemplateError::TooLong(number));
                    }
                }
            }
        }
        Ok(())
    }

    /// Gives the template and its steps IDs where they have none (a new or imported one).
    pub fn assign_ids(&mut self, mut new_id: impl FnMut() -> String) {
        if self.id.is_empty() {
            self.id = new_id();
        }
        for step in &mut self.steps {
            if step.id.is_empty() {
                step.id = new_id();
            }
        }
    }

    /// A copy under a new name and new IDs.
    pub fn duplicate(&self, mut new_id: impl FnMut() -> String) -> Self {
        let mut copy = self.clone();
        copy.id = new_id();
        copy.name = format!("{} (copy)", self.name);
        for step in &mut copy.steps {
            step.id = new_id();
        }
        copy
    }
}

impl WorkflowStep {
    pub fn question(title: &str, question: &str, mode: QuestionMode) -> Self {
        Self {
            id: String::new(),
            title: title.to_owned(),
            kind: StepKind::Question {
                question: question.to_owned(),
                mode,
            },
            context_refs: Vec::new(),
        }
    }

    pub fn dialogue(title: &str, prompt: &str, max_rounds: u32) -> Self {
        Self {
            id: String::new(),
            title: title.to_owned(),
            kind: StepKind::Dialogue {
                prompt: prompt.to_owned(),
                debate_instructions: String::new(),
                moderator_instructions: String::new(),
                max_rounds,
                debate_model: String::new(),
                moderator_model: String::new(),
            },
            context_refs: Vec::new(),
        }
    }

    /// The step's name as the run screen shows it: its title, else its kind.
    pub fn label(&self) -> &str {
        if !self.title.trim().is_empty() {
            return &self.title;
        }
        match self.kind {
            StepKind::Question { .. } => "Question",
            StepKind::Dialogue { .. } => "Dialogue",
        }
    }
}

/// The user's templates, in the order they were made.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct WorkflowTemplates {
    pub items: Vec<WorkflowTemplate>,
}

impl WorkflowTemplates {
    pub fn get(&self, id: &str) -> Option<&WorkflowTemplate> {
        self.items.iter().find(|t| t.id == id)
    }

    /// Adds `template`, or replaces the one with its ID.
    pub fn put(&mut self, template: WorkflowTemplate) {
        match self.items.iter_mut().find(|t| t.id == template.id) {
            Some(stored) => *stored = template,
            None => self.items.push(template),
        }
    }

    pub fn remove(&mut self, id: &str) {
        self.items.retain(|t| t.id != id);
    }
}
