//! The user's choice for each tool of an assistant: off, or on with the tool's own approval
//! policy, or on and always asking, or on and running without asking.

use super::ApprovalPolicy;
use serde::{Deserialize, Serialize};

/// A tool as the settings list it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ToolInfo {
    /// The name the model calls it by.
    pub name: String,
    pub description: String,
    /// The policy it has unless the assistant says otherwise.
    pub default_policy: ApprovalPolicy,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ToolChoice {
    Off,
    /// On, with the tool's default policy.
    Default,
    Ask,
    Auto,
}

impl ToolChoice {
    pub const ALL: [ToolChoice; 4] = [Self::Off, Self::Default, Self::Ask, Self::Auto];

    /// A stable name for forms.
    pub fn id(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Default => "default",
            Self::Ask => "ask",
            Self::Auto => "auto",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|c| c.id() == id)
    }
}

/// The choice `enabled` holds for tool `name`.
pub fn tool_choice(enabled: &[EnabledTool], name: &str) -> ToolChoice {
    match enabled.iter().find(|t| t.name == name) {
        None => ToolChoice::Off,
        Some(tool) => match tool.approval {
            None => ToolChoice::Default,
            Some(ApprovalPolicy::Ask) => ToolChoice::Ask,
            Some(ApprovalPolicy::Auto) => ToolChoice::Auto,
        },
    }
}

/// Records `choice` for tool `name`, keeping the order of the other tools.
pub fn set_tool_choice(enabled: &mut Vec<EnabledTool>, name: &str, choice: ToolChoice) {
    let approval = match choice {
        ToolChoice::Off => {
            enabled.retain(|t| t.name != name);
            return;
        }
        ToolChoice::Default => None,
        ToolChoice::Ask => Some(ApprovalPolicy::Ask),
        ToolChoice::Auto => Some(ApprovalPolicy::Auto),
    };
    match enabled.iter_mut().find(|t| t.name == name) {
        Some(tool) => tool.approval = approval,
        None => enabled.push(EnabledTool {
            name: name.to_owned(),
            approval,
        }),
    }
}

/// An assistant's choice to offer a tool, optionally with its own approval policy.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct EnabledTool {
    /// The name as the model sees it (MCP tools with their `mcp__server__` prefix).
    pub name: String,
    #[serde(default)]
    pub approval: Option<ApprovalPolicy>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_round_trip_through_the_enabled_list() {
        let mut enabled = vec![EnabledTool {
            name: "a".into(),
            approval: None,
        }];
        for choice in ToolChoice::ALL {
            set_tool_choice(&mut enabled, "b", choice);
            assert_eq!(tool_choice(&enabled, "b"), choice);
            assert_eq!(ToolChoice::from_id(choice.id()), Some(choice));
        }
        assert_eq!(enabled[0].name, "a", "other tools keep their place");
        assert_eq!(enabled.len(), 2);
        set_tool_choice(&mut enabled, "b", ToolChoice::Off);
        assert_eq!(enabled.len(), 1);
        assert_eq!(tool_choice(&enabled, "a"), ToolChoice::Default);
        assert_eq!(ToolChoice::from_id("sometimes"), None);
    }
}
