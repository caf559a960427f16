//! Files in and out: a conversation exported as Markdown or JSON, a full backup, and imports
//! (Skein exports and backups, ChatGPT's `conversations.json`). Everything is made or read in
//! the page; nothing is sent anywhere.

use crate::chat::conversation::select;
use crate::runtime::{Changed, Ready};
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_engine::store::export::ExportFormat;
use skein_engine::Conversation;

/// Downloads `conversation` as Markdown or JSON (made in the page; nothing is sent).
pub fn export(ready: Ready, conversation: Conversation, format: ExportFormat) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let rules = skein_components::IntlRules::new(skein_components::language().tag());
        let file = match runtime
            .service
            .export_conversation(&conversation, format, skein_components::words(), &rules)
            .await
        {
            Ok(file) => file,
            Err(err) => {
                return state
                    .shell
                    .banner
                    .set(Some(skein_components::explain(&err)))
            }
        };
        if let Err(err) = skein_platform::download_text(&file.name, file.mime, &file.text) {
            state.shell.banner.set(Some(tf(
                "notice-export-failed",
                &[("err", err.to_string().into())],
            )));
        }
    });
}

/// Downloads a full backup (every conversation, their images, the settings; API keys only
/// when `include_keys`), made in the page.
pub fn backup(ready: Ready, include_keys: bool) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let saved = match runtime.service.backup(include_keys).await {
            Ok(text) => {
                skein_platform::download_text("skein-backup.json", "application/json", &text)
            }
            Err(err) => Err(skein_components::explain(&err)),
        };
        if let Err(err) = saved {
            state.shell.banner.set(Some(tf(
                "notice-backup-failed",
                &[("err", err.to_string().into())],
            )));
        }
    });
}

/// The name and bytes of the file chosen in `input` (`Ok(None)`: none), the input emptied so
/// the same file can be chosen again; an error says the file could not be read.
pub async fn take_chosen(
    input: &web_sys::HtmlInputElement,
) -> Result<Option<(String, Vec<u8>)>, String> {
    let chosen = skein_platform::read_chosen_file(input).await;
    input.set_value("");
    chosen.map_err(|err| {
        tf(
            "notice-file-read-failed",
            &[("err", err.to_string().into())],
        )
    })
}

/// Imports the file chosen in `input` (a Skein export or ChatGPT's `conversations.json`):
/// validated completely before anything is stored; an error says what and where.
pub fn import(ready: Ready, input: web_sys::HtmlInputElement) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        let (name, bytes) = match take_chosen(&input).await {
            Ok(Some(file)) => file,
            Ok(None) => return,
            Err(err) => return state.shell.banner.set(Some(err)),
        };
        crate::chat::list::carry_out_all(ready).await;
        match runtime.service.import_file(&bytes).await {
            Ok(added) => {
                // A restored backup may have brought assistants its conversations talk to.
                if let Ok(assistants) = runtime.service.list_assistants().await {
                    for assistant in assistants {
                        state.library.put_assistant(assistant);
                    }
                }
                let count = added.len();
                let first = added.first().map(|c| c.id.clone());
                for conversation in added {
                    ready.changed(Changed::Conversation(conversation.id.clone()));
                    state.chat.upsert_conversation(conversation);
                }
                state.shell.info.set(Some(tf(
                    "notice-conversations-imported",
                    &[("count", count.into()), ("name", (&name).into())],
                )));
                if let Some(id) = first {
                    select(ready, id);
                }
                // A restored backup may have brought the provider settings.
                if let Ok(Some(settings)) = runtime.service.load_provider_settings().await {
                    state.settings.provider.set(settings);
                }
            }
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}
