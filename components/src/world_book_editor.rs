//! Editing a world book: its settings (scan depth, budget, recursion) and every entry with all
//! of SillyTavern's settings — keys (words, or `/regex/flags`), secondary keys and their logic,
//! position (at a depth with a role), order, priority, chance, scan depth, recursion. The
//! engine checks every pattern when the book is saved and names the entry of a broken one.

use crate::fields::{check, choice, line};
use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::prompt::{
    InjectionPosition, InjectionTrigger, Lorebook, PromptInjection, SecondaryLogic,
};
use skein_engine::Role;

/// The positions offered, as (value, label).
const POSITIONS: [(&str, &str); 9] = [
    ("before", "lore-position-before"),
    ("after", "lore-position-after"),
    ("top", "lore-position-top"),
    ("last-user", "lore-position-last-user"),
    ("depth", "lore-position-depth"),
    ("an-top", "lore-position-an-top"),
    ("an-bottom", "lore-position-an-bottom"),
    ("em-top", "lore-position-em-top"),
    ("em-bottom", "lore-position-em-bottom"),
];

const LOGICS: [(&str, &str); 4] = [
    ("and-any", "lore-logic-and-any"),
    ("and-all", "lore-logic-and-all"),
    ("not-any", "lore-logic-not-any"),
    ("not-all", "lore-logic-not-all"),
];

fn position_value(position: InjectionPosition) -> &'static str {
    match position {
        InjectionPosition::BeforeSystemPrompt => "before",
        InjectionPosition::AfterSystemPrompt => "after",
        InjectionPosition::TopOfChat => "top",
        InjectionPosition::BeforeLastUserMessage => "last-user",
        InjectionPosition::AtDepth(_) => "depth",
        InjectionPosition::AuthorsNoteTop => "an-top",
        InjectionPosition::AuthorsNoteBottom => "an-bottom",
        InjectionPosition::ExamplesTop => "em-top",
        InjectionPosition::ExamplesBottom => "em-bottom",
    }
}

fn position_of(value: &str, depth: usize) -> InjectionPosition {
    match value {
        "before" => InjectionPosition::BeforeSystemPrompt,
        "top" => InjectionPosition::TopOfChat,
        "last-user" => InjectionPosition::BeforeLastUserMessage,
        "depth" => InjectionPosition::AtDepth(depth),
        "an-top" => InjectionPosition::AuthorsNoteTop,
        "an-bottom" => InjectionPosition::AuthorsNoteBottom,
        "em-top" => InjectionPosition::ExamplesTop,
        "em-bottom" => InjectionPosition::ExamplesBottom,
        _ => InjectionPosition::AfterSystemPrompt,
    }
}

fn logic_value(logic: SecondaryLogic) -> &'static str {
    match logic {
        SecondaryLogic::AndAny => "and-any",
        SecondaryLogic::AndAll => "and-all",
        SecondaryLogic::NotAny => "not-any",
        SecondaryLogic::NotAll => "not-all",
    }
}

fn logic_of(value: &str) -> SecondaryLogic {
    match value {
        "and-all" => SecondaryLogic::AndAll,
        "not-any" => SecondaryLogic::NotAny,
        "not-all" => SecondaryLogic::NotAll,
        _ => SecondaryLogic::AndAny,
    }
}

fn role_value(role: Option<Role>) -> &'static str {
    match role {
        Some(Role::User) => "user",
        Some(Role::Assistant) => "assistant",
        _ => "system",
    }
}

fn role_of(value: &str) -> Option<Role> {
    match value {
        "user" => Some(Role::User),
        "assistant" => Some(Role::Assistant),
        _ => None,
    }
}

fn split_keys(text: &str) -> Vec<String> {
    text.split(',')
        .map(str::trim)
        .filter(|k| !k.is_empty())
        .map(str::to_owned)
        .collect()
}

