//! The chat's side panels and the workflows screen: whether each is open and what it shows.

use super::library::Feedback;
use leptos::prelude::*;
use skein_components::{InspectorView, WorkflowView, WorkspaceFileView};
use skein_engine::chat::summary_control::SummaryView;
use skein_engine::domain::branch_map::BranchMap;
use skein_engine::domain::follow_up::FollowUps;
use skein_engine::workflow::{WorkflowRun, WorkflowTemplates};
use std::collections::HashSet;

/// The summary panel.
#[derive(Debug, Clone, Copy)]
pub struct SummaryState {
    pub open: RwSignal<bool>,
    /// `None` while loading; `Some(None)` when the branch has no summary.
    pub view: RwSignal<Option<Option<SummaryView>>>,
    pub working: RwSignal<bool>,
    pub feedback: Feedback,
}

/// The branch map.
#[derive(Debug, Clone, Copy)]
pub struct BranchMapState {
    pub open: RwSignal<bool>,
    /// `None` while loading.
    pub map: RwSignal<Option<BranchMap>>,
    /// The runs the user unfolded, by their first message.
    pub unfolded: RwSignal<HashSet<String>>,
}

/// The chat's files side sheet.
#[derive(Debug, Clone, Copy)]
pub struct WorkspaceState {
    pub open: RwSignal<bool>,
    /// `None` while loading.
    pub files: RwSignal<Option<Vec<WorkspaceFileView>>>,
    pub viewing: RwSignal<Option<(String, String)>>,
    pub feedback: Feedback,
}

/// The workflows screen.
#[derive(Debug, Clone, Copy)]
pub struct WorkflowsState {
    pub open: RwSignal<bool>,
    pub templates: RwSignal<WorkflowTemplates>,
    /// Every run, the most recently changed first.
    pub runs: RwSignal<Vec<WorkflowRun>>,
    pub view: RwSignal<WorkflowView>,
    pub busy: RwSignal<bool>,
    /// The text being written for the open run's current step; cleared once it is saved.
    pub draft: RwSignal<String>,
    pub feedback: Feedback,
}

/// The follow-ups made from answers' promises, and their side sheet.
#[derive(Debug, Clone, Copy)]
pub struct FollowUpsState {
    pub open: RwSignal<bool>,
    pub list: RwSignal<FollowUps>,
    pub feedback: Feedback,
}

/// The prompt inspector.
#[derive(Debug, Clone, Copy)]
pub struct InspectorState {
    pub open: RwSignal<bool>,
    pub view: RwSignal<Option<InspectorView>>,
}

#[derive(Debug, Clone, Copy)]
pub struct PanelsState {
    pub summary: SummaryState,
    pub branch_map: BranchMapState,
    pub workspace: WorkspaceState,
    pub workflows: WorkflowsState,
    pub follow_ups: FollowUpsState,
    pub inspector: InspectorState,
    /// "This chat": its panel is open, and what its last save said.
    pub chat_settings: RwSignal<bool>,
    pub chat_settings_feedback: Feedback,
}

impl PanelsState {
    pub fn new() -> Self {
        Self {
            summary: SummaryState {
                open: RwSignal::new(false),
                view: RwSignal::new(None),
                working: RwSignal::new(false),
                feedback: RwSignal::new(None),
            },
            branch_map: BranchMapState {
                open: RwSignal::new(false),
                map: RwSignal::new(None),
                unfolded: RwSignal::new(HashSet::new()),
            },
            workspace: WorkspaceState {
                open: RwSignal::new(false),
                files: RwSignal::new(None),
                viewing: RwSignal::new(None),
                feedback: RwSignal::new(None),
            },
            workflows: WorkflowsState {
                open: RwSignal::new(false),
                templates: RwSignal::new(WorkflowTemplates::default()),
                runs: RwSignal::new(Vec::new()),
                view: RwSignal::new(WorkflowView::Home),
                busy: RwSignal::new(false),
                draft: RwSignal::new(String::new()),
                feedback: RwSignal::new(None),
            },
            follow_ups: FollowUpsState {
                open: RwSignal::new(false),
                list: RwSignal::new(FollowUps::default()),
                feedback: RwSignal::new(None),
            },
            inspector: InspectorState {
                open: RwSignal::new(false),
                view: RwSignal::new(None),
            },
            chat_settings: RwSignal::new(false),
            chat_settings_feedback: RwSignal::new(None),
        }
    }

    /// Whether one of the chat's panels is open (tracked): the side sheets Esc closes, whose
    /// code loads on first use (`split/screens.rs`).
    pub fn any_open(&self) -> bool {
        self.summary.open.get()
            || self.branch_map.open.get()
            || self.workspace.open.get()
            || self.follow_ups.open.get()
            || self.inspector.open.get()
            || self.chat_settings.get()
    }
}
