//! `cargo xtask bench`: every figure of BENCHMARKS.md, measured on this machine and written
//! there with the command that produced it.
//!
//! 1. native: the engine workloads on the host (`skein-bench native`, release build);
//! 2. fixtures: the Skein backups the browser figures import (`skein-bench fixtures`);
//! 3. the bench page: the same workloads as a wasm module beside the JavaScript libraries they
//!    are compared with;
//! 4. the release `dist` and the mock provider test fixture;
//! 5. `tests/bench/run.mjs` drives Chromium through both and writes BENCHMARKS.md.

use crate::process::{self, free_port, root, run};
use crate::serve::{build_dist, start_mock};
use crate::setup;
use crate::tools::{CHROMIUM, WASM_TARGET};
use std::process::Command;

const PUBLIC_PATH: &str = "/skein/";
const OUT_DIR: &str = "target/bench";
const PAGE_DIR: &str = "target/bench/page";

pub fn run_benches() -> Result<(), String> {
    setup::run_setup()?;
    let started = std::time::Instant::now();
    let started_ms = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis());
    let out = root().join(OUT_DIR);
    std::fs::create_dir_all(&out).map_err(|e| format!("{}: {e}", out.display()))?;

    run(process::cargo().args([
        "build",
        "--release",
        "-p",
        "skein-bench",
        "--bin",
        "skein-bench",
    ]))?;
    let tool = root().join("target/release/skein-bench");
    println!("bench: native figures");
    let native = Command::new(&tool)
        .arg("native")
        .output()
        .map_err(|e| format!("cannot run skein-bench: {e}"))?;
    if !native.status.success() {
        return Err(format!(
            "skein-bench native failed: {}",
            String::from_utf8_lossy(&native.stderr)
        ));
    }
    let native_json = out.join("native.json");
    std::fs::write(&native_json, &native.stdout).map_err(|e| e.to_string())?;
    run(Command::new(&tool)
        .args(["fixtures", OUT_DIR])
        .current_dir(root()))?;

    build_page()?;
    let dist = build_dist(PUBLIC_PATH, "target/bench-dist")?;
    let embed = crate::embed::build_embed()?;
    let port = free_port()?;
    let mut mock = start_mock(port)?;
    mock.wait_for_port(port)?;
    let result = run(Command::new("node")
        .arg("run.mjs")
        .current_dir(root().join("tests/bench"))
        .env("SKEIN_DIST_DIR", &dist)
        .env("BENCH_EMBED_DIR", &embed)
        .env("SKEIN_PUBLIC_PATH", PUBLIC_PATH)
        .env("SKEIN_MOCK_URL", format!("http://127.0.0.1:{port}"))
        .env("CHROMIUM", CHROMIUM)
        .env("BENCH_PAGE_DIR", root().join(PAGE_DIR))
        .env("BENCH_FIXTURES_DIR", &out)
        .env("BENCH_NATIVE_JSON", &native_json)
        .env("BENCH_OUT", root().join("BENCHMARKS.md"))
        .env("BENCH_COMMAND", "cargo xtask bench")
        .env("BENCH_STARTED_MS", started_ms.to_string()));
    drop(mock);
    println!(
        "bench: finished in {:.1} min",
        started.elapsed().as_secs_f64() / 60.0
    );
    result
}

/// The bench page: the wasm module (wasm-bindgen, `--target web`), the page, and the npm
/// libraries it compares with, in one directory to serve.
fn build_page() -> Result<(), String> {
    run(process::cargo().args([
        "build",
        "--release",
        "--target",
        WASM_TARGET,
        "-p",
        "skein-bench",
        "--lib",
    ]))?;
    let page = root().join(PAGE_DIR);
    let _ = std::fs::remove_dir_all(&page);
    run(Command::new("wasm-bindgen")
        .args(["--target", "web", "--out-dir"])
        .arg(page.join("pkg"))
        .arg(root().join(format!("target/{WASM_TARGET}/release/skein_bench.wasm"))))?;
    let bench = root().join("tests/bench");
    let copies = [
        ("page/index.html", "index.html"),
        ("page/page.js", "page.js"),
        ("node_modules/marked/lib/marked.esm.js", "lib/marked.esm.js"),
        (
            "node_modules/eventsource-parser/dist/index.js",
            "lib/eventsource-parser/index.js",
        ),
        (
            "node_modules/eventsource-parser/dist/parse.js",
            "lib/eventsource-parser/parse.js",
        ),
        (
            "node_modules/eventsource-parser/dist/errors.js",
            "lib/eventsource-parser/errors.js",
        ),
    ];
    for (from, to) in copies {
        let target = page.join(to);
        if let Some(dir) = target.parent() {
            std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        }
        std::fs::copy(bench.join(from), &target)
            .map_err(|e| format!("copy {from} to {}: {e}", target.display()))?;
    }
    Ok(())
}
