//! Screens and panels whose code loads on first use: Settings, Workflows, and the chat's panels
//! (summary, branch map, files, follow-ups, prompt inspector, this chat's settings).
//!
//! With the `split` feature (the web build of `cargo xtask dist`), [`screens_split`] is a split
//! point: their code, and everything only they reach, goes into a separate wasm module
//! (`split_screens.wasm`) that the browser fetches the first time one of them opens. The service
//! worker precaches it with the rest of the build, so it opens offline too. `xtask/src/split.rs`
//! runs the splitting step. Without the feature (the dev server, the extension, the embed
//! package, the wasm tests) the screens are there from the start.
//!
//! The split function hands back plain function pointers into the loaded module, so a screen is
//! then built synchronously inside the view that shows it, owned like any other view (no
//! `Suspense`, whose asynchronously built children outlived the signals they read).
//!
//! A module that cannot be fetched (offline before the service worker had cached it, a host
//! that dropped the file) shows what failed and a way to try again, instead of aborting the
//! wasm instance the way an unhandled load failure would.

use crate::runtime::LoadFailed;
use crate::runtime::{Engine, Ready};
use crate::settings::screen::SettingsScreen;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_components::{
    BranchMapPanel, ChatSettingsPanel, FollowUpPanel, PromptInspector, SummaryPanel,
    WorkflowScreen, WorkspacePanel,
};
use skein_engine::store::export::ExportFormat;
use skein_engine::Conversation;

/// The screens in the module, as functions that build their views.
#[derive(Clone, Copy)]
pub struct Screens {
    pub settings: fn(Engine, RwSignal<bool>) -> AnyView,
    pub workflows: fn(Engine) -> AnyView,
    /// The chat's panels, each shown while its `open` signal is set; the second argument
    /// says whether an answer is being written in the conversation on screen.
    pub dialogs: fn(Engine, Signal<bool>) -> AnyView,
    /// Downloads a conversation (Markdown or JSON).
    pub export: fn(Ready, Conversation, ExportFormat),
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(screens, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn screens_split() -> Result<Screens, LoadFailed> {
    Ok(Screens {
        settings: settings_view,
        workflows: workflows_view,
        dialogs: dialogs_view,
        export: crate::chat::files::export,
    })
}

fn settings_view(engine: Engine, help: RwSignal<bool>) -> AnyView {
    view! { <SettingsScreen engine help /> }.into_any()
}

fn workflows_view(engine: Engine) -> AnyView {
    let state = engine.state;
    // Its lists are read each time it opens, by code in this module.
    engine.act(crate::workflows::read_lists);
    view! {
        <WorkflowScreen
            templates=Signal::derive(move || state.panels.workflows.templates.get())
            runs=Signal::derive(move || state.panels.workflows.runs.get())
            view=Signal::derive(move || state.panels.workflows.view.get())
            context_options=Signal::derive(move || crate::workflows::context_options(state))
            busy=Signal::derive(move || state.panels.workflows.busy.get())
            draft=state.panels.workflows.draft
            feedback=Signal::derive(move || state.panels.workflows.feedback.get())
            on_action=move |action| engine.act(move |ready| crate::workflows::act(ready, action))
            on_close=move |()| state.panels.workflows.open.set(false)
        />
    }
    .into_any()
}

fn dialogs_view(engine: Engine, generating_here: Signal<bool>) -> AnyView {
    let state = engine.state;
    // The conversation on screen as stored (tracked).
    let on_screen = move || {
        let id = state.chat.current.get()?;
        state
            .chat
            .conversations
            .with(|list| list.iter().find(|c| c.id == id).cloned())
    };
    view! {
        <SummaryPanel
            open=state.panels.summary.open
            summary=Signal::derive(move || state.panels.summary.view.get())
            busy=Signal::derive(move || state.panels.summary.working.get() || generating_here.get())
            feedback=Signal::derive(move || state.panels.summary.feedback.get())
            threshold=Signal::derive(move || state.chat.context.get().map(|c| c.threshold))
            on_request=move |request| engine.act(move |ready| crate::panels::summary::act(ready, request))
        />
        <BranchMapPanel
            open=state.panels.branch_map.open
            map=Signal::derive(move || state.panels.branch_map.map.get())
            on_request=move |request| engine.act(move |ready| crate::panels::branch_map::act(ready, request))
        />
        <WorkspacePanel open=state.panels.workspace.open
            files=Signal::derive(move || state.panels.workspace.files.get())
            viewing=Signal::derive(move || state.panels.workspace.viewing.get())
            feedback=Signal::derive(move || state.panels.workspace.feedback.get())
            on_action=move |action| engine.act(move |ready| crate::panels::workspace::act(ready, action)) />
        <FollowUpPanel open=state.panels.follow_ups.open
            items=Signal::derive(move || crate::panels::follow_ups::views(state))
            notifications=Signal::derive(move || state.shell.notifications.get())
            feedback=Signal::derive(move || state.panels.follow_ups.feedback.get())
            on_action=move |action| engine.act(move |ready| crate::panels::follow_ups::act(ready, action)) />
        <PromptInspector open=state.panels.inspector.open
            view=Signal::derive(move || state.panels.inspector.view.get()) />
        <ChatSettingsPanel
            open=state.panels.chat_settings
            personas=Signal::derive(move || state.library.personas.get())
            persona_id=Signal::derive(move || on_screen().and_then(|c| c.persona_id))
            system_prompt=Signal::derive(move || on_screen().and_then(|c| c.system_prompt).unwrap_or_default())
            prompt_allowed=Signal::derive(move || state.library.assistant().allow_conversation_system_prompt)
            world_books=Signal::derive(move || state.library.world_books.with(|b| {
                b.items.iter().map(|book| (book.id.clone(), book.name.clone(), b.is_global(&book.id))).collect::<Vec<_>>()
            }))
            chat_books=Signal::derive(move || on_screen().map(|c| c.world_book_ids).unwrap_or_default())
            dictionaries=Signal::derive(move || state.library.dictionaries.with(|d| {
                d.items.iter().map(|x| (x.id.clone(), x.name.clone(), false)).collect::<Vec<_>>()
            }))
            chat_dictionaries=Signal::derive(move || on_screen().map(|c| c.dictionary_ids).unwrap_or_default())
            feedback=Signal::derive(move || state.panels.chat_settings_feedback.get())
            on_change=move |change| engine.act(move |ready| crate::library::personas::change_chat(ready, change))
        />
    }
    .into_any()
}

/// Where the screens' module stands.
#[derive(Clone, Copy)]
pub enum Status {
    #[cfg_attr(
        not(feature = "split"),
        expect(
            dead_code,
            reason = "without splitting the screens are ready from the start"
        )
    )]
    NotLoaded,
    Loading,
    Failed,
    Ready(Screens),
}

