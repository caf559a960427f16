//! Tool output too large for the conversation (seed 000 §8): over 32 KiB, the full text is
//! stored as a file, `/tool_outputs/{toolCallId}.txt`, and the message keeps a 4 KiB preview
//! that says how to read the rest with `read_tool_output`.

use crate::provider::ToolDefinition;
use serde::Deserialize;
use serde_json::json;

/// Output longer than this (in UTF-8 bytes) is stored as a file.
pub const THRESHOLD_BYTES: usize = 32 * 1024;
/// How much of a stored output the message keeps.
pub const PREVIEW_BYTES: usize = 4 * 1024;
/// The most one `read_tool_output` call returns.
pub const MAX_READ_BYTES: usize = 16 * 1024;

pub const READ_TOOL_NAME: &str = "read_tool_output";

/// The file a call's full output is stored as. The call ID comes from the model, so anything
/// but letters, digits, `_` and `-` is replaced: it can never name another directory.
pub fn file_path(call_id: &str) -> String {
    let safe: String = call_id
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect();
    format!("/tool_outputs/{safe}.txt")
}

/// The same file inside a conversation's workspace (`tool_outputs/{call}.txt`).
pub fn workspace_path(call_id: &str) -> crate::workspace::WorkspacePath {
    // `file_path` keeps only letters, digits, `_` and `-` of the ID; an ID too long for a file
    // name falls back to a fixed one.
    crate::workspace::WorkspacePath::parse(&file_path(call_id))
        .unwrap_or_else(|_| crate::workspace::WorkspacePath::known("tool_outputs/output.txt"))
}

/// The largest index ≤ `at` that is a character boundary of `text`.
fn floor_boundary(text: &str, at: usize) -> usize {
    let mut at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// The message text for an output over the threshold: its first [`PREVIEW_BYTES`] and how to
/// read the rest. `None` when the output is small enough to keep whole.
pub fn preview(call_id: &str, content: &str) -> Option<String> {
    if content.len() <= THRESHOLD_BYTES {
        return None;
    }
    let cut = floor_boundary(content, PREVIEW_BYTES);
    Some(format!(
        "{}\n\n[Output shortened: this is the first {cut} of {total} bytes. The full output is \
         stored as {path}; call {READ_TOOL_NAME} with {{\"call_id\": \"{call_id}\", \"offset\": \
         {cut}}} to read on.]",
        &content[..cut],
        total = content.len(),
        path = file_path(call_id),
    ))
}

pub fn read_tool_definition() -> ToolDefinition {
    ToolDefinition {
        name: READ_TOOL_NAME.into(),
        description: format!(
            "Reads part of a tool output that was too long to show in full. Returns at most \
             {MAX_READ_BYTES} bytes from `offset`."
        ),
        parameters: json!({
            "type": "object",
            "properties": {
                "call_id": {"type": "string", "description": "The ID of the tool call whose output to read."},
                "offset": {"type": "integer", "minimum": 0, "description": "Byte offset to start at."},
                "length": {"type": "integer", "minimum": 1, "maximum": MAX_READ_BYTES},
            },
            "required": ["call_id"],
        }),
    }
}

#[derive(Debug, Deserialize)]
pub struct ReadArguments {
    pub call_id: String,
    #[serde(default)]
    pub offset: usize,
    #[serde(default)]
    pub length: Option<usize>,
}

/// The slice a `read_tool_output` call asked for, on character boundaries, with where it is.
pub fn read_slice(full: &str, offset: usize, length: Option<usize>) -> String {
    let start = floor_boundary(full, offset);
    let want = length.unwrap_or(MAX_READ_BYTES).clamp(1, MAX_READ_BYTES);
    let end = floor_boundary(full, start.saturating_add(want));
    let end = if end == start && start < full.len() {
        // One character longer than the length asked for: always make progress.
        full[start..]
            .chars()
            .next()
            .map_or(start, |c| start + c.len_utf8())
    } else {
        end
    };
    let rest = if end < full.len() {
        format!(" More follows: read from offset {end}.")
    } else {
        " This is the end of the output.".to_owned()
    };
    format!(
        "[Bytes {start}–{end} of {}.{rest}]\n{}",
        full.len(),
        &full[start..end]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_output_stays_whole() {
        assert_eq!(preview("c1", &"x".repeat(THRESHOLD_BYTES)), None);
    }

    #[test]
    fn large_output_keeps_a_preview_that_says_where_the_rest_is() {
        let content = "é".repeat(THRESHOLD_BYTES); // 2 bytes each: 64 KiB
        let message = preview("call_7", &content).unwrap();
        let kept = message.split("\n\n[").next().unwrap();
        assert!(kept.len() <= PREVIEW_BYTES && kept.len() > PREVIEW_BYTES - 4);
        assert!(content.starts_with(kept));
        assert!(message.contains("/tool_outputs/call_7.txt"));
        assert!(message.contains(r#""call_id": "call_7""#));
        assert!(message.contains(&format!("of {} bytes", content.len())));
    }

    #[test]
    fn file_paths_cannot_escape_the_directory() {
        assert_eq!(
            file_path("../../etc/passwd"),
            "/tool_outputs/______etc_passwd.txt"
        );
        assert_eq!(file_path("call_AbC-1"), "/tool_outputs/call_AbC-1.txt");
    }

    #[test]
    fn reading_walks_the_whole_output_without_splitting_characters() {
        let full: String = (0..5_000)
            .map(|i| if i % 3 == 0 { '世' } else { 'a' })
            .collect();
        let mut offset = 0;
        let mut read = String::new();
        while offset < full.len() {
            let slice = read_slice(&full, offset, Some(1_001));
            let (header, body) = slice.split_once('\n').unwrap();
            read.push_str(body);
            offset = match header.split("read from offset ").nth(1) {
                Some(next) => next.trim_end_matches(".]").parse().unwrap(),
                None => full.len(),
            };
        }
        assert_eq!(read, full);
        // An offset inside a character starts at that character; past the end is empty.
        assert!(read_slice("世界", 1, Some(3)).ends_with("\n世"));
        assert!(read_slice("abc", 99, None).ends_with("of 3. This is the end of the output.]\n"));
    }
}
