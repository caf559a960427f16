//! Where the catalogue's tools come from besides the library: the built-in ones (time, a
//! calculator, the user's earlier conversations) and sets of tools that come and go (the MCP
//! servers').

use crate::chat::service::ChatService;
use crate::chat::ChatError;
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;
use crate::tools::catalog::CatalogError;
use crate::tools::local::local_tools;
use crate::tools::recent_conversations::RecentConversations;
use crate::tools::search_backends::WebSearchSettings;
use crate::tools::{ToolSet, ToolSource};
use std::rc::Rc;

impl<T, S, C, I> ChatService<T, S, C, I>
where
    T: Transport,
    S: ChatStore + Clone + 'static,
    C: Clock + Clone + 'static,
    I: IdGenerator,
{
    /// Adds the built-in tools that need no setting: the current time in the user's zone, a
    /// calculator, and the search of the user's own earlier conversations.
    pub fn connect_builtin_tools(&self) -> Result<(), CatalogError> {
        for tool in local_tools(self.clock().clone()) {
            self.tools.add(ToolSource::Local, tool)?;
        }
        let recent = RecentConversations {
            store: self.store.clone(),
        };
        self.tools
            .add(ToolSource::RecentConversations, Rc::new(recent))?;
        Ok(())
    }

    /// The web search settings.
    pub async fn web_search_settings(&self) -> Result<WebSearchSettings, ChatError> {
        Ok(self.store.load_web_search().await?)
    }

    /// Saves the web search settings (the count kept between 1 and 10, the address trimmed);
    /// returns them as saved.
    pub async fn save_web_search(
        &self,
        mut settings: WebSearchSettings,
    ) -> Result<WebSearchSettings, ChatError> {
        settings.count = settings.count.clamp(1, 10);
        settings.url = settings.url.trim().to_owned();
        self.store.save_web_search(&settings).await?;
        Ok(settings)
    }

    /// Adds tools that come and go while the app runs (the MCP servers' tools).
    pub fn add_tool_set(&self, set: Rc<dyn ToolSet>) {
        self.tools.add_set(set);
    }

    /// Why tools are left out of the catalogue now (a server's tool whose name clashes), in
    /// words for the settings.
    pub fn tool_refusals(&self) -> Vec<String> {
        self.tools
            .refused()
            .iter()
            .map(ToString::to_string)
            .collect()
    }
}
