//! Every MCP server the user added, as clients: kept while their settings stay the same,
//! replaced when they change, and offered to the tool catalogue as one [`ToolSet`] whose tools
//! are those the connected servers list now.

use super::client::McpClient;
use super::server::McpServer;
use super::tool::McpTool;
use crate::ports::cancel::CancelToken;
use crate::ports::transport::Transport;
use crate::tools::catalog::ToolSet;
use crate::tools::{Tool, ToolSource};
use std::cell::RefCell;
use std::rc::Rc;

struct Connection<T> {
    client: Rc<McpClient<T>>,
    /// Stops the client's listener when the server is removed or changed.
    stop: CancelToken,
}

pub struct McpHub<T> {
    transport: Rc<T>,
    connections: RefCell<Vec<Connection<T>>>,
}

impl<T: Transport> McpHub<T> {
    pub fn new(transport: Rc<T>) -> Self {
        Self {
            transport,
            connections: RefCell::default(),
        }
    }

    /// Makes the clients match `servers` (those turned on): an unchanged server keeps its
    /// client and session; a new or changed one gets a new client, returned with the token that
    /// stops its listener, for the caller to connect and listen; a removed one is stopped.
    pub fn set_servers(&self, servers: &[McpServer]) -> Vec<(Rc<McpClient<T>>, CancelToken)> {
        let mut connections = self.connections.borrow_mut();
        let mut kept = Vec::new();
        let mut started = Vec::new();
        for server in servers.iter().filter(|s| s.enabled) {
            let existing = connections.iter().position(|c| c.client.server() == server);
            let connection = match existing {
                Some(index) => connections.swap_remove(index),
                None => {
                    let connection = Connection {
                        client: Rc::new(McpClient::new(self.transport.clone(), server.clone())),
                        stop: CancelToken::new(),
                    };
                    started.push((connection.client.clone(), connection.stop.clone()));
                    connection
                }
            };
            kept.push(connection);
        }
        for gone in connections.drain(..) {
            gone.stop.cancel();
        }
        *connections = kept;
        started
    }

    /// The client of server `id`, if it is on.
    pub fn client(&self, id: &str) -> Option<Rc<McpClient<T>>> {
        self.connections
            .borrow()
            .iter()
            .find(|c| c.client.server().id == id)
            .map(|c| c.client.clone())
    }
}

impl<T: Transport + 'static> ToolSet for McpHub<T> {
    fn settling(&self) -> bool {
        self.connections
            .borrow()
            .iter()
            .any(|c| !c.client.state().tried)
    }

    fn tools(&self) -> Vec<(ToolSource, Rc<dyn Tool>)> {
        let connections = self.connections.borrow();
        let mut tools: Vec<(ToolSource, Rc<dyn Tool>)> = Vec::new();
        for connection in connections.iter() {
            let state = connection.client.state();
            if !state.connected {
                continue;
            }
            let source = ToolSource::Mcp {
                server: connection.client.server().name.trim().to_owned(),
            };
            for tool in state.tools {
                tools.push((
                    source.clone(),
                    Rc::new(McpTool {
                        client: connection.client.clone(),
                        tool,
                    }),
                ));
            }
        }
        tools
    }
}
