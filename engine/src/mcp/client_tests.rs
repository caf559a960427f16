//! The MCP client against scripted server answers: the handshake and its headers, answers as
//! JSON and as event streams, progress, a forgotten session, refusals, malformed and oversized
//! answers, cancellation, list changes, and the tools as the catalogue offers them.

use super::client::{McpClient, McpError, Progress, MAX_RESPONSE_BYTES};
use super::hub::McpHub;
use super::server::{McpAuth, McpServer};
use crate::ports::cancel::CancelToken;
use crate::ports::transport::HttpMethod;
use crate::prompt::hooks::RetrievalScope;
use crate::test_fixtures::{assistant_with, ManualClock, Script, ScriptedTransport};
use crate::tools::session::RetrievalModes;
use crate::tools::{ApprovalPolicy, ToolCatalog, ToolContext, ToolError};
use futures_executor::block_on;
use serde_json::{json, Value};
use std::cell::{Cell, RefCell};
use std::rc::Rc;

fn server() -> McpServer {
    McpServer {
        id: "s1".into(),
        name: "Fixture".into(),
        url: "http://127.0.0.1:9/mcp".into(),
        auth: McpAuth::Bearer {
            token: "tok".into(),
        },
        enabled: true,
    }
}

fn json_answer(body: Value) -> Script {
    Script::Respond {
        status: 200,
        content_type: "application/json",
        chunks: vec![body.to_string().into_bytes()],
    }
}

/// An event stream of `messages`, each split in two chunks (the decoder must not care).
fn stream(messages: &[Value]) -> Script {
    let mut chunks = vec![b"data: \nid: 0\nretry: 3000\n\n".to_vec()];
    for message in messages {
        let event = format!("data: {message}\n\n").into_bytes();
        let (a, b) = event.split_at(event.len() / 2);
        chunks.push(a.to_vec());
        chunks.push(b.to_vec());
    }
    Script::Respond {
        status: 200,
        content_type: "text/event-stream",
        chunks,
    }
}

fn accepted() -> Script {
    Script::Respond {
        status: 202,
        content_type: "application/json",
        chunks: vec![],
    }
}

fn status(code: u16) -> Script {
    Script::Respond {
        status: code,
        content_type: "text/plain",
        chunks: vec![b"go away".to_vec()],
    }
}

/// A server of the handshake revisions refusing `server/discover` (as rmcp does).
fn no_discover() -> Script {
    Script::Respond {
        status: 400,
        content_type: "application/json",
        chunks: vec![json!({"jsonrpc": "2.0", "id": 0, "error": {"code": -32022,
            "message": "unsupported", "data": {"supported": ["2025-11-25"]}}})
        .to_string()
        .into_bytes()],
    }
}

/// The handshake's answers (after `server/discover` is refused), the `initialize` request
/// being number `id`.
fn initialized(session: &'static str, id: u64) -> Vec<Script> {
    vec![
        no_discover(),
        Script::WithHeaders {
            headers: vec![("mcp-session-id", session)],
            then: Box::new(json_answer(json!({"jsonrpc": "2.0", "id": id, "result": {
                "protocolVersion": "2025-11-25",
                "capabilities": {"tools": {"listChanged": true}},
                "serverInfo": {"name": "fixture", "version": "1.0"},
            }}))),
        },
        accepted(),
    ]
}

fn tool_list(id: u64, names: &[&str]) -> Script {
    let tools: Vec<Value> = names
        .iter()
        .map(|name| {
            json!({"name": name, "description": format!("the {name} tool"),
                "inputSchema": {"type": "object"},
                "annotations": {"readOnlyHint": *name == "echo"}})
        })
        .collect();
    stream(&[json!({"jsonrpc": "2.0", "id": id, "result": {"tools": tools}})])
}

/// A clock that stands still; `timers` says whether its sleeps end (and are recorded).
fn still_clock(timers: bool) -> ManualClock {
    ManualClock {
        now: Rc::default(),
        step_ms: Cell::new(0.0),
        timers_fire: Cell::new(timers),
        sleeps: RefCell::default(),
    }
}

