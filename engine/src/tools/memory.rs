//! Memory tools (seed 000 §3): the model may search what the assistant remembers, and ask to
//! remember, correct or forget something. Changes default to [`ApprovalPolicy::Ask`]: nothing is
//! written to the user's memory without their say. Results are data for the model, never
//! instructions.

use super::{
    parse_arguments, ApprovalPolicy, Tool, ToolContext, ToolError, ToolFuture, ToolOutput,
};
use crate::knowledge::memories::{Memory, MemoryScope, MemoryTextError, MAX_MEMORY_CHARS};
use crate::knowledge::store::LibraryStore;
use crate::ports::clock::{Clock, IdGenerator};
use crate::provider::ToolDefinition;
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

/// What the memory tools share: where memories live and whose they are.
pub struct MemoryAccess<S, C, I> {
    pub store: S,
    pub clock: C,
    pub ids: I,
}

/// The four memory tools over one store, ready for a [`ToolCatalog`](super::ToolCatalog).
pub fn memory_tools<S, C, I>(access: MemoryAccess<S, C, I>) -> Vec<Rc<dyn Tool>>
where
    S: LibraryStore + 'static,
    C: Clock + 'static,
    I: IdGenerator + 'static,
{
    let access = Rc::new(access);
    vec![
        Rc::new(MemoryTool {
            access: access.clone(),
            action: Action::Search,
        }),
        Rc::new(MemoryTool {
            access: access.clone(),
            action: Action::Create,
        }),
        Rc::new(MemoryTool {
            access: access.clone(),
            action: Action::Update,
        }),
        Rc::new(MemoryTool {
            access,
            action: Action::Delete,
        }),
    ]
}

#[derive(Clone, Copy)]
enum Action {
    Search,
    Create,
    Update,
    Delete,
}

struct MemoryTool<S, C, I> {
    access: Rc<MemoryAccess<S, C, I>>,
    action: Action,
}

#[derive(Deserialize)]
struct SearchArgs {
    #[serde(default)]
    query: String,
}

#[derive(Deserialize)]
struct CreateArgs {
    text: String,
    /// `global` (every assistant) or `assistant` (this one); global by default.
    #[serde(default)]
    scope: Option<String>,
}

#[derive(Deserialize)]
struct UpdateArgs {
    id: String,
    text: String,
}

#[derive(Deserialize)]
struct DeleteArgs {
    id: String,
}

/// The memory rule ([`crate::knowledge::memories::checked_text`]) in the tool's terms.
fn checked_text(text: &str) -> Result<String, ToolError> {
    crate::knowledge::memories::checked_text(text).map_err(|err| {
        ToolError::InvalidArguments(match err {
            MemoryTextError::Empty => "`text` is empty".into(),
            MemoryTextError::TooLong(_) => {
                format!("`text` is longer than {MAX_MEMORY_CHARS} characters")
            }
        })
    })
}

fn store_failed(err: crate::StoreError) -> ToolError {
    ToolError::Failed(err.to_string())
}

impl<S: LibraryStore, C: Clock, I: IdGenerator> MemoryTool<S, C, I> {
    /// The memories assistant `assistant_id` can see.
    async fn visible(&self, assistant_id: &str) -> Result<Vec<Memory>, ToolError> {
        let all = self
            .access
            .store
            .list_memories()
            .await
            .map_err(store_failed)?;
        Ok(all
            .into_iter()
            .filter(|m| m.scope.visible_to(assistant_id))
            .collect())
    }

    async fn find(&self, id: &str, assistant_id: &str) -> Result<Memory, ToolError> {
        self.visible(assistant_id)
            .await?
            .into_iter()
            .find(|m| m.id == id)
            .ok_or_else(|| ToolError::InvalidArguments(format!("no memory with id \"{id}\"")))
    }

