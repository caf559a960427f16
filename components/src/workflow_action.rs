//! What the user did on the workflows screen (`workflow_screen.rs`) or in the run open on it
//! (`workflow_run.rs`), for the app to carry out.

use skein_engine::workflow::{ContextRef, WorkflowTemplate};

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
