//! Conversations' workspaces through the service: connected once (the file and skill tools,
//! large outputs, the reminder), and each one as the user sees it: its files listed, read (to
//! view or download), uploaded and deleted, so the rules (paths, sizes) stay in the engine.

use crate::chat::service::ChatService;
use crate::chat::unavailable::Unavailable;
use crate::chat::ChatError;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;
use crate::tools::catalog::CatalogError;
use crate::tools::ToolSource;
use crate::workspace::skills::skill_tool;
use crate::workspace::tools::workspace_tools;
use crate::workspace::{FileInfo, WorkspaceFiles, WorkspacePath};
use std::rc::Rc;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Gives each conversation a workspace of files kept by `files`: the file tools (writing
    /// asks first), `load_skill`, large tool outputs written there, and the reminder.
    /// Connected once: a second call changes nothing.
    pub fn connect_workspace(&self, files: Rc<dyn WorkspaceFiles>) -> Result<(), CatalogError> {
        if self.workspace.set(files.clone()).is_err() {
            return Ok(());
        }
        for tool in workspace_tools(files.clone()) {
            self.tools.add(ToolSource::Workspace, tool)?;
        }
        self.tools.add(ToolSource::Skill, skill_tool(files))?;
        Ok(())
    }

    fn files(&self) -> Result<&dyn WorkspaceFiles, ChatError> {
        self.workspace
            .get()
            .map(Rc::as_ref)
            .ok_or_else(|| ChatError::from(Unavailable::NoWorkspace))
    }

    fn path(text: &str) -> Result<WorkspacePath, ChatError> {
        WorkspacePath::parse(text).map_err(|err| {
            ChatError::from(Unavailable::BadPath {
                text: text.to_owned(),
                err,
            })
        })
    }

    /// The files of the workspace `root` (`workspace::workspace_root`), by path.
    pub async fn workspace_files(&self, root: &str) -> Result<Vec<FileInfo>, ChatError> {
        let files = self.files()?;
        files
            .list(root)
            .await
            .map_err(|err| ChatError::from(Unavailable::Files(err)))
    }

    /// A file's bytes.
    pub async fn read_workspace_file(&self, root: &str, path: &str) -> Result<Vec<u8>, ChatError> {
        let path = Self::path(path)?;
        self.files()?
            .read(root, &path)
            .await
            .map_err(|err| ChatError::from(Unavailable::Files(err)))?
            .ok_or_else(|| ChatError::from(Unavailable::NoFile(path.to_string())))
    }

    /// Stores a file the user uploaded as `name` (a name, or a path inside the workspace).
    pub async fn upload_workspace_file(
        &self,
        root: &str,
        name: &str,
        bytes: &[u8],
    ) -> Result<WorkspacePath, ChatError> {
        let path = Self::path(name)?;
        self.files()?
            .write(root, &path, bytes)
            .await
            .map_err(|err| {
                ChatError::from(Unavailable::NotStored {
                    path: path.to_string(),
                    err,
                })
            })?;
        Ok(path)
    }

    pub async fn delete_workspace_file(&self, root: &str, path: &str) -> Result<(), ChatError> {
        let path = Self::path(path)?;
        self.files()?
            .delete(root, &path)
            .await
            .map_err(|err| ChatError::from(Unavailable::Files(err)))?;
        Ok(())
    }
}
