//! The character gallery: every character as a tile (picture, name, tags, the creator's
//! notes as plain text), a search and tag filter (the engine's `persona::gallery` decides what
//! matches), and the way in: import a card file, chat, edit, export, delete.

use crate::character_editor::CharacterEditor;
use crate::file_pick::ImportButton;
use crate::i18n::{t, tf};
use crate::images::ImageUrls;
use leptos::prelude::*;
use skein_engine::chat::CardFormat;
use skein_engine::persona::card::CharacterCard;
use skein_engine::persona::gallery::{all_tags, characters, matches};
use skein_engine::Assistant;

/// The longest excerpt of the creator's notes on a tile, in characters.
const NOTES_EXCERPT: usize = 160;

/// What the user did in the gallery.
#[derive(Debug, Clone)]
pub enum CharacterAction {
    /// A card file was chosen in this input.
    Import(web_sys::HtmlInputElement),
    /// Start a chat with this assistant's character.
    Chat(String),
    Export(String, CardFormat),
    Delete(String),
    /// The edited card of this assistant, and the stored world books it uses.
    Save(String, Box<CharacterCard>, Vec<String>),
    /// Download the character's own book as World Info.
    ExportBook(String),
}

#[component]
pub fn CharacterGallery(
    #[prop(into)] assistants: Signal<Vec<Assistant>>,
    /// Every stored world book: (ID, name, active everywhere).
    #[prop(into)]
    world_books: Signal<Vec<(String, String, bool)>>,
    #[prop(into)] on_action: Callback<CharacterAction>,
) -> impl IntoView {
    let query = RwSignal::new(String::new());
    let chosen_tags = RwSignal::new(Vec::<String>::new());
    let editing = RwSignal::new(None::<String>);
    let tags = Memo::new(move |_| assistants.with(|list| all_tags(&characters(list))));
    let shown = Memo::new(move |_| {
        let (query, chosen) = (query.get(), chosen_tags.get());
        assistants.with(|list| {
            characters(list)
                .into_iter()
                .filter(|a| {
                    a.character
                        .as_deref()
                        .is_some_and(|c| matches(c, &query, &chosen))
                })
                .cloned()
                .collect::<Vec<_>>()
        })
    });
    let count = Memo::new(move |_| assistants.with(|list| characters(list).len()));
    let edited = move || {
        let id = editing.get()?;
        assistants.with(|list| {
            list.iter()
                .find(|a| a.id == id && a.character.is_some())
                .cloned()
        })
    };
    view! {
        <section class="settings characters" data-testid="characters" aria-label=t("character-gallery-label")>
            <div class="gallery-bar">
                <ImportButton label=t("character-gallery-import") test_id="character-import"
                    accept=".png,.json,image/png,application/json"
                    on_pick=move |input| on_action.run(CharacterAction::Import(input)) />
                <input type="search" data-testid="character-search" placeholder=t("character-gallery-search")
                    aria-label=t("character-gallery-search")
                    prop:value=move || query.get()
                    on:input=move |ev| query.set(event_target_value(&ev)) />
            </div>
            <p class="hint">{t("character-gallery-hint")}</p>
            <Show when=move || !tags.with(Vec::is_empty)>
                <div class="tag-filter" role="group" aria-label=t("character-gallery-filter-tag")>
                    {move || tags.get().into_iter().map(|tag| {
                        let pressed = {
                            let tag = tag.clone();
                            move || chosen_tags.with(|c| c.contains(&tag))
                        };
                        let toggle = {
                            let tag = tag.clone();
                            move |_| chosen_tags.update(|c| {
                                if let Some(i) = c.iter().position(|t| *t == tag) {
                                    c.remove(i);
                                } else {
                                    c.push(tag.clone());
                                }
                            })
                        };
                        view! {
                            <button type="button" class="tag" data-testid="character-tag"
                                aria-pressed=move || pressed().to_string() on:click=toggle>{tag.clone()}</button>
                        }
                    }).collect_view()}
                </div>
            </Show>
            {move || edited().map(|assistant| view! {
                <CharacterEditor assistant=assistant world_books
                    on_save=move |(id, card, books)| {
                        on_action.run(CharacterAction::Save(id, card, books));
                        editing.set(None);
                    }
                    on_export_book=move |id| on_action.run(CharacterAction::ExportBook(id))
                    on_cancel=move |()| editing.set(None) />
            })}
            <Show when=move || editing.get().is_none()>
                {move || (count.get() == 0).then(|| view! {
                    <p class="hint" data-testid="no-characters">{t("character-gallery-empty")}</p>
                })}
                {move || (count.get() > 0 && shown.with(Vec::is_empty)).then(|| view! {
                    <p class="hint" data-testid="no-character-match">{t("character-gallery-no-match")}</p>
                })}
                <ul class="character-grid" data-testid="character-grid">
                    <For each=move || shown.get()
                        key=|a| (a.id.clone(), a.name.clone(), a.avatar.clone(), a.character.as_ref().map(|c| c.tags.join(",")))
                        children=move |assistant| view! { <CharacterTile assistant on_action editing /> } />
                </ul>
            </Show>
        </section>
    }
}

