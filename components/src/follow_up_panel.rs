//! The follow-ups side sheet (from the header): each promise an answer made ("I'll let you
//! know…"), the chat it came from, and when to be reminded; a reminder is a browser
//! notification at that time (while Skein is open in a tab). Done, delete, or open the chat at
//! the promising answer.

use crate::i18n::{t, tf};
use crate::notification_toggle::{NotificationStatus, NotificationToggle};
use crate::side_sheet::SideSheet;
use leptos::prelude::*;

/// One follow-up as the sheet shows it (times already in the user's words and zone).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct FollowUpView {
    pub id: String,
    pub conversation_id: String,
    pub message_id: String,
    pub text: String,
    pub chat_title: String,
    /// "Reminds you on 4 Dec 2026, 18:00", "Reminded on …", or none set.
    pub when: Option<String>,
    /// The set time as a `datetime-local` value, for the input.
    pub due_input: String,
    pub done: bool,
}

#[derive(Debug, Clone)]
pub enum FollowUpAction {
    /// Remind at this `datetime-local` value (empty: no reminder).
    SetTime(String, String),
    Done(String, bool),
    Delete(String),
    /// Open the chat at the answer (conversation, message).
    Open(String, String),
    EnableNotifications,
}

#[component]
fn FollowUpItem(item: FollowUpView, on_action: Callback<FollowUpAction>) -> impl IntoView {
    let time = RwSignal::new(item.due_input.clone());
    let id = StoredValue::new(item.id.clone());
    let (conversation, message) = (item.conversation_id.clone(), item.message_id.clone());
    let done = item.done;
    view! {
        <li class="follow-up" data-testid="follow-up" data-done=done.to_string()>
            <p class="follow-up-text" data-testid="follow-up-text">{item.text.clone()}</p>
            <p class="hint">
                <button type="button" class="link-like" data-testid="follow-up-open"
                    on:click=move |_| on_action.run(FollowUpAction::Open(conversation.clone(), message.clone()))>
                    {tf("follow-up-in-chat", &[("title", (&item.chat_title).into())])}
                </button>
                {item.when.clone().map(|w| view! { <span data-testid="follow-up-when">{format!(" · {w}")}</span> })}
            </p>
            <form class="follow-up-time" on:submit=move |ev| {
                ev.prevent_default();
                on_action.run(FollowUpAction::SetTime(id.get_value(), time.get_untracked()));
            }>
                <label>
                    <span>{t("follow-up-remind-at")}</span>
                    <input type="datetime-local" data-testid="follow-up-time" prop:value=move || time.get()
                        on:input=move |ev| time.set(event_target_value(&ev)) />
                </label>
                <button type="submit" data-testid="follow-up-set">{t("follow-up-set")}</button>
            </form>
            <div class="form-actions">
                <button type="button" data-testid="follow-up-done"
                    on:click=move |_| on_action.run(FollowUpAction::Done(id.get_value(), !done))>
                    {if done { t("follow-up-open-again") } else { t("follow-up-done") }}
                </button>
                <button type="button" class="danger" data-testid="follow-up-delete"
                    on:click=move |_| on_action.run(FollowUpAction::Delete(id.get_value()))>{t("follow-up-delete")}</button>
            </div>
        </li>
    }
}

#[component]
pub fn FollowUpPanel(
    open: RwSignal<bool>,
    #[prop(into)] items: Signal<Vec<FollowUpView>>,
    #[prop(into)] notifications: Signal<NotificationStatus>,
    #[prop(into)] feedback: Signal<Option<Result<String, String>>>,
    #[prop(into)] on_action: Callback<FollowUpAction>,
) -> impl IntoView {
    view! {
        <SideSheet open=open.into() title=t("follow-up-label") id="follow-ups" close_label=t("follow-up-close")
            close_testid="follow-ups-close" on_close=move |()| open.set(false)>
            <p class="hint">{t("follow-up-intro")}</p>
            <NotificationToggle status=notifications on_enable=move |()| on_action.run(FollowUpAction::EnableNotifications) />
            <crate::file_pick::Said said=feedback test_id="follow-up-feedback" />
            {move || items.with(Vec::is_empty).then(|| view! {
                <p class="hint" data-testid="no-follow-ups">{t("follow-up-none")}</p>
            })}
            <ul class="follow-ups">
                <For each=move || items.get() key=|item| item.clone() children=move |item| view! {
                    <FollowUpItem item on_action />
                } />
            </ul>
        </SideSheet>
    }
}
