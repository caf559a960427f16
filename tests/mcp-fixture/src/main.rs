//! TEST FIXTURE binary: `skein-mcp-fixture [--port N]` serves the MCP test server on 127.0.0.1.

use skein_mcp_fixture::{router, Fixture};
use skein_mock_provider::fixture_server::{port_from_args, serve};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port = port_from_args(18090, "skein-mcp-fixture [--port N]");
    let banner = format!("Skein MCP fixture server (TEST FIXTURE) on http://127.0.0.1:{port}/mcp");
    serve(router(Fixture::default()), port, "MCP fixture", &banner).await;
}
