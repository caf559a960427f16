//! The conversation list.

use leptos::prelude::*;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationSummary {
    pub id: String,
    pub title: String,
    /// A reply is being generated in this conversation.
    pub generating: bool,
}

#[component]
pub fn Sidebar(
    #[prop(into)] conversations: Signal<Vec<ConversationSummary>>,
    #[prop(into)] selected: Signal<Option<String>>,
    #[prop(into)] on_select: Callback<String>,
    #[prop(into)] on_new: Callback<()>,
    #[prop(into)] on_delete: Callback<String>,
) -> impl IntoView {
    view! {
        <nav class="sidebar" data-testid="sidebar" aria-label="Conversations">
            <button type="button" class="new-chat" data-testid="new-chat-button"
                on:click=move |_| on_new.run(())>"New chat"</button>
            <ul class="conversation-list">
                <For
                    each=move || conversations.get()
                    key=|c| (c.id.clone(), c.title.clone(), c.generating)
                    children=move |c| {
                        let id = c.id.clone();
                        let delete_id = c.id.clone();
                        let is_selected = {
                            let id = id.clone();
                            move || selected.with(|s| s.as_deref() == Some(id.as_str()))
                        };
                        view! {
                            <li>
                                <button type="button" class="conversation" data-testid="conversation-item"
                                    class:selected=is_selected.clone()
                                    aria-current=move || is_selected().then_some("page")
                                    on:click=move |_| on_select.run(id.clone())>
                                    {c.title}
                                    {c.generating.then(|| view! {
                                        <span class="generating-marker" title="Generating">" ●"</span>
                                    })}
                                </button>
                                <button type="button" class="conversation-delete"
                                    data-testid="conversation-delete" aria-label="Delete conversation"
                                    disabled=c.generating
                                    on:click=move |_| on_delete.run(delete_id.clone())>"×"</button>
                            </li>
                        }
                    }
                />
            </ul>
        </nav>
    }
}
