//! Every tool the app has ([`ToolCatalog`]), and the tools of one request ([`RequestTools`]),
//! assembled in seed 000 §3's order: memory tools, knowledge tools, then web search, local,
//! recent-conversation, workspace, skill and MCP tools, and last `get_session_capabilities`.

use super::choice::EnabledTool;
use super::large_output;
use super::request::{RequestTool, RequestTools, Runner};
use super::session::{RetrievalModes, SessionCapabilities};
use super::{ApprovalPolicy, Tool};
use crate::prompt::system_prompt::capability_block;
use crate::provider::ToolDefinition;
use std::cell::RefCell;
use std::rc::Rc;
use thiserror::Error;

/// Where a tool comes from; decides its place in the request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ToolSource {
    Memory,
    Knowledge,
    WebSearch,
    Local,
    RecentConversations,
    Workspace,
    Skill,
    /// A tool of a connected MCP server; its name becomes `mcp__{server}__{tool}`.
    Mcp {
        server: String,
    },
}

impl ToolSource {
    fn rank(&self) -> u8 {
        match self {
            Self::Memory => 0,
            Self::Knowledge => 1,
            Self::WebSearch => 2,
            Self::Local => 3,
            Self::RecentConversations => 4,
            Self::Workspace => 5,
            Self::Skill => 6,
            Self::Mcp { .. } => 7,
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum CatalogError {
    #[error("Two tools are both called \"{0}\"; the second was not added.")]
    Duplicate(String),
    #[error("The name \"{0}\" is reserved for a built-in tool.")]
    Reserved(String),
    #[error("A tool has an empty name.")]
    EmptyName,
}

impl crate::i18n::Explain for CatalogError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Duplicate(name) => phrase("error-tool-duplicate").with("name", name),
            Self::Reserved(name) => phrase("error-tool-reserved").with("name", name),
            Self::EmptyName => phrase("error-tool-empty-name"),
        }
    }
}

#[derive(Clone)]
struct Entry {
    source: ToolSource,
    name: String,
    tool: Rc<dyn Tool>,
}

/// Tools that come and go while the app runs (an MCP server's, read again when it says its
/// list changed): the catalogue asks for them each time it lists or assembles tools.
pub trait ToolSet {
    fn tools(&self) -> Vec<(ToolSource, Rc<dyn Tool>)>;

    /// Whether the set is still finding its tools for the first time (an MCP server connecting
    /// right after a start): a request made now waits a moment for them.
    fn settling(&self) -> bool {
        false
    }
}

/// Every tool implementation the app has. Tools join through `&self`: the app adds them when
/// the code that writes answers loads, after the service is shared (each borrow here ends
/// inside the call).
#[derive(Default)]
pub struct ToolCatalog {
    entries: RefCell<Vec<Entry>>,
    sets: RefCell<Vec<Rc<dyn ToolSet>>>,
}

/// Provider function names allow letters, digits, `_` and `-`, at most 64 of them.
const MAX_NAME_CHARS: usize = 64;

fn sanitise(name: &str) -> String {
    name.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(MAX_NAME_CHARS)
        .collect()
}

/// The name a tool gets in requests: MCP tools are `mcp__{server}__{tool}` (seed 000 §3).
pub fn tool_name(source: &ToolSource, name: &str) -> String {
    match source {
        ToolSource::Mcp { server } => {
            sanitise(&format!("mcp__{}__{}", sanitise(server), sanitise(name)))
        }
        _ => sanitise(name),
    }
}

impl ToolCatalog {
    /// Adds a tool and returns the name it is offered under. Tool names from MCP servers are
    /// untrusted: a clash or a reserved name is refused with an error, not a silent overwrite.
    pub fn add(&self, source: ToolSource, tool: Rc<dyn Tool>) -> Result<String, CatalogError> {
        let mut entries = self.entries.borrow_mut();
        let entry = Self::entry(&entries, source, tool)?;
        let name = entry.name.clone();
        entries.push(entry);
        Ok(name)
    }

    /// The entry for `tool`, unless its name is empty, reserved or among `taken`.
    fn entry(
        taken: &[Entry],
        source: ToolSource,
        tool: Rc<dyn Tool>,
    ) -> Result<Entry, CatalogError> {
        let name = tool_name(&source, &tool.definition().name);
        if name.is_empty() {
            return Err(CatalogError::EmptyName);
        }
        if name == SessionCapabilities::NAME || name == large_output::READ_TOOL_NAME {
            return Err(CatalogError::Reserved(name));
        }
        if taken.iter().any(|e| e.name == name) {
            return Err(CatalogError::Duplicate(name));
        }
        Ok(Entry { source, name, tool })
    }

    /// Adds a set of tools that changes while the app runs.
    pub fn add_set(&self, set: Rc<dyn ToolSet>) {
        self.sets.borrow_mut().push(set);
    }

