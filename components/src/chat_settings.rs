//! "This chat": the settings a conversation has of its own — the persona the user speaks as
//! and its own system prompt (when its assistant allows one).

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
        <SideSheet open=open.into() title="This chat" id="chat-settings" close_label="Close this chat's settings"
            close_testid="chat-settings-close" on_close=move |()| open.set(false)>
            <label class="field">
                <span>"You speak as"</span>
                <select data-testid="chat-persona"
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        on_change.run(ChatSettingsChange::Persona((!id.is_empty()).then_some(id)));
                    }>
                    <option value="" selected=move || persona_id.with(Option::is_none)>
                        {move || match default_name() {
                            Some(name) => format!("The default persona ({name})"),
                            None => "The default (no persona)".to_owned(),
                        }}
                    </option>
                    {move || personas.get().list.into_iter().map(|p| {
                        let id = p.id.clone();
                        view! { <option value=p.id.clone() selected=move || persona_id.with(|c| c.as_deref() == Some(id.as_str()))>{p.name}</option> }
                    }).collect_view()}
                </select>
            </label>
            <p class="hint">"Personas are made in Settings → Characters."</p>
            <label class="field">
                <span>"This chat's system prompt"</span>
                <textarea data-testid="chat-system-prompt" rows="6"
                    disabled=move || !prompt_allowed.get()
                    placeholder="Empty: the assistant's own"
                    prop:value=move || prompt.get()
                    on:input=move |ev| prompt.set(event_target_value(&ev))></textarea>
            </label>
            {move || (!prompt_allowed.get()).then(|| view! {
                <p class="hint" data-testid="chat-prompt-not-allowed">"This chat's assistant does not allow a chat's own system prompt (its settings can)."</p>
            })}
            <p class="hint">"Sent instead of the assistant's system prompt; with a character, in place of {{original}} (the card stays)."</p>
            <div class="form-actions">
                <button type="button" class="primary" data-testid="chat-system-prompt-save"
                    disabled=move || !prompt_allowed.get()
                    on:click=move |_| on_change.run(ChatSettingsChange::SystemPrompt(prompt.get_untracked()))>"Save prompt"</button>
            </div>
            <PickList legend="World books in this chat" test_id="chat-world-book"
                empty="No world books yet: import one in Settings → World books & dictionaries."
                items=world_books chosen=chat_books
                on_change=move |ids| on_change.run(ChatSettingsChange::WorldBooks(ids)) />
            <PickList legend="Chat dictionaries in this chat" test_id="chat-dictionary"
                empty="No dictionaries yet: make one in Settings → World books & dictionaries."
                items=dictionaries chosen=chat_dictionaries
                on_change=move |ids| on_change.run(ChatSettingsChange::Dictionaries(ids)) />
            {move || feedback.get().map(|f| match f {
                Ok(text) => view! { <p class="ok" role="status" data-testid="chat-settings-feedback">{text}</p> }.into_any(),
                Err(text) => view! { <p class="error" role="alert" data-testid="chat-settings-feedback">{text}</p> }.into_any(),
            })}
        </SideSheet>
    }
}
