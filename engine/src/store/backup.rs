//! A full backup: every conversation with every message, the images they show, the provider
//! settings, the assistants (with their pictures), the memories, the personas, the world books,
//! the chat dictionaries, the MCP servers, the web search settings and the workflows with their
//! runs, as one versioned JSON
//! file. API keys (and custom
//! header values and MCP tokens, which are credentials) are left out unless the user asks for
//! them. Restoring goes through
//! `import`, validated completely first.

use crate::domain::assistant::Assistant;
use crate::domain::message::{Conversation, MessageNode};
use crate::domain::message_part::MessagePart;
use crate::knowledge::memories::Memory;
use crate::provider::settings::ProviderSettings;
use crate::store::Blob;
use serde_json::json;

pub const BACKUP_FORMAT: &str = "skein.backup";
pub const BACKUP_VERSION: u32 = 1;

/// What a backup holds.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct BackupContents {
    pub conversations: Vec<(Conversation, Vec<MessageNode>)>,
    pub settings: Option<ProviderSettings>,
    pub blobs: Vec<Blob>,
    pub assistants: Vec<Assistant>,
    pub memories: Vec<Memory>,
    pub personas: crate::persona::user_persona::Personas,
    pub world_books: crate::persona::world_books::WorldBooks,
    pub dictionaries: crate::persona::dictionary_file::Dictionaries,
    pub mcp_servers: crate::mcp::McpServers,
    pub web_search: crate::tools::search_backends::WebSearchSettings,
    pub workflow_templates: crate::workflow::WorkflowTemplates,
    pub workflow_runs: Vec<crate::workflow::WorkflowRun>,
}

/// The IDs of the images the messages show (their bytes go into the backup).
pub fn referenced_blobs(messages: &[MessageNode]) -> Vec<String> {
    let mut ids: Vec<String> = messages
        .iter()
        .flat_map(|m| m.parts.iter())
        .filter_map(|p| match p {
            MessagePart::Image { blob_id, .. } => Some(blob_id.clone()),
            _ => None,
        })
        .collect();
    ids.sort();
    ids.dedup();
    ids
}

/// Settings without secrets: the key and custom header values (also of the fallbacks).
pub(crate) fn without_secrets(settings: &ProviderSettings) -> ProviderSettings {
    let mut clean = settings.clone();
    clean.api_key.clear();
    for (_, value) in &mut clean.custom_headers {
        value.clear();
    }
    clean.fallbacks = settings.fallbacks.iter().map(without_secrets).collect();
    clean
}

pub fn backup_json(contents: &BackupContents, include_keys: bool, now_ms: f64) -> String {
    let settings = contents.settings.as_ref().map(|s| {
        if include_keys {
            s.clone()
        } else {
            without_secrets(s)
        }
    });
    let conversations: Vec<serde_json::Value> = contents
        .conversations
        .iter()
        .map(|(conversation, messages)| {
            json!({ "conversation": conversation, "messages": messages })
        })
        .collect();
    let blobs: Vec<serde_json::Value> = contents
        .blobs
        .iter()
        .map(|b| json!({ "id": b.id, "mime": b.mime, "base64": crate::domain::base64::encode(&b.bytes) }))
        .collect();
    let value = json!({
        "format": BACKUP_FORMAT,
        "version": BACKUP_VERSION,
        "created_at_ms": now_ms,
        "includes_keys": include_keys,
        "settings": settings,
        "conversations": conversations,
        "blobs": blobs,
        "assistants": contents.assistants,
        "memories": contents.memories,
        "personas": contents.personas,
        "world_books": contents.world_books,
        "dictionaries": contents.dictionaries,
        "workflow_templates": contents.workflow_templates,
        "workflow_runs": contents.workflow_runs,
        "mcp_servers": if include_keys {
            contents.mcp_servers.clone()
        } else {
            contents.mcp_servers.without_secrets()
        },
        "web_search": crate::tools::search_backends::WebSearchSettings {
            api_key: if include_keys {
                contents.web_search.api_key.clone()
            } else {
                String::new()
            },
            ..contents.web_search.clone()
        },
    });
    serde_json::to_string(&value).unwrap_or_else(|_| value.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::Role;

    fn contents() -> BackupContents {
        let conversation = Conversation::new("c", "Kept", 1.0);
        let mut answer = MessageNode::new("a", "c", Role::Assistant, 2.0).with_parent(Some("q"));
        answer.parts.push(MessagePart::Image {
            blob_id: "img".into(),
            mime: "image/png".into(),
            name: None,
        });
        let messages = vec![
            MessageNode::new("q", "c", Role::User, 1.0).with_text("Q"),
            answer,
        ];
        BackupContents {
            conversations: vec![(conversation, messages)],
            settings: Some(ProviderSettings {
                api_key: "sk-secret".into(),
                model: "m".into(),
                custom_headers: vec![("X-Token".into(), "hidden".into())],
                fallbacks: vec![ProviderSettings {
                    api_key: "sk-fallback".into(),
                    ..ProviderSettings::default()
                }],
                ..ProviderSettings::default()
            }),
            blobs: vec![Blob {
                id: "img".into(),
                mime: "image/png".into(),
                bytes: vec![137, 80, 78, 71],
            }],
            mcp_servers: crate::mcp::McpServers {
                servers: vec![crate::mcp::McpServer {
                    id: "m".into(),
                    name: "Files".into(),
                    url: "https://mcp.example/mcp".into(),
                    auth: crate::mcp::McpAuth::Bearer {
                        token: "mcp-token".into(),
                    },
                    enabled: true,
                }],
            },
            web_search: crate::tools::search_backends::WebSearchSettings {
                url: "https://searx.example".into(),
                api_key: "search-key".into(),
                ..Default::default()
            },
            ..BackupContents::default()
        }
    }

    #[test]
    fn keys_and_header_values_stay_out_unless_asked_for() {
        let without = backup_json(&contents(), false, 5.0);
        for secret in [
            "sk-secret",
            "hidden",
            "sk-fallback",
            "mcp-token",
            "search-key",
        ] {
            assert!(!without.contains(secret), "{secret} leaked");
        }
        assert!(without.contains("X-Token"), "the header's name is kept");
        let with = backup_json(&contents(), true, 5.0);
        assert!(with.contains("sk-secret") && with.contains("sk-fallback"));
        assert!(with.contains("mcp-token"));
        let restored =
            crate::store::import::parse_file(without.as_bytes(), &mut String::new).unwrap();
        assert_eq!(
            restored.mcp_servers.servers[0].url,
            "https://mcp.example/mcp"
        );
        assert_eq!(
            restored.web_search.as_ref().map(|w| w.url.as_str()),
            Some("https://searx.example")
        );
    }

    #[test]
    fn a_backup_restores_conversations_images_and_settings() {
        let text = backup_json(&contents(), false, 5.0);
        let mut n = 0;
        let restored = crate::store::import::parse_file(text.as_bytes(), &mut || {
            n += 1;
            format!("new{n}")
        })
        .unwrap();
        assert_eq!(restored.conversations.len(), 1);
        assert_eq!(restored.conversations[0].1.len(), 2);
        assert_eq!(restored.blobs, contents().blobs);
        assert_eq!(restored.settings.unwrap().model, "m");
        assert_eq!(referenced_blobs(&restored.conversations[0].1), ["img"]);
    }
}
