//! The prompt inspector's wiring: the next request (with the composer's text) or an answer's,
//! built by the engine in a dry run (`ChatService::inspect_next` / `inspect_answer`) with the
//! settings and assistant a real send would use.

use crate::runtime::{current_conversation, runtime};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::InspectorView;
use skein_engine::chat::EventLog;
use skein_engine::{CancelToken, TurnContext};

#[derive(Debug, Clone, Copy)]
pub struct InspectorState {
    pub open: RwSignal<bool>,
    pub view: RwSignal<Option<InspectorView>>,
}

impl InspectorState {
    pub fn new() -> Self {
        Self {
            open: RwSignal::new(false),
            view: RwSignal::new(None),
        }
    }
}

/// Opens the inspector on the request sending the composer's text would make.
pub fn inspect_next(state: AppState) {
    inspect(state, None);
}

/// Opens the inspector on the request regenerating answer `id` would make now.
pub fn inspect_answer(state: AppState, id: String) {
    inspect(state, Some(id));
}

fn inspect(state: AppState, answer: Option<String>) {
    let Some(runtime) = runtime() else { return };
    let about = match answer {
        None => "The next request, with what is in the composer now. Nothing is sent.",
        Some(_) => {
            "The request regenerating this answer would make now (settings or books changed \
             since it was written show as they are now). Nothing is sent."
        }
    };
    state.inspector.view.set(Some(InspectorView {
        about: about.to_owned(),
        inspection: None,
    }));
    state.inspector.open.set(true);
    let conversation = current_conversation(state);
    let assistant = conversation
        .as_ref()
        .map_or_else(|| state.assistant_untracked(), |c| state.assistant_of(c));
    let settings = state.settings.get_untracked();
    let draft = state.draft.text.get_untracked();
    spawn_local(async move {
        let (cancel, log) = (CancelToken::new(), EventLog::default());
        let context = TurnContext::new(&settings, &assistant, &cancel, &log);
        let inspected = match (&answer, &conversation) {
            (Some(id), Some(conversation)) => {
                runtime
                    .service
                    .inspect_answer(conversation, id, &context)
                    .await
            }
            _ => {
                runtime
                    .service
                    .inspect_next(conversation.as_ref(), &draft, &context)
                    .await
            }
        };
        state.inspector.view.update(|view| {
            if let Some(view) = view {
                view.inspection = Some(inspected.map_err(|err| err.to_string()));
            }
        });
    });
}
