//! The user's personas: who the user is in a chat (the name `{{user}}` stands for and what the
//! model is told), and which one new chats use.

use crate::i18n::t;
use leptos::prelude::*;
use skein_engine::persona::user_persona::{Persona, Personas};

/// What the user did to their personas.
#[derive(Debug, Clone)]
pub enum PersonaAction {
    /// A new persona (empty ID) or an edited one.
    Save(Persona),
    Delete(String),
    /// The persona new chats use; `None`: none.
    SetDefault(Option<String>),
}

#[component]
pub fn PersonaPanel(
    #[prop(into)] personas: Signal<Personas>,
    /// Why the last save was refused.
    #[prop(into)]
    error: Signal<Option<String>>,
    #[prop(into)] on_action: Callback<PersonaAction>,
) -> impl IntoView {
    let new_name = RwSignal::new(String::new());
    let new_description = RwSignal::new(String::new());
    let add = move |_| {
        on_action.run(PersonaAction::Save(Persona {
            id: String::new(),
            name: new_name.get_untracked(),
            description: new_description.get_untracked(),
        }));
        if !new_name.get_untracked().trim().is_empty() {
            new_name.set(String::new());
            new_description.set(String::new());
        }
    };
    let default_id = move || personas.with(|p| p.default_id.clone());
    view! {
        <section class="settings personas" data-testid="personas" aria-label=t("persona-label")>
            <h4>{t("persona-heading")}</h4>
            <p class="hint">{t("persona-intro")}</p>
            <label class="field">
                <span>{t("persona-default")}</span>
                <select data-testid="persona-default"
                    on:change=move |ev| {
                        let id = event_target_value(&ev);
                        on_action.run(PersonaAction::SetDefault((!id.is_empty()).then_some(id)));
                    }>
                    <option value="" selected=move || default_id().is_none()>{t("persona-none")}</option>
                    {move || personas.get().list.into_iter().map(|p| {
                        let id = p.id.clone();
                        view! { <option value=p.id.clone() selected=move || default_id().as_deref() == Some(id.as_str())>{p.name}</option> }
                    }).collect_view()}
                </select>
            </label>
            <For each=move || personas.get().list
                key=|p| p.clone()
                children=move |persona| {
                    let name = RwSignal::new(persona.name.clone());
                    let description = RwSignal::new(persona.description.clone());
                    let id = persona.id.clone();
                    let save = {
                        let id = id.clone();
                        move |_| on_action.run(PersonaAction::Save(Persona {
                            id: id.clone(),
                            name: name.get_untracked(),
                            description: description.get_untracked(),
                        }))
                    };
                    view! {
                        <div class="persona" data-testid="persona">
                            <input type="text" data-testid="persona-name" aria-label=t("persona-name-label")
                                prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
                            <textarea data-testid="persona-description" rows="2" aria-label=t("persona-description-label")
                                prop:value=move || description.get()
                                on:input=move |ev| description.set(event_target_value(&ev))></textarea>
                            <div class="form-actions">
                                <button type="button" data-testid="persona-save" on:click=save>{t("persona-save")}</button>
                                <button type="button" data-testid="persona-delete"
                                    on:click=move |_| on_action.run(PersonaAction::Delete(id.clone()))>{t("persona-delete")}</button>
                            </div>
                        </div>
                    }
                } />
            <div class="persona new-persona" role="group" aria-label=t("persona-new-label")>
                <input type="text" data-testid="persona-new-name" placeholder=t("persona-new-name")
                    aria-label=t("persona-new-name-label")
                    prop:value=move || new_name.get() on:input=move |ev| new_name.set(event_target_value(&ev)) />
                <textarea data-testid="persona-new-description" rows="2" placeholder=t("persona-new-description")
                    aria-label=t("persona-new-description-label")
                    prop:value=move || new_description.get()
                    on:input=move |ev| new_description.set(event_target_value(&ev))></textarea>
                <div class="form-actions">
                    <button type="button" data-testid="persona-add" on:click=add>{t("persona-add")}</button>
                </div>
            </div>
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="persona-error">{e}</p> })}
        </section>
    }
}
