//! What every collection editor does the same way (dictionaries, world books, characters, MCP
//! servers, workflows): a chosen file imported, a change made through the engine and shown (the
//! list replaced, the feedback saying what happened or why not), a file offered as a download.
//! Each feature keeps its own messages, signals and confirmations.

use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{explain, tf};
use skein_engine::chat::CardFile;
use skein_engine::ChatError;
use std::future::Future;

pub use crate::state::Feedback;

/// What a change made and what it says, or why it failed (in the interface's words).
pub type Outcome<T> = Result<(T, String), String>;

/// Says `said` in `feedback`.
pub fn say(feedback: Feedback, said: Result<String, String>) {
    feedback.set(Some(said));
}

/// Shows what a change did: on success `put` takes what it made (the new list, mostly) and
/// `feedback` says its message; on failure `feedback` says why.
pub fn show<T>(feedback: Feedback, changed: Outcome<T>, put: impl FnOnce(T)) {
    match changed {
        Ok((made, said)) => {
            put(made);
            say(feedback, Ok(said));
        }
        Err(err) => say(feedback, Err(err)),
    }
}

/// Runs `change` (an engine call giving what it made and what to say) and shows it; an engine
/// error is explained.
pub fn change<T: 'static>(
    feedback: Feedback,
    change: impl Future<Output = Result<(T, String), ChatError>> + 'static,
    put: impl FnOnce(T) + 'static,
) {
    spawn_local(async move { show(feedback, change.await.map_err(|e| explain(&e)), put) });
}

/// Imports the file chosen in `input` with `import` (given the file's name and bytes) and shows
/// what it made; a refusal says the file was not imported, and why. Nothing happens when no file
/// was chosen; a file that cannot be read is said so.
pub fn import<T: 'static, Made>(
    input: web_sys::HtmlInputElement,
    feedback: Feedback,
    import: impl FnOnce(String, Vec<u8>) -> Made + 'static,
    put: impl FnOnce(T) + 'static,
) where
    Made: Future<Output = Result<(T, String), ChatError>>,
{
    spawn_local(async move {
        let (name, bytes) = match crate::chat::files::take_chosen(&input).await {
            Ok(Some(file)) => file,
            Ok(None) => return,
            Err(err) => return say(feedback, Err(err)),
        };
        let imported = import(name.clone(), bytes).await.map_err(|err| {
            tf(
                "notice-not-imported",
                &[("name", (&name).into()), ("err", explain(&err).into())],
            )
        });
        show(feedback, imported, put);
    });
}

/// Offers the file `export` makes as a download and says so; why not is worded by `failed`.
pub fn export(
    feedback: Feedback,
    export: impl Future<Output = Result<CardFile, ChatError>> + 'static,
    failed: impl FnOnce(String) -> String + 'static,
) {
    spawn_local(async move {
        let said = export
            .await
            .map_err(|e| explain(&e))
            .and_then(|file| download(&file));
        say(feedback, said.map_err(failed));
    });
}

/// Offers `file` as a download and says so.
pub fn download(file: &CardFile) -> Result<String, String> {
    download_bytes(&file.file_name, file.mime, &file.bytes)
}

/// Offers `bytes` as a download named `name` and says so.
pub fn download_bytes(name: &str, mime: &str, bytes: &[u8]) -> Result<String, String> {
    skein_platform::download_bytes(name, mime, bytes)
        .map(|()| tf("notice-exported", &[("file", name.into())]))
}
