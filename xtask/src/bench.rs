//! `cargo xtask bench`: the benchmarks whose figures issues quote. Each prints its own result
//! line; record the figure together with this command.

use crate::process::{self, run};

pub fn run_benches() -> Result<(), String> {
    run(process::cargo().args(["bench", "-p", "skein-engine", "--bench", "sse_decode"]))
}
