//! The conversation on screen: opening one (its current branch, with any reply streaming in
//! this tab up to date), a new chat, reading it again when it changed elsewhere, the context
//! meter, switching versions and deleting messages, and its images.

use crate::runtime::Ready;
use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_engine::{Conversation, MessageNode};

/// Shows conversation `id`: its current branch, with any reply streaming in this tab up to date.
pub fn select(ready: Ready, id: String) {
    select_showing(ready, id, None);
}

/// Shows message `message_id` of conversation `conversation_id` (a cited message): the
/// branch through it, scrolled to it.
pub fn open_message(ready: Ready, conversation_id: String, message_id: String) {
    if ready.state.chat.is_current(&conversation_id) {
        reshape(ready, Reshape::Show(message_id));
    } else {
        select_showing(ready, conversation_id, Some(message_id));
    }
}

/// Shows conversation `id`, then the branch through `message` when one is given.
fn select_showing(ready: Ready, id: String, message: Option<String>) {
    let state = ready.state;
    state.shell.show_settings.set(false);
    state.panels.workflows.open.set(false);
    state.chat.current.set(Some(id.clone()));
    load_current(ready, id, message);
}

/// Reads conversation `id` again if it is the one on screen, leaving whatever screen is open
/// (settings, workflows) as it is: what changed under it (a sync round) shows when the user
/// returns to the chat.
pub fn reload(ready: Ready, id: String) {
    let chat = ready.state.chat;
    if chat.is_current(&id) && !chat.is_generating(&id) {
        load_current(ready, id, None);
    }
}

fn load_current(ready: Ready, id: String, message: Option<String>) {
    let (state, runtime) = (ready.state, ready.runtime);
    let Some(conversation) = state.chat.conversation(&id) else {
        return;
    };
    state
        .library
        .assistant_id
        .set(state.library.assistant_of(&conversation).id);
    spawn_local(async move {
        // Generating here, or in another tab (which holds the conversation's lock): either way
        // a streaming answer is being written, not interrupted.
        let generating_here =
            state.chat.is_generating(&id) || skein_platform::generating_in_some_tab(&id).await;
        // The engine shows the answer streaming here, and answers waiting for storage space,
        // as they are, not as last stored.
        let tree = runtime
            .service
            .open_tree(&conversation, generating_here)
            .await;
        if !state.chat.is_current(&id) {
            return; // the user moved on while this loaded
        }
        match tree {
            Ok((tree, interrupted)) => {
                state.chat.show_branch(&id, &tree.current_branch_entries());
                set_context(ready, &conversation, Some(&tree.current_branch())).await;
                if let Some(message) = message {
                    reshape(ready, Reshape::Show(message));
                }
                if !interrupted.is_empty() {
                    recover_interrupted(ready, conversation, interrupted);
                }
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// An empty chat on screen, for a new question.
pub fn new_chat(state: AppState) {
    state.shell.show_settings.set(false);
    state.panels.workflows.open.set(false);
    state.chat.temporary_next.set(false);
    state.chat.clear_screen();
}

/// Recomputes the context meter of conversation `id` (if it is still on screen), reading its
/// branch from storage (after a generation, whose final tree the app does not hold).
pub fn refresh_context(ready: Ready, id: String) {
    spawn_local(async move {
        let Some(conversation) = ready.state.chat.conversation(&id) else {
            return;
        };
        set_context(ready, &conversation, None).await;
    });
}

/// Sets the context meter of `conversation` (from `branch` when it is in hand).
async fn set_context(ready: Ready, conversation: &Conversation, branch: Option<&[&MessageNode]>) {
    let state = ready.state;
    let assistant = state.library.assistant_untracked();
    let settings = state.settings.provider.get_untracked();
    let usage = ready
        .runtime
        .service
        .context_usage(conversation, branch, &assistant, &settings)
        .await;
    if let Ok(usage) = usage {
        if state.chat.is_current(&conversation.id) {
            state.chat.context.set(Some(usage));
        }
    }
}

/// Shows another version of a message (‹ / ›) or the branch through a message (picked in the
/// branch map, then scrolled to), deletes a message and what follows it, or dismisses the
/// honesty gate's note on an answer.
pub enum Reshape {
    Switch(String, isize),
    Show(String),
    Delete(String),
    DismissCorrection(String),
}

pub fn reshape(ready: Ready, action: Reshape) {
    let state = ready.state;
    let Some(conversation) = state.chat.on_screen() else {
        return;
    };
    if state.chat.is_generating(&conversation.id) {
        return;
    }
    spawn_local(async move {
        let service = &ready.runtime.service;
        let result = match &action {
            Reshape::Switch(id, offset) => service.switch_branch(conversation, id, *offset).await,
            Reshape::Show(id) => service.show_branch_through(conversation, id).await,
            Reshape::Delete(id) => service.delete_message(conversation, id).await,
            Reshape::DismissCorrection(id) => service.dismiss_correction(conversation, id).await,
        };
        match result {
            Ok((conversation, branch)) => {
                ready.changed(crate::runtime::Changed::Conversation(
                    conversation.id.clone(),
                ));
                state.chat.upsert_conversation(conversation.clone());
                state.chat.show_branch(&conversation.id, &branch);
                let nodes: Vec<&MessageNode> = branch.iter().map(|entry| &entry.node).collect();
                set_context(ready, &conversation, Some(&nodes)).await;
                if let Reshape::Show(id) = action {
                    crate::chat::jump::jump_to(state, id);
                }
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Loads a message image from storage and makes it displayable (a `blob:` URL, nothing leaves
/// the page). Each image is loaded once.
pub fn load_image(ready: Ready, blob_id: String) {
    let (state, runtime) = (ready.state, ready.runtime);
    if state
        .chat
        .image_urls
        .with_untracked(|urls| urls.contains_key(&blob_id))
        || !runtime.loading_images.borrow_mut().insert(blob_id.clone())
    {
        return;
    }
    spawn_local(async move {
        match runtime.service.load_blob(&blob_id).await {
            Ok(Some(blob)) => match skein_platform::object_url(&blob) {
                Ok(url) => state.chat.image_urls.update(|urls| {
                    urls.insert(blob_id, url);
                }),
                Err(err) => state.shell.banner.set(Some(tf(
                    "notice-image-failed",
                    &[("err", err.to_string().into())],
                ))),
            },
            Ok(None) => state
                .shell
                .banner
                .set(Some(t("notice-image-missing").into())),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Takes back what the interrupted answers `ids` of `conversation` received after their last
/// save (the page was killed while they streamed: `open_tree` found them), and shows the
/// conversation again when that changed something.
fn recover_interrupted(ready: Ready, conversation: Conversation, ids: Vec<String>) {
    leptos::task::spawn_local(async move {
        // Another tab writing the conversation (a Continue there) owns its answers' journals.
        if skein_platform::generating_in_some_tab(&conversation.id).await {
            return;
        }
        let Ok(generation) = crate::chat::generation::load(ready).await else {
            return; // the text saved before the crash stays, marked interrupted, and the
                    // journal for the next opening
        };
        let id = conversation.id.clone();
        if (generation.recover)(ready, conversation, ids).await > 0 {
            reload(ready, id);
        }
    });
}
