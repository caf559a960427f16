//! The summary panel's wiring: loads the summary of the branch on screen from the engine
//! (`chat::summary_control`), passes on what the user asks (summarise now, edit, reset), and
//! shows a covered message in the chat when the user jumps to it.

use crate::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::t;
use skein_components::SummaryRequest;
use skein_engine::chat::summary_control::SummaryView;
use skein_engine::{CancelToken, ChatError};

/// Opens the panel on the conversation on screen.
pub fn open(ready: Ready) {
    let state = ready.state;
    let panel = state.panels.summary;
    panel.feedback.set(None);
    panel.view.set(None);
    panel.open.set(true);
    let runtime = ready.runtime;
    let Some(conversation) = state.chat.on_screen() else {
        return;
    };
    spawn_local(async move {
        let shown = runtime.service.current_summary(&conversation).await;
        show(state, shown.map(|view| (view, None)));
    });
}

/// Carries out what the user asked in the panel.
pub fn act(ready: Ready, request: SummaryRequest) {
    let state = ready.state;
    if let SummaryRequest::Jump(id) = request {
        crate::chat::jump::jump_to(state, id);
        return;
    }
    let runtime = ready.runtime;
    let Some(conversation) = state.chat.on_screen() else {
        return;
    };
    let panel = state.panels.summary;
    panel.working.set(true);
    panel.feedback.set(None);
    let (assistant, settings) = (
        state.library.assistant_of(&conversation),
        state.settings.provider.get_untracked(),
    );
    spawn_local(async move {
        let service = &runtime.service;
        let outcome = match request {
            SummaryRequest::Summarise(instructions) => service
                .summarise_now(
                    &conversation,
                    &assistant,
                    &settings,
                    &instructions,
                    &CancelToken::new(),
                )
                .await
                .map(|view| (Some(view), Some(t("notice-summarised")))),
            SummaryRequest::Edit(text) => service
                .edit_summary(&conversation, &text)
                .await
                .map(|view| (Some(view), Some(t("notice-summary-saved")))),
            SummaryRequest::Reset => match service.reset_summary(&conversation).await {
                Ok(_) => Ok((None, Some(t("notice-summary-reset")))),
                Err(err) => Err(err),
            },
            SummaryRequest::Jump(_) => return,
        };
        panel.working.set(false);
        show(state, outcome);
        crate::chat::conversation::refresh_context(ready, conversation.id.clone());
    });
}

/// Shows the panel's summary and what happened, or the error (the summary shown stays).
fn show(state: AppState, outcome: Result<(Option<SummaryView>, Option<&'static str>), ChatError>) {
    let panel = state.panels.summary;
    match outcome {
        Ok((view, done)) => {
            panel.view.set(Some(view));
            panel.feedback.set(done.map(|d| Ok(d.to_owned())));
        }
        Err(err) => {
            if panel.view.get_untracked().is_none() {
                panel.view.set(Some(None));
            }
            panel
                .feedback
                .set(Some(Err(skein_components::explain(&err))));
        }
    }
}
