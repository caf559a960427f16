//! Writing an answer: the code that runs a chat action (send, regenerate, continue, edit, a
//! tool decision, a question waiting for the connection), loaded on first use. It also takes
//! back, after a crash, what an interrupted answer received ([`recover_interrupted`]): that
//! decodes provider streams too.
//!
//! Reading a conversation needs none of it: the engine's turn (prompt assembly, retrieval, the
//! request builders, the three protocols' stream decoders, the tool loop) is reached only
//! from [`run_turn`], the prompt inspector's dry run, and [`recover_interrupted`]. With the
//! `split` feature (the web build of `cargo xtask dist`), [`generation_split`] is a split
//! point, so that code goes into its own module (`split_generation.wasm`), fetched when the
//! user starts typing ([`prefetch`]), on the first action at the latest, or when an opened
//! conversation has an answer to take back; the service worker precaches it, so it works
//! offline too. Without the feature it is there from the start.
//!
//! A module that cannot be fetched leaves everything as it was: the question goes back into
//! the composer, and the banner says what failed (`could_not_load` in `runtime.rs`).

use crate::inspector::Inspection;
use crate::lazy_screens::LoadFailed;
use crate::runtime::Runtime;
use crate::state::AppState;
use crate::ui_sink::UiSink;
use leptos::prelude::*;
use skein_components::t;
use skein_engine::mcp::McpServers;
use skein_engine::prompt::OutputChannel;
use skein_engine::{Assistant, CancelToken, ChatAction, Conversation, MessageNode};
use skein_engine::{ProviderSettings, TurnContext};
use std::cell::Cell;
use std::future::Future;
use std::pin::Pin;
use std::rc::Rc;

/// One chat action, with everything it was started with.
pub struct Turn {
    pub state: AppState,
    pub runtime: Rc<Runtime>,
    /// `None` for a question that starts a new conversation.
    pub conversation: Option<Conversation>,
    pub action: ChatAction,
    pub settings: ProviderSettings,
    pub assistant: Assistant,
    /// A new conversation is a temporary chat.
    pub temporary: bool,
    /// The browser said it was offline: a question goes to a local provider, or waits.
    pub offline: bool,
}

/// Work the module does, to be awaited.
type Later<T> = Pin<Box<dyn Future<Output = T>>>;

/// The module's entries.
#[derive(Clone, Copy)]
pub struct Generation {
    /// Runs a turn to its end.
    pub run: fn(Turn) -> Pin<Box<dyn Future<Output = ()>>>,
    /// Builds the request a turn would send, for the prompt inspector (nothing is sent).
    pub inspect: fn(Inspection) -> Pin<Box<dyn Future<Output = ()>>>,
    /// Connects the tools, retrieval and the workspaces to the service (src/equipment.rs):
    /// their code comes with this module.
    equip: fn(&Runtime, AppState),
    /// Connects the MCP servers that are on (at start, when there is one).
    pub connect_mcp: fn(AppState, McpServers),
    /// The embedding run of this tab (at start, when a knowledge base embeds).
    pub embed_pending: fn(AppState) -> Pin<Box<dyn Future<Output = ()>>>,
    /// Takes back from the stream journal what interrupted answers received after their last
    /// save (it decodes provider streams); how many changed.
    recover: fn(Rc<Runtime>, Conversation, Vec<String>) -> Later<usize>,
}

#[cfg_attr(
    feature = "split",
    leptos::wasm_split::wasm_split(generation, wasm_split_path = ::leptos::wasm_split, fallible)
)]
fn generation_split() -> Result<Generation, LoadFailed> {
    Ok(Generation {
        run: |turn| Box::pin(run_turn(turn)),
        inspect: |request| Box::pin(crate::inspector::dry_run(request)),
        equip: crate::equipment::equip,
        connect_mcp: crate::tool_settings::connect_servers,
        embed_pending: |state| Box::pin(crate::embeddings::embed_pending(state)),
        recover: |runtime, conversation, ids| {
            Box::pin(async move {
                let recovered = runtime
                    .service
                    .recover_interrupted(&conversation, &ids)
                    .await;
                // What could not be taken back stays as it was saved, marked interrupted.
                recovered.unwrap_or(0)
            })
        },
    })
}

thread_local! {
    /// Whether [`Generation::equip`] has run (once the runtime is there).
    static EQUIPPED: Cell<bool> = const { Cell::new(false) };
}

