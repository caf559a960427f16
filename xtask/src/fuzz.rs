//! `cargo xtask fuzz [SECONDS]`: runs the engine's cargo-fuzz targets (`engine/fuzz/`) on the
//! host for a while each. libFuzzer needs a nightly compiler: this machine's rustup must have
//! one (it cannot be downloaded here: only the package registries are reachable). cargo-fuzz
//! itself is installed from crates.io when missing.

use crate::process::{self, run};
use std::process::Command;

const TARGETS: [&str; 1] = ["sse_decoder"];
const DEFAULT_SECONDS: u32 = 60;

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
    if !has_nightly() {
        return Err(
            "fuzzing needs a nightly Rust toolchain (`rustup toolchain list` shows none); \
                    install one where static.rust-lang.org is reachable"
                .into(),
        );
    }
    if !has_cargo_fuzz() {
        run(process::cargo().args(["install", "cargo-fuzz", "--locked"]))?;
    }
    for target in TARGETS {
        // Through rustup, which picks the nightly toolchain (cargo itself cannot).
        run(Command::new("rustup")
            .current_dir(process::root().join("engine/fuzz"))
            .args(["run", "nightly", "cargo", "fuzz", "run", target, "--"])
            .arg(format!("-max_total_time={seconds}")))?;
    }
    Ok(())
}
