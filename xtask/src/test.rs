//! `cargo xtask test`: every tier, in order of cost, failing at the end if any tier failed.
//!
//! 1. lint: `cargo fmt --check`, the crate-graph boundaries, clippy `-D warnings` for the host
//!    and for wasm32 (also the embed build), `tsc` on the embeddable package's declarations;
//! 2. native: `cargo test` for the host crates (engine, xtask, mock provider, MCP fixture);
//! 3. browser: `wasm-bindgen-test` in headless Chromium (platform, components), against the mock
//!    provider test fixture;
//! 4. end to end: Playwright against the `dist` build (served under a sub-path), the browser
//!    extension build, the embeddable package's example page, the mock, and the MCP fixture
//!    server.

use crate::process::{self, free_port, root, run, run_watching};
use crate::serve::{build_dist, start_mcp_fixture, start_mock};
use crate::setup;
use crate::tools::{CHROMEDRIVER, CHROMIUM, WASM_TARGET};
use std::process::Command;

const HOST_CRATES: [&str; 6] = [
    "skein-engine",
    "skein-wire",
    "xtask",
    "skein-mock-provider",
    "skein-mcp-fixture",
    "skein-bench",
];
/// Linted for wasm32 with their tests. The engine's tests are host tests (proptest needs an OS
/// random source), so for wasm32 only its library is linted.
const WASM_CRATES: [&str; 4] = ["skein-platform", "skein-components", "skein", "skein-bench"];
const BROWSER_TEST_CRATES: [&str; 2] = ["skein-platform", "skein-components"];
/// The sub-path the end-to-end tests serve the build under (proves `--public-url` works).
const E2E_PUBLIC_PATH: &str = "/skein/";

/// Test counts gathered from the runners' own summary lines.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Tally {
    pub passed: u64,
    pub failed: u64,
}

impl Tally {
    /// Reads `test result: ok. 5 passed; 0 failed; …` (cargo test, wasm-bindgen-test-runner)
    /// and `# pass 3` / `# fail 0` (node's TAP reporter).
    pub fn read_line(&mut self, line: &str) {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix("test result: ") {
            for part in rest.split([';', '.']) {
                let mut words = part.split_whitespace();
                match (words.next().map(str::parse::<u64>), words.next()) {
                    (Some(Ok(n)), Some("passed")) => self.passed += n,
                    (Some(Ok(n)), Some("failed")) => self.failed += n,
                    _ => {}
                }
            }
        } else if let Some(n) = line.strip_prefix("# pass ") {
            self.passed += n.trim().parse::<u64>().unwrap_or(0);
        } else if let Some(n) = line.strip_prefix("# fail ") {
            self.failed += n.trim().parse::<u64>().unwrap_or(0);
        }
    }
}

fn with_packages(command: &mut Command, crates: &[&str]) {
    for name in crates {
        command.args(["-p", name]);
    }
}

fn lint() -> Result<(), String> {
    run(process::cargo().args(["fmt", "--all", "--check"]))?;
    crate::architecture::check()?;
    crate::module_graph::check(&root())?;
    crate::architecture::check_store_access(&root().join("src"))?;
    // The engine's docs are its design notes: broken links in them fail the build.
    run(process::cargo()
        .args([
            "doc",
            "--quiet",
            "--no-deps",
            "-p",
            "skein-engine",
            "-p",
            "skein-wire",
        ])
        .env("RUSTDOCFLAGS", "-D warnings"))?;
    let mut host = process::cargo();
    host.arg("clippy");
    with_packages(&mut host, &HOST_CRATES);
    run(host.args(["--all-targets", "--", "-D", "warnings"]))?;
    run(process::cargo().args([
        "clippy",
        "--target",
        WASM_TARGET,
        "-p",
        "skein-engine",
        "-p",
        "skein-wire",
        "--lib",
        "--",
        "-D",
        "warnings",
    ]))?;
    let mut wasm = process::cargo();
    wasm.args(["clippy", "--target", WASM_TARGET]);
    with_packages(&mut wasm, &WASM_CRATES);
    run(wasm.args(["--all-targets", "--", "-D", "warnings"]))?;
    // The embed build (the engine's JavaScript API) and the package's TypeScript declarations.
    run(process::cargo().args([
        "clippy",
        "--target",
        WASM_TARGET,
        "-p",
        "skein",
        "--features",
        "embed",
        "--",
        "-D",
        "warnings",
    ]))?;
    crate::embed::check_types()
}

fn native(tally: &mut Tally) -> Result<(), String> {
    let mut command = process::cargo();
    command.arg("test");
    with_packages(&mut command, &HOST_CRATES);
    run_watching(&mut command, |line| tally.read_line(line))
}

