//! "This chat": the settings a conversation has of its own — the persona the user speaks as
//! and its own system prompt (when its assistant allows one).

use crate::i18n::{t, tf};
use crate::pick_list::PickList;
use crate::side_sheet::SideSheet;
use leptos::prelude::*;
use skein_engine::persona::user_persona::Personas;

/// What the user changed for the chat on screen.
#[derive(Debug, Clone)]
pub enum ChatSettingsChange {
    /// `None`: the default persona.
    Persona(Option<String>),
    /// Blank: none (the assistant's prompt).
    SystemPrompt(String),
    /// The stored world books this chat uses besides the global ones and its assistant's.
    WorldBooks(Vec<String>),
    /// The stored dictionaries this chat uses besides its assistant's.
    Dictionaries(Vec<String>),
}

#[component]
pub fn ChatSettingsPanel(
    open: RwSignal<bool>,
    #[prop(into)] personas: Signal<Personas>,
    /// The chat's own persona, if it chose one.
    #[prop(into)]
    persona_id: Signal<Option<String>>,
    #[prop(into)] system_prompt: Signal<String>,
    /// Whether the chat's assistant lets a chat have its own system prompt.
    #[prop(into)]
    prompt_allowed: Signal<bool>,
    /// Every stored world book: (ID, name, active everywhere).
    #[prop(into)]
    world_books: Signal<Vec<(String, String, bool)>>,
    /// The books this chat chose.
    #[prop(into)]
    chat_books: Signal<Vec<String>>,
    /// Every stored dictionary: (ID, name, active everywhere).
    #[prop(into)]
    dictionaries: Signal<Vec<(String, String, bool)>>,
    /// The dictionaries this chat chose.
    #[prop(into)]
    chat_dictionaries: Signal<Vec<String>>,
    /// What saving said ("Saved.") or why it failed.
    #[prop(into)]
    feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_change: Callback<ChatSettingsChange>,
) -> impl IntoView {
    let prompt = RwSignal::new(String::new());
    // The box starts from the stored prompt each time the panel opens.
    Effect::new(move |_| {
        if open.get() {
            prompt.set(system_prompt.get_untracked());
        }
    });
    let default_name = move || {
        personas.with(|p| {
            p.default_id
                .as_deref()
                .and_then(|id| p.get(id))
                .map(|p| p.name.clone())
        })
    };
    view! {
        <SideSheet open=open.into() title=t("chat-settings-label") id="chat-settings" close_label=t("chat-settings-close")
            close_testid="chat-settings-close" on_close=move |()| open.set(false)>
            <label class="field">
                <span>{t("chat-settings-speak-as")}</span>
                <select data-testid="chat-persona"
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        on_change.run(ChatSettingsChange::Persona((!id.is_empty()).then_some(id)));
                    }>
                    <option value="" selected=move || persona_id.with(Option::is_none)>
                        {move || match default_name() {
                            Some(name) => tf("chat-settings-default-persona", &[("name", name.into())]),
                            None => t("chat-settings-default-no-persona").to_owned(),
                        }}
                    </option>
                    {move || personas.get().list.into_iter().map(|p| {
                        let id = p.id.clone();
                        view! { <option value=p.id.clone() selected=move || persona_id.with(|c| c.as_deref() == Some(id.as_str()))>{p.name}</option> }
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">{t("chat-settings-personas-hint")}</p>
            <label class="field">
                <span>{t("chat-settings-prompt")}</span>
                <textarea data-testid="chat-system-prompt" rows="6"
                    disabled=move || !prompt_allowed.get()
                    placeholder=t("chat-settings-prompt-placeholder")
                    prop:value=move || prompt.get()
                    on:input=move |ev| prompt.set(event_target_value(&ev))></textarea>
            </label>
            {move || (!prompt_allowed.get()).then(|| view! {
                <p class="hint" data-testid="chat-prompt-not-allowed">{t("chat-settings-prompt-not-allowed")}</p>
            })}
            <p class="hint">{t("chat-settings-prompt-hint")}</p>
            <div class="form-actions">
                <button type="button" class="primary" data-testid="chat-system-prompt-save"
                    disabled=move || !prompt_allowed.get()
                    on:click=move |_| on_change.run(ChatSettingsChange::SystemPrompt(prompt.get_untracked()))>{t("chat-settings-save-prompt")}</button>
            </div>
            <PickList legend=t("chat-settings-world-books") test_id="chat-world-book"
                empty=t("world-books-none-settings")
                items=world_books chosen=chat_books
                on_change=move |ids| on_change.run(ChatSettingsChange::WorldBooks(ids)) />
            <PickList legend=t("chat-settings-dictionaries") test_id="chat-dictionary"
                empty=t("dictionaries-none-settings")
                items=dictionaries chosen=chat_dictionaries
                on_change=move |ids| on_change.run(ChatSettingsChange::Dictionaries(ids)) />
            {move || feedback.get().map(|f| match f {
                Ok(text) => view! { <p class="ok" role="status" data-testid="chat-settings-feedback">{text}</p> }.into_any(),
                Err(text) => view! { <p class="error" role="alert" data-testid="chat-settings-feedback">{text}</p> }.into_any(),
            })}
        </SideSheet>
    }
}
