//! What a server says about its tools (`tools/list`) and what a call returned (`tools/call`),
//! read as untrusted text: names, descriptions and schemas are model-visible and shown in the
//! settings, so they are bounded and cleaned here, and anything unreadable is skipped with a
//! reason instead of failing the whole list.

use crate::provider::truncate_chars;
use serde_json::{json, Value};

/// A description longer than this is cut (model-visible text, paid for in every request).
const MAX_DESCRIPTION_CHARS: usize = 2_000;
/// A schema larger than this (as JSON) is replaced by an empty object schema.
const MAX_SCHEMA_BYTES: usize = 32 * 1024;
/// A server listing more tools than this is cut (with a note).
pub(crate) const MAX_TOOLS: usize = 256;

/// One tool of a server, as it listed it.
#[derive(Debug, Clone, PartialEq)]
pub struct RemoteTool {
    /// The name the server knows it by (the model sees `mcp__{server}__{name}`, sanitised).
    pub name: String,
    pub title: Option<String>,
    pub description: String,
    pub input_schema: Value,
    /// `readOnlyHint`: the tool changes nothing, so it may run without asking.
    pub read_only: bool,
}

/// Text from a server, without control characters (newlines and tabs kept), at most `max`
/// characters.
fn clean(text: &str, max: usize) -> String {
    let cleaned: String = text
        .chars()
        .filter(|c| !c.is_control() || matches!(c, '\n' | '\t'))
        .take(max + 1)
        .collect();
    truncate_chars(&cleaned, max)
}

fn schema(value: Option<&Value>) -> Value {
    let fallback = json!({"type": "object"});
    match value {
        Some(Value::Object(object))
            if object.get("type").and_then(Value::as_str) == Some("object")
                && value.is_some_and(|v| v.to_string().len() <= MAX_SCHEMA_BYTES) =>
        {
            Value::Object(object.clone())
        }
        _ => fallback,
    }
}

/// A page of `tools/list`: its tools, the cursor of the next page, and why any were skipped.
pub(crate) struct ToolPage {
    pub tools: Vec<RemoteTool>,
    pub next_cursor: Option<String>,
    pub skipped: Vec<String>,
}

pub(crate) fn read_tool_page(result: &Value) -> Result<ToolPage, String> {
    let listed = result
        .get("tools")
        .and_then(Value::as_array)
        .ok_or("tools/list answered without a list of tools")?;
    let mut page = ToolPage {
        tools: Vec::new(),
        next_cursor: result
            .get("nextCursor")
            .and_then(Value::as_str)
            .map(str::to_owned),
        skipped: Vec::new(),
    };
    for (index, tool) in listed.iter().enumerate() {
        let name = tool.get("name").and_then(Value::as_str).map(str::trim);
        let Some(name) = name.filter(|n| !n.is_empty() && n.len() <= 512) else {
            page.skipped
                .push(format!("tool {} has no usable name", index + 1));
            continue;
        };
        let annotations = tool.get("annotations");
        let hint = |key: &str| {
            annotations
                .and_then(|a| a.get(key))
                .and_then(Value::as_bool)
        };
        page.tools.push(RemoteTool {
            name: name.to_owned(),
            title: tool
                .get("title")
                .or_else(|| annotations.and_then(|a| a.get("title")))
                .and_then(Value::as_str)
                .map(|t| clean(t, 200)),
            description: clean(
                tool.get("description")
                    .and_then(Value::as_str)
                    .unwrap_or(""),
                MAX_DESCRIPTION_CHARS,
            ),
            input_schema: schema(tool.get("inputSchema")),
            read_only: hint("readOnlyHint") == Some(true),
        });
    }
    Ok(page)
}

/// What a call returned, as text for the model, and the pictures among it (shown to the user,
/// and to the model in a turn after the results).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct CallOutcome {
    pub text: String,
    /// The tool reported an error (`isError`): the model sees it as a failed call.
    pub is_error: bool,
    /// Image blocks (a picture MIME type, base64 data, at most [`MAX_IMAGE_BASE64`]), shown
    /// with the answer.
    pub images: Vec<crate::tools::ToolImage>,
}

/// The largest image block kept to be shown (its base64 text): 8 MiB of picture.
const MAX_IMAGE_BASE64: usize = (8 << 20) * 4 / 3;

fn image_of(block: &Value) -> Option<crate::tools::ToolImage> {
    if block.get("type").and_then(Value::as_str) != Some("image") {
        return None;
    }
    let mime = block.get("mimeType").and_then(Value::as_str)?;
    let data = block.get("data").and_then(Value::as_str)?;
    let picture = ["image/png", "image/jpeg", "image/gif", "image/webp"].contains(&mime);
    (picture && data.len() <= MAX_IMAGE_BASE64).then(|| crate::tools::ToolImage {
        mime: mime.to_owned(),
        base64: data.to_owned(),
    })
}