/// One entry being edited: a signal per field, and the entry it started from (its fields
/// Skein does not show are kept).
#[derive(Clone, Copy)]
struct EntryDraft {
    original: StoredValue<PromptInjection>,
    name: RwSignal<String>,
    enabled: RwSignal<bool>,
    constant: RwSignal<bool>,
    keys: RwSignal<String>,
    case_sensitive: RwSignal<bool>,
    whole_words: RwSignal<bool>,
    secondary: RwSignal<String>,
    logic: RwSignal<String>,
    content: RwSignal<String>,
    position: RwSignal<String>,
    depth: RwSignal<String>,
    role: RwSignal<String>,
    order: RwSignal<String>,
    priority: RwSignal<String>,
    probability: RwSignal<String>,
    scan_depth: RwSignal<String>,
    exclude_recursion: RwSignal<bool>,
    prevent_recursion: RwSignal<bool>,
}

impl EntryDraft {
    fn new(entry: &PromptInjection) -> Self {
        let (constant, keys, case_sensitive) = match &entry.trigger {
            InjectionTrigger::Always => (true, Vec::new(), false),
            InjectionTrigger::Keywords {
                words,
                case_sensitive,
            } => (false, words.clone(), *case_sensitive),
            InjectionTrigger::Regex { pattern } => (false, vec![format!("/{pattern}/")], true),
        };
        let depth = match entry.position {
            InjectionPosition::AtDepth(depth) => depth,
            _ => 4,
        };
        Self {
            original: StoredValue::new(entry.clone()),
            name: RwSignal::new(entry.name.clone()),
            enabled: RwSignal::new(entry.enabled),
            constant: RwSignal::new(constant),
            keys: RwSignal::new(keys.join(", ")),
            case_sensitive: RwSignal::new(case_sensitive),
            whole_words: RwSignal::new(entry.whole_words),
            secondary: RwSignal::new(entry.secondary_keys.join(", ")),
            logic: RwSignal::new(logic_value(entry.logic).to_owned()),
            content: RwSignal::new(entry.content.clone()),
            position: RwSignal::new(position_value(entry.position).to_owned()),
            depth: RwSignal::new(depth.to_string()),
            role: RwSignal::new(role_value(entry.role).to_owned()),
            order: RwSignal::new(entry.order.to_string()),
            priority: RwSignal::new(entry.priority.to_string()),
            probability: RwSignal::new(entry.probability.to_string()),
            scan_depth: RwSignal::new(entry.scan_depth.map(|d| d.to_string()).unwrap_or_default()),
            exclude_recursion: RwSignal::new(entry.exclude_recursion),
            prevent_recursion: RwSignal::new(entry.prevent_recursion),
        }
    }

    /// The edited entry, `index` naming it when its title is empty.
    fn entry(&self, index: usize) -> PromptInjection {
        let original = self.original.get_value();
        let number = |signal: RwSignal<String>, default: i64| {
            signal
                .get_untracked()
                .trim()
                .parse::<i64>()
                .unwrap_or(default)
        };
        let mut extra = original.extra.clone();
        let secondary = split_keys(&self.secondary.get_untracked());
        if !secondary.is_empty() {
            // Secondary keys written here are meant to be used.
            extra.remove("selective");
            extra.remove("keysecondary");
        }
        let probability = number(self.probability, 100).clamp(0, 100) as u8;
        if probability != original.probability {
            extra.remove("useProbability");
            extra.remove("probability");
        }
        let depth = number(self.depth, 4).clamp(0, 10_000) as usize;
        let scan_depth = self.scan_depth.get_untracked().trim().parse::<usize>().ok();
        PromptInjection {
            name: match self.name.get_untracked().trim() {
                "" => tf("lore-entry-default-name", &[("n", (index + 1).into())]),
                name => name.to_owned(),
            },
            content: self.content.get_untracked(),
            trigger: if self.constant.get_untracked() {
                InjectionTrigger::Always
            } else {
                InjectionTrigger::Keywords {
                    words: split_keys(&self.keys.get_untracked()),
                    case_sensitive: self.case_sensitive.get_untracked(),
                }
            },
            position: position_of(&self.position.get_untracked(), depth),
            priority: number(self.priority, 0).clamp(-1_000_000, 1_000_000) as i32,
            order: number(self.order, 0).clamp(-1_000_000, 1_000_000) as i32,
            secondary_keys: secondary,
            logic: logic_of(&self.logic.get_untracked()),
            enabled: self.enabled.get_untracked(),
            probability,
            scan_depth,
            role: role_of(&self.role.get_untracked()),
            whole_words: self.whole_words.get_untracked(),
            exclude_recursion: self.exclude_recursion.get_untracked(),
            prevent_recursion: self.prevent_recursion.get_untracked(),
            extra,
        }
    }
}

