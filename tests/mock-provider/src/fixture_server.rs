//! TEST FIXTURE plumbing the fixture servers share (the mock provider, the MCP fixture): the
//! `--port` argument, serving until Ctrl-C, and permissive CORS for pages on other origins.

use axum::extract::Request;
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Router;

/// The `--port N` argument, or `default`; a bad argument ends the process with `usage`.
pub fn port_from_args(default: u16, usage: &str) -> u16 {
    let mut args = std::env::args().skip(1);
    let mut port = default;
    while let Some(arg) = args.next() {
        let parsed = match arg.as_str() {
            "--port" => args
                .next()
                .ok_or_else(|| "--port needs a value".to_owned())
                .and_then(|v| v.parse().map_err(|_| format!("bad port: {v}"))),
            other => Err(format!("unknown argument: {other}")),
        };
        match parsed {
            Ok(value) => port = value,
            Err(message) => {
                eprintln!("{message}\nusage: {usage}");
                std::process::exit(2);
            }
        }
    }
    port
}

/// Serves `router` on 127.0.0.1:`port` until Ctrl-C, after printing `banner`; a failure ends
/// the process with a message naming `name`.
pub async fn serve(router: Router, port: u16, name: &str, banner: &str) {
    let listener = match tokio::net::TcpListener::bind(("127.0.0.1", port)).await {
        Ok(listener) => listener,
        Err(err) => {
            eprintln!("{name}: cannot listen on 127.0.0.1:{port}: {err}");
            std::process::exit(1);
        }
    };
    println!("{banner}");
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    if let Err(err) = axum::serve(listener, router)
        .with_graceful_shutdown(shutdown)
        .await
    {
        eprintln!("{name} stopped: {err}");
        std::process::exit(1);
    }
}

/// Allows any origin and exposes `exposed` response headers. Allowed headers are reflected
/// from the preflight, because the `*` wildcard does not cover `Authorization` (the Fetch
/// standard excludes it).
pub async fn cors(request: Request, next: Next, exposed: &'static str) -> Response {
    let requested_headers = request
        .headers()
        .get(header::ACCESS_CONTROL_REQUEST_HEADERS)
        .cloned()
        .unwrap_or_else(|| HeaderValue::from_static("*"));
    let mut response = if request.method() == Method::OPTIONS {
        StatusCode::NO_CONTENT.into_response()
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    for (name, value) in [
        (header::ACCESS_CONTROL_ALLOW_ORIGIN, "*"),
        (
            header::ACCESS_CONTROL_ALLOW_METHODS,
            "GET, POST, DELETE, OPTIONS",
        ),
        (header::ACCESS_CONTROL_MAX_AGE, "600"),
        (header::ACCESS_CONTROL_EXPOSE_HEADERS, exposed),
    ] {
        headers.insert(name, HeaderValue::from_static(value));
    }
    headers.insert(header::ACCESS_CONTROL_ALLOW_HEADERS, requested_headers);
    response
}
