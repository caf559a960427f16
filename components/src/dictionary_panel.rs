//! Chat dictionaries: words or patterns replaced in what the user sends (in the request only),
//! imported, made, edited entry by entry (pattern or regular expression, replacement, chance,
//! how many times, on or off), exported and deleted. Which chats and assistants use one is
//! chosen where those are.

use crate::file_pick::{ImportButton, RowActions, Said};
use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::persona::dictionary_file::Dictionaries;
use skein_engine::prompt::{ChatDictionary, DictionaryEntry, DictionaryPattern};

/// What the user did to their dictionaries.
#[derive(Debug, Clone)]
pub enum DictionaryAction {
    Import(web_sys::HtmlInputElement),
    New,
    Save(ChatDictionary),
    Export(String),
    Delete(String),
}

/// One entry being edited.
#[derive(Clone, Copy)]
struct EntryRow {
    pattern: RwSignal<String>,
    regex: RwSignal<bool>,
    replacement: RwSignal<String>,
    enabled: RwSignal<bool>,
    probability: RwSignal<String>,
    max: RwSignal<String>,
}

impl EntryRow {
    fn new(entry: &DictionaryEntry) -> Self {
        let (pattern, regex) = match &entry.pattern {
            DictionaryPattern::Keyword(word) => (word.clone(), false),
            DictionaryPattern::Regex(pattern) => (pattern.clone(), true),
        };
        Self {
            pattern: RwSignal::new(pattern),
            regex: RwSignal::new(regex),
            replacement: RwSignal::new(entry.replacement.clone()),
            enabled: RwSignal::new(entry.enabled),
            probability: RwSignal::new(entry.probability.to_string()),
            max: RwSignal::new(
                entry
                    .max_replacements
                    .map(|m| m.to_string())
                    .unwrap_or_default(),
            ),
        }
    }

    fn entry(&self) -> DictionaryEntry {
        let pattern = self.pattern.get_untracked();
        DictionaryEntry {
            pattern: if self.regex.get_untracked() {
                DictionaryPattern::Regex(pattern)
            } else {
                DictionaryPattern::Keyword(pattern)
            },
            replacement: self.replacement.get_untracked(),
            enabled: self.enabled.get_untracked(),
            probability: self
                .probability
                .get_untracked()
                .trim()
                .parse::<u8>()
                .map_or(100, |p| p.min(100)),
            max_replacements: self
                .max
                .get_untracked()
                .trim()
                .parse()
                .ok()
                .filter(|m: &usize| *m > 0),
        }
    }
}

#[component]
fn DictionaryEditor(
    dictionary: ChatDictionary,
    #[prop(into)] error: Signal<Option<String>>,
    on_save: Callback<ChatDictionary>,
    on_close: Callback<()>,
) -> impl IntoView {
    let original = StoredValue::new(dictionary.clone());
    let name = RwSignal::new(dictionary.name.clone());
    let budget = RwSignal::new(dictionary.token_budget.to_string());
    let rows = RwSignal::new(
        dictionary
            .entries
            .iter()
            .map(EntryRow::new)
            .collect::<Vec<_>>(),
    );
    let numbered = move || rows.get().into_iter().enumerate().collect::<Vec<_>>();
    let save = move |_| {
        let dictionary = original.get_value();
        on_save.run(ChatDictionary {
            name: name.get_untracked().trim().to_owned(),
            token_budget: budget.get_untracked().trim().parse().unwrap_or(dictionary.token_budget),
            entries: rows
                .get_untracked()
                .iter()
                .map(EntryRow::entry)
                .filter(|e| !matches!(&e.pattern, DictionaryPattern::Keyword(w) | DictionaryPattern::Regex(w) if w.trim().is_empty()))
                .collect(),
            ..dictionary
        });
    };
    view! {
        <form class="settings dictionary-editor" data-testid="dictionary-editor" aria-label=t("dictionary-editor-label")
            on:submit=|ev| ev.prevent_default()>
            <h4>{move || tf("dictionary-editor-heading", &[("name", name.get().into())])}</h4>
            <div class="row">
                <label class="field"><span>{t("dictionary-name")}</span>
                    <input type="text" data-testid="dictionary-name" prop:value=move || name.get()
                        on:input=move |ev| name.set(event_target_value(&ev)) /></label>
                <label class="field"><span>{t("dictionary-budget")}</span>
                    <input type="number" data-testid="dictionary-budget" prop:value=move || budget.get()
                        on:input=move |ev| budget.set(event_target_value(&ev)) /></label>
            </div>
            <p class="hint">{t("dictionary-hint")}</p>
            <For each=numbered key=|(i, row)| (*i, row.pattern) children=move |(index, row)| view! {
                <div class="dictionary-entry" data-testid="dictionary-entry">
                    <label class="field"><span>{t("dictionary-word")}</span>
                        <input type="text" data-testid="dictionary-entry-pattern" prop:value=move || row.pattern.get()
                            on:input=move |ev| row.pattern.set(event_target_value(&ev)) /></label>
                    <label class="field"><span>{t("dictionary-replacement")}</span>
                        <input type="text" data-testid="dictionary-entry-replacement" prop:value=move || row.replacement.get()
                            on:input=move |ev| row.replacement.set(event_target_value(&ev)) /></label>
                    <div class="row">
                        <label class="field"><span>{t("dictionary-chance")}</span>
                            <input type="number" data-testid="dictionary-entry-probability" prop:value=move || row.probability.get()
                                on:input=move |ev| row.probability.set(event_target_value(&ev)) /></label>
                        <label class="field"><span>{t("dictionary-at-most")}</span>
                            <input type="number" data-testid="dictionary-entry-max" prop:value=move || row.max.get()
                                on:input=move |ev| row.max.set(event_target_value(&ev)) /></label>
                    </div>
                    <div class="checks">
                        <label class="check"><input type="checkbox" data-testid="dictionary-entry-regex"
                            prop:checked=move || row.regex.get() on:change=move |ev| row.regex.set(event_target_checked(&ev)) />
                            {t("dictionary-regex")}</label>
                        <label class="check"><input type="checkbox" data-testid="dictionary-entry-enabled"
                            prop:checked=move || row.enabled.get() on:change=move |ev| row.enabled.set(event_target_checked(&ev)) />
                            {t("dictionary-enabled")}</label>
                        <button type="button" class="danger" data-testid="dictionary-entry-remove"
                            on:click=move |_| rows.update(|list| { if index < list.len() { list.remove(index); } })>{t("dictionary-remove")}</button>
                    </div>
                </div>
            } />
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="dictionary-error">{e}</p> })}
            <div class="form-actions">
                <button type="button" data-testid="dictionary-entry-add"
                    on:click=move |_| rows.update(|list| list.push(EntryRow::new(&DictionaryEntry::new(DictionaryPattern::Keyword(String::new()), "")))) >{t("dictionary-add-entry")}</button>
                <button type="submit" class="primary" data-testid="dictionary-save" on:click=save>{t("dictionary-save")}</button>
                <button type="button" data-testid="dictionary-close" on:click=move |_| on_close.run(())>{t("dictionary-back")}</button>
            </div>
        </form>
    }
}

