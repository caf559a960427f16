//! The user's MCP servers through the service: stored and checked against each other (their
//! names start their tools' names). Their tools reach the catalogue as a set
//! (`tool_sources`).

use crate::chat::service::ChatService;
use crate::chat::ChatError;
use crate::mcp::{McpServer, McpServers};
use crate::ports::clock::{Clock, IdGenerator};
use crate::ports::transport::Transport;
use crate::store::ChatStore;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    pub async fn mcp_servers(&self) -> Result<McpServers, ChatError> {
        Ok(self.store.load_mcp_servers().await?)
    }

    /// Saves `server`, new (an empty id gets one) or changed, after checking it against the
    /// others; returns every server.
    pub async fn save_mcp_server(&self, mut server: McpServer) -> Result<McpServers, ChatError> {
        server.name = server.name.trim().to_owned();
        server.url = server.url.trim().to_owned();
        if server.id.is_empty() {
            server.id = self.ids.new_id();
        }
        let mut list = self.store.load_mcp_servers().await?;
        server.check(&list.servers)?;
        match list.servers.iter_mut().find(|s| s.id == server.id) {
            Some(stored) => *stored = server,
            None => list.servers.push(server),
        }
        self.store.save_mcp_servers(&list).await?;
        Ok(list)
    }

    /// Removes server `id`; returns the servers left.
    pub async fn delete_mcp_server(&self, id: &str) -> Result<McpServers, ChatError> {
        let mut list = self.store.load_mcp_servers().await?;
        list.servers.retain(|s| s.id != id);
        self.store.save_mcp_servers(&list).await?;
        Ok(list)
    }
}

#[cfg(test)]
mod tests {
    use crate::mcp::{McpAuth, McpServer, McpServerError};
    use crate::test_fixtures::service;
    use futures_executor::block_on;

    fn server(name: &str) -> McpServer {
        McpServer {
            id: String::new(),
            name: format!("  {name} "),
            url: " http://127.0.0.1:9/mcp ".into(),
            auth: McpAuth::None,
            enabled: true,
        }
    }

    #[test]
    fn servers_are_saved_checked_renamed_and_removed() {
        let service = service(vec![]);
        let list = block_on(service.save_mcp_server(server("Files"))).unwrap();
        let saved = list.servers[0].clone();
        assert!(!saved.id.is_empty());
        assert_eq!(saved.name, "Files");
        assert_eq!(saved.url, "http://127.0.0.1:9/mcp");
        let clash = block_on(service.save_mcp_server(server("files"))).unwrap_err();
        assert_eq!(
            clash.to_string(),
            McpServerError::NameTaken("files".into()).to_string()
        );
        let renamed = McpServer {
            name: "Disk".into(),
            ..saved.clone()
        };
        let list = block_on(service.save_mcp_server(renamed)).unwrap();
        assert_eq!(list.servers.len(), 1);
        assert_eq!(list.servers[0].name, "Disk");
        assert!(block_on(service.delete_mcp_server(&saved.id))
            .unwrap()
            .servers
            .is_empty());
        assert!(block_on(service.mcp_servers()).unwrap().servers.is_empty());
    }
}
