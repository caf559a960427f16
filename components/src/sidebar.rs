//! The conversation list: search, new, select, rename, delete; grouped under date headings.
//! Only its first rows are in the page at start; more join as the reader scrolls toward the end
//! of the list (the engine's `render::list_window`).

use crate::i18n::{t, tf};
use crate::icons::{icon, Icon};
use leptos::prelude::*;
use skein_engine::render::list_window::ListWindow;

/// How near the end of the list the reader must scroll for more rows to join.
const NEAR_END_PX: i32 = 600;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ConversationSummary {
    pub id: String,
    pub title: String,
    /// A reply is being generated in this conversation.
    pub generating: bool,
    /// While searching: the matching words of a message, when the match is not the title.
    pub snippet: Option<String>,
    /// The date heading shown above it when it starts a group ("Today", "Yesterday", …), in words.
    pub heading: Option<String>,
    /// A temporary chat: never saved, gone with the page.
    pub temporary: bool,
}

#[component]
pub fn Sidebar(
    #[prop(into)] conversations: Signal<Vec<ConversationSummary>>,
    #[prop(into)] selected: Signal<Option<String>>,
    /// The search text (the app filters `conversations` by it).
    query: RwSignal<String>,
    #[prop(into)] on_select: Callback<String>,
    #[prop(into)] on_new: Callback<()>,
    /// The conversation's ID and its new title.
    #[prop(into)]
    on_rename: Callback<(String, String)>,
    #[prop(into)] on_delete: Callback<String>,
) -> impl IntoView {
    // The conversation whose title is being edited.
    let renaming = RwSignal::new(None::<String>);
    let window = RwSignal::new(ListWindow::default());
    let scroller = NodeRef::<leptos::html::Nav>::new();
    let len = move || conversations.with(Vec::len);
    let shown = move || {
        let count = window.get().count(len());
        conversations.with(|list| list[..count].to_vec())
    };
    let left_out = move || window.get().left_out(len());
    let more = move || {
        let mut next = window.get_untracked();
        if next.more(conversations.with_untracked(Vec::len)) {
            window.set(next);
        }
    };
    // Near the end of the rows in the page, or rows that do not fill it: more join.
    let fill = move || {
        let Some(el) = scroller.get_untracked() else {
            return;
        };
        let to_end = el.scroll_height() - el.client_height() - el.scroll_top();
        if el.client_height() > 0 && to_end < NEAR_END_PX {
            more();
        }
    };
    Effect::new(move || {
        window.track();
        request_animation_frame(fill);
    });
    // The conversation on screen has its row in the page, however old it is.
    Effect::new(move || {
        let index = selected.with(|id| {
            let id = id.as_deref()?;
            conversations.with(|list| list.iter().position(|c| c.id == id))
        });
        let mut next = window.get_untracked();
        if index.is_some_and(|index| next.reveal(index)) {
            window.set(next);
        }
    });
    view! {
        <nav class="sidebar" id="sidebar" data-testid="sidebar" aria-label=t("sidebar-label")
            node_ref=scroller on:scroll=move |_| fill()>
            <button type="button" class="new-chat with-icon" data-testid="new-chat-button"
                on:click=move |_| on_new.run(())>{icon(Icon::Plus)}{t("sidebar-new-chat")}</button>
            <input type="search" class="search" data-testid="search-input"
                aria-label=t("sidebar-search-label") placeholder=t("sidebar-search-placeholder")
                prop:value=move || query.get()
                on:input=move |ev| query.set(event_target_value(&ev)) />
            <Show when=move || conversations.with(Vec::is_empty) && query.with(|q| !q.trim().is_empty())>
                <p class="no-results" data-testid="no-results">{t("sidebar-no-match")}</p>
            </Show>
            <Show when=move || conversations.with(Vec::is_empty) && query.with(|q| q.trim().is_empty())>
                <p class="no-results" data-testid="no-conversations">
                    {t("sidebar-empty")}
                </p>
            </Show>
            <ul class="conversation-list">
                <For
                    each=shown
                    key=|c| c.clone()
                    children=move |c| {
                        let item = c.clone();
                        let heading = c.heading.clone().map(|text| view! {
                            <li class="conversation-group"><h3 data-testid="conversation-group">{text}</h3></li>
                        });
                        view! {
                            {heading}
                            <Show
                                when={
                                    let id = c.id.clone();
                                    move || renaming.with(|r| r.as_deref() == Some(id.as_str()))
                                }
                                fallback={
                                    let item = item.clone();
                                    move || conversation_row(item.clone(), selected, on_select, on_delete, renaming)
                                }
                            >
                                {rename_row(c.clone(), renaming, on_rename)}
                            </Show>
                        }
                    }
                />
            </ul>
            <Show when=move || { left_out() > 0 }>
                <button type="button" class="show-more" data-testid="show-more-conversations"
                    on:click=move |_| more()>
                    {move || tf("sidebar-show-more", &[("n", left_out().into())])}
                </button>
            </Show>
        </nav>
    }
}

