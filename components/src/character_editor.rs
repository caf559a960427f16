//! Editing a character's card: every text field the specs define, the greetings one box each,
//! and the tags. Fields Skein does not use stay in the card untouched, so an export after an
//! edit still carries them.

use crate::fields::text_field;
use crate::i18n::{t, tf};
use crate::pick_list::PickList;
use leptos::prelude::*;
use skein_engine::persona::card::CharacterCard;
use skein_engine::Assistant;

#[component]
pub fn CharacterEditor(
    assistant: Assistant,
    /// Every stored world book: (ID, name, active everywhere).
    world_books: Signal<Vec<(String, String, bool)>>,
    /// The assistant's ID, the edited card and the stored world books it uses.
    #[prop(into)]
    on_save: Callback<(String, Box<CharacterCard>, Vec<String>)>,
    /// Download the character's own book (by the assistant's ID).
    #[prop(into)]
    on_export_book: Callback<String>,
    #[prop(into)] on_cancel: Callback<()>,
) -> impl IntoView {
    let Some(card) = assistant.character.clone() else {
        return ().into_any();
    };
    let text = |value: &str| RwSignal::new(value.to_owned());
    let name = text(&card.name);
    let nickname = text(card.nickname.as_deref().unwrap_or(""));
    let description = text(&card.description);
    let personality = text(&card.personality);
    let scenario = text(&card.scenario);
    let first_mes = text(&card.first_mes);
    let mes_example = text(&card.mes_example);
    let system_prompt = text(&card.system_prompt);
    let post_history = text(&card.post_history_instructions);
    let creator_notes = text(&card.creator_notes);
    let creator = text(&card.creator);
    let tags = text(&card.tags.join(", "));
    let alternates = RwSignal::new(
        card.alternate_greetings
            .iter()
            .map(|g| RwSignal::new(g.clone()))
            .collect::<Vec<_>>(),
    );
    let error = RwSignal::new(None::<&'static str>);
    let book_entries = card
        .character_book
        .as_ref()
        .and_then(|b| b.get("entries"))
        .and_then(|e| {
            e.as_array()
                .map(Vec::len)
                .or_else(|| e.as_object().map(|o| o.len()))
        });
    let numbered = move || alternates.get().into_iter().enumerate().collect::<Vec<_>>();
    let chosen_books = RwSignal::new(assistant.world_book_ids.clone());
    let id = assistant.id.clone();
    let book_owner = assistant.id.clone();
    let has_book = assistant
        .lorebook
        .as_ref()
        .is_some_and(|b| !b.entries.is_empty());
    let save = move |_| {
        if name.get_untracked().trim().is_empty() {
            error.set(Some(t("character-editor-needs-name")));
            return;
        }
        let mut edited = (*card).clone();
        edited.name = name.get_untracked().trim().to_owned();
        let nick = nickname.get_untracked().trim().to_owned();
        edited.nickname = (!nick.is_empty()).then_some(nick);
        edited.description = description.get_untracked();
        edited.personality = personality.get_untracked();
        edited.scenario = scenario.get_untracked();
        edited.first_mes = first_mes.get_untracked();
        edited.mes_example = mes_example.get_untracked();
        edited.system_prompt = system_prompt.get_untracked();
        edited.post_history_instructions = post_history.get_untracked();
        edited.creator_notes = creator_notes.get_untracked();
        edited.creator = creator.get_untracked();
        edited.tags = tags
            .get_untracked()
            .split(',')
            .map(|t| t.trim().to_owned())
            .filter(|t| !t.is_empty())
            .collect();
        edited.alternate_greetings = alternates
            .get_untracked()
            .iter()
            .map(|g| g.get_untracked())
            .filter(|g| !g.trim().is_empty())
            .collect();
        error.set(None);
        on_save.run((id.clone(), Box::new(edited), chosen_books.get_untracked()));
    };
    view! {
        <form class="settings character-editor" data-testid="character-editor"
            aria-label=t("character-editor-label") on:submit=|ev| ev.prevent_default()>
            <h4>{tf("character-editor-heading", &[("name", (&assistant.name).into())])}</h4>
            <label class="field">
                <span>{t("character-editor-name")}</span>
                <input type="text" data-testid="character-field-name"
                    prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) />
            </label>
            <label class="field">
                <span>{t("character-editor-nickname")}</span>
                <input type="text" data-testid="character-field-nickname"
                    prop:value=move || nickname.get() on:input=move |ev| nickname.set(event_target_value(&ev)) />
            </label>
            {text_field(t("character-editor-description"), description, "character-field-description", "5")}
            {text_field(t("character-editor-personality"), personality, "character-field-personality", "2")}
            {text_field(t("character-editor-scenario"), scenario, "character-field-scenario", "3")}
            {text_field(t("character-editor-first-message"), first_mes, "character-field-first-message", "4")}
            <fieldset class="greetings">
                <legend>{t("character-editor-greetings")}</legend>
                <For each=numbered
                    key=|(i, signal)| (*i, *signal)
                    children=move |(i, greeting)| view! {
                        <div class="greeting">
                            <textarea data-testid="character-field-alternate" rows="3"
                                aria-label=tf("character-editor-greeting", &[("n", (i + 1).into())])
                                prop:value=move || greeting.get()
                                on:input=move |ev| greeting.set(event_target_value(&ev))></textarea>
                            <button type="button" data-testid="character-alternate-remove"
                                aria-label=tf("character-editor-remove-greeting", &[("n", (i + 1).into())])
                                on:click=move |_| alternates.update(|list| { list.remove(i); })>{t("character-editor-remove")}</button>
                        </div>
                    } />
                <button type="button" data-testid="character-alternate-add"
                    on:click=move |_| alternates.update(|list| list.push(RwSignal::new(String::new())))>{t("character-editor-add-greeting")}</button>
            </fieldset>
            {text_field(t("character-editor-examples"), mes_example, "character-field-examples", "4")}
            {text_field(t("character-editor-system-prompt"), system_prompt, "character-field-system-prompt", "3")}
            {text_field(t("character-editor-post-history"), post_history, "character-field-post-history", "2")}
            {text_field(t("character-editor-creator-notes"), creator_notes, "character-field-notes", "3")}
            <label class="field">
                <span>{t("character-editor-tags")}</span>
                <input type="text" data-testid="character-field-tags"
                    prop:value=move || tags.get() on:input=move |ev| tags.set(event_target_value(&ev)) />
            </label>
            <label class="field">
                <span>{t("character-editor-creator")}</span>
                <input type="text" data-testid="character-field-creator"
                    prop:value=move || creator.get() on:input=move |ev| creator.set(event_target_value(&ev)) />
            </label>
            <p class="hint">{match book_entries {
                Some(n) => tf("character-editor-book", &[("n", n.into())]),
                None => t("character-editor-no-book").to_owned(),
            }}</p>
            {has_book.then(|| view! {
                <button type="button" data-testid="character-export-book"
                    on:click=move |_| on_export_book.run(book_owner.clone())>{t("character-editor-export-book")}</button>
            })}
            <PickList legend=t("character-editor-world-books") test_id="character-world-book"
                empty=t("world-books-none-settings")
                items=world_books chosen=chosen_books
                on_change=move |ids| chosen_books.set(ids) />
            {move || error.get().map(|e| view! { <p class="error" role="alert">{e}</p> })}
            <div class="form-actions">
                <button type="submit" class="primary" data-testid="character-save" on:click=save>{t("character-editor-save")}</button>
                <button type="button" data-testid="character-cancel" on:click=move |_| on_cancel.run(())>{t("character-editor-back")}</button>
            </div>
        </form>
    }
    .into_any()
}