    /// Whether a set is still finding its tools for the first time.
    pub fn settling(&self) -> bool {
        let sets = self.sets.borrow().clone();
        sets.iter().any(|set| set.settling())
    }

    /// The fixed tools and the sets' tools now. A set's tool whose name is empty, reserved or
    /// taken (an earlier one wins) is left out and reported.
    fn now(&self) -> (Vec<Entry>, Vec<CatalogError>) {
        let mut entries = self.entries.borrow().clone();
        let mut refused = Vec::new();
        // A set is asked for its tools with no borrow held (it may be anything).
        let sets = self.sets.borrow().clone();
        for set in &sets {
            for (source, tool) in set.tools() {
                match Self::entry(&entries, source, tool) {
                    Ok(entry) => entries.push(entry),
                    Err(err) => refused.push(err),
                }
            }
        }
        (entries, refused)
    }

    /// Why tools of the sets are left out now (a clash of names, say), for the settings.
    pub fn refused(&self) -> Vec<CatalogError> {
        self.now().1
    }

    pub fn is_empty(&self) -> bool {
        self.now().0.is_empty()
    }

    /// Every tool the app has, in the seed's order, for the assistant's settings.
    pub fn listing(&self) -> Vec<super::choice::ToolInfo> {
        let (all, _) = self.now();
        let mut entries: Vec<&Entry> = all.iter().collect();
        entries.sort_by_key(|entry| entry.source.rank());
        entries
            .into_iter()
            .map(|entry| super::choice::ToolInfo {
                name: entry.name.clone(),
                description: entry.tool.definition().description,
                default_policy: entry.tool.default_policy(),
            })
            .collect()
    }

