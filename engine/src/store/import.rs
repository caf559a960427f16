//! Importing conversations: Skein's own JSON exports and ChatGPT's `conversations.json`
//! (branches kept). Every file is validated completely before anything is written; a problem is
//! an error that says what and where, and nothing is stored.
//!
//! Imported conversations get fresh IDs, so importing a file twice, or a conversation that
//! still exists, never overwrites anything.

use crate::domain::message::{Conversation, MessageNode, MessageStatus, Role};
use crate::domain::message_part::MessagePart;
use crate::domain::tree::ConversationTree;
use crate::store::export::{JSON_FORMAT, JSON_VERSION};
pub use crate::store::import_error::{ImportError, Problem};
use serde_json::Value;
use std::collections::{HashMap, HashSet};

/// The largest file read, in bytes.
pub const MAX_FILE_BYTES: usize = 256 << 20;
/// The longest text of one message, in bytes.
pub const MAX_TEXT_BYTES: usize = 4 << 20;
/// The most messages in one conversation.
pub const MAX_MESSAGES: usize = 100_000;

fn error(at: impl Into<String>, problem: Problem) -> ImportError {
    ImportError {
        at: at.into(),
        problem,
    }
}

/// Conversations ready to store, each with all its messages.
pub type Imported = Vec<(Conversation, Vec<MessageNode>)>;

/// Everything a file brings: conversations, and from a full backup also images and settings.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportedFile {
    pub conversations: Imported,
    pub settings: Option<crate::provider::settings::ProviderSettings>,
    pub blobs: Vec<crate::store::Blob>,
    /// A backup's assistants and memories (backups made before they existed have none).
    pub assistants: Vec<crate::domain::assistant::Assistant>,
    pub memories: Vec<crate::knowledge::memories::Memory>,
    /// A backup's personas (none in older backups).
    pub personas: crate::persona::user_persona::Personas,
    /// A backup's world books (none in older backups).
    pub world_books: crate::persona::world_books::WorldBooks,
    /// A backup's chat dictionaries (none in older backups).
    pub dictionaries: crate::persona::dictionary_file::Dictionaries,
    /// A backup's MCP servers (none in older backups; their tokens only if the backup has keys).
    pub mcp_servers: crate::mcp::McpServers,
    /// A backup's web search settings (none in older backups; the key only if it has keys).
    pub web_search: Option<crate::tools::search_backends::WebSearchSettings>,
    /// A backup's workflow templates and runs (none in older backups).
    pub workflow_templates: crate::workflow::WorkflowTemplates,
    pub workflow_runs: Vec<crate::workflow::WorkflowRun>,
}

/// Reads a Skein export or a ChatGPT export (recognised by their shape): the conversations.
#[cfg(test)]
pub fn parse(bytes: &[u8], new_id: &mut dyn FnMut() -> String) -> Result<Imported, ImportError> {
    parse_file(bytes, new_id).map(|file| file.conversations)
}

/// Reads a Skein backup, a Skein conversation export or ChatGPT's `conversations.json`.
pub fn parse_file(
    bytes: &[u8],
    new_id: &mut dyn FnMut() -> String,
) -> Result<ImportedFile, ImportError> {
    if bytes.len() > MAX_FILE_BYTES {
        return Err(error(
            "file",
            Problem::FileTooLarge {
                size: bytes.len() >> 20,
                max: MAX_FILE_BYTES >> 20,
            },
        ));
    }
    let value: Value = serde_json::from_slice(bytes).map_err(|e| {
        error(
            format!("line {}", e.line()),
            Problem::NotJson(e.to_string()),
        )
    })?;
    let conversations_only = |conversations| ImportedFile {
        conversations,
        ..ImportedFile::default()
    };
    let format = value.get("format").and_then(Value::as_str);
    if format == Some(crate::store::backup::BACKUP_FORMAT) {
        backup(&value, new_id)
    } else if format == Some(JSON_FORMAT) {
        skein_export(&value, new_id).map(|one| conversations_only(vec![one]))
    } else if value.is_array() {
        chatgpt_export(&value, new_id).map(conversations_only)
    } else {
        Err(error("file", Problem::UnknownFormat))
    }
}

