//! The gates on the corpus the rules were written against (`corpus.json`) and on a held-out
//! set written apart from both the rules and that corpus (`held_out.json`, measured first as
//! it came, then kept as a test). No benign request may be refused; the other floors keep the
//! figures in `BENCHMARKS.md` from sliding.
//!
//! `cargo test -p skein-engine honesty_corpus -- --nocapture` prints the tables.

use super::corpus::{measure, GateFigures};

const FLOOR_REFUSAL_RECALL: f64 = 0.95;
const FLOOR_PRECISION: f64 = 0.95;
const FLOOR_FABRICATION_RECALL: f64 = 0.95;

fn check(name: &str, json: &str, at_least: u32) {
    let measured = measure(json).expect("the corpus is readable");
    println!("{name}\n| gate | language | cases (true/benign) | precision | recall | false alarms | missed |");
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for c in &measured.figures {
        println!(
            "| {} | {} | {} ({}/{}) | {:.2} | {:.2} | {} | {} |",
            c.gate,
            c.lang,
            c.cases(),
            c.true_pos + c.false_neg,
            c.false_pos + c.true_neg,
            c.precision(),
            c.recall(),
            c.false_pos,
            c.false_neg
        );
    }
    let wrong = &measured.wrong;
    for case in wrong {
        println!("wrong: {case}");
    }
    let total = |gate: &str| -> GateFigures {
        measured
            .figures
            .iter()
            .find(|f| f.gate == gate && f.lang == "all")
            .cloned()
            .unwrap_or_default()
    };
    let cases: u32 = ["refusal", "fabrication", "follow_up"]
        .iter()
        .map(|g| total(g).cases())
        .sum();
    assert!(
        cases >= at_least,
        "{name} has at least {at_least} cases ({cases})"
    );
    // Not one benign request refused, in any language.
    assert_eq!(total("refusal").false_pos, 0, "false refusals: {wrong:#?}");
    assert!(
        total("refusal").recall() >= FLOOR_REFUSAL_RECALL,
        "{wrong:#?}"
    );
    assert!(
        total("fabrication").precision() >= FLOOR_PRECISION,
        "{wrong:#?}"
    );
    assert!(
        total("fabrication").recall() >= FLOOR_FABRICATION_RECALL,
        "{wrong:#?}"
    );
    assert!(
        total("follow_up").precision() >= FLOOR_PRECISION,
        "{wrong:#?}"
    );
}

#[test]
fn honesty_corpus_figures() {
    check(
        "corpus",
        include_str!("../../../../tests/fixtures/honesty/corpus.json"),
        200,
    );
}

#[test]
fn honesty_corpus_held_out_figures() {
    check(
        "held out",
        include_str!("../../../../tests/fixtures/honesty/held_out.json"),
        150,
    );
}

#[test]
fn an_unreadable_corpus_is_an_error() {
    assert!(measure("{").is_err());
    assert!(measure(r#"{"cases":[{"gate":"x","lang":"en","text":"t","expect":true}]}"#).is_err());
}
