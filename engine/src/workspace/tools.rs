//! The workspace tools (seed 000 §3's workspace source): the model lists, reads, searches and
//! writes the files of the conversation's workspace. Writing asks the user first unless the
//! assistant says otherwise; paths are checked ([`WorkspacePath`]) so no call reaches outside.

use super::files::{WorkspaceError, WorkspaceFiles};
use super::path::WorkspacePath;
use crate::provider::ToolDefinition;
use crate::tools::{
    parse_arguments, ApprovalPolicy, Tool, ToolContext, ToolError, ToolFuture, ToolOutput,
};
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const LIST_TOOL: &str = "list_files";
pub const READ_TOOL: &str = "read_file";
pub const WRITE_TOOL: &str = "write_file";
pub const SEARCH_TOOL: &str = "search_files";

/// The most one `read_file` call returns, in bytes.
const MAX_READ_BYTES: usize = 16 * 1024;
/// The most lines one search returns.
const MAX_HITS: usize = 30;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Action {
    List,
    Read,
    Write,
    Search,
}

struct WorkspaceTool {
    files: Rc<dyn WorkspaceFiles>,
    action: Action,
}

/// The four workspace tools over `files`.
pub fn workspace_tools(files: Rc<dyn WorkspaceFiles>) -> Vec<Rc<dyn Tool>> {
    [Action::List, Action::Read, Action::Write, Action::Search]
        .into_iter()
        .map(|action| {
            Rc::new(WorkspaceTool {
                files: files.clone(),
                action,
            }) as Rc<dyn Tool>
        })
        .collect()
}

fn failed(err: WorkspaceError) -> ToolError {
    ToolError::Failed(format!("The workspace could not be used: {err}."))
}

fn path_of(text: &str) -> Result<WorkspacePath, ToolError> {
    WorkspacePath::parse(text).map_err(|err| ToolError::InvalidArguments(err.to_string()))
}

/// Whether bytes look like text (no NUL among the first 8 KiB, valid UTF-8 there).
fn is_text(bytes: &[u8]) -> bool {
    let head = &bytes[..bytes.len().min(8 * 1024)];
    !head.contains(&0)
        && match std::str::from_utf8(head) {
            Ok(_) => true,
            // A multi-byte character cut at the 8 KiB mark is still text.
            Err(err) => err.error_len().is_none(),
        }
}

/// A size for people: `512 B`, `1.2 KB`, `3.4 MB`.
pub fn size_label(bytes: u64) -> String {
    match bytes {
        0..=999 => format!("{bytes} B"),
        1_000..=999_999 => format!("{:.1} KB", bytes as f64 / 1e3),
        _ => format!("{:.1} MB", bytes as f64 / 1e6),
    }
}

#[derive(Deserialize)]
struct ReadArgs {
    path: String,
    #[serde(default)]
    offset: usize,
}

#[derive(Deserialize)]
struct WriteArgs {
    path: String,
    content: String,
    #[serde(default)]
    append: bool,
}

#[derive(Deserialize)]
struct SearchArgs {
    query: String,
}

impl WorkspaceTool {
    async fn list(&self, root: &str) -> Result<ToolOutput, ToolError> {
        let files = self.files.list(root).await.map_err(failed)?;
        if files.is_empty() {
            return Ok(ToolOutput::text("The workspace has no files yet."));
        }
        let lines: Vec<String> = files
            .iter()
            .map(|f| format!("{} ({})", f.path, size_label(f.size)))
            .collect();
        Ok(ToolOutput::text(format!(
            "{} file(s):\n{}",
            files.len(),
            lines.join("\n")
        )))
    }

