//! The root component: layout, and the wiring of views to runtime actions.

use crate::conversation_list;
use crate::runtime;
use crate::runtime::Reshape;
use crate::state::AppState;
use leptos::prelude::*;
use skein_components::{
    icon, AssistantPicker, ChatView, ContextMeter, ErrorBanner, ErrorNotice, ExportButtons, Icon,
    ImageUrls, LiveRegions, MessageActions, ModelPicker, ShortcutsHelp, Sidebar, StorageAlert,
    StorageAlertBar, TemporaryChatBar, UndoToast, UpdateNotice, WaitingNotice, WelcomeStep,
};
use skein_components::{t, tf};
use skein_engine::ChatAction;

#[component]
pub fn App() -> impl IntoView {
    let state = AppState::new();
    runtime::init(state);
    crate::installed::init(state);
    crate::offline::watch(state);
    crate::extension::init(state);
    provide_context(ImageUrls {
        urls: state.image_urls,
        request: Callback::new(move |blob_id| runtime::load_image(state, blob_id)),
    });
    crate::remote_images::provide();
    crate::lazy_markup::provide();
    // A character's answers show its name and picture: worked out once per change of the
    // assistant, not per message (a long chat has thousands).
    let speaker = Memo::new(move |_| {
        let id = state.assistant_id.get();
        state.assistants.with(|list| {
            let assistant = list.iter().find(|a| a.id == id)?;
            assistant
                .character
                .as_ref()
                .map(|_| (assistant.name.clone(), assistant.avatar.clone()))
        })
    });
    provide_context(skein_components::Speaker {
        character: speaker.into(),
    });

    let generating_here = Signal::derive(move || {
        let current = state.current.get();
        state
            .generating
            .with(|g| current.is_some_and(|id| g.contains(&id)))
    });
    let messages = Signal::derive(move || state.messages.get());
    if let Some(root) = crate::embedded::theme_root() {
        skein_components::apply_theme(&root, state.preferences.get_untracked().theme);
    }
    let help = RwSignal::new(false);
    // The conversation list on a narrow screen (always shown on a wide one).
    let drawer = RwSignal::new(false);
    // Settings, workflows and the chat's panels load their code when one of them first opens
    // (see lazy_screens); after a failure, opening one tries again.
    let lazy = crate::lazy_screens::LazyScreens::new();
    let panel_open = move || state.panel_open();
    Effect::new(move || {
        if state.show_settings.get() || state.workflows.open.get() || panel_open() {
            lazy.load();
        }
        // The settings list the tools, which come with the code that writes answers.
        if state.show_settings.get() {
            crate::lazy_generation::prefetch(state);
        }
    });
    // The code that writes answers loads once the user starts a question (see lazy_generation).
    Effect::new(move |prefetched: Option<bool>| {
        let typing = state.draft.text.with(|text| !text.is_empty());
        let prefetch = typing && prefetched != Some(true);
        if prefetch {
            crate::lazy_generation::prefetch(state);
        }
        prefetched == Some(true) || prefetch
    });
    // The panels stay mounted once their code is there (each shows itself when open).
    let mount_dialogs = Memo::new(move |_| lazy.ready() || panel_open());
    // The shortcuts listen on the window: in a page that embeds the chat they would take the
    // page's own keys, so an embedded chat has none.
    if !crate::embedded::is_embedded() {
        crate::shortcuts::install(state, help);
    }
    Effect::new(move |_| {
        state.search.track();
        conversation_list::search_changed(state);
    });
    let read_only = Signal::derive(move || {
        state
            .storage_alert
            .with(|alert| alert.as_ref().is_some_and(StorageAlert::read_only))
    });
    // The summary panel and the branch map are about the conversation on screen: another one
    // closes them.
    Effect::new(move |_| {
        state.current.track();
        state.summary.open.set(false);
        state.branch_map.open.set(false);
    });
    // The memories change as assistants answer: read them whenever the settings open.
    Effect::new(move |_| {
        if state.show_settings.get() {
            crate::memories::refresh(state);
        }
    });

    let first_screen = crate::first_screen::attributes(state);
    view! {
        <div class="app" data-testid="app" data-ready=move || state.ready.get().to_string()
            data-snapshot=move || first_screen.snapshot.get()
            data-shown=move || first_screen.shown.get().to_string()
            data-enter-sends=move || state.preferences.with(|p| p.enter_sends).to_string()
            data-conversation=move || state.current.get().unwrap_or_default()>
            <header class="topbar">
                <button type="button" class="menu-button" data-testid="menu-button"
                    aria-label=t("sidebar-label") aria-controls="sidebar"
                    aria-expanded=move || drawer.get().to_string()
                    on:click=move |_| drawer.update(|open| *open = !*open)>{icon(Icon::Menu)}</button>
                <h1>"Skein"</h1>
                <Show when=move || !state.online.get()>
                    <span class="offline-badge" role="status" data-testid="offline-badge"
                        title=t("app-offline-title")>
                        {t("app-offline")}
                    </span>
                </Show>
                <AssistantPicker testid="assistant-select"
                    assistants=Signal::derive(move || state.assistants.get())
                    selected=Signal::derive(move || state.assistant_id.get())
                    disabled=generating_here
                    on_select=move |id| crate::assistants::choose(state, id) />
                // Before any provider is saved there is nothing to pick from.
                <Show when=move || !state.settings.with(|s| s.model.is_empty())>
                    <ModelPicker
                        model=Signal::derive(move || state.settings.get().model)
                        provider=Signal::derive(move || state.settings.with(|s| {
                            skein_engine::provider::provider_name(s.kind, &s.base_url)
                        }))
                        listed=Signal::derive(move || state.models.get())
                        disabled=generating_here
                        on_open=move |()| crate::settings_actions::fetch_models(state, state.settings.get_untracked())
                        on_select=move |model| crate::settings_actions::choose_model(state, model) />
                </Show>
                <Show when=move || state.current.get().is_some()>
                    <button type="button" class="with-icon" data-testid="find-button"
                        title=t("app-find-title") aria-label=t("app-find")
                        aria-expanded=move || state.find_open.get().to_string()
                        on:click=move |_| state.find_open.update(|open| *open = !*open)>
                        {icon(Icon::Find)}<span class="wide-only">{t("app-find")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="branch-map-button"
                        title=t("app-branches-title") aria-label=t("branch-map-heading") aria-haspopup="dialog"
                        on:click=move |_| crate::branch_map::open(state)>
                        {icon(Icon::Branches)}<span class="wide-only">{t("branch-map-heading")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="workspace-button"
                        title=t("workspace-label") aria-label=t("workspace-files") aria-haspopup="dialog"
                        on:click=move |_| crate::workspace::open(state)>
                        {icon(Icon::Folder)}<span class="wide-only">{t("workspace-files")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="chat-settings-button"
                        title=t("app-this-chat-title") aria-label=t("chat-settings-label") aria-haspopup="dialog"
                        on:click=move |_| crate::personas::open_chat_settings(state)>
                        {icon(Icon::Person)}<span class="wide-only">{t("chat-settings-label")}</span>
                    </button>
                    <ExportButtons on_export=move |format| {
                        // The conversation on screen at the click, even if another is opened
                        // while the export's code loads.
                        if let Some(conversation) = runtime::current_conversation(state) {
                            lazy.then(state, t("app-export"), move |screens| {
                                (screens.export)(state, conversation, format)
                            })
                        }
                    } />
                </Show>
                <span class="row-break" aria-hidden="true"></span>
                <Show when=move || state.follow_ups.list.with(|l| !l.items.is_empty())>
                    <button type="button" class="with-icon" data-testid="follow-ups-button"
                        title=t("app-follow-ups-title") aria-haspopup="dialog"
                        on:click=move |_| { state.follow_ups.feedback.set(None); state.follow_ups.open.set(true) }>
                        {icon(Icon::Bell)}
                        // Named by words a screen reader says; the bare count is for the eye.
                        <span class="visually-hidden">
                            {move || tf("app-follow-ups-label", &[("n", state.follow_ups.list.with(|l| l.open_count()).into())])}
                        </span>
                        <span class="count" data-testid="follow-ups-count" aria-hidden="true">{move || state.follow_ups.list.with(|l| l.open_count())}</span>
                    </button>
                </Show>
                <button type="button" class="with-icon" data-testid="workflows-button"
                    title=t("app-workflows-title")
                    aria-expanded=move || state.workflows.open.get().to_string()
                    on:click=move |_| if state.workflows.open.get_untracked() {
                        state.workflows.open.set(false)
                    } else {
                        crate::workflows::open(state)
                    }>{icon(Icon::Workflow)}<span class="wide-only">{t("workflow-heading")}</span></button>
                <button type="button" class="settings-toggle with-icon" data-testid="settings-button"
                    aria-expanded=move || state.show_settings.get().to_string()
                    on:click=move |_| {
                        state.workflows.open.set(false);
                        state.show_settings.update(|s| *s = !*s)
                    }>{icon(Icon::Settings)}{t("app-settings")}</button>
            </header>
            <ErrorBanner
                notice=Signal::derive(move || {
                    let current = state.current.get();
                    let failure = state.failure.get().filter(|f| Some(&f.conversation_id) == current.as_ref());
                    match (failure, state.banner.get()) {
                        (Some(f), _) => Some(ErrorNotice { text: f.message, kind: Some(f.kind) }),
                        (None, Some(text)) => Some(ErrorNotice { text, kind: None }),
                        (None, None) => None,
                    }
                })
                on_retry=move |()| runtime::retry(state)
                on_dismiss=move |()| { state.failure.set(None); state.banner.set(None); }
            />
            {move || state.info.get().map(|text| view! {
                <div class="notice" role="status" data-testid="notice">
                    <span>{text}</span>
                    <button type="button" aria-label=t("error-dismiss") on:click=move |_| state.info.set(None)>"×"</button>
                </div>
            })}
            <StorageAlertBar
                alert=Signal::derive(move || state.storage_alert.get())
                on_check=move |()| crate::storage_notices::check_storage(state)
                on_reload=move |()| crate::storage_notices::reload()
            />
            <LiveRegions region=state.live />
            <ShortcutsHelp open=help />
            <UpdateNotice
                update=Signal::derive(move || state.update.get())
                on_reload=move |()| crate::installed::reload(state)
            />
            <UndoToast
                deleted=Signal::derive(move || state.undo.get().map(|(_, title)| title))
                on_undo=move |()| conversation_list::undo(state)
            />
            <div class="layout" data-drawer=move || if drawer.get() { "open" } else { "closed" }>
                // On a phone the sidebar is a drawer over the chat; a tap beside it closes it.
                <div class="drawer-backdrop" aria-hidden="true" on:click=move |_| drawer.set(false)></div>
                <Sidebar
                    conversations=Signal::derive(move || state.summaries())
                    selected=Signal::derive(move || state.current.get())
                    query=state.search
                    on_select=move |id| { drawer.set(false); runtime::select(state, id) }
                    on_new=move |()| { drawer.set(false); runtime::new_chat(state) }
                    on_rename=move |(id, title)| conversation_list::rename(state, id, title)
                    on_delete=move |id: String| conversation_list::delete_with_undo(state, id)
                />
                <main class="main">
                    <Show when=move || state.show_settings.get()>
                        {move || lazy.show(t("app-settings"), |screens| (screens.settings)(state, help))}
                    </Show>
                    <Show when=move || state.workflows.open.get() && !state.show_settings.get()>
                        {move || lazy.show(t("workflow-heading"), |screens| (screens.workflows)(state))}
                    </Show>
                    <Show when=move || state.welcome.get() && !state.show_settings.get() && !state.workflows.open.get()>
                        <WelcomeStep
                            local=Signal::derive(move || state.local_servers.get())
                            models=Signal::derive(move || state.models.get())
                            on_action=move |action| crate::welcome::act(state, action)
                        />
                    </Show>
                    // The chat stays mounted (and scrolled where it was) behind the settings.
                    <div class="chat-pane"
                        hidden=move || state.show_settings.get() || state.welcome.get() || state.workflows.open.get()>
                    <TemporaryChatBar
                        new_chat=Signal::derive(move || state.current.get().is_none())
                        temporary_next=state.temporary_next
                        temporary=Signal::derive(move || crate::temporary::on_screen(state))
                        busy=Signal::derive(move || generating_here.get() || state.actions_running.get() > 0)
                        on_keep=move |()| crate::temporary::keep(state)
                    />
                    <ChatView
                        messages
                        draft=state.draft
                        generating=generating_here
                        read_only
                        enter_sends=Signal::derive(move || state.preferences.get().enter_sends)
                        on_send=move |input| runtime::send(state, input)
                        on_stop=move |()| runtime::stop(state)
                        on_files=move |files| crate::attach::add_files(state, files)
                        reveal=state.reveal
                        find_open=state.find_open
                        newest_in_page=state.newest_in_page
                        suggestions=Signal::derive(move || state.current_suggestions())
                        actions=MessageActions {
                            regenerate: Callback::new(move |id| {
                                runtime::start(state, ChatAction::Regenerate(id));
                            }),
                            continue_reply: Callback::new(move |id| {
                                runtime::start(state, ChatAction::Continue(id));
                            }),
                            edit: Callback::new(move |(id, text)| {
                                runtime::start(state, ChatAction::Edit(id, text))
                            }),
                            switch_branch: Callback::new(move |(id, offset)| {
                                runtime::reshape(state, Reshape::Switch(id, offset));
                            }),
                            decide: Callback::new(move |(message, call, decision)| {
                                runtime::start(state, ChatAction::Decide(message, call, decision));
                            }),
                            delete: Callback::new(move |id| {
                                if confirm(t("app-confirm-delete-message")) {
                                    runtime::reshape(state, Reshape::Delete(id));
                                }
                            }),
                            regenerate_with: Callback::new(move |(id, model)| {
                                runtime::start_with_model(state, ChatAction::Regenerate(id), model);
                            }),
                            models: Signal::derive(move || state.models.get()),
                            list_models: Callback::new(move |()| {
                                crate::settings_actions::fetch_models(state, state.settings.get_untracked());
                            }),
                            inspect: Callback::new(move |id| crate::inspector::inspect_answer(state, id)),
                            open_message: Callback::new(move |(conversation, message)| {
                                runtime::open_message(state, conversation, message);
                            }),
                            dismiss_correction: Callback::new(move |id| {
                                runtime::reshape(state, Reshape::DismissCorrection(id));
                            }),
                        }
                    >
                        <WaitingNotice
                            waiting=Signal::derive(move || crate::offline::current_waits(state))
                            online=Signal::derive(move || state.online.get())
                            on_cancel=move |()| crate::offline::cancel_waiting(state)
                        />
                    </ChatView>
                    <ContextMeter
                        usage=Signal::derive(move || state.context.get())
                        draft=Signal::derive(move || state.draft.text.get())
                        on_summary=move |()| crate::summary::open(state)
                        on_inspect=move |()| crate::inspector::inspect_next(state)
                    />
                    {move || mount_dialogs.get().then(|| {
                        lazy.show(t("app-this-panel"), move |screens| (screens.dialogs)(state, generating_here))
                    })}
                    </div>
                </main>
            </div>
        </div>
    }
}

/// The browser's own confirmation dialog: deleting cannot be undone yet.
pub(crate) fn confirm(question: &str) -> bool {
    web_sys::window()
        .and_then(|w| w.confirm_with_message(question).ok())
        .unwrap_or(false)
}