fn body(transport: &ScriptedTransport, index: usize) -> Value {
    let requests = transport.requests.borrow();
    serde_json::from_str(requests[index].body.as_deref().unwrap_or("null")).unwrap()
}

fn connected(extra: Vec<Script>) -> (Rc<ScriptedTransport>, McpClient<ScriptedTransport>) {
    let mut script = initialized("sess-1", 1);
    script.push(tool_list(2, &["echo", "add"]));
    script.extend(extra);
    let transport = Rc::new(ScriptedTransport::new(script));
    let client = McpClient::new(transport.clone(), server());
    block_on(client.refresh(&CancelToken::new())).unwrap();
    (transport, client)
}

#[test]
fn connecting_shakes_hands_keeps_the_session_and_lists_the_tools() {
    let (transport, client) = connected(vec![]);
    let state = client.state();
    assert!(state.connected);
    assert_eq!(state.protocol.as_deref(), Some("2025-11-25"));
    assert_eq!(state.server_info.as_deref(), Some("fixture 1.0"));
    let names: Vec<&str> = state.tools.iter().map(|t| t.name.as_str()).collect();
    assert_eq!(names, ["echo", "add"]);
    assert_eq!(body(&transport, 1)["method"], "initialize");
    assert_eq!(
        body(&transport, 1)["params"]["protocolVersion"],
        "2025-11-25"
    );
    assert_eq!(body(&transport, 2)["method"], "notifications/initialized");
    assert_eq!(body(&transport, 3)["method"], "tools/list");
    let requests = transport.requests.borrow();
    // The current revision was asked for first, and refused.
    assert_eq!(body(&transport, 0)["method"], "server/discover");
    assert_eq!(requests[0].header("mcp-method"), Some("server/discover"));
    assert_eq!(
        requests[0].header("mcp-protocol-version"),
        Some("2026-07-28")
    );
    assert_eq!(requests[1].header("mcp-session-id"), None);
    assert_eq!(requests[1].header("authorization"), Some("Bearer tok"));
    for later in &requests[2..] {
        assert_eq!(later.header("mcp-session-id"), Some("sess-1"));
        assert_eq!(later.header("mcp-protocol-version"), Some("2025-11-25"));
        assert_eq!(later.header("authorization"), Some("Bearer tok"));
        assert_eq!(
            later.header("accept"),
            Some("application/json, text/event-stream")
        );
    }
}

#[test]
fn a_call_hears_progress_and_returns_the_text() {
    let (transport, client) = connected(vec![stream(&[
        json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": "skein-4", "progress": 1, "total": 2, "message": "half"}}),
        json!({"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "4"}]}}),
    ])]);
    let heard = RefCell::new(Vec::new());
    let outcome = block_on(client.call_tool(
        "add",
        json!({"a": 1, "b": 3}),
        &CancelToken::new(),
        &|p: Progress| heard.borrow_mut().push(p),
    ))
    .unwrap();
    assert_eq!(outcome.text, "4");
    assert_eq!(heard.borrow().len(), 1);
    assert_eq!(heard.borrow()[0].total, Some(2.0));
    assert_eq!(heard.borrow()[0].message.as_deref(), Some("half"));
    let sent = body(&transport, 4);
    assert_eq!(sent["params"]["name"], "add");
    assert_eq!(sent["params"]["arguments"], json!({"a": 1, "b": 3}));
    assert!(sent["params"]["_meta"]["progressToken"].is_string());
}

#[test]
fn a_forgotten_session_is_replaced_and_the_request_sent_again() {
    session_replaced_after(status(404));
}

/// A call on a connected client whose server answers `refusal`: a new handshake, then the call
/// again on the new session.
fn session_replaced_after(refusal: Script) {
    let mut more = vec![refusal];
    more.extend(initialized("sess-2", 4));
    more.push(json_answer(
        json!({"jsonrpc": "2.0", "id": 5, "result": {"content": [{"type": "text", "text": "again"}]}}),
    ));
    let (transport, client) = connected(more);
    let outcome =
        block_on(client.call_tool("echo", json!({}), &CancelToken::new(), &|_| {})).unwrap();
    assert_eq!(outcome.text, "again");
    let requests = transport.requests.borrow();
    assert_eq!(
        requests[6].header("mcp-session-id"),
        None,
        "a new handshake"
    );
    assert_eq!(requests[8].header("mcp-session-id"), Some("sess-2"));
}

#[test]
fn refusals_and_unreachable_servers_are_explained() {
    let transport = Rc::new(ScriptedTransport::new(vec![status(401)]));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
    assert_eq!(err, McpError::Auth(401));
    assert!(client.state().error.unwrap().contains("token"));

    let transport = Rc::new(ScriptedTransport::new(vec![Script::Unreachable]));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new()))
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("CORS") && err.contains("Mcp-Session-Id"),
        "{err}"
    );

    let transport = Rc::new(ScriptedTransport::new(vec![no_discover(), status(500)]));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
    assert_eq!(
        err,
        McpError::Http {
            status: 500,
            detail: "go away".into()
        }
    );

    let transport = Rc::new(ScriptedTransport::new(vec![
        no_discover(),
        json_answer(
            json!({"jsonrpc": "2.0", "id": 1, "result": {"protocolVersion": "1999-01-01"}}),
        ),
    ]));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
    assert_eq!(err, McpError::UnsupportedVersion("1999-01-01".into()));
}