    async fn read(&self, root: &str, arguments: &str) -> Result<ToolOutput, ToolError> {
        let ReadArgs { path, offset } = parse_arguments(arguments)?;
        let path = path_of(&path)?;
        let Some(bytes) = self.files.read(root, &path).await.map_err(failed)? else {
            return Err(ToolError::Failed(format!("There is no file {path}.")));
        };
        if !is_text(&bytes) {
            return Ok(ToolOutput::text(format!(
                "{path} is a binary file of {} bytes; it cannot be read as text.",
                bytes.len()
            )));
        }
        let text = String::from_utf8_lossy(&bytes);
        let mut start = offset.min(text.len());
        while !text.is_char_boundary(start) {
            start -= 1;
        }
        let mut end = (start + MAX_READ_BYTES).min(text.len());
        while !text.is_char_boundary(end) {
            end -= 1;
        }
        let mut out = text[start..end].to_owned();
        if end < text.len() {
            out.push_str(&format!(
                "\n[…{} more bytes; call {READ_TOOL} with {{\"path\": \"{path}\", \"offset\": {end}}}]",
                text.len() - end
            ));
        }
        Ok(ToolOutput::text(out))
    }

    async fn write(&self, root: &str, arguments: &str) -> Result<ToolOutput, ToolError> {
        let WriteArgs {
            path,
            content,
            append,
        } = parse_arguments(arguments)?;
        let path = path_of(&path)?;
        let mut bytes = if append {
            self.files
                .read(root, &path)
                .await
                .map_err(failed)?
                .unwrap_or_default()
        } else {
            Vec::new()
        };
        bytes.extend_from_slice(content.as_bytes());
        self.files
            .write(root, &path, &bytes)
            .await
            .map_err(failed)?;
        Ok(ToolOutput::text(format!(
            "{} {} bytes to {path} (now {}).",
            if append { "Appended" } else { "Wrote" },
            content.len(),
            size_label(bytes.len() as u64)
        )))
    }

    async fn search(&self, root: &str, arguments: &str) -> Result<ToolOutput, ToolError> {
        let SearchArgs { query } = parse_arguments(arguments)?;
        let needle = query.trim().to_lowercase();
        if needle.is_empty() {
            return Err(ToolError::InvalidArguments("the query is empty".into()));
        }
        let mut hits = Vec::new();
        for file in self.files.list(root).await.map_err(failed)? {
            let Some(bytes) = self.files.read(root, &file.path).await.map_err(failed)? else {
                continue;
            };
            if !is_text(&bytes) {
                continue;
            }
            for (number, line) in String::from_utf8_lossy(&bytes).lines().enumerate() {
                if line.to_lowercase().contains(&needle) {
                    let shown: String = line.trim().chars().take(200).collect();
                    hits.push(format!("{}:{}: {shown}", file.path, number + 1));
                }
                if hits.len() == MAX_HITS {
                    break;
                }
            }
            if hits.len() == MAX_HITS {
                break;
            }
        }
        Ok(ToolOutput::text(if hits.is_empty() {
            format!("No file contains “{}”.", query.trim())
        } else {
            hits.join("\n")
        }))
    }
}

impl Tool for WorkspaceTool {
    fn definition(&self) -> ToolDefinition {
        let (name, description, parameters) = match self.action {
            Action::List => (
                LIST_TOOL,
                "Lists the files of this conversation's workspace with their sizes.",
                json!({"type": "object", "properties": {}}),
            ),
            Action::Read => (
                READ_TOOL,
                "Reads a text file of the workspace (16 KiB at a time; give offset to read on).",
                json!({"type": "object", "properties": {
                    "path": {"type": "string", "description": "e.g. notes/plan.md"},
                    "offset": {"type": "integer", "minimum": 0}},
                    "required": ["path"]}),
            ),
            Action::Write => (
                WRITE_TOOL,
                "Writes a text file of the workspace (creating folders on the way), replacing \
                 it, or appending when append is true.",
                json!({"type": "object", "properties": {
                    "path": {"type": "string"}, "content": {"type": "string"},
                    "append": {"type": "boolean"}},
                    "required": ["path", "content"]}),
            ),
            Action::Search => (
                SEARCH_TOOL,
                "Finds the lines of the workspace's text files that contain the query.",
                json!({"type": "object", "properties": {"query": {"type": "string"}},
                    "required": ["query"]}),
            ),
        };
        ToolDefinition {
            name: name.into(),
            description: description.into(),
            parameters,
        }
    }

