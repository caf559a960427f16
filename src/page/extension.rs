//! The app as a browser extension's side panel: providers reached through host permissions the
//! user grants one by one (asked for when a provider is saved), and the questions the
//! extension's context menu hands over (a selection into the composer, a page as a document).

use crate::state::AppState;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::tf;
use skein_components::PendingAttachment;
use skein_engine::domain::page_question::{page_attachment, quote_selection};
use skein_engine::provider::host_permission::host_pattern;

/// In the extension: reads the granted sites and takes the context menu's questions.
pub fn init(state: AppState) {
    if !skein_platform::in_extension() {
        return;
    }
    refresh_hosts(state);
    spawn_local(take_question(state));
    if let Err(err) = skein_platform::on_page_question(move || spawn_local(take_question(state))) {
        state.shell.banner.set(Some(tf(
            "notice-menu-unreachable",
            &[("err", err.to_string().into())],
        )));
    }
}

fn refresh_hosts(state: AppState) {
    spawn_local(async move {
        match skein_platform::granted_hosts().await {
            Ok(hosts) => state.shell.hosts.set(Some(hosts)),
            Err(err) => state.shell.banner.set(Some(err)),
        }
    });
}

/// After the provider `base_url` was saved: asks the browser to let the extension reach it (a
/// prompt the first time; at once when already granted). Call it from the Save click.
pub fn ask_for_provider(state: AppState, base_url: &str) {
    ask_for_provider_then(state, base_url, || {});
}

/// Asks as [`ask_for_provider`] does, then runs `then` (at once outside the extension or when
/// the site is granted already; after the browser's answer otherwise). The welcome step's
/// Connect reaches the provider only after it, so its first request is not refused.
pub fn ask_for_provider_then(state: AppState, base_url: &str, then: impl FnOnce() + 'static) {
    if !skein_platform::in_extension() {
        return then();
    }
    let Some(pattern) = host_pattern(base_url) else {
        return then();
    };
    let granted = state
        .shell
        .hosts
        .with_untracked(|hosts| hosts.as_ref().is_some_and(|hosts| hosts.contains(&pattern)));
    if granted {
        return then();
    }
    // The browser's prompt names the site but not why: the notice says it beside the panel.
    let asking = tf("notice-host-asking", &[("pattern", (&pattern).into())]);
    state.shell.info.set(Some(asking.clone()));
    spawn_local(async move {
        let answer = skein_platform::request_host_permission(&pattern).await;
        if state.shell.info.get_untracked().as_ref() == Some(&asking) {
            state.shell.info.set(None);
        }
        match answer {
            Ok(true) => {
                state.shell.info.set(Some(tf(
                    "notice-host-granted",
                    &[("pattern", (&pattern).into())],
                )));
                refresh_hosts(state);
            }
            Ok(false) => state.shell.banner.set(Some(tf(
                "notice-host-refused",
                &[("pattern", (&pattern).into())],
            ))),
            Err(err) => state.shell.banner.set(Some(tf(
                "notice-host-ask-failed",
                &[
                    ("pattern", (&pattern).into()),
                    ("err", err.to_string().into()),
                ],
            ))),
        }
        then();
    });
}

pub fn revoke(state: AppState, pattern: String) {
    spawn_local(async move {
        match skein_platform::revoke_host_permission(&pattern).await {
            Ok(true) => state.shell.info.set(Some(tf(
                "notice-host-revoked",
                &[("pattern", (&pattern).into())],
            ))),
            Ok(false) => state.shell.banner.set(Some(tf(
                "notice-host-kept",
                &[("pattern", (&pattern).into())],
            ))),
            Err(err) => state.shell.banner.set(Some(tf(
                "notice-host-revoke-failed",
                &[
                    ("pattern", (&pattern).into()),
                    ("err", err.to_string().into()),
                ],
            ))),
        }
        refresh_hosts(state);
    });
}

async fn take_question(state: AppState) {
    let question = match skein_platform::take_page_question().await {
        Ok(Some(question)) => question,
        Ok(None) => return,
        Err(err) => return state.shell.banner.set(Some(err)),
    };
    state.shell.show_settings.set(false);
    match question.kind.as_str() {
        // Quoted into the composer, not sent: the user writes the question.
        "selection" => state
            .chat
            .draft
            .text
            .update(|text| *text = format!("{}{text}", quote_selection(&question.text))),
        "page" => {
            let (attachment, notice) =
                page_attachment(&question.title, &question.url, &question.text);
            state.chat.draft.attachments.update(|list| {
                list.push(PendingAttachment {
                    attachment,
                    preview: None,
                })
            });
            state.shell.info.set(Some(notice.unwrap_or_else(|| {
                tf(
                    "notice-page-attached",
                    &[("title", (&question.title).into())],
                )
            })));
        }
        _ => state.shell.banner.set(Some(tf(
            "notice-page-unreadable",
            &[("reason", (&question.text).into())],
        ))),
    }
}