#[test]
fn malformed_json_rpc_and_oversized_answers_are_refused_without_harm() {
    for (answer, expected) in [
        (
            Script::Respond {
                status: 200,
                content_type: "application/json",
                chunks: vec![b"{\"jsonrpc\":\"2.0\",\"id\":1,".to_vec()],
            },
            "not JSON",
        ),
        (
            json_answer(json!({"jsonrpc": "2.0", "id": 99, "result": {}})),
            "without answering",
        ),
        (json_answer(json!({"id": 1, "result": {}})), "jsonrpc"),
        (
            Script::Respond {
                status: 200,
                content_type: "text/html",
                chunks: vec![b"<html>".to_vec()],
            },
            "text/html",
        ),
    ] {
        let transport = Rc::new(ScriptedTransport::new(vec![no_discover(), answer]));
        let client = McpClient::new(transport, server());
        let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
        assert!(
            matches!(&err, McpError::Protocol(text) if text.contains(expected)),
            "{expected}: {err}"
        );
        assert!(!client.state().connected);
    }
    let big = vec![b' '; 1 << 20];
    let transport = Rc::new(ScriptedTransport::new(vec![
        no_discover(),
        Script::Respond {
            status: 200,
            content_type: "application/json",
            chunks: vec![big; (MAX_RESPONSE_BYTES >> 20) + 1],
        },
    ]));
    let client = McpClient::new(transport, server());
    assert_eq!(
        block_on(client.refresh(&CancelToken::new())),
        Err(McpError::TooLarge)
    );
}

#[test]
fn a_stopped_call_tells_the_server_it_was_cancelled() {
    let (transport, client) = connected(vec![stream(&[]), accepted()]);
    let cancel = CancelToken::new();
    cancel.cancel();
    let err = block_on(client.call_tool("slow", json!({}), &cancel, &|_| {})).unwrap_err();
    assert_eq!(err, McpError::Cancelled);
    let note = body(&transport, 5);
    assert_eq!(note["method"], "notifications/cancelled");
    assert_eq!(note["params"]["requestId"], body(&transport, 4)["id"]);
}