    fn default_policy(&self) -> ApprovalPolicy {
        if self.action == Action::Write {
            ApprovalPolicy::Ask
        } else {
            ApprovalPolicy::Auto
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let root = context.workspace;
            match self.action {
                Action::List => self.list(root).await,
                Action::Read => self.read(root, arguments).await,
                Action::Write => self.write(root, arguments).await,
                Action::Search => self.search(root, arguments).await,
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::workspace::files::MemoryWorkspace;
    use futures_executor::block_on;

    fn run(tools: &[Rc<dyn Tool>], name: &str, arguments: &str) -> Result<String, ToolError> {
        let tool = tools.iter().find(|t| t.definition().name == name).unwrap();
        let scope = RetrievalScope::default();
        let cancel = CancelToken::new();
        let context = ToolContext {
            conversation_id: "c1",
            workspace: "chat-c1",
            ..crate::test_fixtures::tool_context(&scope, &cancel)
        };
        block_on(tool.call(arguments, &context)).map(|out| out.content)
    }

    #[test]
    fn files_are_written_listed_read_searched_and_kept_inside() {
        let files = Rc::new(MemoryWorkspace::default());
        let tools = workspace_tools(files.clone());
        let policies: Vec<ApprovalPolicy> = tools.iter().map(|t| t.default_policy()).collect();
        assert_eq!(
            policies,
            [
                ApprovalPolicy::Auto,
                ApprovalPolicy::Auto,
                ApprovalPolicy::Ask,
                ApprovalPolicy::Auto
            ]
        );
        assert_eq!(
            run(&tools, LIST_TOOL, "{}").unwrap(),
            "The workspace has no files yet."
        );
        assert_eq!(
            run(
                &tools,
                WRITE_TOOL,
                r#"{"path": "/notes/plan.md", "content": "Step one\n"}"#
            )
            .unwrap(),
            "Wrote 9 bytes to notes/plan.md (now 9 B)."
        );
        run(
            &tools,
            WRITE_TOOL,
            r#"{"path": "notes/plan.md", "content": "Step two", "append": true}"#,
        )
        .unwrap();
        assert_eq!(
            run(&tools, READ_TOOL, r#"{"path": "notes/plan.md"}"#).unwrap(),
            "Step one\nStep two"
        );
        assert_eq!(
            run(&tools, LIST_TOOL, "").unwrap(),
            "1 file(s):\nnotes/plan.md (17 B)"
        );
        assert_eq!(
            run(&tools, SEARCH_TOOL, r#"{"query": "TWO"}"#).unwrap(),
            "notes/plan.md:2: Step two"
        );
        assert!(matches!(
            run(&tools, READ_TOOL, r#"{"path": "../other/secret"}"#),
            Err(ToolError::InvalidArguments(_))
        ));
        assert!(matches!(
            run(&tools, READ_TOOL, r#"{"path": "missing.txt"}"#),
            Err(ToolError::Failed(m)) if m.contains("no file missing.txt")
        ));
        // Only this conversation's workspace.
        let other = block_on(files.list("chat-c2")).unwrap();
        assert!(other.is_empty());
    }

    #[test]
    fn long_and_binary_files_are_read_safely() {
        let files = Rc::new(MemoryWorkspace::default());
        let path = WorkspacePath::parse("big.txt").unwrap();
        let text = "é".repeat(10_000);
        block_on(files.write("chat-c1", &path, text.as_bytes())).unwrap();
        let png = WorkspacePath::parse("a.png").unwrap();
        block_on(files.write("chat-c1", &png, b"\x89PNG\0\0")).unwrap();
        let tools = workspace_tools(files);
        let first = run(&tools, READ_TOOL, r#"{"path": "big.txt"}"#).unwrap();
        assert!(first.ends_with("[…3616 more bytes; call read_file with {\"path\": \"big.txt\", \"offset\": 16384}]"), "{}", &first[first.len() - 100..]);
        let rest = run(&tools, READ_TOOL, r#"{"path": "big.txt", "offset": 16385}"#).unwrap();
        assert_eq!(
            rest.len(),
            3616,
            "an offset inside a character starts at the character"
        );
        assert_eq!(
            run(&tools, READ_TOOL, r#"{"path": "a.png"}"#).unwrap(),
            "a.png is a binary file of 6 bytes; it cannot be read as text."
        );
        assert_eq!(size_label(1_234), "1.2 KB");
    }
}
