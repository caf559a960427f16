//! `cargo xtask serve` and `cargo xtask dist`.

use crate::process::{self, root, run, Background};
use crate::setup;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const APP_PORT: u16 = 8080;
pub const MOCK_PORT: u16 = 18080;

/// `cargo xtask serve`: the app as it is deployed (the optimised build, installable and
/// offline-capable, under the policy), or with `dev` Trunk's rebuild-on-change server (no
/// service worker, no policy: Trunk's live reload is an inline script).
pub fn serve(with_mock: bool, dev: bool) -> Result<(), String> {
    setup::run_setup()?;
    let _mock = mock_if(with_mock)?;
    if !dev {
        let dir = build_dist("/", "dist")?;
        println!(
            "\nSkein: http://127.0.0.1:{APP_PORT}/ (the dist build; install it from the browser's \
             address bar; Ctrl-C stops)\n"
        );
        return crate::static_server::serve(&dir, "/", APP_PORT);
    }
    println!("\nSkein (dev): http://127.0.0.1:{APP_PORT}/ (building first; Ctrl-C stops)\n");
    let trunk = Background::spawn(
        "trunk serve",
        Command::new("trunk")
            .args([
                "serve",
                "--address",
                "127.0.0.1",
                "--port",
                &APP_PORT.to_string(),
            ])
            .current_dir(root()),
    )?;
    trunk.wait()
}

/// The mock provider test fixture, when asked for, announced as what it is.
fn mock_if(with_mock: bool) -> Result<Option<Background>, String> {
    if !with_mock {
        return Ok(None);
    }
    let mut mock = start_mock(MOCK_PORT)?;
    mock.wait_for_port(MOCK_PORT)?;
    println!(
        "\nMOCK PROVIDER (test fixture, not a real model) on http://127.0.0.1:{MOCK_PORT}/v1\n\
         In Skein's settings use base URL http://127.0.0.1:{MOCK_PORT}/v1 and model mock-model.\n"
    );
    Ok(Some(mock))
}

/// `cargo xtask serve --example embed`: the example page with the embeddable package, under
/// the same policy as the app.
pub fn serve_embed_example(with_mock: bool) -> Result<(), String> {
    setup::run_setup()?;
    let _mock = mock_if(with_mock)?;
    let site = crate::embed::build_example_site()?;
    println!("\nSkein embed example: http://127.0.0.1:{APP_PORT}/ (Ctrl-C stops)\n");
    crate::static_server::serve(&site, "/", APP_PORT)
}

/// Builds the MCP test fixture server and starts it on `port`.
pub fn start_mcp_fixture(port: u16) -> Result<Background, String> {
    run(process::cargo().args(["build", "--quiet", "-p", "skein-mcp-fixture"]))?;
    let binary = root().join("target/debug/skein-mcp-fixture");
    Background::spawn(
        "MCP fixture server",
        Command::new(binary).args(["--port", &port.to_string()]),
    )
}

/// Builds the mock provider and starts it on `port`.
pub fn start_mock(port: u16) -> Result<Background, String> {
    run(process::cargo().args(["build", "--quiet", "-p", "skein-mock-provider"]))?;
    let binary = root().join("target/debug/skein-mock-provider");
    Background::spawn(
        "mock provider",
        Command::new(binary).args(["--port", &port.to_string()]),
    )
}

/// `cargo xtask dist`: set up, then [`build_dist`].
pub fn dist(public_url: &str, dist_dir: &str) -> Result<PathBuf, String> {
    setup::run_setup()?;
    build_dist(public_url, dist_dir)
}

/// An optimised build into `dist_dir`, for serving under `public_url`: Trunk's page, stylesheet
/// and static files, the wasm split into modules loaded on first use ([`crate::split`]), made
/// into the installable app under the policy ([`crate::pwa::finish`]).
pub fn build_dist(public_url: &str, dist_dir: &str) -> Result<PathBuf, String> {
    let page_dir = root().join("target/web-page");
    std::fs::create_dir_all(&page_dir).map_err(|e| format!("{}: {e}", page_dir.display()))?;
    let html = std::fs::read_to_string(root().join("index.html"))
        .map_err(|e| format!("index.html: {e}"))?;
    let page = page_dir.join("index.html");
    crate::files::write(&page, crate::split::page_without_rust(&html)?)?;
    let dir = root().join(dist_dir);
    run(Command::new("trunk")
        .args(["build", "--release", "--public-url", public_url, "--dist"])
        .arg(&dir)
        .arg(&page)
        .current_dir(root()))?;
    let app = crate::split::build_into(&dir, public_url)?;
    let version = crate::pwa::finish(&dir, public_url)?;
    println!("dist: build {version}: wasm in {app}/, loader, policy, service worker and _headers written");
    report_sizes(&dir)?;
    Ok(dir)
}

/// Prints the size of the wasm and JS the browser downloads, raw and gzip-compressed.
fn report_sizes(dir: &Path) -> Result<(), String> {
    let mut total = (0u64, 0u64);
    for file in crate::pwa::files_under(dir)? {
        if !(file.ends_with(".wasm") || file.ends_with(".js")) {
            continue;
        }
        let path = dir.join(&file);
        let raw = std::fs::metadata(&path).map(|m| m.len()).unwrap_or(0);
        let gz = gzip_size(&path).unwrap_or(0);
        total = (total.0 + raw, total.1 + gz);
        println!("dist: {file:<48} {raw:>9} bytes raw, {gz:>9} bytes gzip");
    }
    println!(
        "dist: wasm + js total {} bytes raw, {} bytes gzip",
        total.0, total.1
    );
    Ok(())
}

fn gzip_size(path: &Path) -> Option<u64> {
    let out = Command::new("gzip")
        .arg("-9")
        .arg("-c")
        .arg(path)
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout.len() as u64)
}
