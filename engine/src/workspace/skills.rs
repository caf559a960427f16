//! Skills: Markdown instruction files in a workspace's `skills/` folder. The model is told each
//! skill's name and what it is for (the workspace reminder), and loads the whole text with the
//! `load_skill` tool only when a task needs it, so unused skills cost no tokens.

use super::files::WorkspaceFiles;
use super::path::WorkspacePath;
use crate::provider::ToolDefinition;
use crate::tools::{parse_arguments, Tool, ToolContext, ToolError, ToolFuture, ToolOutput};
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const SKILL_TOOL: &str = "load_skill";
/// The folder skills live in.
pub const SKILLS_FOLDER: &str = "skills";
/// The longest description shown for a skill, in characters.
const MAX_DESCRIPTION_CHARS: usize = 200;

/// A skill as the reminder names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SkillSummary {
    /// The file's name without `.md`.
    pub name: String,
    pub description: String,
}

/// What a skill file says it is for: its front matter's `description:`, else its first line
/// of text (a heading's words).
pub fn describe(text: &str) -> String {
    let mut lines = text.lines();
    let mut first_text = None;
    if text.trim_start().starts_with("---") {
        lines.next();
        for line in lines.by_ref() {
            if line.trim() == "---" {
                break;
            }
            if let Some(value) = line.trim().strip_prefix("description:") {
                return clip(value.trim().trim_matches('"'));
            }
        }
    }
    for line in lines {
        let words = line.trim().trim_start_matches('#').trim();
        if !words.is_empty() {
            first_text = Some(words);
            break;
        }
    }
    clip(first_text.unwrap_or(""))
}

fn clip(text: &str) -> String {
    let cleaned: String = text.chars().filter(|c| !c.is_control()).collect();
    crate::provider::truncate_chars(&cleaned, MAX_DESCRIPTION_CHARS)
}

/// The skill name of a workspace file, when it is one (`skills/<name>.md`, directly inside).
pub fn skill_name(path: &WorkspacePath) -> Option<String> {
    let mut segments = path.segments();
    let (folder, file) = (segments.next()?, segments.next()?);
    if folder != SKILLS_FOLDER || segments.next().is_some() {
        return None;
    }
    file.strip_suffix(".md").map(str::to_owned)
}

struct LoadSkill {
    files: Rc<dyn WorkspaceFiles>,
}

/// The `load_skill` tool over `files`.
pub fn skill_tool(files: Rc<dyn WorkspaceFiles>) -> Rc<dyn Tool> {
    Rc::new(LoadSkill { files })
}

#[derive(Deserialize)]
struct Name {
    name: String,
}

impl Tool for LoadSkill {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: SKILL_TOOL.into(),
            description: "Loads a skill (instructions for a kind of task) by its name, as the \
                          workspace lists them. Load one before a task it is for."
                .into(),
            parameters: json!({"type": "object", "properties": {"name": {"type": "string"}},
                "required": ["name"]}),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let Name { name } = parse_arguments(arguments)?;
            let name = name.trim().trim_end_matches(".md");
            let path = WorkspacePath::parse(&format!("{SKILLS_FOLDER}/{name}.md"))
                .ok()
                .filter(|p| skill_name(p).is_some())
                .ok_or_else(|| {
                    ToolError::InvalidArguments(format!("“{name}” is not a skill name"))
                })?;
            let root = context.workspace;
            let bytes = self
                .files
                .read(root, &path)
                .await
                .map_err(|err| ToolError::Failed(err.to_string()))?
                .ok_or_else(|| ToolError::Failed(format!("There is no skill “{name}”.")))?;
            Ok(ToolOutput::text(format!(
                "Skill “{name}”:\n\n{}",
                String::from_utf8_lossy(&bytes)
            )))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skills_are_the_markdown_files_directly_in_the_skills_folder() {
        let name = |p: &str| skill_name(&WorkspacePath::parse(p).unwrap());
        assert_eq!(name("skills/haiku.md").as_deref(), Some("haiku"));
        assert_eq!(name("/skills/haiku.md").as_deref(), Some("haiku"));
        assert_eq!(name("skills/deep/x.md"), None);
        assert_eq!(name("skills/notes.txt"), None);
        assert_eq!(name("other/haiku.md"), None);
        assert_eq!(name("skills.md"), None);
    }

    #[test]
    fn a_skill_says_what_it_is_for_in_front_matter_or_its_first_line() {
        assert_eq!(
            describe("---\nname: haiku\ndescription: \"Write haiku in 5-7-5.\"\n---\n# Haiku"),
            "Write haiku in 5-7-5."
        );
        assert_eq!(describe("\n\n# Release notes\nSteps…"), "Release notes");
        assert_eq!(describe(""), "");
        assert_eq!(describe(&"x".repeat(500)).chars().count(), 201);
    }
}
