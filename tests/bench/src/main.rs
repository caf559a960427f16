//! `skein-bench`: the host side of `cargo xtask bench`.
//!
//! - `skein-bench fixtures DIR`: writes the backups the browser figures import (a 500- and a
//!   2,000-message conversation, 1,000 conversations).
//! - `skein-bench native`: measures the engine workloads natively and prints one JSON object
//!   per figure (`{"id", "median_ms", "runs", "detail"}`), and the honesty gates' figures on
//!   their corpora (`{"id", "gate": {…}}`).
//! - `skein-bench fuzz-seeds DIR`: writes the hostile Markdown corpus, 4 KB each, as the first
//!   inputs of the Markdown fuzz target (`cargo xtask fuzz`).

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
        Some("fuzz-seeds") => write_fuzz_seeds(args.get(1).map_or("target/seeds", String::as_str)),
        _ => Err(
            "usage: skein-bench fixtures DIR | skein-bench native | skein-bench fuzz-seeds DIR"
                .to_owned(),
        ),
    };
    if let Err(message) = result {
        eprintln!("skein-bench: {message}");
        std::process::exit(1);
    }
}

fn write_fuzz_seeds(dir: &str) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{dir}: {e}"))?;
    for (i, (_, text)) in skein_engine::render::markdown::hostile::corpus(4 << 10)
        .into_iter()
        .enumerate()
    {
        // The target reads its first byte as the streaming step.
        let mut seed = vec![7u8];
        seed.extend_from_slice(text.as_bytes());
        let path = format!("{dir}/hostile-{i:02}");
        std::fs::write(&path, seed).map_err(|e| format!("{path}: {e}"))?;
    }
    Ok(())
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
    // Sync's figure: 10,000 messages in 100 conversations of 100.
    write(
        "sync-10000.json",
        fixtures::backup(
            (0..100)
                .map(|i| fixtures::linear_conversation(&format!("s{i}"), 100, 1.0e12 + i as f64))
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
    markdown_worst_case();
    honesty_gates();
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

/// The honesty gates' precision and recall on the corpus they were written against and on the
/// held-out set (one line per gate, language and corpus, with `gate` instead of a time).
fn honesty_gates() {
    use skein_engine::chat::honesty::corpus::measure;
    for (corpus, json) in [
        ("corpus", include_str!("../../fixtures/honesty/corpus.json")),
        (
            "held out",
            include_str!("../../fixtures/honesty/held_out.json"),
        ),
    ] {
        let Ok(measured) = measure(json) else {
            eprintln!("skein-bench: the {corpus} cannot be read");
            continue;
        };
        for f in measured.figures {
            println!(
                "{}",
                serde_json::json!({
                    "id": format!("gate_{}_{}_{}", f.gate, f.lang, corpus.replace(' ', "_")),
                    "gate": {
                        "corpus": corpus, "gate": f.gate, "lang": f.lang, "cases": f.cases(),
                        "true": f.true_pos + f.false_neg, "benign": f.false_pos + f.true_neg,
                        "precision": f.precision(), "recall": f.recall(),
                        "false_alarms": f.false_pos, "missed": f.false_neg,
                    }
                })
            );
        }
    }
}

/// The slowest input of the hostile Markdown corpus at 100 KB, parsed whole and streamed in
/// 200 updates, and the same input at 1 MB: the ratio shows whether the work is linear.
fn markdown_worst_case() {
    let worst = |streamed: bool| {
        let mut slowest = ("", 0.0);
        for (name, text) in skein_engine::render::markdown::hostile::corpus(100 << 10) {
            let median = median_ms(5, || markdown_work(&text, streamed));
            if median > slowest.1 {
                slowest = (name, median);
            }
        }
        slowest
    };
    for (streamed, id, how) in [
        (false, "markdown_worst_native_100k", "parsed whole"),
        (
            true,
            "markdown_worst_stream_native_100k",
            "streamed in 200 updates",
        ),
    ] {
        let (name, median) = worst(streamed);
        let big = skein_engine::render::markdown::hostile::corpus(1 << 20)
            .into_iter()
            .find(|(n, _)| *n == name)
            .map(|(_, text)| median_ms(3, || markdown_work(&text, streamed)))
            .unwrap_or(f64::NAN);
        report(
            id,
            5,
            median,
            &format!(
                "worst of {} hostile inputs: {name}, {how}; at 1 MB {big:.1} ms ({:.1}× for 10× the bytes)",
                skein_engine::render::markdown::hostile::corpus(1).len(),
                big / median
            ),
        );
    }
}

fn markdown_work(text: &str, streamed: bool) -> usize {
    if streamed {
        workloads::stream_markdown(text, 200)
    } else {
        workloads::parse_markdown(text)
    }
}
