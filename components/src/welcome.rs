//! The first run: pick where answers come from on a card, give only what that provider needs
//! (a key, or an address for a local or other server), connect (the models are listed and a
//! sensible one chosen), and start. A local server that answered on its usual port is offered
//! first. The full settings stay one click away.

use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::provider::model_list::ModelInfo;
use skein_engine::provider::presets::{ProviderPreset, PRESETS};

/// What the welcome step asks the app to do.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum WelcomeAction {
    /// List the models of this provider (preset id, base URL, key).
    Connect(String, String, String),
    /// Save this provider with this model and start (preset id, base URL, key, model).
    Start(String, String, String, String),
    /// Open the full settings.
    AllSettings,
    /// Go to the chat without a provider for now.
    Skip,
}

/// A local server that answered: its preset and how many models it has.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LocalServer {
    pub preset: &'static str,
    pub models: usize,
}

#[component]
pub fn WelcomeStep(
    /// Local servers found on their usual ports.
    #[prop(into)]
    local: Signal<Vec<LocalServer>>,
    /// The models listed after Connect, or why they could not be; `None` before.
    #[prop(into)]
    models: Signal<Option<Result<Vec<ModelInfo>, String>>>,
    #[prop(into)] on_action: Callback<WelcomeAction>,
) -> impl IntoView {
    let chosen = RwSignal::new(None::<&'static ProviderPreset>);
    let key = RwSignal::new(String::new());
    let base_url = RwSignal::new(String::new());
    let model = RwSignal::new(String::new());
    let connecting = RwSignal::new(false);
    let choose = move |preset: &'static ProviderPreset| {
        chosen.set(Some(preset));
        base_url.set(preset.base_url.to_owned());
        model.set(String::new());
        connecting.set(false);
    };
    let connect = move || {
        let Some(preset) = chosen.get_untracked() else {
            return;
        };
        connecting.set(true);
        model.set(String::new());
        on_action.run(WelcomeAction::Connect(
            preset.id.to_owned(),
            base_url.get_untracked(),
            key.get_untracked(),
        ));
    };
    // The list arrived: start with the provider's sensible default.
    Effect::new(move |_| {
        let listed = models.get();
        if let (Some(Ok(list)), Some(preset)) = (listed, chosen.get_untracked()) {
            if connecting.get_untracked() && model.get_untracked().is_empty() {
                model.set(preset.default_model(&list).unwrap_or_default());
            }
        }
    });
    let listed = move || connecting.get().then(|| models.get()).flatten();
    view! {
        <section class="welcome" data-testid="welcome" aria-labelledby="welcome-title">
            <h2 id="welcome-title">{t("welcome-heading")}</h2>
            <p class="welcome-lead">
                {t("welcome-intro")}
            </p>
            {move || local.get().into_iter().filter_map(|found| {
                let preset = ProviderPreset::by_id(found.preset)?;
                Some(view! {
                    <div class="welcome-local" data-testid="local-offer" role="status">
                        <span>
                            <strong>{t(preset.name)}</strong>
                            " "{tf("welcome-local-running", &[("n", found.models.into())])}
                        </span>
                        <button type="button" class="primary" data-testid="use-local"
                            on:click=move |_| { choose(preset); connect(); }>
                            {tf("welcome-use", &[("name", t(preset.name).into())])}
                        </button>
                    </div>
                })
            }).collect_view()}
            <ul class="provider-cards" aria-label=t("welcome-providers")>
                {PRESETS.iter().map(|preset| view! {
                    <li>
                        <button type="button" class="provider-card" data-testid="provider-card"
                            data-provider=preset.id
                            aria-pressed=move || chosen.get().is_some_and(|c| c.id == preset.id).to_string()
                            on:click=move |_| choose(preset)>
                            <strong>{t(preset.name)}</strong>
                            <span>{t(preset.blurb)}</span>
                        </button>
                    </li>
                }).collect_view()}
            </ul>
            {move || chosen.get().map(|preset| view! {
                <form class="welcome-connect" data-testid="welcome-connect-form"
                    on:submit=move |ev| { ev.prevent_default(); connect(); }>
                    <h3>{t(preset.name)}</h3>
                    <Show when=move || preset.local || preset.base_url.is_empty()>
                        <label>{t("welcome-address")}
                            <input type="url" data-testid="welcome-base-url" autocomplete="off"
                                placeholder="http://127.0.0.1:8000/v1"
                                prop:value=move || base_url.get()
                                on:input=move |ev| base_url.set(event_target_value(&ev)) />
                        </label>
                    </Show>
                    // One key field: required for hosted providers, optional for
                    // a server at an address the user types.
                    <Show when=move || preset.needs_key || preset.base_url.is_empty()>
                        <label>{if preset.needs_key { t("welcome-api-key") } else { t("welcome-api-key-optional") }}
                            <input type="password" data-testid="welcome-key" autocomplete="off"
                                prop:value=move || key.get()
                                on:input=move |ev| key.set(event_target_value(&ev)) />
                        </label>
                    </Show>
                    <button type="submit" data-testid="welcome-connect">{t("welcome-connect")}</button>
                    {move || match listed() {
                        None if connecting.get() => view! {
                            <p class="welcome-status" role="status">{t("welcome-connecting")}</p>
                        }.into_any(),
                        None => ().into_any(),
                        Some(Err(err)) => view! {
                            <p class="welcome-status error" role="alert" data-testid="welcome-error">{err}</p>
                        }.into_any(),
                        Some(Ok(list)) if list.is_empty() => view! {
                            <p class="welcome-status error" role="alert" data-testid="welcome-error">
                                {t("welcome-no-models")}
                            </p>
                        }.into_any(),
                        Some(Ok(list)) => view! {
                            <div class="welcome-ready">
                                <p class="welcome-status" role="status">
                                    {tf("welcome-connected", &[("n", list.len().into())])}
                                </p>
                                <label>{t("welcome-model")}" "
                                    <select data-testid="welcome-model"
                                        on:change=move |ev| model.set(event_target_value(&ev))>
                                        {list.into_iter().map(|info| {
                                            let id = info.id.clone();
                                            let selected = move || model.with(|m| *m == id);
                                            view! { <option value=info.id.clone() selected=selected>{crate::model_picker::option_text(&info.id, info.abilities)}</option> }
                                        }).collect_view()}
                                    </select>
                                </label>
                                <button type="button" class="primary" data-testid="welcome-start"
                                    disabled=move || model.with(String::is_empty)
                                    on:click=move |_| on_action.run(WelcomeAction::Start(
                                        preset.id.to_owned(),
                                        base_url.get_untracked(),
                                        key.get_untracked(),
                                        model.get_untracked(),
                                    ))>
                                    {t("welcome-start")}
                                </button>
                            </div>
                        }.into_any(),
                    }}
                </form>
            })}
            <p class="welcome-more">
                <button type="button" class="link" data-testid="welcome-settings"
                    on:click=move |_| on_action.run(WelcomeAction::AllSettings)>
                    {t("welcome-all-settings")}
                </button>
                " "{t("welcome-all-settings-detail")}" "
                <button type="button" class="link" data-testid="welcome-skip"
                    on:click=move |_| on_action.run(WelcomeAction::Skip)>
                    {t("welcome-look-around")}
                </button>
                {t("sentence-end")}
            </p>
        </section>
    }
}
