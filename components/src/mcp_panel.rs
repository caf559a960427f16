//! MCP servers: added by URL (with a bearer token or a header of their own), tested, turned
//! off and on, edited and removed; each shows whether it is connected and the tools it offers,
//! named as the model sees them, with whether they ask first. Which assistant may call which
//! tool is chosen under Assistants.
//!
//! Names, descriptions and errors come from the servers: untrusted text, shown as text only.

use crate::file_pick::Said;
use crate::i18n::{t, tf};
use leptos::prelude::*;
use skein_engine::mcp::{McpAuth, McpServer, McpState};
use skein_engine::tools::{tool_name, ToolSource};

/// A server with what its client knows now.
#[derive(Debug, Clone, PartialEq)]
pub struct McpServerView {
    pub server: McpServer,
    pub state: McpState,
}

/// What the user did to their servers.
#[derive(Debug, Clone)]
pub enum McpAction {
    /// Saves a new server (empty id) or a changed one.
    Save(McpServer),
    /// Connects again and reads the tools.
    Test(String),
    Delete(String),
}

fn status(view: &McpServerView) -> (String, &'static str) {
    let state = &view.state;
    if !view.server.enabled {
        (t("mcp-status-off").into(), "hint")
    } else if state.connected {
        let count = state.tools.len();
        let connected = tf("mcp-status-connected", &[("count", count.into())]);
        let text = match state.server_info.as_deref() {
            Some(info) => format!("{connected} · {info}"),
            None => connected,
        };
        (text, "ok")
    } else if let Some(error) = &state.error {
        (tf("mcp-status-error", &[("error", error.into())]), "error")
    } else {
        (t("mcp-status-connecting").into(), "hint")
    }
}

/// The form for a new server or a change to one.
#[component]
fn ServerForm(
    server: McpServer,
    on_save: Callback<McpServer>,
    #[prop(optional, into)] on_cancel: Option<Callback<()>>,
) -> impl IntoView {
    let original = StoredValue::new(server.clone());
    let name = RwSignal::new(server.name.clone());
    let url = RwSignal::new(server.url.clone());
    let (kind, token, header, value) = match &server.auth {
        McpAuth::None => ("none", String::new(), String::new(), String::new()),
        McpAuth::Bearer { token } => ("bearer", token.clone(), String::new(), String::new()),
        McpAuth::Header { name, value } => ("header", String::new(), name.clone(), value.clone()),
    };
    let kind = RwSignal::new(kind.to_owned());
    let token = RwSignal::new(token);
    let header = RwSignal::new(header);
    let value = RwSignal::new(value);
    let editing = !server.id.is_empty();
    let prefix = if editing { "mcp-edit" } else { "mcp-new" };
    let save = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let auth = match kind.get_untracked().as_str() {
            "bearer" => McpAuth::Bearer {
                token: token.get_untracked().trim().to_owned(),
            },
            "header" => McpAuth::Header {
                name: header.get_untracked().trim().to_owned(),
                value: value.get_untracked().trim().to_owned(),
            },
            _ => McpAuth::None,
        };
        on_save.run(McpServer {
            name: name.get_untracked(),
            url: url.get_untracked(),
            auth,
            ..original.get_value()
        });
        if !editing {
            name.set(String::new());
            url.set(String::new());
            token.set(String::new());
            value.set(String::new());
        }
    };
    view! {
        <form class="settings mcp-form" data-testid=format!("{prefix}-form")
            aria-label=if editing { t("mcp-edit-label") } else { t("mcp-add-label") } on:submit=save>
            <div class="row">
                <label class="field"><span>{t("mcp-name")}</span>
                    <input type="text" data-testid=format!("{prefix}-name") required=true
                        prop:value=move || name.get() on:input=move |ev| name.set(event_target_value(&ev)) /></label>
                <label class="field"><span>{t("mcp-address")}</span>
                    <input type="url" data-testid=format!("{prefix}-url") required=true placeholder=t("mcp-address-placeholder")
                        prop:value=move || url.get() on:input=move |ev| url.set(event_target_value(&ev)) /></label>
            </div>
            <div class="row">
                <label class="field"><span>{t("mcp-sign-in")}</span>
                    <select data-testid=format!("{prefix}-auth") on:change=move |ev| kind.set(event_target_value(&ev))>
                        <option value="none" selected=move || kind.get() == "none">{t("mcp-auth-none")}</option>
                        <option value="bearer" selected=move || kind.get() == "bearer">{t("mcp-auth-bearer")}</option>
                        <option value="header" selected=move || kind.get() == "header">{t("mcp-auth-header")}</option>
                    </select></label>
                {move || match kind.get().as_str() {
                    "bearer" => view! {
                        <label class="field"><span>{t("mcp-token")}</span>
                            <input type="password" autocomplete="off" data-testid=format!("{prefix}-token")
                                prop:value=move || token.get() on:input=move |ev| token.set(event_target_value(&ev)) /></label>
                    }.into_any(),
                    "header" => view! {
                        <label class="field"><span>{t("mcp-header-name")}</span>
                            <input type="text" data-testid=format!("{prefix}-header")
                                prop:value=move || header.get() on:input=move |ev| header.set(event_target_value(&ev)) /></label>
                        <label class="field"><span>{t("mcp-header-value")}</span>
                            <input type="password" autocomplete="off" data-testid=format!("{prefix}-value")
                                prop:value=move || value.get() on:input=move |ev| value.set(event_target_value(&ev)) /></label>
                    }.into_any(),
                    _ => ().into_any(),
                }}
            </div>
            <div class="form-actions">
                <button type="submit" data-testid=format!("{prefix}-save")>
                    {if editing { t("mcp-save") } else { t("mcp-add") }}</button>
                {on_cancel.map(|cancel| view! {
                    <button type="button" on:click=move |_| cancel.run(())>{t("cancel")}</button>
                })}
            </div>
        </form>
    }
}

