//! The prompt inspector's wiring: the next request (with the composer's text) or an answer's,
//! built by the engine in a dry run (`ChatService::inspect_next` / `inspect_answer`) with the
//! settings and assistant a real send would use. The dry run is in the module that writes
//! answers (`src/chat/generation.rs`): it needs the same prompt assembly and request builders.

use crate::runtime::Inspection;
use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_components::InspectorView;
use skein_engine::chat::EventLog;
use skein_engine::{CancelToken, TurnContext};

/// Opens the inspector on the request sending the composer's text would make.
pub fn inspect_next(ready: Ready) {
    inspect(ready, None);
}

/// Opens the inspector on the request regenerating answer `id` would make now.
pub fn inspect_answer(ready: Ready, id: String) {
    inspect(ready, Some(id));
}

fn inspect(ready: Ready, answer: Option<String>) {
    let state = ready.state;
    let about = match answer {
        None => t("inspector-about-next"),
        Some(_) => t("inspector-about-regenerate"),
    };
    state.panels.inspector.view.set(Some(InspectorView {
        about: about.to_owned(),
        inspection: None,
    }));
    state.panels.inspector.open.set(true);
    let conversation = state.chat.on_screen();
    let assistant = conversation.as_ref().map_or_else(
        || state.library.assistant_untracked(),
        |c| state.library.assistant_of(c),
    );
    let settings = state.settings.provider.get_untracked();
    let draft = state.chat.draft.text.get_untracked();
    let request = Inspection {
        ready,
        conversation,
        answer,
        settings,
        assistant,
        draft,
    };
    spawn_local(async move {
        // The dry run uses the code that writes answers (`src/chat/generation.rs`).
        match crate::chat::generation::load(ready).await {
            Ok(generation) => (generation.inspect)(request).await,
            Err(_) => state.panels.inspector.view.update(|view| {
                if let Some(view) = view {
                    view.inspection = Some(Err(t("notice-inspector-load-failed").to_owned()));
                }
            }),
        }
    });
}

/// Builds the request and shows it.
pub async fn dry_run(request: Inspection) {
    let (cancel, log) = (CancelToken::new(), EventLog::default());
    let context = TurnContext::new(&request.settings, &request.assistant, &cancel, &log);
    let service = &request.ready.runtime.service;
    let inspected = match (&request.answer, &request.conversation) {
        (Some(id), Some(conversation)) => service.inspect_answer(conversation, id, &context).await,
        _ => {
            service
                .inspect_next(request.conversation.as_ref(), &request.draft, &context)
                .await
        }
    };
    request.ready.state.panels.inspector.view.update(|view| {
        if let Some(view) = view {
            view.inspection = Some(inspected.map_err(|err| skein_components::explain(&err)));
        }
    });
}
