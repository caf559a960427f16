//! The workspace reminder (seed 000's transformer 7): what the model should know about the
//! conversation's workspace in this request, the files it holds and the skills it can load.
//! Made per request for one workspace, and only when the workspace tools are offered.

use super::files::WorkspaceFiles;
use super::skills::{describe, skill_name, SKILL_TOOL};
use super::tools::size_label;
use crate::prompt::hooks::{HookError, HookFuture, WorkspaceHook};

/// The most files named; the rest are counted.
const MAX_FILES_NAMED: usize = 20;
/// The most skills offered.
const MAX_SKILLS: usize = 20;

pub(crate) struct WorkspaceReminder<'a> {
    pub files: &'a dyn WorkspaceFiles,
    pub root: String,
    /// `load_skill` is offered in this request.
    pub skills: bool,
}

impl WorkspaceHook for WorkspaceReminder<'_> {
    fn reminder(&self) -> HookFuture<'_, Option<String>> {
        Box::pin(async move {
            let failed = |err: super::files::WorkspaceError| HookError(err.to_string());
            let files = self.files.list(&self.root).await.map_err(failed)?;
            let mut text = String::from(
                "This conversation has a workspace of files: list_files, read_file, write_file \
                 and search_files reach it (paths like notes/plan.md).",
            );
            if files.is_empty() {
                text.push_str(" It is empty.");
            } else {
                let named: Vec<String> = files
                    .iter()
                    .take(MAX_FILES_NAMED)
                    .map(|f| format!("{} ({})", f.path, size_label(f.size)))
                    .collect();
                text.push_str(&format!(
                    "\nIt holds {} file(s): {}",
                    files.len(),
                    named.join(", ")
                ));
                if files.len() > MAX_FILES_NAMED {
                    text.push_str(&format!(
                        " and {} more (list_files lists them all)",
                        files.len() - MAX_FILES_NAMED
                    ));
                }
                text.push('.');
            }
            if self.skills {
                let mut skills = Vec::new();
                for file in &files {
                    let Some(name) = skill_name(&file.path) else {
                        continue;
                    };
                    let bytes = self
                        .files
                        .read(&self.root, &file.path)
                        .await
                        .map_err(failed)?
                        .unwrap_or_default();
                    skills.push(format!(
                        "- {name}: {}",
                        describe(&String::from_utf8_lossy(&bytes))
                    ));
                    if skills.len() == MAX_SKILLS {
                        break;
                    }
                }
                if !skills.is_empty() {
                    text.push_str(&format!(
                        "\nSkills (load one with {SKILL_TOOL} before a task it is for):\n{}",
                        skills.join("\n")
                    ));
                }
            }
            Ok(Some(text))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::workspace::files::MemoryWorkspace;
    use crate::workspace::path::WorkspacePath;
    use futures_executor::block_on;

    #[test]
    fn the_reminder_names_the_files_and_offers_the_skills() {
        let files = MemoryWorkspace::default();
        let reminder = |skills| WorkspaceReminder {
            files: &files,
            root: "chat-c".into(),
            skills,
        };
        let empty = block_on(reminder(true).reminder()).unwrap().unwrap();
        assert!(empty.ends_with("It is empty."), "{empty}");
        for (path, text) in [
            ("notes.md", "plan"),
            (
                "skills/haiku.md",
                "---\ndescription: Write haiku in 5-7-5.\n---\nRules…",
            ),
        ] {
            let path = WorkspacePath::parse(path).unwrap();
            block_on(files.write("chat-c", &path, text.as_bytes())).unwrap();
        }
        let full = block_on(reminder(true).reminder()).unwrap().unwrap();
        assert!(
            full.contains("It holds 2 file(s): notes.md (4 B), skills/haiku.md"),
            "{full}"
        );
        assert!(
            full.ends_with("load_skill before a task it is for):\n- haiku: Write haiku in 5-7-5."),
            "{full}"
        );
        let no_skills = block_on(reminder(false).reminder()).unwrap().unwrap();
        assert!(!no_skills.contains("Skills"));
    }
}
