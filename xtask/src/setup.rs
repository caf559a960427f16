//! `cargo xtask setup`: installs what is missing, and only that, from the package registries
//! (crates.io, Debian, npm). Nothing is downloaded from anywhere else: Trunk runs offline and finds
//! wasm-bindgen and wasm-opt on PATH. A second run with everything present takes seconds.

use crate::process::{self, output, root, run};
use crate::tools::*;
use std::path::Path;
use std::process::Command;

pub fn run_setup() -> Result<(), String> {
    add_cargo_bin_to_path();
    ensure_wasm_target()?;
    ensure_cargo_tool("trunk", "trunk", TRUNK_VERSION, &["--locked"])?;
    // The CLI must match the crate in Cargo.lock exactly. Without --locked: one of
    // wasm-bindgen-cli's locked dependencies is missing from crates.io.
    let lock = std::fs::read_to_string(root().join("Cargo.lock")).unwrap_or_default();
    let wasm_bindgen = locked_version(&lock, "wasm-bindgen").unwrap_or(WASM_BINDGEN_VERSION);
    ensure_cargo_tool("wasm-bindgen", "wasm-bindgen-cli", wasm_bindgen, &[])?;
    ensure_wasm_split()?;
    ensure_debian_tools()?;
    ensure_npm_package("xtask/tools", "binaryen")?;
    ensure_npm_package("xtask/tools", "typescript")?;
    ensure_npm_package("xtask/tools", "openai")?;
    ensure_npm_package("tests/e2e", "playwright-core")?;
    ensure_npm_package("tests/e2e", "@axe-core/playwright")?;
    ensure_npm_package("tests/e2e", "pouchdb-server")?;
    ensure_npm_package("tests/bench", "marked")?;
    add_to_path(root().join("xtask/tools/node_modules/.bin"));
    println!("setup: everything is installed");
    Ok(())
}

/// `cargo install` puts tools in `$CARGO_HOME/bin`; make sure the commands we start find them.
fn add_cargo_bin_to_path() {
    let cargo_home = std::env::var_os("CARGO_HOME")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| Path::new(&h).join(".cargo")));
    if let Some(home) = cargo_home {
        add_to_path(home.join("bin"));
    }
}

/// Puts `bin` first on this process's PATH (inherited by every command xtask starts).
fn add_to_path(bin: std::path::PathBuf) {
    let path = std::env::var_os("PATH").unwrap_or_default();
    if std::env::split_paths(&path).any(|p| p == bin) {
        return;
    }
    let joined = std::env::join_paths(std::iter::once(bin).chain(std::env::split_paths(&path)));
    if let Ok(joined) = joined {
        // xtask has started no thread yet, so nothing reads the environment concurrently.
        std::env::set_var("PATH", joined);
    }
}

fn ensure_wasm_target() -> Result<(), String> {
    let installed = output("rustup", &["target", "list", "--installed"]).unwrap_or_default();
    if installed.lines().any(|l| l.trim() == WASM_TARGET) {
        return Ok(());
    }
    run(Command::new("rustup").args(["target", "add", WASM_TARGET]))
}

fn ensure_cargo_tool(
    bin: &str,
    package: &str,
    version: &str,
    extra: &[&str],
) -> Result<(), String> {
    let current = output(bin, &["--version"]);
    if current.as_deref().and_then(version_word) == Some(version) {
        return Ok(());
    }
    println!(
        "setup: {bin} {version} is needed (found: {}); installing from crates.io, this takes minutes",
        current.as_deref().map(str::trim).unwrap_or("none")
    );
    let spec = format!("{package}@{version}");
    let mut command = process::cargo();
    command.args(["install", &spec, "--force"]).args(extra);
    run(&mut command)
}

/// `wasm-split-cli`, at the pinned version (its binary sits behind a feature of the crate).
fn ensure_wasm_split() -> Result<(), String> {
    let list = output("cargo", &["install", "--list"]).unwrap_or_default();
    if installed_version(&list, WASM_SPLIT_PACKAGE) == Some(WASM_SPLIT_VERSION) {
        return Ok(());
    }
    println!("setup: wasm-split-cli {WASM_SPLIT_VERSION} is needed; installing from crates.io");
    let spec = format!("{WASM_SPLIT_PACKAGE}@{WASM_SPLIT_VERSION}");
    run(process::cargo().args([
        "install",
        &spec,
        "--locked",
        "--force",
        "--features",
        "build-binary",
    ]))
}

fn have(program: &str) -> bool {
    output(program, &["--version"]).is_some()
}

fn ensure_debian_tools() -> Result<(), String> {
    let mut missing = Vec::new();
    let chromium = output(CHROMIUM, &["--version"])
        .as_deref()
        .and_then(major_version);
    let driver = output(CHROMEDRIVER, &["--version"])
        .as_deref()
        .and_then(major_version);
    if chromium.is_none() || driver.is_none() || chromium != driver {
        missing.extend(["chromium", "chromium-driver"]);
    }
    if !have("node") || !have("npm") {
        missing.extend(["nodejs", "npm"]);
    }
    // A Chinese font, or the Chinese screenshots of the e2e suite show empty boxes (Arabic is in
    // the fonts Chromium brings along).
    if output("fc-list", &[":lang=zh"]).is_none_or(|fonts| fonts.trim().is_empty()) {
        missing.push("fonts-wqy-microhei");
    }
    if missing.is_empty() {
        return Ok(());
    }
    println!("setup: installing Debian packages: {}", missing.join(" "));
    apt(&["update", "-qq"])?;
    let mut args = vec!["install", "-y", "-qq"];
    args.extend(&missing);
    apt(&args)
}

fn apt(args: &[&str]) -> Result<(), String> {
    let is_root = output("id", &["-u"]).is_some_and(|id| id.trim() == "0");
    let mut command = if is_root {
        Command::new("apt-get")
    } else {
        let mut sudo = Command::new("sudo");
        sudo.arg("apt-get");
        sudo
    };
    command.args(args).env("DEBIAN_FRONTEND", "noninteractive");
    run(&mut command)
}

/// Installs the npm packages locked in `dir` when `package` is missing or at another version.
///
/// - `xtask/tools`: binaryen's `wasm-opt` (Debian's binaryen 108 predates the reference-types
///   handling wasm-bindgen needs: its output fails to start in the browser), and TypeScript's
///   `tsc`, which checks the embeddable package's `index.d.ts` (`cargo xtask test`).
/// - `tests/e2e`: `playwright-core`, which drives the system Chromium and downloads nothing,
///   `@axe-core/playwright`, which runs axe-core's accessibility rules in those pages, and
///   `pouchdb-server`, the CouchDB-protocol server the sync tests replicate with (in memory; its
///   optional native storage back ends are not built).
/// - `tests/bench`: the same, and the JavaScript libraries the benchmarks compare with
///   (`eventsource-parser`, `marked`).
fn ensure_npm_package(dir: &str, package: &str) -> Result<(), String> {
    let dir = root().join(dir);
    let lock = std::fs::read_to_string(dir.join("package-lock.json"))
        .map_err(|e| format!("{}: {e}", dir.join("package-lock.json").display()))?;
    let wanted = npm_locked_version(&lock, package);
    let manifest = dir.join("node_modules").join(package).join("package.json");
    let installed = std::fs::read_to_string(manifest)
        .ok()
        .and_then(|p| json_string_field(&p, "version").map(str::to_owned));
    if wanted.is_some() && installed.as_deref() == wanted {
        return Ok(());
    }
    run(Command::new("npm")
        .args(["ci", "--no-audit", "--no-fund", "--loglevel=error"])
        .current_dir(&dir))
}
