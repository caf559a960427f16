//! The branch map's wiring: loads the map of the conversation on screen from the engine
//! (`domain::branch_map`), unfolds a run the user opens, and shows the branch of a message the
//! user picks (then scrolls the chat to it).

use crate::runtime::{reshape, Reshape};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::MapRequest;
use skein_engine::domain::branch_map::BranchMap;
use std::collections::HashSet;

/// What the map shows.
#[derive(Debug, Clone, Copy)]
pub struct BranchMapState {
    pub open: RwSignal<bool>,
    /// `None` while loading.
    pub map: RwSignal<Option<BranchMap>>,
    /// The runs the user unfolded, by their first message.
    unfolded: RwSignal<HashSet<String>>,
}

impl BranchMapState {
    pub fn new() -> Self {
        Self {
            open: RwSignal::new(false),
            map: RwSignal::new(None),
            unfolded: RwSignal::new(HashSet::new()),
        }
    }
}

/// Opens the map on the conversation on screen.
pub fn open(state: AppState) {
    let panel = state.branch_map;
    panel.map.set(None);
    panel.unfolded.set(HashSet::new());
    panel.open.set(true);
    load(state);
}

/// Carries out what the user asked in the map.
pub fn act(state: AppState, request: MapRequest) {
    match request {
        MapRequest::Show(id) => {
            state.branch_map.open.set(false);
            reshape(state, Reshape::Show(id));
        }
        MapRequest::Unfold(key) => {
            state.branch_map.unfolded.update(|keys| {
                keys.insert(key);
            });
            load(state);
        }
    }
}

fn load(state: AppState) {
    let Some((runtime, conversation)) = crate::summary::on_screen(state) else {
        return;
    };
    let unfolded = state.branch_map.unfolded.get_untracked();
    spawn_local(async move {
        match runtime.service.branch_map(&conversation, &unfolded).await {
            Ok(map) => state.branch_map.map.set(Some(map)),
            Err(err) => {
                state.branch_map.open.set(false);
                state.banner.set(Some(skein_components::explain(&err)));
            }
        }
    });
}
