//! Exporting one conversation: Markdown of the branch on screen (to read or share), and JSON of
//! the whole tree (every branch, every part, to keep or import again).

use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::message_part::MessagePart;
use crate::i18n::{LocaleRules, Localizer};
use serde_json::json;

/// The format name and version written into JSON exports.
pub const JSON_FORMAT: &str = "skein.conversation";
pub const JSON_VERSION: u32 = 1;

/// A file name for an export: the title, reduced to characters every file system accepts.
pub fn file_name(conversation: &Conversation, extension: &str) -> String {
    safe_file_name(&conversation.title, "conversation", extension)
}

/// `title` reduced to characters every file system accepts (`fallback` when nothing is left),
/// with `extension`.
pub fn safe_file_name(title: &str, fallback: &str, extension: &str) -> String {
    let mut name: String = title
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, ' ' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    name = name.trim().to_owned();
    if name.is_empty() {
        name = fallback.into();
    }
    format!("{name}.{extension}")
}

fn fence(text: &str) -> String {
    // A fence longer than any backtick run inside, so the content cannot close it.
    let longest = text.split(|c| c != '`').map(str::len).max().unwrap_or(0);
    "`".repeat(longest.max(2) + 1)
}

/// The branch as Markdown in the words of `words`' language: each message under its author,
/// reasoning and tool calls shown as such, unfinished answers marked.
pub fn branch_markdown(
    conversation: &Conversation,
    branch: &[MessageNode],
    words: &Localizer,
    rules: &dyn LocaleRules,
) -> String {
    let mut out = format!("# {}\n", conversation.title.trim());
    for node in branch {
        let role = words.text(node.role.message_id());
        let author = match (&node.model, node.role) {
            (Some(model), Role::Assistant) => words.format(
                "export-author-model",
                &[("author", role.into()), ("model", model.into())],
                rules,
            ),
            _ => role.to_owned(),
        };
        out.push_str(&format!("\n## {author}\n\n"));
        for part in &node.parts {
            match part {
                MessagePart::Text { text } => {
                    out.push_str(text.trim_end());
                    out.push_str("\n\n");
                }
                MessagePart::Reasoning { text, .. } => {
                    for line in text.trim_end().lines() {
                        out.push_str(&format!("> {line}\n"));
                    }
                    out.push('\n');
                }
                MessagePart::ToolCall(call) => {
                    let body = format!(
                        "{} {}\n{}",
                        call.name,
                        call.arguments,
                        call.result.as_ref().map_or_else(
                            || words.text("export-no-result").to_owned(),
                            |r| r.content.clone()
                        )
                    );
                    let fence = fence(&body);
                    out.push_str(&format!("{fence}tool\n{body}\n{fence}\n\n"));
                }
                MessagePart::Image { name, .. } => {
                    let said = match name {
                        Some(name) => {
                            words.format("export-image-named", &[("name", name.into())], rules)
                        }
                        None => words.text("export-image").to_owned(),
                    };
                    out.push_str(&format!("*[{said}]*\n\n"));
                }
                MessagePart::Document { name, .. } => {
                    let said = words.format("export-document", &[("name", name.into())], rules);
                    out.push_str(&format!("*[{said}]*\n\n"));
                }
            }
        }
        match node.status {
            MessageStatus::Incomplete => {
                out.push_str(&format!("*({})*\n\n", words.text("export-incomplete")));
            }
            MessageStatus::Error => {
                let why = match (&node.error_phrase, &node.error) {
                    (Some(said), _) => said.words(words, rules),
                    (None, Some(error)) => error.clone(),
                    (None, None) => words.text("export-unknown-error").to_owned(),
                };
                let said = words.format("export-failed", &[("err", why.into())], rules);
                out.push_str(&format!("*({said})*\n\n"));
            }
            _ => {}
        }
    }
    out.trim_end().to_owned() + "\n"
}

/// The whole conversation (every branch) as versioned JSON.
pub fn conversation_json(conversation: &Conversation, nodes: &[MessageNode]) -> String {
    let value = json!({
        "format": JSON_FORMAT,
        "version": JSON_VERSION,
        "conversation": conversation,
        "messages": nodes,
    });
    serde_json::to_string_pretty(&value).unwrap_or_else(|_| value.to_string())
}

