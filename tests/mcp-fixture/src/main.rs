//! TEST FIXTURE binary: `skein-mcp-fixture [--port N]` serves the MCP test server on 127.0.0.1.

use skein_mcp_fixture::{router, Fixture};

fn port_from_args() -> Result<u16, String> {
    let mut args = std::env::args().skip(1);
    let mut port = 18090;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--port" => {
                let value = args.next().ok_or("--port needs a value")?;
                port = value.parse().map_err(|_| format!("bad port: {value}"))?;
            }
            other => return Err(format!("unknown argument: {other}")),
        }
    }
    Ok(port)
}

#[tokio::main(flavor = "current_thread")]
async fn main() {
    let port = match port_from_args() {
        Ok(port) => port,
        Err(message) => {
            eprintln!("{message}\nusage: skein-mcp-fixture [--port N]");
            std::process::exit(2);
        }
    };
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("MCP fixture: cannot listen on 127.0.0.1:{port}: {err}");
            std::process::exit(1);
        }
    };
    println!("Skein MCP fixture server (TEST FIXTURE) on http://127.0.0.1:{port}/mcp");
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(err) = axum::serve(listener, router(Fixture::default()))
        .with_graceful_shutdown(shutdown)
        .await
    {
        eprintln!("MCP fixture stopped: {err}");
        std::process::exit(1);
    }
}