#[test]
fn a_list_change_heard_during_a_call_or_on_the_stream_reads_the_tools_again() {
    let (transport, client) = connected(vec![
        stream(&[
            json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
            json!({"jsonrpc": "2.0", "id": 3, "result": {"content": []}}),
        ]),
        tool_list(4, &["echo", "add", "later"]),
        // The listener's stream: a change, then the list read again.
        stream(&[json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"})]),
        tool_list(5, &["echo"]),
    ]);
    let changes = Rc::new(Cell::new(0));
    let counter = changes.clone();
    client.on_change(Rc::new(move || counter.set(counter.get() + 1)));
    block_on(client.call_tool("grow", json!({}), &CancelToken::new(), &|_| {})).unwrap();
    assert_eq!(client.state().tools.len(), 3);
    assert_eq!(changes.get(), 1);

    let clock = still_clock(false);
    block_on(client.listen(&clock, &CancelToken::new()));
    assert_eq!(client.state().tools.len(), 1);
    assert_eq!(changes.get(), 2);
    let requests = transport.requests.borrow();
    let get = &requests[6];
    assert_eq!(get.method, HttpMethod::Get);
    assert_eq!(get.header("accept"), Some("text/event-stream"));
    assert_eq!(get.header("mcp-session-id"), Some("sess-1"));
}

#[test]
fn the_catalogue_offers_connected_servers_tools_by_prefixed_name_and_runs_them() {
    let mut script = initialized("sess-1", 1);
    script.push(tool_list(
        2,
        &["echo", "add", "<b>bad</b> name", "echo", "fail"],
    ));
    script.push(json_answer(json!({"jsonrpc": "2.0", "id": 3, "result": {
        "content": [{"type": "text", "text": "echo: hi"}]}})));
    script.push(json_answer(json!({"jsonrpc": "2.0", "id": 4, "result": {
        "content": [{"type": "text", "text": "broken"}], "isError": true}})));
    let transport = Rc::new(ScriptedTransport::new(script));
    let hub = Rc::new(McpHub::new(transport.clone()));
    let catalog = ToolCatalog::default();
    catalog.add_set(hub.clone());
    assert!(
        catalog.listing().is_empty(),
        "nothing before the server connects"
    );
    let started = hub.set_servers(&[server()]);
    assert_eq!(started.len(), 1);
    block_on(started[0].0.refresh(&CancelToken::new())).unwrap();

    let listing = catalog.listing();
    let names: Vec<(&str, ApprovalPolicy)> = listing
        .iter()
        .map(|t| (t.name.as_str(), t.default_policy))
        .collect();
    assert_eq!(
        names,
        [
            ("mcp__Fixture__echo", ApprovalPolicy::Auto),
            ("mcp__Fixture__add", ApprovalPolicy::Ask),
            ("mcp__Fixture___b_bad__b__name", ApprovalPolicy::Ask),
            ("mcp__Fixture__fail", ApprovalPolicy::Ask),
        ]
    );
    assert_eq!(catalog.refused().len(), 1, "the second echo clashes");

    let enabled = assistant_with(&["mcp__Fixture__echo", "mcp__Fixture__fail"]).enabled_tools;
    let request = catalog.for_request(&enabled, true, RetrievalModes::default());
    let scope = RetrievalScope::default();
    let cancel = CancelToken::new();
    let context = crate::test_fixtures::tool_context(&scope, &cancel);
    let run = |name: &str, arguments: &str| {
        let crate::tools::request::Runner::Tool(tool) = &request.get(name).unwrap().run else {
            panic!("not a tool")
        };
        block_on(tool.call(arguments, &context))
    };
    assert_eq!(
        run("mcp__Fixture__echo", r#"{"text":"hi"}"#)
            .unwrap()
            .content,
        "echo: hi"
    );
    assert_eq!(body(&transport, 4)["params"]["name"], "echo");
    assert_eq!(
        run("mcp__Fixture__fail", ""),
        Err(ToolError::Failed("broken".into()))
    );
    assert!(matches!(
        run("mcp__Fixture__echo", "[1]"),
        Err(ToolError::InvalidArguments(_))
    ));

    // Unchanged settings keep the client; a changed server is replaced; a removed one stops.
    assert!(hub.set_servers(&[server()]).is_empty());
    let renamed = McpServer {
        name: "Other".into(),
        ..server()
    };
    let restarted = hub.set_servers(&[renamed]);
    assert_eq!(restarted.len(), 1);
    assert!(started[0].1.is_cancelled());
    assert!(
        catalog.listing().is_empty(),
        "the new client is not connected yet"
    );
    hub.set_servers(&[]);
    assert!(restarted[0].1.is_cancelled());
    assert!(hub.client("s1").is_none());
}

#[test]
fn a_tools_progress_reaches_the_call_as_lines() {
    let mut script = initialized("sess-1", 1);
    script.push(tool_list(2, &["slow"]));
    script.push(stream(&[
        json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": "t", "progress": 1, "total": 3, "message": "step 1"}}),
        json!({"jsonrpc": "2.0", "method": "notifications/progress",
            "params": {"progressToken": "t", "progress": 2}}),
        json!({"jsonrpc": "2.0", "id": 3, "result": {"content": [{"type": "text", "text": "done"}]}}),
    ]));
    let transport = Rc::new(ScriptedTransport::new(script));
    let hub = Rc::new(McpHub::new(transport));
    let started = hub.set_servers(&[server()]);
    block_on(started[0].0.refresh(&CancelToken::new())).unwrap();
    let catalog = ToolCatalog::default();
    catalog.add_set(hub);
    let enabled = assistant_with(&["mcp__Fixture__slow"]).enabled_tools;
    let request = catalog.for_request(&enabled, true, RetrievalModes::default());
    let crate::tools::request::Runner::Tool(tool) = &request.get("mcp__Fixture__slow").unwrap().run
    else {
        panic!("not a tool")
    };
    let heard = RefCell::new(Vec::new());
    let scope = RetrievalScope::default();
    let cancel = CancelToken::new();
    let context = ToolContext {
        progress: &|line| heard.borrow_mut().push(line.to_owned()),
        ..crate::test_fixtures::tool_context(&scope, &cancel)
    };
    assert_eq!(block_on(tool.call("{}", &context)).unwrap().content, "done");
    assert_eq!(*heard.borrow(), ["step 1 (1 of 3)", "2"]);
}

/// A server of the current revision answering `server/discover`.
fn discovered() -> Script {
    stream(&[json!({"jsonrpc": "2.0", "id": 0, "result": {
        "resultType": "complete",
        "supportedVersions": ["2025-11-25", "2026-07-28"],
        "capabilities": {"tools": {"listChanged": true}},
        "_meta": {"io.modelcontextprotocol/serverInfo": {"name": "rmcp", "version": "3.11.0"}},
    }})])
}

#[test]
fn the_current_revision_needs_no_handshake_and_names_each_request() {
    let transport = Rc::new(ScriptedTransport::new(vec![
        discovered(),
        tool_list(1, &["echo", "grow", "é tool"]),
        stream(&[
            json!({"jsonrpc": "2.0", "method": "notifications/tools/list_changed"}),
            json!({"jsonrpc": "2.0", "id": 2, "result": {"content": [{"type": "text", "text": "grown"}]}}),
        ]),
        tool_list(3, &["echo", "grow", "é tool", "later"]),
        json_answer(json!({"jsonrpc": "2.0", "id": 4, "result": {"content": []}})),
        // The subscription for list changes, refused by a server that offers none.
        stream(&[
            json!({"jsonrpc": "2.0", "id": 5, "error": {"code": -32601, "message": "subscriptions/listen"}}),
        ]),
    ]));
    let client = McpClient::new(transport.clone(), server());
    block_on(client.refresh(&CancelToken::new())).unwrap();
    let state = client.state();
    assert_eq!(state.protocol.as_deref(), Some("2026-07-28"));
    assert_eq!(state.server_info.as_deref(), Some("rmcp 3.11.0"));
    assert_eq!(state.tools.len(), 3);
    let outcome =
        block_on(client.call_tool("grow", json!({}), &CancelToken::new(), &|_| {})).unwrap();
    assert_eq!(outcome.text, "grown");
    assert_eq!(
        client.state().tools.len(),
        4,
        "the change on the call's stream was heard"
    );
    block_on(client.call_tool("é tool", json!({}), &CancelToken::new(), &|_| {})).unwrap();
    let clock = still_clock(true);
    block_on(client.listen(&clock, &CancelToken::new()));
    assert!(
        clock.sleeps.borrow().is_empty(),
        "a refused subscription is not tried again"
    );

    let requests = transport.requests.borrow();
    assert_eq!(
        requests.len(),
        6,
        "no initialize, no initialized notification"
    );
    for (request, method) in requests.iter().zip([
        "server/discover",
        "tools/list",
        "tools/call",
        "tools/list",
        "tools/call",
        "subscriptions/listen",
    ]) {
        assert_eq!(request.header("mcp-method"), Some(method));
        assert_eq!(request.header("mcp-protocol-version"), Some("2026-07-28"));
        assert_eq!(request.header("mcp-session-id"), None);
        assert_eq!(request.header("authorization"), Some("Bearer tok"));
        let sent: Value = serde_json::from_str(request.body.as_deref().unwrap()).unwrap();
        let meta = &sent["params"]["_meta"];
        assert_eq!(
            meta["io.modelcontextprotocol/protocolVersion"],
            "2026-07-28"
        );
        assert_eq!(meta["io.modelcontextprotocol/clientInfo"]["name"], "Skein");
    }
    assert_eq!(requests[2].header("mcp-name"), Some("grow"));
    let call: Value = serde_json::from_str(requests[2].body.as_deref().unwrap()).unwrap();
    assert!(
        call["params"]["_meta"]["progressToken"].is_string(),
        "kept beside the revision's keys"
    );
    // A name that is not plain ASCII goes base64-wrapped.
    assert_eq!(
        requests[4].header("mcp-name"),
        Some("=?base64?w6kgdG9vbA==?=")
    );
    let listen: Value = serde_json::from_str(requests[5].body.as_deref().unwrap()).unwrap();
    assert_eq!(listen["params"]["notifications"]["toolsListChanged"], true);
}

#[test]
fn a_subscription_refused_with_404_is_not_tried_again() {
    let transport = Rc::new(ScriptedTransport::new(vec![
        discovered(),
        tool_list(1, &["echo"]),
        status(404),
    ]));
    let client = McpClient::new(transport.clone(), server());
    let clock = still_clock(true);
    block_on(client.listen(&clock, &CancelToken::new()));
    assert!(clock.sleeps.borrow().is_empty());
    assert_eq!(transport.requests.borrow().len(), 3);
    assert!(client.state().connected, "the connection itself stands");
}

fn no_valid_session() -> Script {
    Script::Respond {
        status: 400,
        content_type: "application/json",
        chunks: vec![
            json!({"jsonrpc": "2.0", "id": null, "error": {"code": -32000,
            "message": "Bad Request: No valid session ID provided"}})
            .to_string()
            .into_bytes(),
        ],
    }
}

#[test]
fn a_restarted_server_refusing_the_old_session_with_400_gets_a_new_one() {
    // The reference server, restarted, answers an old session id with HTTP 400.
    session_replaced_after(no_valid_session());
}

#[test]
fn test_starts_a_new_session() {
    let mut more = initialized("sess-2", 3);
    more.push(tool_list(4, &["echo"]));
    let (transport, client) = connected(more);
    block_on(client.reconnect(&CancelToken::new())).unwrap();
    let requests = transport.requests.borrow();
    assert_eq!(
        requests[4].header("mcp-session-id"),
        None,
        "a new handshake"
    );
    assert_eq!(
        requests.last().unwrap().header("mcp-session-id"),
        Some("sess-2")
    );
    assert_eq!(client.state().tools.len(), 1);
}

#[test]
fn a_session_id_the_page_cannot_read_is_explained() {
    // CORS lets the page call the server but does not expose Mcp-Session-Id: the handshake
    // seems to work, and the next request is refused for want of the session.
    let script = vec![
        no_discover(),
        json_answer(json!({"jsonrpc": "2.0", "id": 1, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "fixture", "version": "1.0"}}})),
        accepted(),
        no_valid_session(),
    ];
    let transport = Rc::new(ScriptedTransport::new(script));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
    assert!(matches!(err, McpError::SessionHidden { .. }), "{err:?}");
    // A server that refuses the `initialized` notification already.
    let script = vec![
        no_discover(),
        json_answer(json!({"jsonrpc": "2.0", "id": 1, "result": {
            "protocolVersion": "2025-11-25", "capabilities": {"tools": {}},
            "serverInfo": {"name": "fixture", "version": "1.0"}}})),
        no_valid_session(),
    ];
    let transport = Rc::new(ScriptedTransport::new(script));
    let client = McpClient::new(transport, server());
    let err = block_on(client.refresh(&CancelToken::new())).unwrap_err();
    assert!(matches!(err, McpError::SessionHidden { .. }), "{err:?}");
    assert!(
        client
            .state()
            .error
            .unwrap()
            .contains("Access-Control-Expose-Headers"),
        "the settings say what to change"
    );
}