    /// The tools of one request: those `enabled` for the assistant, in the seed's order.
    ///
    /// A model with tool calling gets their definitions plus `get_session_capabilities` and
    /// `read_tool_output`; a model without (or a request with no enabled tool) gets none, and a
    /// capability block in the system prompt instead, so it does not claim actions it cannot
    /// take.
    pub fn for_request(
        &self,
        enabled: &[EnabledTool],
        model_supports_tools: bool,
        retrieval: RetrievalModes,
    ) -> RequestTools {
        let (all, _) = self.now();
        let mut chosen: Vec<(&Entry, ApprovalPolicy)> = all
            .iter()
            .filter_map(|entry| {
                let choice = enabled.iter().find(|e| e.name == entry.name)?;
                let policy = choice
                    .approval
                    .unwrap_or_else(|| entry.tool.default_policy());
                Some((entry, policy))
            })
            .collect();
        chosen.sort_by_key(|(entry, _)| entry.source.rank());
        if chosen.is_empty() || !model_supports_tools {
            let names: Vec<&str> = chosen.iter().map(|(e, _)| e.name.as_str()).collect();
            return RequestTools {
                tools: Vec::new(),
                system_note: capability_block(&names),
            };
        }
        let mut tools: Vec<RequestTool> = chosen
            .into_iter()
            .map(|(entry, policy)| RequestTool {
                definition: ToolDefinition {
                    name: entry.name.clone(),
                    ..entry.tool.definition()
                },
                policy,
                run: Runner::Tool(entry.tool.clone()),
            })
            .collect();
        tools.push(RequestTool {
            definition: large_output::read_tool_definition(),
            policy: ApprovalPolicy::Auto,
            run: Runner::ReadToolOutput,
        });
        let session = SessionCapabilities::new(&tools, retrieval);
        tools.push(RequestTool {
            definition: session.definition(),
            policy: ApprovalPolicy::Auto,
            run: Runner::Tool(Rc::new(session)),
        });
        let names: Vec<&str> = tools.iter().map(|t| t.definition.name.as_str()).collect();
        let system_note = format!(
            "You can call these tools in this conversation: {}. Never say you lack a listed tool, \
             and never claim you did something (sent, saved, searched, scheduled…) unless a tool \
             call in this conversation did it.",
            names.join(", ")
        );
        RequestTools { tools, system_note }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tools::{ToolFuture, ToolOutput};

    struct Named(&'static str, ApprovalPolicy);

    impl Tool for Named {
        fn definition(&self) -> ToolDefinition {
            ToolDefinition {
                name: self.0.into(),
                description: format!("the {} tool", self.0),
                parameters: serde_json::json!({"type": "object"}),
            }
        }
        fn default_policy(&self) -> ApprovalPolicy {
            self.1
        }
        fn call<'a>(&'a self, _: &'a str, _: &'a crate::tools::ToolContext<'a>) -> ToolFuture<'a> {
            Box::pin(async { Ok(ToolOutput::text(self.0)) })
        }
    }

    fn tool(name: &'static str) -> Rc<dyn Tool> {
        Rc::new(Named(name, ApprovalPolicy::Auto))
    }

    fn enable(names: &[&str]) -> Vec<EnabledTool> {
        names
            .iter()
            .map(|n| EnabledTool {
                name: (*n).into(),
                approval: None,
            })
            .collect()
    }

    #[test]
    fn request_tools_follow_the_seed_order_whatever_the_order_they_were_added_in() {
        let catalog = ToolCatalog::default();
        let mcp = ToolSource::Mcp {
            server: "files".into(),
        };
        catalog.add(mcp, tool("read")).unwrap();
        catalog.add(ToolSource::Skill, tool("skill")).unwrap();
        catalog.add(ToolSource::Workspace, tool("shell")).unwrap();
        catalog
            .add(ToolSource::RecentConversations, tool("recent"))
            .unwrap();
        catalog.add(ToolSource::Local, tool("clock")).unwrap();
        catalog.add(ToolSource::WebSearch, tool("web")).unwrap();
        catalog.add(ToolSource::Knowledge, tool("kb")).unwrap();
        catalog.add(ToolSource::Memory, tool("remember")).unwrap();
        let all = [
            "mcp__files__read",
            "skill",
            "shell",
            "recent",
            "clock",
            "web",
            "kb",
            "remember",
        ];
        let request = catalog.for_request(&enable(&all), true, RetrievalModes::default());
        let names: Vec<String> = request
            .tools
            .iter()
            .map(|t| t.definition.name.clone())
            .collect();
        assert_eq!(
            names,
            [
                "remember",
                "kb",
                "web",
                "clock",
                "recent",
                "shell",
                "skill",
                "mcp__files__read",
                "read_tool_output",
                "get_session_capabilities",
            ]
        );
        assert!(request.system_note.contains("mcp__files__read"));
    }

    #[test]
    fn only_enabled_tools_are_offered_with_the_assistants_policy() {
        let catalog = ToolCatalog::default();
        catalog
            .add(
                ToolSource::Local,
                Rc::new(Named("send", ApprovalPolicy::Ask)),
            )
            .unwrap();
        catalog.add(ToolSource::Local, tool("clock")).unwrap();
        let mut enabled = enable(&["send"]);
        let request = catalog.for_request(&enabled, true, RetrievalModes::default());
        assert_eq!(
            request.get("send").map(|t| t.policy),
            Some(ApprovalPolicy::Ask)
        );
        assert!(request.get("clock").is_none());
        enabled[0].approval = Some(ApprovalPolicy::Auto);
        let request = catalog.for_request(&enabled, true, RetrievalModes::default());
        assert_eq!(
            request.get("send").map(|t| t.policy),
            Some(ApprovalPolicy::Auto)
        );
    }

    #[test]
    fn the_listing_names_every_tool_in_the_seeds_order_with_its_default_policy() {
        let catalog = ToolCatalog::default();
        catalog.add(ToolSource::Local, tool("clock")).unwrap();
        catalog
            .add(
                ToolSource::Memory,
                Rc::new(Named("remember", ApprovalPolicy::Ask)),
            )
            .unwrap();
        let listing = catalog.listing();
        let names: Vec<(&str, ApprovalPolicy)> = listing
            .iter()
            .map(|t| (t.name.as_str(), t.default_policy))
            .collect();
        assert_eq!(
            names,
            [
                ("remember", ApprovalPolicy::Ask),
                ("clock", ApprovalPolicy::Auto)
            ]
        );
    }

    #[test]
    fn a_model_without_tool_calling_gets_no_definitions_and_a_capability_block() {
        let catalog = ToolCatalog::default();
        catalog.add(ToolSource::Local, tool("clock")).unwrap();
        let request = catalog.for_request(&enable(&["clock"]), false, RetrievalModes::default());
        assert!(request.tools.is_empty());
        assert!(request.system_note.contains("cannot call tools"));
        assert!(request.system_note.contains("clock"));
        // Nothing enabled: no definitions either (a server that cannot do tools must not see
        // any), and the model is told it has none.
        let request = catalog.for_request(&[], true, RetrievalModes::default());
        assert!(request.tools.is_empty());
        assert!(request.system_note.contains("cannot call tools"));
    }

    #[test]
    fn mcp_names_are_prefixed_sanitised_and_clashes_refused() {
        let catalog = ToolCatalog::default();
        let server = ToolSource::Mcp {
            server: "My Server!".into(),
        };
        assert_eq!(
            catalog.add(server.clone(), tool("read file")),
            Ok("mcp__My_Server___read_file".into())
        );
        assert_eq!(
            catalog.add(server, tool("read file")),
            Err(CatalogError::Duplicate("mcp__My_Server___read_file".into()))
        );
        assert_eq!(
            catalog.add(ToolSource::Local, tool("get_session_capabilities")),
            Err(CatalogError::Reserved("get_session_capabilities".into()))
        );
        let long = tool_name(
            &ToolSource::Mcp {
                server: "s".repeat(80),
            },
            "t",
        );
        assert_eq!(long.chars().count(), MAX_NAME_CHARS);
    }
}
