//! `skein-bench`: the host side of `cargo xtask bench`.
//!
//! - `skein-bench fixtures DIR`: writes the backups the browser figures import (a 500- and a
//!   2,000-message conversation, 1,000 conversations).
//! - `skein-bench native`: measures the engine workloads natively and prints one JSON object
//!   per figure (`{"id", "median_ms", "runs", "detail"}`).

use skein_bench::{fixtures, workloads};
use skein_engine::ProviderKind;
use std::hint::black_box;
use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let result = match args.first().map(String::as_str) {
        Some("fixtures") => write_fixtures(args.get(1).map_or("target/bench", String::as_str)),
        Some("native") => {
            native();
            Ok(())
        }
        _ => Err("usage: skein-bench fixtures DIR | skein-bench native".to_owned()),
    };
    if let Err(message) = result {
        eprintln!("skein-bench: {message}");
        std::process::exit(1);
    }
}

fn write_fixtures(dir: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    let write = |name: &str, text: String| {
        let path = format!("{dir}/{name}");
        std::fs::write(&path, text).map_err(|e| format!("{path}: {e}"))
    };
    write(
        "long-500.json",
        fixtures::backup(vec![fixtures::linear_conversation("long500", 500, 1.0e12)]),
    )?;
    write(
        "long-2000.json",
        fixtures::backup(vec![fixtures::linear_conversation(
            "long2000", 2_000, 1.0e12,
        )]),
    )?;
    write(
        "many-1000.json",
        fixtures::backup(
            (0..1_000)
                .map(|i| fixtures::linear_conversation(&format!("c{i}"), 6, 1.0e12 + i as f64))
                .collect(),
        ),
    )?;
    println!("fixtures written to {dir}");
    Ok(())
}

/// The median of `runs` timings of `work`, in milliseconds, after one warm-up run.
fn median_ms(runs: usize, mut work: impl FnMut() -> usize) -> f64 {
    black_box(work());
    let mut times: Vec<f64> = (0..runs)
        .map(|_| {
            let start = Instant::now();
            black_box(work());
            start.elapsed().as_secs_f64() * 1_000.0
        })
        .collect();
    times.sort_by(f64::total_cmp);
    times[times.len() / 2]
}

fn report(id: &str, runs: usize, median: f64, detail: &str) {
    println!(
        "{}",
        serde_json::json!({ "id": id, "median_ms": median, "runs": runs, "detail": detail })
    );
}

fn native() {
    let assembly = workloads::Assembly::new(10_000);
    let bytes = assembly.build();
    report(
        "request_assembly_native",
        21,
        median_ms(21, || assembly.build()),
        &format!("10,000-message branch, valid summary, {bytes}-byte OpenAI body"),
    );
    for (kind, name) in [
        (ProviderKind::OpenAi, "openai"),
        (ProviderKind::Anthropic, "anthropic"),
        (ProviderKind::Gemini, "gemini"),
    ] {
        let transcript = workloads::transcript(kind, 4_000);
        report(
            &format!("sse_decode_native_{name}"),
            11,
            median_ms(11, || workloads::decode_stream(kind, &transcript, 1_024)),
            &format!("4,000 deltas, {} bytes in 1 KiB pieces", transcript.len()),
        );
    }
    for (count, dimension) in [
        (10_000, 384),
        (100_000, 384),
        (10_000, 1_536),
        (100_000, 1_536),
    ] {
        let index = workloads::vector_index(&fixtures::vectors(count, dimension, 3), dimension);
        let query = fixtures::vectors(1, dimension, 4);
        report(
            &format!("cosine_native_{count}x{dimension}"),
            11,
            median_ms(11, || workloads::top10(&index, &query)),
            "top 10",
        );
    }
    let texts = fixtures::corpus(10_000);
    let lexical = workloads::lexical_index(&texts);
    report(
        "bm25_native_10000",
        11,
        median_ms(11, || {
            workloads::bm25_top10(&lexical, "storage vector garden")
        }),
        "top 10 of 10,000 chunks of 120 words",
    );
}
