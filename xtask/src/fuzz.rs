//! `cargo xtask fuzz [SECONDS]`: runs the engine's cargo-fuzz targets (`engine/fuzz/`) on the
//! host for a while each: the SSE and stream decoders, the non-streaming decoders, and the
//! Markdown renderer (seeded with the hostile corpus). Each input has a time budget
//! (`-timeout`): one that takes longer is reported as a failure, like a crash.
//!
//! libFuzzer's instrumentation needs unstable compiler flags: a nightly toolchain when rustup
//! has one, else the stable compiler with `RUSTC_BOOTSTRAP=1` and no sanitizer (only the
//! package registries are reachable here, so a nightly cannot be downloaded). cargo-fuzz itself
//! is installed from crates.io when missing.

use crate::process::{self, run};
use std::process::Command;

const TARGETS: [&str; 3] = ["sse_decoder", "completion_decoders", "markdown"];
const DEFAULT_SECONDS: u32 = 60;
/// The most one input may take, in seconds.
const SECONDS_PER_INPUT: u32 = 2;

fn has_nightly() -> bool {
    Command::new("rustup")
        .args(["toolchain", "list"])
        .output()
        .is_ok_and(|out| String::from_utf8_lossy(&out.stdout).contains("nightly"))
}

fn has_cargo_fuzz() -> bool {
    process::cargo()
        .args(["fuzz", "--version"])
        .output()
        .is_ok_and(|out| out.status.success())
}

pub fn run_fuzz(seconds: Option<&str>) -> Result<(), String> {
    let seconds: u32 = match seconds {
        Some(text) => text
            .parse()
            .map_err(|_| format!("fuzz takes a number of seconds, not {text:?}"))?,
        None => DEFAULT_SECONDS,
    };
    if !has_cargo_fuzz() {
        run(process::cargo().args(["install", "cargo-fuzz", "--locked"]))?;
    }
    let root = process::root();
    let seeds = root.join("target/fuzz-seeds/markdown");
    run(process::cargo()
        .args(["run", "--release", "-p", "skein-bench", "--", "fuzz-seeds"])
        .arg(&seeds))?;
    let nightly = has_nightly();
    for target in TARGETS {
        let mut command = if nightly {
            // Through rustup, which picks the nightly toolchain (cargo itself cannot).
            let mut command = Command::new("rustup");
            command.args(["run", "nightly", "cargo", "fuzz", "run", target]);
            command
        } else {
            let mut command = process::cargo();
            command.env("RUSTC_BOOTSTRAP", "1").args([
                "fuzz",
                "run",
                "--sanitizer",
                "none",
                target,
            ]);
            command
        };
        command.current_dir(root.join("engine/fuzz"));
        // The target's own corpus folder first (new finds go there), then the seeds.
        command.arg(root.join("target/fuzz-corpus").join(target));
        if target == "markdown" {
            command.arg(&seeds);
        }
        std::fs::create_dir_all(root.join("target/fuzz-corpus").join(target))
            .map_err(|e| e.to_string())?;
        run(command.args([
            "--".to_owned(),
            format!("-max_total_time={seconds}"),
            format!("-timeout={SECONDS_PER_INPUT}"),
            "-rss_limit_mb=2048".to_owned(),
        ]))?;
    }
    Ok(())
}