/// Gives a conversation and its messages fresh IDs (parents and the current leaf follow).
fn with_fresh_ids(
    mut conversation: Conversation,
    nodes: Vec<MessageNode>,
    new_id: &mut dyn FnMut() -> String,
) -> (Conversation, Vec<MessageNode>) {
    let ids: HashMap<String, String> = nodes.iter().map(|n| (n.id.clone(), new_id())).collect();
    conversation.id = new_id();
    conversation.current_leaf_id = conversation
        .current_leaf_id
        .as_ref()
        .and_then(|leaf| ids.get(leaf).cloned());
    let nodes = nodes
        .into_iter()
        .map(|mut node| {
            node.id = ids[&node.id].clone();
            node.parent_id = node.parent_id.and_then(|p| ids.get(&p).cloned());
            node.conversation_id = conversation.id.clone();
            // An answer that was streaming when exported cannot be resumed here.
            if node.status == MessageStatus::Streaming {
                node.status = MessageStatus::Incomplete;
            }
            node
        })
        .collect();
    (conversation, nodes)
}

/// The whole tree must hold: unique IDs, no dangling parent, no cycle; texts within limits.
fn validate_tree(
    at: &str,
    conversation: &Conversation,
    nodes: &[MessageNode],
) -> Result<(), ImportError> {
    if nodes.len() > MAX_MESSAGES {
        return Err(error(at, Problem::TooManyMessages(MAX_MESSAGES)));
    }
    for (i, node) in nodes.iter().enumerate() {
        let size: usize = node
            .parts
            .iter()
            .map(|p| match p {
                MessagePart::Text { text } | MessagePart::Reasoning { text, .. } => text.len(),
                MessagePart::Document { text, .. } => text.len(),
                _ => 0,
            })
            .sum();
        if size > MAX_TEXT_BYTES {
            return Err(error(
                format!("{at}.messages[{i}]"),
                Problem::TextTooLarge {
                    size,
                    max: MAX_TEXT_BYTES,
                },
            ));
        }
    }
    ConversationTree::from_nodes(
        &conversation.id,
        nodes.to_vec(),
        conversation.current_leaf_id.as_deref(),
    )
    .map_err(|e| error(at, Problem::Tree(e)))?;
    Ok(())
}

fn check_version(value: &Value, supported: u32) -> Result<(), ImportError> {
    let version = value.get("version").and_then(Value::as_u64).unwrap_or(0);
    if version == 0 || version > u64::from(supported) {
        return Err(error("version", Problem::Version { version, supported }));
    }
    Ok(())
}

fn skein_export(
    value: &Value,
    new_id: &mut dyn FnMut() -> String,
) -> Result<(Conversation, Vec<MessageNode>), ImportError> {
    check_version(value, JSON_VERSION)?;
    conversation_entry("", value, new_id)
}

/// One `{conversation, messages}` entry; `prefix` says where it is in the file.
fn conversation_entry(
    prefix: &str,
    value: &Value,
    new_id: &mut dyn FnMut() -> String,
) -> Result<(Conversation, Vec<MessageNode>), ImportError> {
    let conversation: Conversation = serde_json::from_value(value["conversation"].clone())
        .map_err(|e| {
            error(
                format!("{prefix}conversation"),
                Problem::Invalid(e.to_string()),
            )
        })?;
    let raw = value["messages"]
        .as_array()
        .ok_or_else(|| error(format!("{prefix}messages"), Problem::NotAList))?;
    let mut nodes = Vec::with_capacity(raw.len());
    for (i, message) in raw.iter().enumerate() {
        let node: MessageNode = serde_json::from_value(message.clone()).map_err(|e| {
            error(
                format!("{prefix}messages[{i}]"),
                Problem::Invalid(e.to_string()),
            )
        })?;
        if node.conversation_id != conversation.id {
            return Err(error(
                format!("{prefix}messages[{i}].conversation_id"),
                Problem::OtherConversation,
            ));
        }
        nodes.push(node);
    }
    validate_tree(&format!("{prefix}conversation"), &conversation, &nodes)?;
    Ok(with_fresh_ids(conversation, nodes, new_id))
}