#[component]
fn ServerRow(view: McpServerView, on_action: Callback<McpAction>) -> impl IntoView {
    let editing = RwSignal::new(false);
    let server = StoredValue::new(view.server.clone());
    let (status_text, status_class) = status(&view);
    let source = ToolSource::Mcp {
        server: view.server.name.clone(),
    };
    let tools = view
        .state
        .tools
        .iter()
        .map(|tool| {
            let name = tool_name(&source, &tool.name);
            let asks = if tool.read_only {
                t("mcp-tool-read-only")
            } else {
                t("mcp-tool-asks")
            };
            view! {
                <li class="mcp-tool" data-testid="mcp-tool" data-tool-name=name.clone()>
                    <code>{name.clone()}</code>
                    <span class="hint">{asks}</span>
                    <span class="mcp-tool-description">{tool.description.clone()}</span>
                </li>
            }
        })
        .collect_view();
    let skipped = view.state.skipped.clone();
    let id = view.server.id.clone();
    let enabled = view.server.enabled;
    view! {
        <li class="mcp-server" data-testid="mcp-server" data-server-name=view.server.name.clone()>
            <div class="mcp-server-head">
                <strong>{view.server.name.clone()}</strong>
                <span class="hint mcp-url">{view.server.url.clone()}</span>
            </div>
            <p class=format!("mcp-status {status_class}") data-testid="mcp-status">{status_text}</p>
            <div class="form-actions">
                <button type="button" data-testid="mcp-test" disabled=!enabled
                    on:click={let id = id.clone(); move |_| on_action.run(McpAction::Test(id.clone()))}>{t("mcp-test")}</button>
                <label class="inline-check">
                    <input type="checkbox" data-testid="mcp-enabled" prop:checked=enabled
                        on:change=move |ev| on_action.run(McpAction::Save(McpServer {
                            enabled: event_target_checked(&ev),
                            ..server.get_value()
                        })) />
                    {t("mcp-on")}
                </label>
                <button type="button" data-testid="mcp-edit" on:click=move |_| editing.update(|e| *e = !*e)>{t("mcp-edit")}</button>
                <button type="button" class="danger" data-testid="mcp-delete"
                    on:click=move |_| on_action.run(McpAction::Delete(id.clone()))>{t("mcp-remove")}</button>
            </div>
            {move || editing.get().then(|| view! {
                <ServerForm server=server.get_value()
                    on_save=Callback::new(move |s| { editing.set(false); on_action.run(McpAction::Save(s)); })
                    on_cancel=Callback::new(move |()| editing.set(false)) />
            })}
            <ul class="mcp-tools" aria-label=t("mcp-its-tools")>{tools}</ul>
            {(!skipped.is_empty()).then(|| view! {
                <p class="hint" data-testid="mcp-skipped">{tf("mcp-left-out", &[("tools", skipped.join("; ").into())])}</p>
            })}
        </li>
    }
}

#[component]
pub fn McpPanel(
    #[prop(into)] servers: Signal<Vec<McpServerView>>,
    #[prop(into)] feedback: Signal<Option<Result<String, String>>>,
    /// Tools left out of the catalogue now, and why (a clash of names).
    #[prop(into)]
    refusals: Signal<Vec<String>>,
    #[prop(into)] on_action: Callback<McpAction>,
) -> impl IntoView {
    let blank = McpServer {
        id: String::new(),
        name: String::new(),
        url: String::new(),
        auth: McpAuth::None,
        enabled: true,
    };
    view! {
        <section class="mcp-panel" data-testid="mcp-panel" aria-labelledby="mcp-heading">
            <h4 id="mcp-heading">{t("mcp-heading")}</h4>
            <p class="hint">{t("mcp-intro")}</p>
            <Said said=feedback test_id="mcp-feedback" />
            <ul class="mcp-servers">
                <For each=move || servers.get()
                    key=|view| (view.server.clone(), format!("{:?}", view.state))
                    children=move |view| view! { <ServerRow view=view on_action=on_action /> } />
            </ul>
            {move || {
                let refused = refusals.get();
                (!refused.is_empty()).then(|| view! {
                    <p class="hint" data-testid="mcp-refusals">{tf("mcp-not-offered", &[("tools", refused.join(" ").into())])}</p>
                })
            }}
            <ServerForm server=blank on_save=Callback::new(move |s| on_action.run(McpAction::Save(s))) />
        </section>
    }
}
