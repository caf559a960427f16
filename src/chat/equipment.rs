//! What the code that writes answers brings along: the tools (the built-in ones, the library's
//! memory and knowledge tools, the workspace's file tools and skills, the MCP servers' tools,
//! web search, and page reading in the extension), knowledge and memory retrieval, the
//! embedder, and the conversations' workspaces.
//!
//! Reading and showing conversations needs none of it, so it is connected to the service when
//! that module loads ([`crate::chat::generation::load`], which calls [`equip`] once), not at
//! start: the tools are reached through trait objects, and building them at start kept all of
//! their code in the first download (`BENCHMARKS.md`, figure 1). Whatever needs them outside a
//! chat action (the Files panel, the tool settings, a workflow run, an embedding run) loads the
//! module first ([`crate::chat::generation::equip`]); the start does when an MCP server is on
//! (the MCP client comes with it too) or a knowledge base embeds.

use crate::runtime::Ready;

use leptos::prelude::*;
use skein_engine::tools::{read_url::ReadUrl, web_search::WebSearch, ToolSource};
use skein_platform::FetchTransport;
use std::rc::Rc;

/// Connects everything above to `runtime`'s service (once: the module calls it on its first
/// load). A refusal (a tool name taken twice) goes to the banner; the rest is still connected.
pub fn equip(ready: Ready) {
    let (state, runtime) = (ready.state, ready.runtime);
    let service = &runtime.service;
    let settings_now = Rc::new(move || state.settings.provider.get_untracked());
    let mut refusals = Vec::new();
    if let Err(err) = service.connect_library(settings_now) {
        refusals.push(err);
    }
    let files = skein_platform::BrowserWorkspace::new(runtime.storage.clone());
    if let Err(err) = service.connect_workspace(Rc::new(files)) {
        refusals.push(err);
    }
    if let Err(err) = service.connect_builtin_tools() {
        refusals.push(err);
    }
    service.add_tool_set(runtime.mcp.clone());
    // The extension reaches the hosts the user granted, CORS or not: it can read pages.
    if skein_platform::in_extension() {
        let reader = ReadUrl {
            transport: Rc::new(FetchTransport),
        };
        if let Err(err) = service.add_tool(ToolSource::WebSearch, Rc::new(reader)) {
            refusals.push(err);
        }
    }
    service.add_tool_set(Rc::new(WebSearch {
        transport: Rc::new(FetchTransport),
        settings: Rc::new(move || state.settings.web_search.get_untracked()),
    }));
    state.settings.tools.set(service.tool_listing());
    state.settings.tool_refusals.set(service.tool_refusals());
    if let Some(err) = refusals.first() {
        state.shell.banner.set(Some(skein_components::explain(err)));
    }
}
