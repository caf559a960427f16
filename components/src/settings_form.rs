//! Provider settings: protocol, base URL, API key, model, timeouts and client-side limits.

use crate::fields::{code_area, number_input};
use crate::i18n::{t, tf};
use crate::provider_fields::{FieldWords, Named, ProviderDraft, ProviderFields};
use leptos::prelude::*;
use skein_engine::provider::custom_request::{body_text, headers_text, parse_body, parse_headers};
use skein_engine::provider::model_list::ModelInfo;
use skein_engine::ProviderSettings;

/// The provider settings' words for the provider fields.
static WORDS: FieldWords = FieldWords {
    kind: Named {
        label: "provider-protocol",
        test_id: "provider-kind",
    },
    base_url: Named {
        label: "provider-base-url",
        test_id: "provider-base-url",
    },
    api_key: Named {
        label: "provider-api-key",
        test_id: "provider-api-key",
    },
    model: Named {
        label: "provider-model",
        test_id: "settings-model",
    },
    base_url_example: Some("https://api.openai.com/v1"),
    model_example: Some("gpt-4o-mini, llama3.2, …"),
};

pub type ListedModels = Signal<Option<Result<Vec<ModelInfo>, String>>>;

/// The listed model IDs (empty while none were fetched or fetching failed).
fn ids_for(models: &ListedModels) -> Vec<String> {
    models.with(|m| {
        m.as_ref()
            .and_then(|r| r.as_ref().ok())
            .map(|list| list.iter().map(|info| info.id.clone()).collect())
            .unwrap_or_default()
    })
}

/// The context window the provider listed for model `id` (untracked); `None` when the list
/// is missing, failed, or does not say.
pub fn listed_window(models: &ListedModels, id: &str) -> Option<u64> {
    models.with_untracked(|m| {
        m.as_ref()?
            .as_ref()
            .ok()?
            .iter()
            .find(|info| info.id == id)?
            .context_window
    })
}

fn ids_contain(ids: &[String], model: &str) -> bool {
    ids.iter().any(|id| id == model)
}

