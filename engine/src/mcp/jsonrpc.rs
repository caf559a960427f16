//! JSON-RPC 2.0 as MCP speaks it: the requests and notifications the client sends, and the
//! messages a server sends back (one object, or a batch), read leniently but never trusted.

use serde_json::{json, Value};

/// An error object a server answered a request with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RpcError {
    pub code: i64,
    pub message: String,
}

/// One message from the server.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum Incoming {
    /// The answer to request `id`.
    Response {
        id: u64,
        outcome: Result<Value, RpcError>,
    },
    Notification {
        method: String,
        params: Value,
    },
    /// A request from the server (ping, sampling, elicitation…): Skein offers none of the
    /// client capabilities those need, so they are answered "method not found".
    Request {
        id: Value,
        method: String,
    },
}

/// The text of request `id`.
pub(crate) fn request(id: u64, method: &str, params: Value) -> String {
    json!({"jsonrpc": "2.0", "id": id, "method": method, "params": params}).to_string()
}

/// The text of a notification.
pub(crate) fn notification(method: &str, params: Option<Value>) -> String {
    match params {
        Some(params) => json!({"jsonrpc": "2.0", "method": method, "params": params}),
        None => json!({"jsonrpc": "2.0", "method": method}),
    }
    .to_string()
}

/// The answer to a server's request that Skein does not serve.
pub(crate) fn method_not_found(id: &Value, method: &str) -> String {
    json!({"jsonrpc": "2.0", "id": id, "error": {
        "code": -32601,
        "message": format!("Skein does not offer {method}"),
    }})
    .to_string()
}

/// Reads a message or a batch of them. Anything that is not JSON-RPC is refused with what was
/// wrong; a message of a batch that is not JSON-RPC is refused with the batch.
pub(crate) fn parse(text: &str) -> Result<Vec<Incoming>, String> {
    let value: Value = serde_json::from_str(text).map_err(|err| format!("not JSON ({err})"))?;
    match value {
        Value::Array(items) if items.is_empty() => Err("an empty batch".to_owned()),
        Value::Array(items) => items.iter().map(one).collect(),
        other => Ok(vec![one(&other)?]),
    }
}

fn one(value: &Value) -> Result<Incoming, String> {
    let object = value
        .as_object()
        .ok_or("a message that is not a JSON object")?;
    if object.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Err("a message without \"jsonrpc\": \"2.0\"".to_owned());
    }
    if let Some(method) = object.get("method") {
        let method = method.as_str().ok_or("a method name that is not text")?;
        return Ok(match object.get("id") {
            Some(id) if !id.is_null() => Incoming::Request {
                id: id.clone(),
                method: method.to_owned(),
            },
            _ => Incoming::Notification {
                method: method.to_owned(),
                params: object.get("params").cloned().unwrap_or(Value::Null),
            },
        });
    }
    // Skein's ids are numbers it chose; anything else cannot answer one of its requests.
    let id = object
        .get("id")
        .and_then(Value::as_u64)
        .ok_or("a response whose id is not one of Skein's")?;
    let outcome = match (object.get("result"), object.get("error")) {
        (Some(result), None) => Ok(result.clone()),
        (None, Some(error)) => Err(RpcError {
            code: error.get("code").and_then(Value::as_i64).unwrap_or(0),
            message: error
                .get("message")
                .and_then(Value::as_str)
                .unwrap_or("no message")
                .chars()
                .take(500)
                .collect(),
        }),
        _ => return Err("a response with neither a result nor an error, or both".to_owned()),
    };
    Ok(Incoming::Response { id, outcome })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn responses_notifications_requests_and_batches_are_read() {
        let batch = r#"[
            {"jsonrpc":"2.0","id":3,"result":{"ok":true}},
            {"jsonrpc":"2.0","id":4,"error":{"code":-32602,"message":"bad params"}},
            {"jsonrpc":"2.0","method":"notifications/progress","params":{"progress":1}},
            {"jsonrpc":"2.0","id":"s1","method":"ping"}
        ]"#;
        let messages = parse(batch).unwrap();
        assert_eq!(
            messages[0],
            Incoming::Response {
                id: 3,
                outcome: Ok(json!({"ok": true}))
            }
        );
        assert_eq!(
            messages[1],
            Incoming::Response {
                id: 4,
                outcome: Err(RpcError {
                    code: -32602,
                    message: "bad params".into()
                })
            }
        );
        assert!(matches!(&messages[2], Incoming::Notification { method, .. }
            if method == "notifications/progress"));
        assert!(matches!(&messages[3], Incoming::Request { method, .. } if method == "ping"));
    }

    #[test]
    fn malformed_messages_are_refused_with_what_was_wrong() {
        for (text, said) in [
            ("{not json", "not JSON"),
            ("[]", "empty batch"),
            ("42", "not a JSON object"),
            (r#"{"id":1,"result":{}}"#, "jsonrpc"),
            (
                r#"{"jsonrpc":"2.0","id":"x","result":{}}"#,
                "not one of Skein's",
            ),
            (r#"{"jsonrpc":"2.0","id":1}"#, "neither"),
            (r#"{"jsonrpc":"2.0","id":1,"result":1,"error":{}}"#, "both"),
            (r#"{"jsonrpc":"2.0","method":7}"#, "not text"),
            (
                r#"[{"jsonrpc":"2.0","id":1,"result":1}, 5]"#,
                "not a JSON object",
            ),
        ] {
            let err = parse(text).unwrap_err();
            assert!(err.contains(said), "{text}: {err}");
        }
    }

    #[test]
    fn sent_messages_are_json_rpc() {
        let sent: Value = serde_json::from_str(&request(7, "tools/list", json!({}))).unwrap();
        assert_eq!(sent["jsonrpc"], "2.0");
        assert_eq!(sent["id"], 7);
        let note: Value =
            serde_json::from_str(&notification("notifications/initialized", None)).unwrap();
        assert!(note.get("id").is_none() && note.get("params").is_none());
        let refused: Value = serde_json::from_str(&method_not_found(&json!("a"), "x")).unwrap();
        assert_eq!(refused["error"]["code"], -32601);
        assert_eq!(refused["id"], "a");
    }
}