fn conversation_row(
    c: ConversationSummary,
    selected: Signal<Option<String>>,
    on_select: Callback<String>,
    on_delete: Callback<String>,
    renaming: RwSignal<Option<String>>,
) -> impl IntoView {
    let is_selected = {
        let id = c.id.clone();
        move || selected.with(|s| s.as_deref() == Some(id.as_str()))
    };
    let (select_id, rename_id, delete_id) = (c.id.clone(), c.id.clone(), c.id.clone());
    view! {
        <li>
            <button type="button" class="conversation" data-testid="conversation-item"
                class:selected=is_selected.clone()
                aria-current=move || is_selected().then_some("page")
                on:click=move |_| on_select.run(select_id.clone())>
                <span class="conversation-title" dir="auto">{c.title.clone()}</span>
                {c.temporary.then(|| view! {
                    <span class="temporary-tag" data-testid="temporary-tag">{t("sidebar-temporary")}</span>
                })}
                {c.generating.then(|| view! {
                    <span class="generating-marker" data-testid="generating-marker"
                        title=t("sidebar-generating")>" ●"</span>
                })}
                {c.snippet.clone().map(|s| view! {
                    <span class="snippet" data-testid="search-snippet">{s}</span>
                })}
            </button>
            <button type="button" class="conversation-rename" data-testid="conversation-rename"
                aria-label=tf("sidebar-rename", &[("title", (&c.title).into())])
                on:click=move |_| renaming.set(Some(rename_id.clone()))>{icon(Icon::Edit)}</button>
            <button type="button" class="conversation-delete" data-testid="conversation-delete"
                aria-label=tf("sidebar-delete", &[("title", (&c.title).into())])
                disabled=c.generating
                on:click=move |_| on_delete.run(delete_id.clone())>{icon(Icon::Delete)}</button>
        </li>
    }
}

fn rename_row(
    c: ConversationSummary,
    renaming: RwSignal<Option<String>>,
    on_rename: Callback<(String, String)>,
) -> impl IntoView {
    let title = RwSignal::new(c.title.clone());
    let id = c.id.clone();
    let save = move || {
        let text = title.get_untracked();
        if !text.trim().is_empty() {
            on_rename.run((id.clone(), text.trim().to_owned()));
        }
        renaming.set(None);
    };
    let save_on_key = save.clone();
    view! {
        <li>
            <input type="text" class="rename" data-testid="rename-input" aria-label=t("sidebar-new-title")
                maxlength="200" autofocus
                prop:value=move || title.get()
                on:input=move |ev| title.set(event_target_value(&ev))
                on:keydown=move |ev: leptos::ev::KeyboardEvent| match ev.key().as_str() {
                    "Enter" => { ev.prevent_default(); save_on_key(); }
                    "Escape" => renaming.set(None),
                    _ => {}
                }
                on:blur=move |_| if renaming.get_untracked().is_some() { save() } />
        </li>
    }
}
