//! TEST FIXTURE binary: `skein-mock-provider [--port N]` serves the mock provider on 127.0.0.1.

use skein_mock_provider::fixture_server::{port_from_args, serve};
use skein_mock_provider::{router, Mock};

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port = port_from_args(18080, "skein-mock-provider [--port N]");
    let banner = format!(
        "Skein mock provider (TEST FIXTURE, not a real model) on http://127.0.0.1:{port}/v1"
    );
    serve(router(Mock::default()), port, "mock provider", &banner).await;
}