/// The entries of list `key` of a backup, each checked; an absent list is empty.
/// A backup's record `key`; unset in older backups.
fn optional_record<T: serde::de::DeserializeOwned + Default>(
    value: &Value,
    key: &str,
) -> Result<T, ImportError> {
    match &value[key] {
        Value::Null => Ok(T::default()),
        raw => serde_json::from_value(raw.clone())
            .map_err(|e| error(key, Problem::Invalid(e.to_string()))),
    }
}

fn optional_list<T: serde::de::DeserializeOwned>(
    value: &Value,
    key: &str,
) -> Result<Vec<T>, ImportError> {
    match &value[key] {
        Value::Null => Ok(Vec::new()),
        Value::Array(items) => items
            .iter()
            .enumerate()
            .map(|(i, raw)| {
                serde_json::from_value(raw.clone())
                    .map_err(|e| error(format!("{key}[{i}]"), Problem::Invalid(e.to_string())))
            })
            .collect(),
        _ => Err(error(key, Problem::NotAList)),
    }
}

fn backup(value: &Value, new_id: &mut dyn FnMut() -> String) -> Result<ImportedFile, ImportError> {
    check_version(value, crate::store::backup::BACKUP_VERSION)?;
    let entries = value["conversations"]
        .as_array()
        .ok_or_else(|| error("conversations", Problem::NotAList))?;
    let conversations = entries
        .iter()
        .enumerate()
        .map(|(i, entry)| conversation_entry(&format!("conversations[{i}]."), entry, new_id))
        .collect::<Result<Imported, _>>()?;
    let settings = match &value["settings"] {
        Value::Null => None,
        raw => Some(
            serde_json::from_value(raw.clone())
                .map_err(|e| error("settings", Problem::Invalid(e.to_string())))?,
        ),
    };
    let mut blobs = Vec::new();
    for (i, raw) in value["blobs"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or(&[])
        .iter()
        .enumerate()
    {
        let text = |key: &str| {
            raw[key]
                .as_str()
                .ok_or_else(|| error(format!("blobs[{i}].{key}"), Problem::NotText))
        };
        let bytes = crate::domain::base64::decode(text("base64")?).map_err(|e| {
            error(
                format!("blobs[{i}].base64"),
                Problem::Invalid(e.to_string()),
            )
        })?;
        blobs.push(crate::store::Blob {
            id: text("id")?.to_owned(),
            mime: text("mime")?.to_owned(),
            bytes,
        });
    }
    Ok(ImportedFile {
        conversations,
        settings,
        blobs,
        assistants: optional_list(value, "assistants")?,
        memories: optional_list(value, "memories")?,
        personas: optional_record(value, "personas")?,
        world_books: optional_record(value, "world_books")?,
        dictionaries: optional_record(value, "dictionaries")?,
        mcp_servers: optional_record(value, "mcp_servers")?,
        web_search: optional_record(value, "web_search")?,
        workflow_templates: optional_record(value, "workflow_templates")?,
        workflow_runs: optional_list(value, "workflow_runs")?,
    })
}

/// The text of a ChatGPT message's content (text parts only; other kinds are noted).
fn chatgpt_text(content: &Value) -> String {
    match content["content_type"].as_str() {
        Some("text" | "multimodal_text") => content["parts"]
            .as_array()
            .map(|parts| {
                parts
                    .iter()
                    .map(|p| match p {
                        Value::String(s) => s.clone(),
                        _ => "[attachment not imported]".to_owned(),
                    })
                    .collect::<Vec<_>>()
                    .join("\n")
            })
            .unwrap_or_default(),
        Some("code") => content["text"].as_str().unwrap_or("").to_owned(),
        _ => String::new(),
    }
}

fn chatgpt_export(
    value: &Value,
    new_id: &mut dyn FnMut() -> String,
) -> Result<Imported, ImportError> {
    let list = value.as_array().map(Vec::as_slice).unwrap_or(&[]);
    let mut imported = Vec::with_capacity(list.len());
    for (c, raw) in list.iter().enumerate() {
        let at = format!("conversations[{c}]");
        let mapping = raw["mapping"]
            .as_object()
            .ok_or_else(|| error(format!("{at}.mapping"), Problem::NotAnObject))?;
        let id = raw["id"]
            .as_str()
            .or_else(|| raw["conversation_id"].as_str())
            .map_or_else(|| format!("chatgpt-{c}"), str::to_owned);
        let seconds = |v: &Value| v.as_f64().map(|s| s * 1_000.0);
        let created = seconds(&raw["create_time"]).unwrap_or(0.0);
        let title = raw["title"].as_str().unwrap_or("Imported chat");
        let mut conversation = Conversation::new(&id, title, created);
        conversation.updated_at_ms = seconds(&raw["update_time"]).unwrap_or(created);
        // Keep user and assistant messages with text; skip system, tool and empty nodes,
        // attaching their children to the nearest kept ancestor.
        let kept: HashSet<&str> = mapping
            .iter()
            .filter(|(_, node)| {
                let role = node["message"]["author"]["role"].as_str();
                matches!(role, Some("user" | "assistant"))
                    && !chatgpt_text(&node["message"]["content"]).trim().is_empty()
            })
            .map(|(key, _)| key.as_str())
            .collect();
        let mut nodes = Vec::new();
        for (key, node) in mapping {
            if !kept.contains(key.as_str()) {
                continue;
            }
            let node_at = format!("{at}.mapping.{key}");
            // The nearest kept ancestor, refusing cycles and dangling links.
            let mut parent = node["parent"].as_str();
            let mut seen = HashSet::new();
            while let Some(p) = parent {
                if !seen.insert(p) {
                    return Err(error(format!("{node_at}.parent"), Problem::Cycle));
                }
                if kept.contains(p) {
                    break;
                }
                let next = mapping.get(p).ok_or_else(|| {
                    error(
                        format!("{node_at}.parent"),
                        Problem::MissingParent(p.to_string()),
                    )
                })?;
                parent = next["parent"].as_str();
            }
            let message = &node["message"];
            let role = match message["author"]["role"].as_str() {
                Some("user") => Role::User,
                _ => Role::Assistant,
            };
            let created_at = seconds(&message["create_time"]).unwrap_or(created);
            let mut out = MessageNode::new(key, &conversation.id, role, created_at)
                .with_text(&chatgpt_text(&message["content"]))
                .with_parent(parent)
                .with_status(MessageStatus::Complete);
            out.finished_at_ms = Some(created_at);
            out.model = message["metadata"]["model_slug"]
                .as_str()
                .map(str::to_owned);
            nodes.push(out);
        }
        conversation.current_leaf_id = raw["current_node"].as_str().and_then(|leaf| {
            // The current node may be a skipped one: walk up to a kept one.
            let mut at = Some(leaf);
            while let Some(id) = at {
                if kept.contains(id) {
                    return Some(id.to_owned());
                }
                at = mapping.get(id).and_then(|n| n["parent"].as_str());
            }
            None
        });
        validate_tree(&at, &conversation, &nodes)?;
        imported.push(with_fresh_ids(conversation, nodes, new_id));
    }
    Ok(imported)
}

#[cfg(test)]
#[path = "import_tests.rs"]
mod tests;