impl Status {
    /// Where a load left the module.
    fn after(load: Result<Screens, LoadFailed>) -> Self {
        match load {
            Ok(screens) => Status::Ready(screens),
            Err(LoadFailed) => Status::Failed,
        }
    }
}

/// The screens' module: loaded the first time a screen opens, again after a failure when one
/// opens or the user asks.
#[derive(Clone, Copy)]
pub struct LazyScreens {
    pub status: RwSignal<Status>,
}

impl LazyScreens {
    pub fn new() -> Self {
        #[cfg(feature = "split")]
        let status = Status::NotLoaded;
        #[cfg(not(feature = "split"))]
        let status = Status::after(screens_split());
        Self {
            status: RwSignal::new(status),
        }
    }

    /// Whether the module is there (tracked).
    pub fn ready(self) -> bool {
        matches!(self.status.get(), Status::Ready(_))
    }

    /// Starts loading unless the module is loaded or loading.
    pub fn load(self) {
        if matches!(
            self.status.get_untracked(),
            Status::Ready(_) | Status::Loading
        ) {
            return;
        }
        self.status.set(Status::Loading);
        spawn_local(async move {
            self.fetch().await;
        });
    }

    /// Fetches the module (or finds it already instantiated) and records where that left it.
    async fn fetch(self) -> Status {
        #[cfg(feature = "split")]
        let result = screens_split().await;
        #[cfg(not(feature = "split"))]
        let result = screens_split();
        let status = Status::after(result);
        self.status.set(status);
        status
    }

    /// Runs `act` with the module, loading it first if it is not there; a module that cannot
    /// be fetched is said in the banner (what `act` was for names it).
    pub fn then(self, state: AppState, name: &'static str, act: impl FnOnce(Screens) + 'static) {
        if let Status::Ready(screens) = self.status.get_untracked() {
            return act(screens);
        }
        spawn_local(async move {
            match self.fetch().await {
                Status::Ready(screens) => act(screens),
                _ => state.shell.banner.set(Some(tf(
                    "app-screen-load-failed",
                    &[("screen", name.into())],
                ))),
            }
        });
    }

    /// The screen `build` makes once the module is there; until then what is happening.
    pub fn show(self, name: &'static str, build: impl Fn(Screens) -> AnyView) -> AnyView {
        match self.status.get() {
            Status::Ready(screens) => build(screens),
            Status::Failed => failed(name, self),
            Status::NotLoaded | Status::Loading => {
                view! { <p class="screen-loading" role="status">{t("app-loading")}</p> }.into_any()
            }
        }
    }
}

/// What shows when the module could not be loaded.
fn failed(screen: &'static str, lazy: LazyScreens) -> AnyView {
    view! {
        <div class="notice error" role="alert" data-testid="screen-load-failed">
            <span>{tf("app-screen-load-failed", &[("screen", screen.into())])}</span>
            <button type="button" on:click=move |_| lazy.load()>{t("workflow-run-try-again")}</button>
        </div>
    }
    .into_any()
}