#[component]
pub fn DictionaryPanel(
    #[prop(into)] dictionaries: Signal<Dictionaries>,
    /// The dictionary being edited, chosen by the app so a new one opens at once.
    editing: RwSignal<Option<String>>,
    #[prop(into)] feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_action: Callback<DictionaryAction>,
) -> impl IntoView {
    let edited = move || {
        let id = editing.get()?;
        dictionaries.with(|d| d.get(&id).cloned())
    };
    let error = Signal::derive(move || feedback.get().and_then(Result::err));
    view! {
        <section class="settings dictionaries" data-testid="dictionaries" aria-labelledby="dictionaries-heading">
            <h4 id="dictionaries-heading">{t("dictionary-heading")}</h4>
            <Said said=feedback test_id="dictionary-feedback" />
            {move || edited().map(|dictionary| view! {
                <DictionaryEditor dictionary error
                    on_save=Callback::new(move |d| on_action.run(DictionaryAction::Save(d)))
                    on_close=Callback::new(move |()| editing.set(None)) />
            })}
            <Show when=move || editing.get().is_none()>
                <div class="gallery-bar">
                    <ImportButton label=t("dictionary-import") test_id="dictionary-import" accept=".json,application/json"
                        on_pick=move |input| on_action.run(DictionaryAction::Import(input)) />
                    <button type="button" data-testid="dictionary-new"
                        on:click=move |_| on_action.run(DictionaryAction::New)>{t("dictionary-new")}</button>
                </div>
                <p class="hint">{t("dictionary-intro")}</p>
                <ul class="world-book-list">
                    <For each=move || dictionaries.get().items
                        key=|d| (d.id.clone(), d.name.clone(), d.entries.len())
                        children=move |d| {
                            let (for_edit, for_export, for_delete) = (d.id.clone(), d.id.clone(), d.id.clone());
                            view! {
                                <li class="world-book" data-testid="dictionary">
                                    <div class="world-book-head">
                                        <strong data-testid="dictionary-title">{d.name.clone()}</strong>
                                        <span class="hint">{tf("dictionary-entries", &[("n", d.entries.len().into())])}</span>
                                    </div>
                                    <RowActions prefix="dictionary"
                                        on_edit=move |()| editing.set(Some(for_edit.clone()))
                                        on_export=move |()| on_action.run(DictionaryAction::Export(for_export.clone()))
                                        on_delete=move |()| on_action.run(DictionaryAction::Delete(for_delete.clone())) />
                                </li>
                            }
                        } />
                </ul>
            </Show>
        </section>
    }
}
