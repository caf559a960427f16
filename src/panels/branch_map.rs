//! The branch map's wiring: loads the map of the conversation on screen from the engine
//! (`domain::branch_map`), unfolds a run the user opens, and shows the branch of a message the
//! user picks (then scrolls the chat to it).

use crate::chat::conversation::reshape;
use crate::chat::conversation::Reshape;
use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::MapRequest;
use std::collections::HashSet;

/// Opens the map on the conversation on screen.
pub fn open(ready: Ready) {
    let state = ready.state;
    let panel = state.panels.branch_map;
    panel.map.set(None);
    panel.unfolded.set(HashSet::new());
    panel.open.set(true);
    load(ready);
}

/// Carries out what the user asked in the map.
pub fn act(ready: Ready, request: MapRequest) {
    let state = ready.state;
    match request {
        MapRequest::Show(id) => {
            state.panels.branch_map.open.set(false);
            reshape(ready, Reshape::Show(id));
        }
        MapRequest::Unfold(key) => {
            state.panels.branch_map.unfolded.update(|keys| {
                keys.insert(key);
            });
            load(ready);
        }
    }
}

fn load(ready: Ready) {
    let (state, runtime) = (ready.state, ready.runtime);
    let Some(conversation) = state.chat.on_screen() else {
        return;
    };
    let unfolded = state.panels.branch_map.unfolded.get_untracked();
    spawn_local(async move {
        match runtime.service.branch_map(&conversation, &unfolded).await {
            Ok(map) => state.panels.branch_map.map.set(Some(map)),
            Err(err) => {
                state.panels.branch_map.open.set(false);
                state
                    .shell
                    .banner
                    .set(Some(skein_components::explain(&err)));
            }
        }
    });
}