fn block_text(block: &Value) -> String {
    let kind = block.get("type").and_then(Value::as_str).unwrap_or("");
    let str_of = |key: &str| block.get(key).and_then(Value::as_str).unwrap_or("");
    match kind {
        "text" => str_of("text").to_owned(),
        "image" if image_of(block).is_some() => format!(
            "[{} image, {} bytes: shown to the user with your answer]",
            clean(str_of("mimeType"), 100),
            str_of("data").len() / 4 * 3
        ),
        "image" | "audio" => format!(
            "[{} {kind}, {} bytes, not shown to the model]",
            clean(str_of("mimeType"), 100),
            str_of("data").len() / 4 * 3
        ),
        "resource" => {
            let resource = block.get("resource").unwrap_or(&Value::Null);
            match resource.get("text").and_then(Value::as_str) {
                Some(text) => text.to_owned(),
                None => format!(
                    "[resource {}]",
                    clean(
                        resource.get("uri").and_then(Value::as_str).unwrap_or(""),
                        500
                    )
                ),
            }
        }
        "resource_link" => format!(
            "[link: {} {}]",
            clean(str_of("name"), 200),
            clean(str_of("uri"), 500)
        ),
        other => format!("[content of type {} left out]", clean(other, 50)),
    }
}

pub(crate) fn read_call_result(result: &Value) -> Result<CallOutcome, String> {
    let object = result
        .as_object()
        .ok_or("tools/call answered with something other than a result object")?;
    let is_error = object.get("isError").and_then(Value::as_bool) == Some(true);
    let blocks = object
        .get("content")
        .and_then(Value::as_array)
        .map(|blocks| blocks.iter().map(block_text).collect::<Vec<_>>())
        .unwrap_or_default();
    let images = object
        .get("content")
        .and_then(Value::as_array)
        .map(|blocks| blocks.iter().filter_map(image_of).collect())
        .unwrap_or_default();
    let text = if blocks.iter().all(String::is_empty) {
        match object.get("structuredContent") {
            Some(structured) => structured.to_string(),
            None => String::new(),
        }
    } else {
        blocks.join("\n")
    };
    Ok(CallOutcome {
        text,
        is_error,
        images,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tools_are_read_with_hints_and_hostile_text_is_bounded() {
        let long = "x".repeat(5_000);
        let result = json!({"tools": [
            {"name": "echo", "description": "Says it back.", "inputSchema": {"type": "object"},
             "annotations": {"readOnlyHint": true}},
            {"name": "rm", "description": format!("line\u{0}one\u{1b}[31m\n{long}"),
             "inputSchema": {"type": "string"}},
            {"description": "no name"},
            {"name": "  "},
        ], "nextCursor": "p2"});
        let page = read_tool_page(&result).unwrap();
        assert_eq!(page.tools.len(), 2);
        assert!(page.tools[0].read_only);
        assert!(
            !page.tools[1].read_only,
            "no hint: treated as able to change things"
        );
        let description = &page.tools[1].description;
        assert!(description.starts_with("lineone[31m\n"));
        assert_eq!(description.chars().count(), MAX_DESCRIPTION_CHARS + 1);
        assert_eq!(page.tools[1].input_schema, json!({"type": "object"}));
        assert_eq!(page.skipped.len(), 2);
        assert_eq!(page.next_cursor.as_deref(), Some("p2"));
        assert!(read_tool_page(&json!({"tool": []})).is_err());
    }

    #[test]
    fn call_results_become_text_for_the_model() {
        let result = json!({"content": [
            {"type": "text", "text": "first"},
            {"type": "image", "mimeType": "image/png", "data": "AAAA"},
            {"type": "resource", "resource": {"uri": "file:///a", "text": "inline"}},
            {"type": "resource_link", "name": "doc", "uri": "https://x/doc"},
            {"type": "hologram"},
        ]});
        let outcome = read_call_result(&result).unwrap();
        assert_eq!(
            outcome.text,
            "first\n[image/png image, 3 bytes: shown to the user with your answer]\n\
             inline\n[link: doc https://x/doc]\n[content of type hologram left out]"
        );
        assert!(!outcome.is_error);
        assert_eq!(
            outcome.images,
            [crate::tools::ToolImage {
                mime: "image/png".into(),
                base64: "AAAA".into()
            }],
            "the picture is kept, for the user"
        );
        // Not a picture type, or too large: left out, and said so.
        let odd = read_call_result(&json!({"content": [
            {"type": "image", "mimeType": "image/svg+xml", "data": "PHN2Zz4="},
            {"type": "image", "mimeType": "image/png", "data": "A".repeat(MAX_IMAGE_BASE64 + 4)},
        ]}))
        .unwrap();
        assert!(odd.images.is_empty());
        assert!(odd
            .text
            .contains("image/svg+xml image, 6 bytes, not shown to the model"));
        let failed = read_call_result(&json!({"content": [{"type": "text", "text": "no"}],
            "isError": true}))
        .unwrap();
        assert!(failed.is_error);
        let structured =
            read_call_result(&json!({"content": [], "structuredContent": {"n": 3}})).unwrap();
        assert_eq!(structured.text, r#"{"n":3}"#);
        assert!(read_call_result(&json!([1])).is_err());
    }
}