#[component]
fn EntryEditor(draft: EntryDraft, index: usize, on_remove: Callback<usize>) -> impl IntoView {
    let title = move || {
        let name = draft.name.get();
        if name.trim().is_empty() {
            tf("lore-entry-default-name", &[("n", (index + 1).into())])
        } else {
            name
        }
    };
    let at_depth = move || draft.position.get() == "depth";
    view! {
        <details class="lore-entry" data-testid="lore-entry">
            <summary>
                <span class="lore-title" data-testid="lore-entry-title">{title}</span>
                {move || (!draft.enabled.get()).then(|| view! { <span class="tag">{t("lore-tag-off")}</span> })}
                {move || draft.constant.get().then(|| view! { <span class="tag">{t("lore-tag-always")}</span> })}
            </summary>
            <div class="lore-fields">
                {line(t("lore-title"), draft.name, "lore-entry-name", "text")}
                <div class="checks">
                    {check(t("lore-enabled"), draft.enabled, "lore-entry-enabled")}
                    {check(t("lore-constant"), draft.constant, "lore-entry-constant")}
                </div>
                {line(t("lore-keys"), draft.keys, "lore-entry-keys", "text")}
                <div class="checks">
                    {check(t("lore-case-sensitive"), draft.case_sensitive, "lore-entry-case")}
                    {check(t("lore-whole-words"), draft.whole_words, "lore-entry-whole-words")}
                </div>
                {line(t("lore-secondary-keys"), draft.secondary, "lore-entry-secondary", "text")}
                {choice(t("lore-logic"), draft.logic, "lore-entry-logic", &LOGICS)}
                <label class="field">
                    <span>{t("lore-content")}</span>
                    <textarea data-testid="lore-entry-content" rows="4" prop:value=move || draft.content.get()
                        on:input=move |ev| draft.content.set(event_target_value(&ev))></textarea>
                </label>
                {choice(t("lore-position"), draft.position, "lore-entry-position", &POSITIONS)}
                <Show when=at_depth>
                    <div class="row">
                        {line(t("lore-depth"), draft.depth, "lore-entry-depth", "number")}
                        {choice(t("lore-role"), draft.role, "lore-entry-role", &[("system", "role-system"), ("user", "role-user"), ("assistant", "role-assistant")])}
                    </div>
                </Show>
                <div class="row">
                    {line(t("lore-order"), draft.order, "lore-entry-order", "number")}
                    {line(t("lore-priority"), draft.priority, "lore-entry-priority", "number")}
                    {line(t("lore-chance"), draft.probability, "lore-entry-probability", "number")}
                    {line(t("lore-scan-depth"), draft.scan_depth, "lore-entry-scan-depth", "number")}
                </div>
                <p class="hint">{t("lore-order-hint")}</p>
                <div class="checks">
                    {check(t("lore-exclude-recursion"), draft.exclude_recursion, "lore-entry-exclude-recursion")}
                    {check(t("lore-prevent-recursion"), draft.prevent_recursion, "lore-entry-prevent-recursion")}
                </div>
                <button type="button" class="danger" data-testid="lore-entry-remove"
                    on:click=move |_| on_remove.run(index)>{t("lore-remove-entry")}</button>
            </div>
        </details>
    }
}

