//! The tools page's wiring: the web search settings, and the MCP servers: read at start-up,
//! each one that is on connected and listened to (the engine's `McpHub` keeps a client per
//! server), their state and tools shown in Settings → Tools, and the tool list the assistants'
//! settings offer kept up to date as servers connect and their tools change.

use crate::library::collection::{self, Feedback};
use crate::runtime::Ready;
use crate::runtime::Runtime;
use leptos::prelude::*;
use leptos::task::spawn_local;
use skein_components::{t, tf};
use skein_components::{McpAction, McpServerView};
use skein_engine::mcp::McpServers;
use skein_engine::tools::search_backends::WebSearchSettings;
use skein_engine::CancelToken;
use skein_platform::BrowserClock;
use std::rc::Rc;

/// Reads the servers from storage and connects those that are on, and reads the web search
/// settings (at start-up).
pub fn load(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    spawn_local(async move {
        match runtime.service.web_search_settings().await {
            Ok(settings) => state.settings.web_search.set(settings),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
        match runtime.service.mcp_servers().await {
            // The MCP client comes with the code that writes answers (src/chat/equipment.rs):
            // loaded at start only when a server is on.
            Ok(list) if list.servers.iter().any(|s| s.enabled) => {
                match crate::chat::generation::load(ready).await {
                    Ok(generation) => (generation.connect_mcp)(ready, list),
                    Err(_) => {
                        show_unconnected(ready, list);
                        state
                            .shell
                            .banner
                            .set(Some(t("notice-tools-load-failed").to_owned()));
                    }
                }
            }
            Ok(list) => show_unconnected(ready, list),
            Err(err) => state
                .shell
                .banner
                .set(Some(skein_components::explain(&err))),
        }
    });
}

/// Shows the servers of `list` without connecting any (none is on, or the MCP client could
/// not be loaded).
fn show_unconnected(ready: Ready, list: McpServers) {
    let state = ready.state;
    state.settings.mcp_list.set(list.servers);
    refresh_view(ready);
}

/// Connects the servers of `list` that are on, at start-up (reached through the module that
/// writes answers, which brings the MCP client).
pub fn connect_servers(ready: Ready, list: McpServers) {
    apply(ready, ready.runtime, list);
}

/// Makes the clients match `list`; new and changed servers are connected and listened to.
fn apply(ready: Ready, runtime: &Runtime, list: McpServers) {
    let state = ready.state;
    state.settings.mcp_list.set(list.servers.clone());
    for (client, stop) in runtime.mcp.set_servers(&list.servers) {
        client.on_change(Rc::new(move || refresh_view(ready)));
        spawn_local(async move { client.listen(&BrowserClock, &stop).await });
    }
    refresh_view(ready);
}

/// Shows each server's state, and offers the tools the catalogue has now.
fn refresh_view(ready: Ready) {
    let state = ready.state;
    let runtime = ready.runtime;
    let views = state.settings.mcp_list.with_untracked(|list| {
        list.iter()
            .map(|server| McpServerView {
                server: server.clone(),
                state: runtime
                    .mcp
                    .client(&server.id)
                    .map(|client| client.state())
                    .unwrap_or_default(),
            })
            .collect::<Vec<_>>()
    });
    state.settings.mcp_servers.set(views);
    state.settings.tools.set(runtime.service.tool_listing());
    state
        .settings
        .tool_refusals
        .set(runtime.service.tool_refusals());
}

/// Saves the web search settings; the tool is offered (or not) at once.
pub fn save_web_search(ready: Ready, settings: WebSearchSettings) {
    let (state, service) = (ready.state, &ready.runtime.service);
    let saved = async move { Ok((service.save_web_search(settings).await?, t("saved").into())) };
    let put = move |saved| {
        state.settings.web_search.set(saved);
        refresh_view(ready);
    };
    collection::change(state.settings.web_search_feedback, saved, put);
}

pub fn act(ready: Ready, action: McpAction) {
    let (runtime, service) = (ready.runtime, &ready.runtime.service);
    let feedback = ready.state.settings.mcp_feedback;
    let put = move |list| apply(ready, runtime, list);
    match action {
        McpAction::Save(server) => {
            let name = server.name.trim().to_owned();
            spawn_local(async move {
                let saved = match service.save_mcp_server(server).await {
                    Ok(list) => Ok((list, tf("notice-saved-name", &[("name", (&name).into())]))),
                    Err(err) => Err(tf(
                        "notice-server-not-saved",
                        &[
                            ("name", (&name).into()),
                            ("err", skein_components::explain(&err).into()),
                        ],
                    )),
                };
                collection::show(feedback, saved, put);
            });
        }
        McpAction::Delete(id) => {
            let removed = async move {
                let list = service.delete_mcp_server(&id).await?;
                Ok((list, t("notice-server-removed").into()))
            };
            collection::change(feedback, removed, put);
        }
        McpAction::Test(id) => spawn_local(test(runtime, feedback, id)),
    }
}

/// Asks server `id` afresh for its tools, and says how many it offers, or why it did not answer.
async fn test(runtime: &Runtime, feedback: Feedback, id: String) {
    let Some(client) = runtime.mcp.client(&id) else {
        return collection::say(feedback, Err(t("notice-server-off").into()));
    };
    let name = client.server().name.clone();
    // A test starts afresh: a server restarted since forgot the old session.
    let said = match client.reconnect(&CancelToken::new()).await {
        Ok(()) => {
            let count = client.state().tools.len();
            Ok(tf(
                "notice-server-answered",
                &[("name", (&name).into()), ("count", count.into())],
            ))
        }
        Err(err) => Err(tf(
            "notice-server-error",
            &[
                ("name", (&name).into()),
                ("err", skein_components::explain(&err).into()),
            ],
        )),
    };
    collection::say(feedback, said);
}
