//! The recent-conversations tool (seed 000 §3's "recent conversations" source): the model
//! searches the user's own earlier chats in this browser, or lists the latest ones, and each
//! message it finds is cited on the answer, so the user can open it.

use super::{parse_arguments, Tool, ToolContext, ToolError, ToolFuture, ToolOutput};
use crate::domain::message_part::{Annotation, SourceRef};
use crate::prompt::time_context::TimeContext;
use crate::provider::ToolDefinition;
use crate::store::ChatStore;
use serde::Deserialize;
use serde_json::json;

pub const RECENT_TOOL_NAME: &str = "search_conversations";
/// The most conversations one call returns.
const MAX_RESULTS: usize = 10;

pub(crate) struct RecentConversations<S> {
    pub store: S,
}

#[derive(Deserialize)]
struct Query {
    #[serde(default)]
    query: String,
    #[serde(default)]
    limit: Option<usize>,
}

fn day(ms: f64) -> String {
    TimeContext {
        now_ms: ms,
        utc_offset_minutes: 0,
        time_zone: "UTC".into(),
    }
    .date()
}

impl<S: ChatStore> Tool for RecentConversations<S> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: RECENT_TOOL_NAME.into(),
            description: "Searches the user's earlier conversations in this browser for words \
                          they contain and returns the matching passages, each citable; with \
                          no query, lists the most recent conversations. Not this one."
                .into(),
            parameters: json!({
                "type": "object",
                "properties": {
                    "query": {"type": "string", "description": "words to find; empty for the latest conversations"},
                    "limit": {"type": "integer", "minimum": 1, "maximum": MAX_RESULTS},
                },
            }),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let Query { query, limit } = parse_arguments(arguments)?;
            let limit = limit.unwrap_or(5).clamp(1, MAX_RESULTS);
            let failed = |err: crate::store::StoreError| ToolError::Failed(err.to_string());
            let conversations: Vec<_> = self
                .store
                .list_conversations()
                .await
                .map_err(failed)?
                .into_iter()
                .filter(|c| !c.temporary && c.id != context.conversation_id)
                .collect();
            if query.trim().is_empty() {
                let lines: Vec<String> = conversations
                    .iter()
                    .take(limit)
                    .map(|c| format!("- “{}” (last changed {})", c.title, day(c.updated_at_ms)))
                    .collect();
                return Ok(ToolOutput::text(if lines.is_empty() {
                    "The user has no other conversations here.".to_owned()
                } else {
                    format!("The user's latest conversations:\n{}", lines.join("\n"))
                }));
            }
            let hits = self
                .store
                .search_messages(&query, limit + 1)
                .await
                .map_err(failed)?;
            let mut lines = Vec::new();
            let mut citations = Vec::new();
            for hit in hits {
                let Some(conversation) = conversations.iter().find(|c| c.id == hit.conversation_id)
                else {
                    continue;
                };
                if citations.len() == limit {
                    break;
                }
                lines.push(format!(
                    "[{}] “{}” ({}): {}",
                    citations.len() + 1,
                    conversation.title,
                    day(conversation.updated_at_ms),
                    hit.snippet
                ));
                citations.push(Annotation::Source {
                    source: SourceRef::Message {
                        conversation_id: hit.conversation_id,
                        message_id: hit.message_id,
                    },
                    title: conversation.title.clone(),
                    snippet: hit.snippet,
                });
            }
            let content = if lines.is_empty() {
                format!("No other conversation contains “{}”.", query.trim())
            } else {
                format!(
                    "Passages from the user's conversations (cite them by number):\n{}",
                    lines.join("\n")
                )
            };
            Ok(ToolOutput {
                content,
                citations,
                images: Vec::new(),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::message::{Conversation, MessageNode, Role};
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::store::in_memory::MemoryStore;
    use futures_executor::block_on;

    fn store() -> MemoryStore {
        let store = MemoryStore::default();
        for (id, title, text, at) in [
            ("c1", "Trip to Lisbon", "We booked the tram 28 tour.", 1.0),
            ("c2", "Taxes", "The tram pass is deductible.", 2.0),
            ("now", "Current", "what did we say about the tram?", 3.0),
        ] {
            let conversation = Conversation::new(id, title, at);
            block_on(store.save_conversation(&conversation)).unwrap();
            let message = MessageNode::new(&format!("{id}-m"), id, Role::User, at).with_text(text);
            block_on(store.save_message(&conversation, &message)).unwrap();
        }
        store
    }

    fn run(store: MemoryStore, arguments: &str) -> ToolOutput {
        let scope = RetrievalScope::default();
        let cancel = CancelToken::new();
        let context = ToolContext {
            conversation_id: "now",
            workspace: "chat-now",
            ..crate::test_fixtures::tool_context(&scope, &cancel)
        };
        block_on(RecentConversations { store }.call(arguments, &context)).unwrap()
    }

    #[test]
    fn found_messages_are_cited_and_this_conversation_is_left_out() {
        let found = run(store(), r#"{"query": "TRAM"}"#);
        assert!(!found.content.contains("Current"), "{}", found.content);
        assert_eq!(found.citations.len(), 2);
        assert!(found.content.contains("[1]") && found.content.contains("[2]"));
        assert!(found.citations.iter().any(|c| matches!(c,
            Annotation::Source { source: SourceRef::Message { conversation_id, message_id }, title, .. }
                if conversation_id == "c1" && message_id == "c1-m" && title == "Trip to Lisbon")));
        let one = run(store(), r#"{"query": "tram", "limit": 1}"#);
        assert_eq!(one.citations.len(), 1);
        let none = run(store(), r#"{"query": "bicycle"}"#);
        assert!(none
            .content
            .contains("No other conversation contains “bicycle”"));
        assert!(none.citations.is_empty());
    }

    #[test]
    fn without_a_query_the_latest_conversations_are_listed() {
        let latest = run(store(), "{}");
        assert!(latest.content.contains("“Taxes”"));
        assert!(latest.content.find("Taxes") < latest.content.find("Trip to Lisbon"));
        assert!(!latest.content.contains("Current"));
        assert!(latest.citations.is_empty());
    }
}