#[component]
fn CharacterTile(
    assistant: Assistant,
    on_action: Callback<CharacterAction>,
    editing: RwSignal<Option<String>>,
) -> impl IntoView {
    let Some(card) = assistant.character.clone() else {
        return ().into_any();
    };
    let id = assistant.id.clone();
    let notes: String = card
        .creator_notes
        .trim()
        .chars()
        .take(NOTES_EXCERPT)
        .collect();
    let truncated = card.creator_notes.trim().chars().count() > NOTES_EXCERPT;
    let greetings = card.greetings().len();
    let act = move |action: fn(String) -> CharacterAction| {
        let id = id.clone();
        move |_| on_action.run(action(id.clone()))
    };
    let export = {
        let id = assistant.id.clone();
        move |format: CardFormat| {
            let id = id.clone();
            move |_| on_action.run(CharacterAction::Export(id.clone(), format))
        }
    };
    let edit = {
        let id = assistant.id.clone();
        move |_| editing.set(Some(id.clone()))
    };
    view! {
        <li class="character-tile" data-testid="character-tile">
            <Avatar blob=assistant.avatar.clone() name=assistant.name.clone() />
            <div class="character-body">
                <h4 data-testid="character-name">{assistant.name.clone()}</h4>
                <ul class="tags" aria-label=t("character-gallery-tags")>
                    {card.tags.iter().filter(|t| !t.trim().is_empty()).map(|t| view! { <li class="tag">{t.clone()}</li> }).collect_view()}
                </ul>
                <p class="notes" data-testid="character-notes">{notes}{truncated.then_some("…")}</p>
                <p class="hint">{match greetings {
                    0 => t("character-gallery-no-greeting").to_owned(),
                    1 => t("character-gallery-one-greeting").to_owned(),
                    n => tf("character-gallery-greetings", &[("n", n.into())]),
                }}</p>
            </div>
            <div class="character-actions">
                <button type="button" class="primary" data-testid="character-chat"
                    on:click=act(CharacterAction::Chat)>{t("character-gallery-chat")}</button>
                <button type="button" data-testid="character-edit" on:click=edit>{t("character-gallery-edit")}</button>
                <details class="menu">
                    <summary data-testid="character-export">{t("character-gallery-export")}</summary>
                    <div class="menu-items">
                        <button type="button" data-testid="character-export-png" on:click=export(CardFormat::Png)>{t("character-gallery-png")}</button>
                        <button type="button" data-testid="character-export-v2" on:click=export(CardFormat::V2Json)>{t("character-gallery-json-v2")}</button>
                        <button type="button" data-testid="character-export-v3" on:click=export(CardFormat::V3Json)>{t("character-gallery-json-v3")}</button>
                    </div>
                </details>
                <button type="button" class="danger" data-testid="character-delete"
                    on:click=act(CharacterAction::Delete)>{t("character-gallery-delete")}</button>
            </div>
        </li>
    }
    .into_any()
}

/// A character's picture from storage, or its initial while there is none.
#[component]
pub fn Avatar(blob: Option<String>, name: String) -> impl IntoView {
    let urls = use_context::<ImageUrls>();
    if let (Some(id), Some(urls)) = (&blob, &urls) {
        urls.request.run(id.clone());
    }
    let initial: String = name
        .chars()
        .find(|c| c.is_alphanumeric())
        .map(|c| c.to_uppercase().collect())
        .unwrap_or_default();
    let url = move || {
        let id = blob.as_ref()?;
        urls.as_ref()?.urls.with(|map| map.get(id).cloned())
    };
    view! {
        {move || match url() {
            Some(src) => view! { <img class="avatar" data-testid="character-avatar" src=src alt="" /> }.into_any(),
            None => view! { <span class="avatar initial" aria-hidden="true">{initial.clone()}</span> }.into_any(),
        }}
    }
}