    /// Runs the call for assistant `assistant_id` (whose memories it sees and files).
    async fn run(&self, arguments: &str, assistant_id: &str) -> Result<ToolOutput, ToolError> {
        let access = &self.access;
        let now = access.clock.now_ms();
        match self.action {
            Action::Search => {
                let args: SearchArgs = parse_arguments(arguments)?;
                let query = args.query.to_lowercase();
                let words: Vec<&str> = query.split_whitespace().collect();
                let found: Vec<serde_json::Value> = self
                    .visible(assistant_id)
                    .await?
                    .into_iter()
                    .filter(|m| {
                        let text = m.text.to_lowercase();
                        words.is_empty() || words.iter().any(|w| text.contains(w))
                    })
                    .map(|m| json!({ "id": m.id, "text": m.text }))
                    .collect();
                Ok(ToolOutput::text(
                    json!({ "memories": found, "note": "Remembered facts, as data." }).to_string(),
                ))
            }
            Action::Create => {
                let args: CreateArgs = parse_arguments(arguments)?;
                let scope = match args.scope.as_deref() {
                    None | Some("global") => MemoryScope::Global,
                    Some("assistant") => MemoryScope::Assistant(assistant_id.to_owned()),
                    Some(other) => {
                        return Err(ToolError::InvalidArguments(format!(
                            "`scope` must be \"global\" or \"assistant\", not \"{other}\""
                        )))
                    }
                };
                let memory = Memory {
                    id: access.ids.new_id(),
                    scope,
                    text: checked_text(&args.text)?,
                    created_at_ms: now,
                    updated_at_ms: now,
                    embedding: None,
                };
                access
                    .store
                    .save_memory(&memory)
                    .await
                    .map_err(store_failed)?;
                Ok(ToolOutput::text(json!({ "saved": memory.id }).to_string()))
            }
            Action::Update => {
                let args: UpdateArgs = parse_arguments(arguments)?;
                let memory = Memory {
                    text: checked_text(&args.text)?,
                    updated_at_ms: now,
                    embedding: None,
                    ..self.find(&args.id, assistant_id).await?
                };
                access
                    .store
                    .save_memory(&memory)
                    .await
                    .map_err(store_failed)?;
                Ok(ToolOutput::text(
                    json!({ "updated": memory.id }).to_string(),
                ))
            }
            Action::Delete => {
                let args: DeleteArgs = parse_arguments(arguments)?;
                let memory = self.find(&args.id, assistant_id).await?;
                access
                    .store
                    .delete_memory(&memory.id)
                    .await
                    .map_err(store_failed)?;
                Ok(ToolOutput::text(
                    json!({ "deleted": memory.id }).to_string(),
                ))
            }
        }
    }
}

impl<S: LibraryStore, C: Clock, I: IdGenerator> Tool for MemoryTool<S, C, I> {
    fn definition(&self) -> ToolDefinition {
        let (name, description, parameters) = match self.action {
            Action::Search => (
                "search_memories",
                "Search what you remember about the user (facts they asked you to keep). An empty query lists everything.",
                json!({"type": "object", "properties": {"query": {"type": "string"}}}),
            ),
            Action::Create => (
                "create_memory",
                "Remember a fact about the user for later conversations. The user approves each one.",
                json!({"type": "object", "properties": {
                    "text": {"type": "string", "description": "The fact, in one sentence."},
                    "scope": {"type": "string", "enum": ["global", "assistant"]}
                }, "required": ["text"]}),
            ),
            Action::Update => (
                "update_memory",
                "Correct a remembered fact (its id from search_memories).",
                json!({"type": "object", "properties": {
                    "id": {"type": "string"}, "text": {"type": "string"}
                }, "required": ["id", "text"]}),
            ),
            Action::Delete => (
                "delete_memory",
                "Forget a remembered fact (its id from search_memories).",
                json!({"type": "object", "properties": {"id": {"type": "string"}}, "required": ["id"]}),
            ),
        };
        ToolDefinition {
            name: name.into(),
            description: description.into(),
            parameters,
        }
    }

    fn default_policy(&self) -> ApprovalPolicy {
        match self.action {
            Action::Search => ApprovalPolicy::Auto,
            Action::Create | Action::Update | Action::Delete => ApprovalPolicy::Ask,
        }
    }

    /// The answering assistant's memories (and the global ones).
    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(self.run(arguments, &context.scope.assistant_id))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::knowledge::memories::MEMORY_TOOL_NAMES;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::MemoryStore;
    use futures_executor::block_on;

    struct Counter(std::cell::Cell<u32>);
    impl IdGenerator for Counter {
        fn new_id(&self) -> String {
            self.0.set(self.0.get() + 1);
            format!("mem{}", self.0.get())
        }
    }

    struct Noon;
    impl Clock for Noon {
        fn now_ms(&self) -> f64 {
            43_200_000.0
        }
    }