/// The module, loaded first if it is not yet (a failed load is tried again on the next call),
/// with the tools, retrieval and workspaces it brings connected to the service.
pub async fn load(state: AppState) -> Result<Generation, LoadFailed> {
    #[cfg(feature = "split")]
    let loaded = generation_split().await;
    #[cfg(not(feature = "split"))]
    let loaded = generation_split();
    let generation = loaded?;
    if let Some(runtime) = crate::runtime::runtime() {
        if !EQUIPPED.with(|done| done.replace(true)) {
            (generation.equip)(&runtime, state);
        }
    }
    Ok(generation)
}

/// Whether the tools, retrieval and workspaces are connected already.
pub fn equipped() -> bool {
    EQUIPPED.with(Cell::get)
}

/// The tools, retrieval and workspaces connected, for what needs them outside a chat action
/// (the Files panel, the tool settings, a workflow run, an embedding run). A failure is said
/// in the banner.
pub async fn equip(state: AppState) -> Result<(), LoadFailed> {
    if equipped() {
        return Ok(());
    }
    let loaded = load(state).await.map(|_| ());
    if loaded.is_err() {
        state
            .banner
            .set(Some(t("notice-tools-load-failed").to_owned()));
    }
    loaded
}

/// Starts loading the module in the background, so the first answer does not wait for it.
pub fn prefetch(state: AppState) {
    leptos::task::spawn_local(async move {
        // A failure is reported when an action needs the module.
        let _ = load(state).await;
    });
}

/// Takes back what the interrupted answers `ids` of `conversation` received after their last
/// save (the page was killed while they streamed: `open_tree` found them), and shows the
/// conversation again when that changed something.
pub fn recover_interrupted(state: AppState, conversation: Conversation, ids: Vec<String>) {
    let Some(runtime) = crate::runtime::runtime() else {
        return;
    };
    leptos::task::spawn_local(async move {
        // Another tab writing the conversation (a Continue there) owns its answers' journals.
        if skein_platform::generating_in_some_tab(&conversation.id).await {
            return;
        }
        let Ok(generation) = load(state).await else {
            return; // the text saved before the crash stays, marked interrupted, and the
                    // journal for the next opening
        };
        let id = conversation.id.clone();
        if (generation.recover)(runtime, conversation, ids).await > 0 {
            crate::runtime::reload(state, id);
        }
    });
}

async fn run_turn(turn: Turn) {
    let state = turn.state;
    let cancel = CancelToken::new();
    let sink = UiSink::new(state, turn.runtime.clone());
    let context = TurnContext {
        settings: &turn.settings,
        assistant: &turn.assistant,
        cancel: &cancel,
        sink: &sink,
        temporary: turn.temporary,
        channel: OutputChannel::Markdown,
    };
    let service = &turn.runtime.service;
    let result = match turn.action.clone() {
        // The engine decides whether the provider can answer offline (a local server) or
        // the question waits for the connection.
        ChatAction::Send(input) if turn.offline => {
            service
                .send_while_offline(turn.conversation, input, &context)
                .await
        }
        // The engine runs the action, then the title and suggestions (seed 000 §9).
        action => service.run(turn.conversation, action, &context).await,
    };
    sink.generation_ended();
    match &result {
        Ok(reply) if reply.role == skein_engine::Role::Assistant => {
            note_failure(state, reply);
            crate::runtime::refresh_context(state, reply.conversation_id.clone());
        }
        Ok(_) => {}
        Err(err) => {
            // Nothing the user typed is lost: if it never reached storage, it goes back
            // into the (still empty) composer.
            if let ChatAction::Send(input) = turn.action {
                if !sink.user_message_saved() {
                    state.draft.restore(input);
                }
            }
            state.banner.set(Some(skein_components::explain(&err)));
        }
    }
}

/// Remembers a failed answer for the banner (the kind, the message, what retry means).
fn note_failure(state: AppState, reply: &MessageNode) {
    let Some(kind) = reply.error_kind else {
        return;
    };
    let Some(retry) = ChatAction::retry_for(reply) else {
        return;
    };
    state.failure.set(Some(crate::state::Failure {
        conversation_id: reply.conversation_id.clone(),
        kind,
        message: skein_components::error_of(reply)
            .unwrap_or_else(|| t("notice-answer-failed").to_owned()),
        retry,
    }));
}
