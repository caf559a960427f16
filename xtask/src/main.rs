//! # xtask: the only entry points a user or CI needs
//!
//! - `cargo xtask setup`: install every tool the project needs, only what is missing.
//! - `cargo xtask serve [--mock] [--dev]`: set up, build and serve the app on
//!   http://127.0.0.1:8080 (the installable build; `--dev` rebuilds on change).
//! - `cargo xtask dist [--public-url /path/]`: an optimised static build in `dist/`;
//!   `--extension`: the Manifest V3 browser extension (`dist-extension/`, `skein-extension.zip`).
//! - `cargo xtask test`: set up, then run every test tier; non-zero exit if any fails.
//! - `cargo xtask bench`: the benchmarks whose figures issues quote.
//! - `cargo xtask fuzz [SECONDS]`: the engine's fuzz targets (needs a nightly toolchain).
//!
//! Only the Rust standard library is used, so the first `cargo xtask` compiles in seconds.

mod architecture;
mod bench;
#[cfg(test)]
mod catalogue;
mod embed;
mod extension;
mod files;
mod fuzz;
mod module_graph;
mod policy;
mod process;
mod pwa;
mod serve;
mod setup;
mod split;
mod static_server;
mod test;
mod tools;
mod zip;

use std::process::ExitCode;

const USAGE: &str = "usage: cargo xtask <command>

commands:
  setup                       install the toolchain pieces that are missing
  serve [--mock] [--dev]      build and serve the app on http://127.0.0.1:8080
        [--port N]            (--mock also starts the mock provider test fixture on 18080;
        [--mock-port N]       --dev rebuilds on change, without service worker or policy;
                              --port / --mock-port choose other ports, e.g. when a llama.cpp
                              server already uses 8080)
  dist [--public-url PATH]    optimised static build in dist/ (default public URL: /)
  dist --extension            the browser extension: dist-extension/ and skein-extension.zip
  dist --embed                the package other pages import (ES module, wasm, .d.ts): dist-embed/
  serve --example embed       the example page using the package, on http://127.0.0.1:8080
                              (with --mock, the mock provider too)
  test                        run every test tier (lint, native, browser, end-to-end)
  test --e2e FILE...          only these end-to-end files (e.g. honesty.test.mjs)
  bench                       run the benchmarks
  fuzz [SECONDS]              run the engine's fuzz targets (nightly toolchain; default 60 s)";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("setup") => setup::run_setup(),
        Some("serve") if args.iter().any(|a| a == "--example") => {
            match args.iter().skip_while(|a| *a != "--example").nth(1) {
                Some(name) if name == "embed" => {
                    let rest: Vec<String> = args[1..]
                        .iter()
                        .filter(|a| *a != "--example" && *a != "embed")
                        .cloned()
                        .collect();
                    serve::ServeOptions::parse(&rest)
                        .and_then(|options| serve::serve_embed_example(&options))
                }
                other => Err(format!(
                    "unknown example {:?}: the one example is `--example embed`",
                    other.map(String::as_str).unwrap_or("")
                )),
            }
        }
        Some("serve") => {
            serve::ServeOptions::parse(&args[1..]).and_then(|options| serve::serve(&options))
        }
        Some("dist") if args.iter().any(|a| a == "--embed") => {
            setup::run_setup().and_then(|()| embed::build_embed().map(|_| ()))
        }
        Some("dist") if args.iter().any(|a| a == "--extension") => setup::run_setup()
            .and_then(|()| extension::build_extension(extension::UNPACKED).map(|_| ())),
        Some("dist") => match public_url_arg(&args[1..]) {
            Ok(url) => serve::dist(url.as_deref().unwrap_or("/"), "dist").map(|_| ()),
            Err(e) => Err(e),
        },
        Some("test") if args.get(1).is_some_and(|a| a == "--e2e") => {
            test::run_end_to_end(&args[2..])
        }
        Some("test") => test::run_tiers(),
        Some("bench") => bench::run_benches(),
        Some("fuzz") => fuzz::run_fuzz(args.get(1).map(String::as_str)),
        Some("help" | "--help" | "-h") => {
            println!("{USAGE}");
            Ok(())
        }
        _ => Err(format!("unknown or missing command\n\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("xtask: {message}");
            ExitCode::FAILURE
        }
    }
}

fn public_url_arg(args: &[String]) -> Result<Option<String>, String> {
    let mut url = None;
    let mut iter = args.iter();
    while let Some(arg) = iter.next() {
        match arg.as_str() {
            "--public-url" => {
                let value = iter.next().ok_or("--public-url needs a value")?;
                url = Some(value.clone());
            }
            other => return Err(format!("unknown dist argument: {other}")),
        }
    }
    Ok(url)
}
