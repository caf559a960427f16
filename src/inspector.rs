//! The prompt inspector's wiring: the next request (with the composer's text) or an answer's,
//! built by the engine in a dry run (`ChatService::inspect_next` / `inspect_answer`) with the
//! settings and assistant a real send would use. The dry run is in the module that writes
//! answers (`lazy_generation`): it needs the same prompt assembly and request builders.

use crate::runtime::{current_conversation, runtime, Runtime};
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_components::InspectorView;
use skein_engine::chat::EventLog;
use skein_engine::{Assistant, CancelToken, Conversation, ProviderSettings, TurnContext};
use std::rc::Rc;

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
        None => t("inspector-about-next"),
        Some(_) => t("inspector-about-regenerate"),
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
    let request = Inspection {
        state,
        runtime,
        conversation,
        answer,
        settings,
        assistant,
        draft,
    };
    spawn_local(async move {
        // The dry run uses the code that writes answers (see lazy_generation).
        match crate::lazy_generation::load(state).await {
            Ok(generation) => (generation.inspect)(request).await,
            Err(_) => state.inspector.view.update(|view| {
                if let Some(view) = view {
                    view.inspection = Some(Err(t("notice-inspector-load-failed").to_owned()));
                }
            }),
        }
    });
}

/// A dry run asked for, with what a real send would use.
pub struct Inspection {
    state: AppState,
    runtime: Rc<Runtime>,
    conversation: Option<Conversation>,
    /// The answer whose regeneration is inspected; `None` for the next question.
    answer: Option<String>,
    settings: ProviderSettings,
    assistant: Assistant,
    /// The composer's text (the next question).
    draft: String,
}

/// Builds the request and shows it.
pub async fn dry_run(request: Inspection) {
    let (cancel, log) = (CancelToken::new(), EventLog::default());
    let context = TurnContext::new(&request.settings, &request.assistant, &cancel, &log);
    let service = &request.runtime.service;
    let inspected = match (&request.answer, &request.conversation) {
        (Some(id), Some(conversation)) => service.inspect_answer(conversation, id, &context).await,
        _ => {
            service
                .inspect_next(request.conversation.as_ref(), &request.draft, &context)
                .await
        }
    };
    request.state.inspector.view.update(|view| {
        if let Some(view) = view {
            view.inspection = Some(inspected.map_err(|err| skein_components::explain(&err)));
        }
    });
}