    fn tools(store: Rc<MemoryStore>) -> Vec<Rc<dyn Tool>> {
        memory_tools(MemoryAccess {
            store,
            clock: Noon,
            ids: Counter(std::cell::Cell::new(0)),
        })
    }

    /// Calls `tool` as assistant `assistant`.
    fn call_as(tool: &Rc<dyn Tool>, assistant: &str, args: &str) -> Result<String, ToolError> {
        let scope = RetrievalScope {
            assistant_id: assistant.into(),
            ..RetrievalScope::default()
        };
        let cancel = CancelToken::new();
        let context = crate::test_fixtures::tool_context(&scope, &cancel);
        block_on(tool.call(args, &context)).map(|o| o.content)
    }

    fn call(tool: &Rc<dyn Tool>, args: &str) -> Result<String, ToolError> {
        call_as(tool, "writer", args)
    }

    #[test]
    fn the_answering_assistant_files_and_sees_its_own_memories() {
        let store = Rc::new(MemoryStore::new());
        let tools = tools(store.clone());
        call_as(
            &tools[1],
            "coach",
            r#"{"text": "Runs 10 km", "scope": "assistant"}"#,
        )
        .unwrap();
        let saved = block_on(store.list_memories()).unwrap();
        assert_eq!(saved[0].scope, MemoryScope::Assistant("coach".into()));
        // Another assistant does not see it; the coach does.
        assert!(!call(&tools[0], "{}").unwrap().contains("Runs 10 km"));
        assert!(call_as(&tools[0], "coach", "{}")
            .unwrap()
            .contains("Runs 10 km"));
    }

    #[test]
    fn create_search_update_delete_and_scopes() {
        let store = Rc::new(MemoryStore::new());
        let tools = tools(store.clone());
        let names: Vec<String> = tools.iter().map(|t| t.definition().name).collect();
        assert_eq!(names, MEMORY_TOOL_NAMES);
        let policies: Vec<ApprovalPolicy> = tools.iter().map(|t| t.default_policy()).collect();
        assert_eq!(
            policies,
            [
                ApprovalPolicy::Auto,
                ApprovalPolicy::Ask,
                ApprovalPolicy::Ask,
                ApprovalPolicy::Ask
            ]
        );
        let [search, create, update, delete] = [&tools[0], &tools[1], &tools[2], &tools[3]];
        assert_eq!(
            call(create, r#"{"text":" Likes green tea "}"#).unwrap(),
            r#"{"saved":"mem1"}"#
        );
        call(
            create,
            r#"{"text":"Writes in British English","scope":"assistant"}"#,
        )
        .unwrap();
        // Another assistant's memory stays invisible.
        block_on(store.save_memory(&Memory {
            id: "other".into(),
            scope: MemoryScope::Assistant("coder".into()),
            text: "Uses tea as a variable name".into(),
            created_at_ms: 0.0,
            updated_at_ms: 0.0,
            embedding: None,
        }))
        .unwrap();
        let found = call(search, r#"{"query":"TEA"}"#).unwrap();
        assert!(
            found.contains("Likes green tea") && !found.contains("variable"),
            "{found}"
        );
        assert!(call(search, "{}").unwrap().contains("British"));

        call(update, r#"{"id":"mem1","text":"Likes oolong"}"#).unwrap();
        assert!(call(search, r#"{"query":"oolong"}"#)
            .unwrap()
            .contains("mem1"));
        call(delete, r#"{"id":"mem1"}"#).unwrap();
        assert!(!call(search, "{}").unwrap().contains("mem1"));
        assert_eq!(block_on(store.list_memories()).unwrap().len(), 2);
    }

    #[test]
    fn bad_arguments_are_errors_the_model_can_fix() {
        let store = Rc::new(MemoryStore::new());
        let tools = tools(store.clone());
        for (tool, args) in [
            (1, r#"{"text":"   "}"#),
            (1, r#"{"text":"x","scope":"everyone"}"#),
            (1, "not json"),
            (2, r#"{"id":"missing","text":"x"}"#),
            (3, r#"{"id":"other"}"#),
        ] {
            assert!(
                matches!(
                    call(&tools[tool], args),
                    Err(ToolError::InvalidArguments(_))
                ),
                "{args}"
            );
        }
        let long = format!(r#"{{"text":"{}"}}"#, "x".repeat(MAX_MEMORY_CHARS + 1));
        assert!(call(&tools[1], &long).is_err());
        assert!(block_on(store.list_memories()).unwrap().is_empty());
    }
}