#[component]
pub fn SettingsForm(
    #[prop(into)] settings: Signal<ProviderSettings>,
    /// Called with the edited settings; returns an error to show, or `None` when saved.
    #[prop(into)]
    on_save: Callback<ProviderSettings, Option<String>>,
    /// The models the provider listed (after "Fetch models"), or why it could not.
    #[prop(into)]
    models: ListedModels,
    /// Asks the provider for its models, with the settings as edited (not yet saved).
    #[prop(into)]
    on_fetch_models: Callback<ProviderSettings>,
) -> impl IntoView {
    let draft = ProviderDraft::new();
    let ProviderDraft {
        kind,
        base_url,
        api_key,
        model,
    } = draft;
    let first_token_timeout = RwSignal::new(String::new());
    let idle_timeout = RwSignal::new(String::new());
    let requests_per_minute = RwSignal::new(String::new());
    let tokens_per_minute = RwSignal::new(String::new());
    let context_window = RwSignal::new(String::new());
    let embedding_model = RwSignal::new(String::new());
    let supports_tools = RwSignal::new(true);
    let supports_images = RwSignal::new(true);
    let ocr_model = RwSignal::new(String::new());
    let custom_headers = RwSignal::new(String::new());
    let custom_body = RwSignal::new(String::new());
    let feedback = RwSignal::new(None::<Result<String, String>>);
    // Follow the stored settings (they load after the first render).
    Effect::new(move || {
        let s = settings.get();
        kind.set(s.kind);
        base_url.set(s.base_url);
        api_key.set(s.api_key);
        model.set(s.model);
        first_token_timeout.set(s.first_token_timeout_s.to_string());
        idle_timeout.set(s.idle_timeout_s.to_string());
        requests_per_minute.set(
            s.requests_per_minute
                .map(|n| n.to_string())
                .unwrap_or_default(),
        );
        tokens_per_minute.set(
            s.tokens_per_minute
                .map(|n| n.to_string())
                .unwrap_or_default(),
        );
        context_window.set(s.context_window.map(|n| n.to_string()).unwrap_or_default());
        embedding_model.set(s.embedding_model);
        supports_tools.set(s.supports_tools);
        supports_images.set(s.supports_images);
        ocr_model.set(s.ocr_model);
        custom_headers.set(headers_text(&s.custom_headers));
        custom_body.set(body_text(&s.custom_body));
    });
    let edited_connection = move || ProviderSettings {
        kind: kind.get_untracked(),
        base_url: base_url.get_untracked().trim().to_owned(),
        api_key: api_key.get_untracked().trim().to_owned(),
        ..settings.get_untracked()
    };
    let submit = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let stored = settings.get_untracked();
        let number = |field: RwSignal<String>, name: &str| -> Result<Option<u32>, String> {
            let text = field.get_untracked();
            let text = text.trim();
            if text.is_empty() {
                return Ok(None);
            }
            text.parse::<u32>()
                .map(Some)
                .map_err(|_| tf("provider-whole-number", &[("field", name.into())]))
        };
        let numbers = (|| {
            Ok::<_, String>((
                number(first_token_timeout, t("provider-field-first-token"))?,
                number(idle_timeout, t("provider-field-idle"))?,
                number(requests_per_minute, t("provider-field-rpm"))?,
                number(tokens_per_minute, t("provider-field-tpm"))?,
            ))
        })();
        let (first_token, idle, rpm, tpm) = match numbers {
            Ok(numbers) => numbers,
            Err(error) => return feedback.set(Some(Err(error))),
        };
        let window = match number(context_window, t("provider-field-context-window")) {
            Ok(window) => window.filter(|w| *w > 0).map(u64::from),
            Err(error) => return feedback.set(Some(Err(error))),
        };
        let custom = parse_headers(&custom_headers.get_untracked())
            .and_then(|headers| Ok((headers, parse_body(&custom_body.get_untracked())?)));
        let (headers, body) = match custom {
            Ok(custom) => custom,
            Err(error) => return feedback.set(Some(Err(crate::i18n::explain(&error)))),
        };
        let edited = ProviderSettings {
            kind: kind.get_untracked(),
            base_url: base_url.get_untracked().trim().to_owned(),
            api_key: api_key.get_untracked().trim().to_owned(),
            model: model.get_untracked().trim().to_owned(),
            first_token_timeout_s: first_token.unwrap_or(stored.first_token_timeout_s),
            idle_timeout_s: idle.unwrap_or(stored.idle_timeout_s),
            requests_per_minute: rpm,
            tokens_per_minute: tpm,
            context_window: window,
            embedding_model: embedding_model.get_untracked().trim().to_owned(),
            supports_tools: supports_tools.get_untracked(),
            supports_images: supports_images.get_untracked(),
            ocr_model: ocr_model.get_untracked().trim().to_owned(),
            custom_headers: headers,
            custom_body: body,
            // Fields this form does not show yet (fallbacks) are kept as stored.
            ..stored
        };
        feedback.set(Some(match on_save.run(edited) {
            None => Ok(t("saved").to_owned()),
            Some(error) => Err(error),
        }));
    };
    view! {
        <form class="settings" data-testid="settings" on:submit=submit>
            <h4>{t("provider-connection")}</h4>
            <ProviderFields draft=draft words=&WORDS url_follows_kind=true />
            <div class="model-list">
                <button type="button" data-testid="fetch-models"
                    on:click=move |_| on_fetch_models.run(edited_connection())>{t("provider-fetch-models")}</button>
                {move || models.get().map(|listed| match listed {
                    Ok(ids) => view! {
                        <select data-testid="model-select" aria-label=t("provider-models-label")
                            on:change=move |ev| {
                                let chosen = event_target_value(&ev);
                                // The window the provider states comes with the model.
                                if let Some(window) = listed_window(&models, &chosen) {
                                    context_window.set(window.to_string());
                                }
                                model.set(chosen);
                            }>
                            <option value="" disabled=true selected=move || model.with(|m| !ids_contain(&ids_for(&models), m))>
                                {t("provider-choose-model")}
                            </option>
                            {ids.into_iter().map(|info| info.id).map(|id| {
                                let value = id.clone();
                                let selected = {
                                    let id = id.clone();
                                    move || model.with(|m| *m == id)
                                };
                                view! { <option value=value selected=selected>{id}</option> }
                            }).collect_view()}
                        </select>
                    }.into_any(),
                    Err(error) => view! {
                        <p class="error" data-testid="models-error" role="alert">{error}</p>
                    }.into_any(),
                })}
            </div>
            <details class="connection">
                <summary data-testid="provider-limits">{t("provider-limits")}</summary>
                <label>{t("provider-first-token-timeout")}
                    {number_input(first_token_timeout, "provider-first-token-timeout", "1")}
                </label>
                <label>{t("provider-idle-timeout")}
                    {number_input(idle_timeout, "provider-idle-timeout", "1")}
                </label>
                <label>{t("provider-requests-per-minute")}
                    {number_input(requests_per_minute, "provider-requests-per-minute", "1")}
                </label>
                <label>{t("provider-tokens-per-minute")}
                    {number_input(tokens_per_minute, "provider-tokens-per-minute", "1")}
                </label>
            </details>
            <details class="connection">
                <summary data-testid="provider-advanced">{t("provider-advanced")}</summary>
                <label>{t("provider-context-window")}
                    {number_input(context_window, "provider-context-window", "1")}
                </label>
                <label>{t("provider-embedding-model")}
                    <input type="text" data-testid="provider-embedding-model"
                        placeholder=t("provider-embedding-placeholder")
                        prop:value=move || embedding_model.get()
                        on:input=move |ev| embedding_model.set(event_target_value(&ev)) />
                </label>
                <label class="checkbox">
                    <input type="checkbox" data-testid="provider-supports-tools"
                        prop:checked=move || supports_tools.get()
                        on:change=move |ev| supports_tools.set(event_target_checked(&ev)) />
                    {t("provider-tools")}
                </label>
                <label class="checkbox">
                    <input type="checkbox" data-testid="provider-supports-images"
                        prop:checked=move || supports_images.get()
                        on:change=move |ev| supports_images.set(event_target_checked(&ev)) />
                    {t("provider-vision")}
                </label>
                <label>{t("provider-vision-model")}
                    <input type="text" data-testid="provider-ocr-model"
                        placeholder=t("provider-vision-placeholder")
                        prop:value=move || ocr_model.get()
                        on:input=move |ev| ocr_model.set(event_target_value(&ev)) />
                </label>
                <label>{t("provider-headers")}
                    {code_area(custom_headers, "provider-custom-headers", "HTTP-Referer: https://example.org")}
                </label>
                <label>{t("provider-body")}
                    {code_area(custom_body, "provider-custom-body", "{\"top_k\": 40}")}
                </label>
            </details>
            <button type="submit" class="primary" data-testid="settings-save">{t("provider-save")}</button>
            {move || feedback.get().map(|f| match f {
                Ok(text) => view! { <p class="ok" data-testid="settings-feedback" role="status">{text}</p> },
                Err(text) => view! { <p class="error" data-testid="settings-feedback" role="alert">{text}</p> },
            })}
        </form>
    }
}
