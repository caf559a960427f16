//! `cargo xtask serve` and `cargo xtask dist`.

use crate::process::{self, root, run, Background};
use crate::setup;
use std::path::{Path, PathBuf};
use std::process::Command;

pub const APP_PORT: u16 = 8080;
pub const MOCK_PORT: u16 = 18080;

/// What `cargo xtask serve` was asked for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ServeOptions {
    /// Also start the mock provider (a test fixture).
    pub mock: bool,
    /// Trunk's rebuild-on-change server instead of the dist build.
    pub dev: bool,
    /// The app's port (`--port`; 8080 by default, which llama.cpp's server also uses).
    pub port: u16,
    /// The mock provider's port (`--mock-port`).
    pub mock_port: u16,
}

impl ServeOptions {
    /// Reads `serve`'s arguments (after the command): `--mock`, `--dev`, `--port N`,
    /// `--mock-port N`.
    pub fn parse(args: &[String]) -> Result<Self, String> {
        let mut options = Self {
            mock: false,
            dev: false,
            port: APP_PORT,
            mock_port: MOCK_PORT,
        };
        let mut iter = args.iter();
        while let Some(arg) = iter.next() {
            let mut number = |name: &str| {
                iter.next()
                    .and_then(|v| v.parse::<u16>().ok())
                    .filter(|port| *port != 0)
                    .ok_or(format!("{name} needs a port number (1–65535)"))
            };
            match arg.as_str() {
                "--mock" => options.mock = true,
                "--dev" => options.dev = true,
                "--port" => options.port = number("--port")?,
                "--mock-port" => options.mock_port = number("--mock-port")?,
                other => return Err(format!("unknown serve argument: {other}")),
            }
        }
        if options.mock && options.port == options.mock_port {
            return Err(format!(
                "--port and --mock-port are both {}: pick two ports",
                options.port
            ));
        }
        Ok(options)
    }
}

/// Fails at once, before anything is built, when `port` is taken, saying how to choose
/// another (`flag`).
pub fn ensure_free(port: u16, flag: &str) -> Result<(), String> {
    std::net::TcpListener::bind(("127.0.0.1", port))
        .map(drop)
        .map_err(|e| {
            format!(
                "port {port} on 127.0.0.1 is in use ({e}); something else is serving there (a \
                 llama.cpp server uses 8080 by default). Stop it, or choose another port: \
                 cargo xtask serve {flag} {}",
                port.saturating_add(1)
            )
        })
}

/// `cargo xtask serve`: the app as it is deployed (the optimised build, installable and
/// offline-capable, under the policy), or with `dev` Trunk's rebuild-on-change server (no
/// service worker, no policy: Trunk's live reload is an inline script).
pub fn serve(options: &ServeOptions) -> Result<(), String> {
    let port = options.port;
    ensure_free(port, "--port")?;
    if options.mock {
        ensure_free(options.mock_port, "--mock-port")?;
    }
    setup::run_setup()?;
    let _mock = mock_if(options.mock, options.mock_port)?;
    if !options.dev {
        let dir = build_dist("/", "dist")?;
        let listener = crate::static_server::bind(port)?;
        println!(
            "\nSkein: http://127.0.0.1:{port}/ (the dist build; install it from the browser's \
             address bar; Ctrl-C stops)\n"
        );
        return crate::static_server::serve_on(listener, &dir, "/");
    }
    println!("\nSkein (dev): http://127.0.0.1:{port}/ (building first; Ctrl-C stops)\n");
    let trunk = Background::spawn(
        "trunk serve",
        Command::new("trunk")
            .args([
                "serve",
                "--address",
                "127.0.0.1",
                "--port",
                &port.to_string(),
            ])
            .current_dir(root()),
    )?;
    trunk.wait()
}

/// The mock provider test fixture, when asked for, announced as what it is.
fn mock_if(with_mock: bool, port: u16) -> Result<Option<Background>, String> {
    if !with_mock {
        return Ok(None);
    }
    let mut mock = start_mock(port)?;
    mock.wait_for_port(port)?;
    println!(
        "\nMOCK PROVIDER (test fixture, not a real model) on http://127.0.0.1:{port}/v1\n\
         In Skein's settings use base URL http://127.0.0.1:{port}/v1 and model mock-model.\n"
    );
    Ok(Some(mock))
}

/// `cargo xtask serve --example embed`: the example page with the embeddable package, under
/// the same policy as the app.
pub fn serve_embed_example(options: &ServeOptions) -> Result<(), String> {
    ensure_free(options.port, "--port")?;
    setup::run_setup()?;
    let _mock = mock_if(options.mock, options.mock_port)?;
    let site = crate::embed::build_example_site()?;
    let listener = crate::static_server::bind(options.port)?;
    println!(
        "\nSkein embed example: http://127.0.0.1:{}/ (Ctrl-C stops)\n",
        options.port
    );
    crate::static_server::serve_on(listener, &site, "/")
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

#[cfg(test)]
mod tests {
    use super::*;

    fn args(list: &[&str]) -> Vec<String> {
        list.iter().map(|a| (*a).to_owned()).collect()
    }

    #[test]
    fn ports_can_be_chosen() {
        let options =
            ServeOptions::parse(&args(&["--mock", "--port", "9000", "--mock-port", "9001"]))
                .unwrap();
        assert_eq!(
            (options.port, options.mock_port, options.mock),
            (9000, 9001, true)
        );
        let default = ServeOptions::parse(&[]).unwrap();
        assert_eq!((default.port, default.mock_port), (APP_PORT, MOCK_PORT));
        for bad in [
            &["--port"][..],
            &["--port", "x"],
            &["--port", "0"],
            &["--mock", "--port", "9", "--mock-port", "9"],
            &["--prot", "9"],
        ] {
            assert!(ServeOptions::parse(&args(bad)).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn a_taken_port_is_said_before_anything_is_built() {
        let taken = std::net::TcpListener::bind(("127.0.0.1", 0)).unwrap();
        let port = taken.local_addr().unwrap().port();
        let error = ensure_free(port, "--port").unwrap_err();
        assert!(error.contains(&format!("port {port}")), "{error}");
        assert!(error.contains("cargo xtask serve --port"), "{error}");
        drop(taken);
        assert!(ensure_free(port, "--port").is_ok());
    }
}