#[component]
pub fn WorldBookEditor(
    book: Lorebook,
    /// Why the last save was refused (a broken pattern names its entry).
    #[prop(into)]
    error: Signal<Option<String>>,
    #[prop(into)] on_save: Callback<Lorebook>,
    #[prop(into)] on_close: Callback<()>,
) -> impl IntoView {
    let original = StoredValue::new(book.clone());
    let name = RwSignal::new(book.name.clone());
    let description = RwSignal::new(book.description.clone());
    let scan_depth = RwSignal::new(book.scan_depth.to_string());
    let budget = RwSignal::new(book.token_budget.to_string());
    let recursive = RwSignal::new(book.recursive);
    let entries = RwSignal::new(book.entries.iter().map(EntryDraft::new).collect::<Vec<_>>());
    let remove = Callback::new(move |index: usize| {
        entries.update(|list| {
            if index < list.len() {
                list.remove(index);
            }
        })
    });
    let add = move |_| {
        entries.update(|list| {
            list.push(EntryDraft::new(&PromptInjection::new(
                "",
                "",
                InjectionTrigger::Keywords {
                    words: Vec::new(),
                    case_sensitive: false,
                },
                InjectionPosition::AfterSystemPrompt,
            )))
        })
    };
    let save = move |_| {
        let book = original.get_value();
        on_save.run(Lorebook {
            name: name.get_untracked().trim().to_owned(),
            description: description.get_untracked(),
            scan_depth: scan_depth
                .get_untracked()
                .trim()
                .parse()
                .unwrap_or(book.scan_depth)
                .min(1_000),
            token_budget: budget
                .get_untracked()
                .trim()
                .parse()
                .unwrap_or(book.token_budget),
            recursive: recursive.get_untracked(),
            entries: entries
                .get_untracked()
                .iter()
                .enumerate()
                .map(|(i, draft)| draft.entry(i))
                .collect(),
            ..book
        });
    };
    let numbered = move || entries.get().into_iter().enumerate().collect::<Vec<_>>();
    view! {
        <form class="settings world-book-editor" data-testid="world-book-editor" aria-label=t("world-book-editor-label")
            on:submit=|ev| ev.prevent_default()>
            <h4>{move || tf("world-book-editor-heading", &[("name", name.get().into())])}</h4>
            {line(t("world-book-name"), name, "world-book-name", "text")}
            <label class="field">
                <span>{t("world-book-description")}</span>
                <textarea data-testid="world-book-description" rows="2" prop:value=move || description.get()
                    on:input=move |ev| description.set(event_target_value(&ev))></textarea>
            </label>
            <div class="row">
                {line(t("world-book-scan-depth"), scan_depth, "world-book-scan-depth", "number")}
                {line(t("world-book-budget"), budget, "world-book-budget", "number")}
            </div>
            {check(t("world-book-recursive"), recursive, "world-book-recursive")}
            <p class="hint">{move || tf("world-book-entries-hint", &[("n", entries.with(Vec::len).into())])}</p>
            <For each=numbered key=|(i, draft)| (*i, draft.name) children=move |(index, draft)| view! {
                <EntryEditor draft index on_remove=remove />
            } />
            {move || error.get().map(|e| view! { <p class="error" role="alert" data-testid="world-book-error">{e}</p> })}
            <div class="form-actions">
                <button type="button" data-testid="lore-entry-add" on:click=add>{t("world-book-add-entry")}</button>
                <button type="submit" class="primary" data-testid="world-book-save" on:click=save>{t("world-book-save")}</button>
                <button type="button" data-testid="world-book-close" on:click=move |_| on_close.run(())>{t("world-book-back")}</button>
            </div>
        </form>
    }
}