fn browser(tally: &mut Tally, mock_url: &str) -> Result<(), String> {
    let mut command = process::cargo();
    command.args(["test", "--target", WASM_TARGET]);
    with_packages(&mut command, &BROWSER_TEST_CRATES);
    command
        .env("CHROMEDRIVER", CHROMEDRIVER)
        .env("SKEIN_MOCK_URL", mock_url)
        .env("WASM_BINDGEN_TEST_TIMEOUT", "120");
    run_watching(&mut command, |line| tally.read_line(line))
}

fn end_to_end(
    tally: &mut Tally,
    mock_url: &str,
    mcp_url: &str,
    files: &[String],
) -> Result<(), String> {
    let dist_dir = build_dist(E2E_PUBLIC_PATH, "target/e2e-dist")?;
    let extension_dir = crate::extension::build_extension("target/e2e-extension")?;
    let embed_site = crate::embed::build_example_site()?;
    let mut command = Command::new("node");
    command
        .args(["--test", "--test-reporter=tap", "--test-concurrency=1"])
        .args(files)
        .current_dir(root().join("tests/e2e"))
        .env("SKEIN_DIST_DIR", &dist_dir)
        .env("SKEIN_EXTENSION_DIR", &extension_dir)
        .env("SKEIN_EMBED_SITE", &embed_site)
        .env("SKEIN_PUBLIC_PATH", E2E_PUBLIC_PATH)
        .env("SKEIN_MOCK_URL", mock_url)
        .env("SKEIN_MCP_URL", mcp_url)
        .env("CHROMIUM", CHROMIUM);
    run_watching(&mut command, |line| tally.read_line(line))
}

/// `cargo xtask test --e2e FILE…`: only the named end-to-end files (e.g. `honesty.test.mjs`),
/// with the same builds and fixture servers as the full run; for working on one feature.
pub fn run_end_to_end(files: &[String]) -> Result<(), String> {
    setup::run_setup()?;
    let mut tally = Tally::default();
    let port = free_port()?;
    let mut mock = start_mock(port)?;
    mock.wait_for_port(port)?;
    let mcp_port = free_port()?;
    let mut mcp = start_mcp_fixture(mcp_port)?;
    mcp.wait_for_port(mcp_port)?;
    let result = end_to_end(
        &mut tally,
        &format!("http://127.0.0.1:{port}"),
        &format!("http://127.0.0.1:{mcp_port}"),
        files,
    );
    println!("summary: {} passed, {} failed", tally.passed, tally.failed);
    result
}

pub fn run_tiers() -> Result<(), String> {
    setup::run_setup()?;
    let started = std::time::Instant::now();
    let mut tally = Tally::default();
    let mut failures = Vec::new();
    let mut tier = |name: &str, result: Result<(), String>| {
        if let Err(err) = result {
            eprintln!("xtask test: tier {name} FAILED: {err}");
            failures.push(name.to_owned());
        }
    };
    tier("lint", lint());
    tier("native", native(&mut tally));

    let port = free_port()?;
    let mock_url = format!("http://127.0.0.1:{port}");
    let mut mock = start_mock(port)?;
    mock.wait_for_port(port)?;
    tier("browser", browser(&mut tally, &mock_url));
    let mcp_port = free_port()?;
    let mut mcp = start_mcp_fixture(mcp_port)?;
    mcp.wait_for_port(mcp_port)?;
    let mcp_url = format!("http://127.0.0.1:{mcp_port}");
    tier(
        "end-to-end",
        end_to_end(&mut tally, &mock_url, &mcp_url, &[]),
    );
    drop(mcp);
    drop(mock);

    println!(
        "\nxtask test: finished in {:.0} s; tiers failed: {}",
        started.elapsed().as_secs_f64(),
        if failures.is_empty() {
            "none".to_owned()
        } else {
            failures.join(", ")
        }
    );
    // A closing line any CI reader understands.
    println!("summary: {} passed, {} failed", tally.passed, tally.failed);
    if failures.is_empty() {
        Ok(())
    } else {
        Err(format!("failed tiers: {}", failures.join(", ")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(lines: &[&str]) -> Tally {
        let mut tally = Tally::default();
        for line in lines {
            tally.read_line(line);
        }
        tally
    }

    #[test]
    fn runner_summaries_are_counted() {
        let counted = tally(&[
            "test result: ok. 45 passed; 0 failed; 0 ignored; 0 measured; 0 filtered out; finished in 0.02s",
            "test result: FAILED. 3 passed; 2 failed; 0 ignored",
            "# pass 4",
            "# fail 1",
            "test foo ... ok",
            "# tests 5",
        ]);
        assert_eq!(
            counted,
            Tally {
                passed: 52,
                failed: 3
            }
        );
    }
}
