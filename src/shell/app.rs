//! The root component: layout, and the wiring of views to runtime actions.

use crate::chat::conversation::{self, Reshape};
use crate::chat::{list, turns};
use crate::runtime::Engine;
use crate::state::{AppState, ChatState, LibraryState, PanelsState, SettingsState, ShellState};
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
    let state = AppState {
        shell: ShellState::new(
            crate::page::preferences::load(),
            crate::page::notify::status(),
            skein_platform::is_online(),
        ),
        chat: ChatState::new(),
        library: LibraryState::new(),
        settings: SettingsState::new(crate::settings::usage::load_prices()),
        panels: PanelsState::new(),
    };
    let engine = Engine::new(state);
    crate::shell::startup::init(engine);
    crate::page::installed::init(state);
    crate::chat::offline::watch(engine);
    crate::page::extension::init(state);
    provide_context(ImageUrls {
        urls: state.chat.image_urls,
        request: Callback::new(move |blob_id| {
            engine.if_ready(move |ready| conversation::load_image(ready, blob_id))
        }),
    });
    crate::chat::remote_images::provide();
    crate::split::markup::provide();
    // A character's answers show its name and picture: worked out once per change of the
    // assistant, not per message (a long chat has thousands).
    let speaker = Memo::new(move |_| {
        let id = state.library.assistant_id.get();
        state.library.assistants.with(|list| {
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
        let current = state.chat.current.get();
        state
            .chat
            .generating
            .with(|g| current.is_some_and(|id| g.contains(&id)))
    });
    let messages = Signal::derive(move || state.chat.messages.get());
    if let Some(root) = crate::page::embedded::theme_root() {
        skein_components::apply_theme(&root, state.shell.preferences.get_untracked().theme);
    }
    let help = RwSignal::new(false);
    // The conversation list on a narrow screen (always shown on a wide one).
    let drawer = RwSignal::new(false);
    // Settings, workflows and the chat's panels load their code when one of them first opens
    // (src/split/screens.rs); after a failure, opening one tries again.
    let lazy = crate::split::screens::LazyScreens::new();
    let panel_open = move || state.panels.any_open();
    Effect::new(move || {
        if state.shell.show_settings.get() || state.panels.workflows.open.get() || panel_open() {
            lazy.load();
        }
        // The settings list the tools, which come with the code that writes answers.
        if state.shell.show_settings.get() {
            engine.if_ready(crate::chat::generation::prefetch);
        }
    });
    // The code that writes answers loads once the user starts a question (src/chat/generation.rs).
    Effect::new(move |prefetched: Option<bool>| {
        let typing = state.chat.draft.text.with(|text| !text.is_empty());
        // Typed before storage opened: it loads once start-up has built the runtime.
        let prefetch = typing && prefetched != Some(true) && state.shell.ready.get();
        if prefetch {
            engine.if_ready(crate::chat::generation::prefetch);
        }
        prefetched == Some(true) || prefetch
    });
    // The panels stay mounted once their code is there (each shows itself when open).
    let mount_dialogs = Memo::new(move |_| lazy.ready() || panel_open());
    // The shortcuts listen on the window: in a page that embeds the chat they would take the
    // page's own keys, so an embedded chat has none.
    if !crate::page::embedded::is_embedded() {
        crate::shell::shortcuts::install(engine, help);
    }
    Effect::new(move |_| {
        state.chat.search.track();
        engine.if_ready(list::search_changed);
    });
    let read_only = Signal::derive(move || {
        state
            .shell
            .storage_alert
            .with(|alert| alert.as_ref().is_some_and(StorageAlert::read_only))
    });
    // The summary panel and the branch map are about the conversation on screen: another one
    // closes them.
    Effect::new(move |_| {
        state.chat.current.track();
        state.panels.summary.open.set(false);
        state.panels.branch_map.open.set(false);
    });
    // The memories change as assistants answer: read them whenever the settings open.
    Effect::new(move |_| {
        if state.shell.show_settings.get() {
            engine.if_ready(crate::library::memories::refresh);
        }
    });

    let first_screen = crate::shell::first_screen::attributes(state);
    view! {
        <div class="app" data-testid="app" data-ready=move || state.shell.ready.get().to_string()
            data-snapshot=move || first_screen.snapshot.get()
            data-shown=move || first_screen.shown.get().to_string()
            data-enter-sends=move || state.shell.preferences.with(|p| p.enter_sends).to_string()
            data-conversation=move || state.chat.current.get().unwrap_or_default()>
            <header class="topbar">
                <button type="button" class="menu-button" data-testid="menu-button"
                    aria-label=t("sidebar-label") aria-controls="sidebar"
                    aria-expanded=move || drawer.get().to_string()
                    on:click=move |_| drawer.update(|open| *open = !*open)>{icon(Icon::Menu)}</button>
                <h1>"Skein"</h1>
                <Show when=move || !state.shell.online.get()>
                    <span class="offline-badge" role="status" data-testid="offline-badge"
                        title=t("app-offline-title")>
                        {t("app-offline")}
                    </span>
                </Show>
                <AssistantPicker testid="assistant-select"
                    assistants=Signal::derive(move || state.library.assistants.get())
                    selected=Signal::derive(move || state.library.assistant_id.get())
                    disabled=generating_here
                    on_select=move |id| engine.act(move |ready| crate::library::assistants::choose(ready, id)) />
                // Before any provider is saved there is nothing to pick from.
                <Show when=move || !state.settings.provider.with(|s| s.model.is_empty())>
                    <ModelPicker
                        model=Signal::derive(move || state.settings.provider.get().model)
                        provider=Signal::derive(move || state.settings.provider.with(|s| {
                            skein_engine::provider::provider_name(s.kind, &s.base_url)
                        }))
                        listed=Signal::derive(move || state.settings.models.get())
                        disabled=generating_here
                        on_open=move |()| engine.act(move |ready| crate::settings::actions::fetch_models(ready, state.settings.provider.get_untracked()))
                        on_select=move |model| engine.act(move |ready| crate::settings::actions::choose_model(ready, model)) />
                </Show>
                <Show when=move || state.chat.current.get().is_some()>
                    <button type="button" class="with-icon" data-testid="find-button"
                        title=t("app-find-title") aria-label=t("app-find")
                        aria-expanded=move || state.chat.find_open.get().to_string()
                        on:click=move |_| state.chat.find_open.update(|open| *open = !*open)>
                        {icon(Icon::Find)}<span class="wide-only">{t("app-find")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="branch-map-button"
                        title=t("app-branches-title") aria-label=t("branch-map-heading") aria-haspopup="dialog"
                        on:click=move |_| engine.act(crate::panels::branch_map::open)>
                        {icon(Icon::Branches)}<span class="wide-only">{t("branch-map-heading")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="workspace-button"
                        title=t("workspace-label") aria-label=t("workspace-files") aria-haspopup="dialog"
                        on:click=move |_| engine.act(crate::panels::workspace::open)>
                        {icon(Icon::Folder)}<span class="wide-only">{t("workspace-files")}</span>
                    </button>
                    <button type="button" class="with-icon" data-testid="chat-settings-button"
                        title=t("app-this-chat-title") aria-label=t("chat-settings-label") aria-haspopup="dialog"
                        on:click=move |_| crate::library::personas::open_chat_settings(state)>
                        {icon(Icon::Person)}<span class="wide-only">{t("chat-settings-label")}</span>
                    </button>
                    <ExportButtons on_export=move |format| {
                        // The conversation on screen at the click, even if another is opened
                        // while the export's code loads.
                        if let Some(conversation) = state.chat.on_screen() {
                            engine.act(move |ready| lazy.then(state, t("app-export"), move |screens| {
                                (screens.export)(ready, conversation, format)
                            }))
                        }
                    } />
                </Show>
                <span class="row-break" aria-hidden="true"></span>
                <Show when=move || state.panels.follow_ups.list.with(|l| !l.items.is_empty())>
                    <button type="button" class="with-icon" data-testid="follow-ups-button"
                        title=t("app-follow-ups-title") aria-haspopup="dialog"
                        on:click=move |_| { state.panels.follow_ups.feedback.set(None); state.panels.follow_ups.open.set(true) }>
                        {icon(Icon::Bell)}
                        // Named by words a screen reader says; the bare count is for the eye.
                        <span class="visually-hidden">
                            {move || tf("app-follow-ups-label", &[("n", state.panels.follow_ups.list.with(|l| l.open_count()).into())])}
                        </span>
                        <span class="count" data-testid="follow-ups-count" aria-hidden="true">{move || state.panels.follow_ups.list.with(|l| l.open_count())}</span>
                    </button>
                </Show>
                <button type="button" class="with-icon" data-testid="workflows-button"
                    title=t("app-workflows-title")
                    aria-expanded=move || state.panels.workflows.open.get().to_string()
                    on:click=move |_| if state.panels.workflows.open.get_untracked() {
                        state.panels.workflows.open.set(false)
                    } else {
                        crate::workflows::open(state)
                    }>{icon(Icon::Workflow)}<span class="wide-only">{t("workflow-heading")}</span></button>
                <button type="button" class="settings-toggle with-icon" data-testid="settings-button"
                    aria-expanded=move || state.shell.show_settings.get().to_string()
                    on:click=move |_| {
                        state.panels.workflows.open.set(false);
                        state.shell.show_settings.update(|s| *s = !*s)
                    }>{icon(Icon::Settings)}{t("app-settings")}</button>
            </header>
            <ErrorBanner
                notice=Signal::derive(move || {
                    let current = state.chat.current.get();
                    let failure = state.chat.failure.get().filter(|f| Some(&f.conversation_id) == current.as_ref());
                    match (failure, state.shell.banner.get()) {
                        (Some(f), _) => Some(ErrorNotice { text: f.message, kind: Some(f.kind) }),
                        (None, Some(text)) => Some(ErrorNotice { text, kind: None }),
                        (None, None) => None,
                    }
                })
                on_retry=move |()| engine.act(turns::retry)
                on_dismiss=move |()| { state.chat.failure.set(None); state.shell.banner.set(None); }
            />
            {move || state.shell.info.get().map(|text| view! {
                <div class="notice" role="status" data-testid="notice">
                    <span>{text}</span>
                    <button type="button" aria-label=t("error-dismiss") on:click=move |_| state.shell.info.set(None)>"×"</button>
                </div>
            })}
            <StorageAlertBar
                alert=Signal::derive(move || state.shell.storage_alert.get())
                on_check=move |()| engine.act(crate::page::storage::check_storage)
                on_reload=move |()| crate::page::storage::reload()
            />
            <LiveRegions region=state.shell.live />
            <ShortcutsHelp open=help />
            <UpdateNotice
                update=Signal::derive(move || state.shell.update.get())
                on_reload=move |()| crate::page::installed::reload(state)
            />
            <UndoToast
                deleted=Signal::derive(move || state.chat.undo.get().map(|(_, title)| title))
                on_undo=move |()| list::undo(state)
            />
            <div class="layout" data-drawer=move || if drawer.get() { "open" } else { "closed" }>
                // On a phone the sidebar is a drawer over the chat; a tap beside it closes it.
                <div class="drawer-backdrop" aria-hidden="true" on:click=move |_| drawer.set(false)></div>
                <Sidebar
                    conversations=Signal::derive(move || state.chat.summaries())
                    selected=Signal::derive(move || state.chat.current.get())
                    query=state.chat.search
                    on_select=move |id| { drawer.set(false); engine.act(move |ready| conversation::select(ready, id)) }
                    on_new=move |()| { drawer.set(false); conversation::new_chat(state) }
                    on_rename=move |(id, title)| engine.act(move |ready| list::rename(ready, id, title))
                    on_delete=move |id: String| engine.act(move |ready| list::delete_with_undo(ready, id))
                />
                <main class="main">
                    <Show when=move || state.shell.show_settings.get()>
                        {move || lazy.show(t("app-settings"), |screens| (screens.settings)(engine, help))}
                    </Show>
                    <Show when=move || state.panels.workflows.open.get() && !state.shell.show_settings.get()>
                        {move || lazy.show(t("workflow-heading"), |screens| (screens.workflows)(engine))}
                    </Show>
                    <Show when=move || state.shell.welcome.get() && !state.shell.show_settings.get() && !state.panels.workflows.open.get()>
                        <WelcomeStep
                            local=Signal::derive(move || state.shell.local_servers.get())
                            models=Signal::derive(move || state.settings.models.get())
                            on_action=move |action| engine.act(move |ready| crate::shell::welcome::act(ready, action))
                        />
                    </Show>
                    // The chat stays mounted (and scrolled where it was) behind the settings.
                    <div class="chat-pane"
                        hidden=move || state.shell.show_settings.get() || state.shell.welcome.get() || state.panels.workflows.open.get()>
                    <TemporaryChatBar
                        new_chat=Signal::derive(move || state.chat.current.get().is_none())
                        temporary_next=state.chat.temporary_next
                        temporary=Signal::derive(move || crate::chat::temporary::on_screen(state))
                        busy=Signal::derive(move || generating_here.get() || state.chat.actions_running.get() > 0)
                        on_keep=move |()| engine.act(crate::chat::temporary::keep)
                    />
                    <ChatView
                        messages
                        draft=state.chat.draft
                        generating=generating_here
                        read_only
                        enter_sends=Signal::derive(move || state.shell.preferences.get().enter_sends)
                        on_send=move |input| engine.try_act(false, move |ready| turns::send(ready, input))
                        on_stop=move |()| engine.act(turns::stop)
                        on_files=move |files| crate::chat::attach::add_files(state, files)
                        reveal=state.chat.reveal
                        find_open=state.chat.find_open
                        newest_in_page=state.chat.newest_in_page
                        suggestions=Signal::derive(move || state.chat.current_suggestions())
                        actions=MessageActions {
                            regenerate: Callback::new(move |id| {
                                engine.act(move |ready| turns::start(ready, ChatAction::Regenerate(id)));
                            }),
                            continue_reply: Callback::new(move |id| {
                                engine.act(move |ready| turns::start(ready, ChatAction::Continue(id)));
                            }),
                            edit: Callback::new(move |(id, text)| {
                                engine.try_act(false, move |ready| turns::start(ready, ChatAction::Edit(id, text)))
                            }),
                            switch_branch: Callback::new(move |(id, offset)| {
                                engine.act(move |ready| conversation::reshape(ready, Reshape::Switch(id, offset)));
                            }),
                            decide: Callback::new(move |(message, call, decision)| {
                                engine.act(move |ready| turns::start(ready, ChatAction::Decide(message, call, decision)));
                            }),
                            delete: Callback::new(move |id| {
                                if crate::page::confirm::confirm(t("app-confirm-delete-message")) {
                                    engine.act(move |ready| conversation::reshape(ready, Reshape::Delete(id)));
                                }
                            }),
                            regenerate_with: Callback::new(move |(id, model)| {
                                engine.act(move |ready| turns::start_with_model(ready, ChatAction::Regenerate(id), model));
                            }),
                            models: Signal::derive(move || state.settings.models.get()),
                            list_models: Callback::new(move |()| {
                                engine.act(move |ready| crate::settings::actions::fetch_models(ready, state.settings.provider.get_untracked()));
                            }),
                            inspect: Callback::new(move |id| engine.act(move |ready| crate::panels::inspector::inspect_answer(ready, id))),
                            open_message: Callback::new(move |(conversation, message)| {
                                engine.act(move |ready| conversation::open_message(ready, conversation, message));
                            }),
                            dismiss_correction: Callback::new(move |id| {
                                engine.act(move |ready| conversation::reshape(ready, Reshape::DismissCorrection(id)));
                            }),
                        }
                    >
                        <WaitingNotice
                            waiting=Signal::derive(move || crate::chat::offline::current_waits(state))
                            online=Signal::derive(move || state.shell.online.get())
                            on_cancel=move |()| engine.act(crate::chat::offline::cancel_waiting)
                        />
                    </ChatView>
                    <ContextMeter
                        usage=Signal::derive(move || state.chat.context.get())
                        draft=Signal::derive(move || state.chat.draft.text.get())
                        on_summary=move |()| engine.act(crate::panels::summary::open)
                        on_inspect=move |()| engine.act(crate::panels::inspector::inspect_next)
                    />
                    {move || mount_dialogs.get().then(|| {
                        lazy.show(t("app-this-panel"), move |screens| (screens.dialogs)(engine, generating_here))
                    })}
                    </div>
                </main>
            </div>
        </div>
    }
}
