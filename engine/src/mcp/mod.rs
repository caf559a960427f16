//! The Model Context Protocol client: tools of remote servers the user adds, reached over
//! Streamable HTTP from the browser.
//!
//! - `server`: a server as the user adds it (name, URL, authentication) and its checks;
//! - `jsonrpc`: the messages, read without trusting them;
//! - `client`: one server's connection (the current revision, or the handshake of the earlier
//!   ones), listing and calls, list changes;
//! - `remote_tool`: what a server lists and returns, bounded and cleaned;
//! - `tool`: a server's tool as one of Skein's tools (`mcp__{server}__{tool}`);
//! - `hub`: every server, offered to the tool catalogue as one set.

pub(crate) mod client;
pub(crate) mod hub;
pub(crate) mod jsonrpc;
pub(crate) mod remote_tool;
pub(crate) mod server;
pub(crate) mod tool;

#[cfg(test)]
mod client_tests;

pub use client::{
    McpClient, McpError, McpState, Progress, PROTOCOL_VERSION, SESSION_HEADER, STATELESS_VERSION,
};
pub use hub::McpHub;
pub use jsonrpc::RpcError;
pub use remote_tool::RemoteTool;
pub use server::{McpAuth, McpServer, McpServerError, McpServers};
