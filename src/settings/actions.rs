//! Saving what the settings screen edits: the provider (and its model list), the assistant,
//! and the memory switch.

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::{Assistant, CancelToken, ProviderSettings};

/// Asks the provider (as configured in the form, not yet saved) which models it offers.
pub fn fetch_models(ready: Ready, settings: ProviderSettings) {
    let state = ready.state;
    let runtime = ready.runtime;
    state.settings.models.set(None);
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
        state.settings.models.set(Some(listed));
    });
}

/// Saves the assistant's settings (used by every conversation from the next answer on).
/// Returns an error to show in the form, or `None`.
pub fn save_assistant(ready: Ready, assistant: Assistant) -> Option<String> {
    if let Err(err) = assistant.compile() {
        return Some(skein_components::explain(&err));
    }
    store_assistant(ready, assistant);
    None
}

/// Saves `assistant` and puts it in the list; a failure goes to the banner.
fn store_assistant(ready: Ready, assistant: Assistant) {
    let state = ready.state;
    spawn_local(async move {
        match ready.runtime.service.save_assistant(&assistant).await {
            Ok(()) => state.library.put_assistant(assistant),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Turns the assistant's memory tools on or off, and saves the choice.
pub fn set_memory(ready: Ready, on: bool) {
    let mut assistant = ready.state.library.assistant_untracked();
    assistant.set_memory(on);
    store_assistant(ready, assistant);
}

/// Validates and saves provider settings; returns the error to show, if any.
pub fn save_settings(ready: Ready, settings: ProviderSettings) -> Option<String> {
    let state = ready.state;
    if let Err(err) = settings.validate() {
        return Some(skein_components::explain(&err));
    }
    let runtime = ready.runtime;
    state.settings.provider.set(settings.clone());
    state.shell.welcome.set(false);
    crate::page::extension::ask_for_provider(state, &settings.base_url);
    spawn_local(async move {
        if let Err(err) = runtime.service.save_provider_settings(&settings).await {
            state
                .shell
                .banner
                .set(Some(skein_components::explain(&err)));
        }
    });
    None
}

/// Uses model `model` from the next answer on (chosen in the chat), saved with the settings.
pub fn choose_model(ready: Ready, model: String) {
    let state = ready.state;
    let mut settings = state.settings.provider.get_untracked();
    if settings.model == model {
        return;
    }
    settings.context_window =
        skein_components::listed_window(&Signal::from(state.settings.models), &model);
    settings.model = model;
    if let Some(error) = save_settings(ready, settings) {
        state.shell.banner.set(Some(error));
    }
}

/// The provider chain with each provider's circuit breaker as it stands now.
pub fn refresh_chain(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let chain = runtime
        .service
        .client()
        .provider_chain(&state.settings.provider.get_untracked());
    state.settings.chain.set(chain);
}

/// Adds, moves or removes a fallback and saves the settings; an error says why nothing changed.
pub fn edit_fallbacks(ready: Ready, change: skein_components::FallbackChange) -> Option<String> {
    let state = ready.state;
    let mut settings = state.settings.provider.get_untracked();
    if let Err(error) = skein_engine::provider::fallback_chain::apply(&mut settings, change) {
        return Some(error);
    }
    let error = save_settings(ready, settings);
    refresh_chain(ready);
    error
}

/// Reads the saved provider settings again (a sync round wrote them).
pub fn reload_provider(ready: Ready) {
    spawn_local(async move {
        if let Ok(Some(settings)) = ready.runtime.service.load_provider_settings().await {
            ready.state.settings.provider.set(settings);
        }
    });
}