/// What a conversation is exported as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExportFormat {
    /// The branch on screen, to read or share.
    Markdown,
    /// Every branch and part, to keep.
    Json,
}

/// A file to hand to the user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportFile {
    pub name: String,
    pub mime: &'static str,
    pub text: String,
}

/// `conversation` (with all its stored `nodes`) as a file of `format`: JSON keeps every
/// branch; Markdown is the current branch.
pub fn export_file(
    conversation: &Conversation,
    nodes: Vec<MessageNode>,
    format: ExportFormat,
    words: &Localizer,
    rules: &dyn LocaleRules,
) -> Result<ExportFile, crate::domain::tree::TreeError> {
    Ok(match format {
        ExportFormat::Json => ExportFile {
            name: file_name(conversation, "json"),
            mime: "application/json",
            text: conversation_json(conversation, &nodes),
        },
        ExportFormat::Markdown => {
            let tree = crate::domain::tree::ConversationTree::from_nodes(
                &conversation.id,
                nodes,
                conversation.current_leaf_id.as_deref(),
            )?;
            let branch: Vec<MessageNode> = tree
                .current_branch_entries()
                .into_iter()
                .map(|entry| entry.node)
                .collect();
            ExportFile {
                name: file_name(conversation, "md"),
                mime: "text/markdown",
                text: branch_markdown(conversation, &branch, words, rules),
            }
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message_part::{ToolApproval, ToolCall, ToolResult};

    fn conversation() -> Conversation {
        Conversation::new("c", "Rust: lifetimes / borrowing?", 0.0)
    }

    #[test]
    fn markdown_shows_authors_reasoning_tools_and_unfinished_answers() {
        let question = MessageNode::new("q", "c", Role::User, 0.0).with_text("Why ```this```?");
        let mut answer =
            MessageNode::new("a", "c", Role::Assistant, 1.0).with_status(MessageStatus::Incomplete);
        answer.model = Some("gpt-4o".into());
        answer.push_reasoning("Think.\nTwice.", 1.0);
        answer.push_text("Because.");
        answer.parts.push(MessagePart::ToolCall(ToolCall {
            id: "t".into(),
            name: "search".into(),
            arguments: r#"{"q":"```"}"#.into(),
            approval: ToolApproval::Auto,
            result: Some(ToolResult {
                content: "found".into(),
                is_error: false,
            }),
            step: 0,
        }));
        let markdown = branch_markdown(
            &conversation(),
            &[question, answer],
            &crate::i18n::Localizer::english(),
            &crate::i18n::EnglishRules,
        );
        assert!(markdown.starts_with("# Rust: lifetimes / borrowing?\n"));
        assert!(markdown.contains("## User\n\nWhy ```this```?"));
        assert!(markdown.contains("## Assistant (gpt-4o)"));
        assert!(markdown.contains("> Think.\n> Twice.\n"));
        assert!(
            markdown.contains("````tool\nsearch {\"q\":\"```\"}\nfound\n````"),
            "{markdown}"
        );
        assert!(markdown.trim_end().ends_with("*(incomplete)*"));
    }

    #[test]
    fn json_keeps_every_branch_and_says_what_it_is() {
        let nodes = vec![
            MessageNode::new("q", "c", Role::User, 0.0).with_text("Q"),
            MessageNode::new("a1", "c", Role::Assistant, 1.0).with_parent(Some("q")),
            MessageNode::new("a2", "c", Role::Assistant, 2.0).with_parent(Some("q")),
        ];
        let exported: serde_json::Value =
            serde_json::from_str(&conversation_json(&conversation(), &nodes)).unwrap();
        assert_eq!(exported["format"], JSON_FORMAT);
        assert_eq!(exported["version"], JSON_VERSION);
        assert_eq!(exported["messages"].as_array().unwrap().len(), 3);
        let back: Vec<MessageNode> = serde_json::from_value(exported["messages"].clone()).unwrap();
        assert_eq!(back, nodes);
    }

    #[test]
    fn file_names_are_safe_everywhere() {
        assert_eq!(
            file_name(&conversation(), "md"),
            "Rust_ lifetimes _ borrowing_.md"
        );
        let empty = Conversation::new("c", "///", 0.0);
        assert_eq!(file_name(&empty, "json"), "___.json");
        let blank = Conversation::new("c", "  ", 0.0);
        assert_eq!(file_name(&blank, "json"), "conversation.json");
    }
}
