//! The first run's welcome step: shown while no provider is saved; looks for a local server on
//! the usual ports (one quick request each, no retry), lists a chosen provider's models, and
//! saves the provider with the model picked. What each provider needs and which model to start
//! with are the engine's (`provider::presets`).

use crate::runtime::Ready;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{listed_window, LocalServer, WelcomeAction};
use skein_components::{t, tf};
use skein_engine::provider::presets::ProviderPreset;
use skein_engine::{CancelToken, Clock};
use skein_platform::BrowserClock;

/// How long a local server may take to answer before it counts as absent.
const PROBE_MS: f64 = 1_500.0;

/// Shows the welcome step and looks for local servers.
pub fn start(ready: Ready) {
    let state = ready.state;
    state.shell.welcome.set(true);
    let runtime = ready.runtime;
    for preset in ProviderPreset::local_servers() {
        spawn_local(async move {
            let cancel = CancelToken::new();
            let deadline = cancel.clone();
            spawn_local(async move {
                BrowserClock.sleep(PROBE_MS).await;
                deadline.cancel();
            });
            let settings = preset.settings("", "");
            if let Ok(models) = runtime
                .service
                .client()
                .probe_models(&settings, &cancel)
                .await
            {
                if !models.is_empty() {
                    state.shell.local_servers.update(|found| {
                        found.push(LocalServer {
                            preset: preset.id,
                            models: models.len(),
                        })
                    });
                }
            }
            cancel.cancel();
        });
    }
}

pub fn act(ready: Ready, action: WelcomeAction) {
    let state = ready.state;
    match action {
        WelcomeAction::Connect(id, base_url, key) => {
            let Some(preset) = ProviderPreset::by_id(&id) else {
                return;
            };
            let settings = preset.settings(&base_url, &key);
            if preset.needs_key && settings.api_key.is_empty() {
                state.settings.models.set(Some(Err(tf(
                    "welcome-needs-key",
                    &[("provider", t(preset.name).into())],
                ))));
                return;
            }
            if let Err(err) = settings.validate_connection() {
                state
                    .settings
                    .models
                    .set(Some(Err(skein_components::explain(&err))));
                return;
            }
            // In the extension the site is permitted first (the click lets the browser ask).
            let base_url = settings.base_url.clone();
            crate::page::extension::ask_for_provider_then(state, &base_url, move || {
                crate::settings::actions::fetch_models(ready, settings)
            });
        }
        WelcomeAction::Start(id, base_url, key, model) => {
            let Some(preset) = ProviderPreset::by_id(&id) else {
                return;
            };
            let mut settings = preset.settings(&base_url, &key);
            settings.context_window = listed_window(&Signal::from(state.settings.models), &model);
            settings.model = model;
            match crate::settings::actions::save_settings(ready, settings) {
                Some(error) => state.settings.models.set(Some(Err(error))),
                None => {
                    state.shell.welcome.set(false);
                    state.shell.info.set(Some(tf(
                        "welcome-connected-to",
                        &[("provider", t(preset.name).into())],
                    )));
                }
            }
        }
        WelcomeAction::AllSettings => {
            state
                .shell
                .settings_section
                .set(skein_components::SettingsSection::Providers);
            state.shell.show_settings.set(true);
        }
        WelcomeAction::Skip => state.shell.welcome.set(false),
    }
}
