//! Saving what the settings screen edits: the provider (and its model list), the assistant,
//! and the memory switch.

use crate::runtime::runtime;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_engine::{Assistant, CancelToken, ProviderSettings};

/// Asks the provider (as configured in the form, not yet saved) which models it offers.
pub fn fetch_models(state: AppState, settings: ProviderSettings) {
    let Some(runtime) = runtime() else { return };
    state.models.set(None);
    spawn_local(async move {
        let listed = runtime
            .service
            .client()
            .list_models(&settings, &CancelToken::new())
            .await
            .map_err(|err| {
                tf(
                    "notice-models-failed",
                    &[("err", skein_components::explain(&err).into())],
                )
            });
        state.models.set(Some(listed));
    });
}

/// Saves the assistant's settings (used by every conversation from the next answer on).
/// Returns an error to show in the form, or `None`.
pub fn save_assistant(state: AppState, assistant: Assistant) -> Option<String> {
    if let Err(err) = assistant.compile() {
        return Some(skein_components::explain(&err));
    }
    let runtime = runtime()?;
    spawn_local(async move {
        match runtime.service.save_assistant(&assistant).await {
            Ok(()) => state.put_assistant(assistant),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
    None
}

/// Turns the assistant's memory tools on or off, and saves the choice.
pub fn set_memory(state: AppState, on: bool) {
    let Some(runtime) = runtime() else { return };
    let mut assistant = state.assistant_untracked();
    assistant.set_memory(on);
    spawn_local(async move {
        match runtime.service.save_assistant(&assistant).await {
            Ok(()) => state.put_assistant(assistant),
            Err(err) => state.banner.set(Some(skein_components::explain(&err))),
        }
    });
}

/// Validates and saves provider settings; returns the error to show, if any.
pub fn save_settings(state: AppState, settings: ProviderSettings) -> Option<String> {
    if let Err(err) = settings.validate() {
        return Some(skein_components::explain(&err));
    }
    let Some(runtime) = runtime() else {
        return Some(t("notice-storage-opening").into());
    };
    state.settings.set(settings.clone());
    state.welcome.set(false);
    crate::extension::ask_for_provider(state, &settings.base_url);
    spawn_local(async move {
        if let Err(err) = runtime.service.save_provider_settings(&settings).await {
            state.banner.set(Some(skein_components::explain(&err)));
        }
    });
    None
}

/// Uses model `model` from the next answer on (chosen in the chat), saved with the settings.
pub fn choose_model(state: AppState, model: String) {
    let mut settings = state.settings.get_untracked();
    if settings.model == model {
        return;
    }
    settings.context_window = skein_components::listed_window(&Signal::from(state.models), &model);
    settings.model = model;
    if let Some(error) = save_settings(state, settings) {
        state.banner.set(Some(error));
    }
}

/// The provider chain with each provider's circuit breaker as it stands now.
pub fn refresh_chain(state: AppState) {
    let Some(runtime) = runtime() else { return };
    let chain = runtime
        .service
        .client()
        .provider_chain(&state.settings.get_untracked());
    state.chain.set(chain);
}

/// Adds, moves or removes a fallback and saves the settings; an error says why nothing changed.
pub fn edit_fallbacks(state: AppState, change: skein_components::FallbackChange) -> Option<String> {
    let mut settings = state.settings.get_untracked();
    if let Err(error) = skein_engine::provider::fallback_chain::apply(&mut settings, change) {
        return Some(error);
    }
    let error = save_settings(state, settings);
    refresh_chain(state);
    error
}
