//! The gates measured on `tests/fixtures/honesty/corpus.json`: requests and replies in English,
//! Chinese and Arabic, benign and true, role-play among them, written apart from the rules. Each
//! gate's detector runs on every case as it is (a character's reply too, although the gates are
//! off for characters by default), so the figures are the rules' own. No benign request may be
//! refused; the other floors keep the figures in `BENCHMARKS.md` from sliding.
//!
//! `cargo test -p skein-engine honesty_corpus -- --nocapture` prints the table that
//! `cargo xtask bench` copies into `BENCHMARKS.md`.

use super::{fabricated_action, follow_up_promises, honest_refusal};
use serde::Deserialize;

#[derive(Deserialize)]
struct Corpus {
    cases: Vec<Case>,
}

#[derive(Deserialize)]
struct Case {
    gate: String,
    lang: String,
    text: String,
    #[serde(default)]
    request: String,
    #[serde(default)]
    tools: Vec<(String, String)>,
    expect: bool,
}

impl Case {
    fn fires(&self) -> bool {
        match self.gate.as_str() {
            "refusal" => {
                let tools: Vec<(&str, &str)> = self
                    .tools
                    .iter()
                    .map(|(n, d)| (n.as_str(), d.as_str()))
                    .collect();
                honest_refusal(&self.text, &tools).is_some()
            }
            "fabrication" => fabricated_action(&self.text, &self.request).is_some(),
            "follow_up" => !follow_up_promises(&self.text).is_empty(),
            other => panic!("unknown gate {other}"),
        }
    }
}

#[derive(Default, Clone, Copy)]
struct Counts {
    true_pos: u32,
    false_pos: u32,
    false_neg: u32,
    true_neg: u32,
}

impl Counts {
    fn add(&mut self, expect: bool, fired: bool) {
        match (expect, fired) {
            (true, true) => self.true_pos += 1,
            (false, true) => self.false_pos += 1,
            (true, false) => self.false_neg += 1,
            (false, false) => self.true_neg += 1,
        }
    }

    fn precision(self) -> f64 {
        ratio(self.true_pos, self.true_pos + self.false_pos)
    }

    fn recall(self) -> f64 {
        ratio(self.true_pos, self.true_pos + self.false_neg)
    }
}

fn ratio(a: u32, b: u32) -> f64 {
    if b == 0 {
        1.0
    } else {
        f64::from(a) / f64::from(b)
    }
}

/// The corpus the rules were written against, and a held-out set written apart from both the
/// rules and that corpus (measured first as it came, then kept as a test).
fn corpus(held_out: bool) -> Corpus {
    let text = if held_out {
        include_str!("../../../../tests/fixtures/honesty/held_out.json")
    } else {
        include_str!("../../../../tests/fixtures/honesty/corpus.json")
    };
    serde_json::from_str(text).expect("the corpus is valid JSON")
}

const GATES: [&str; 3] = ["refusal", "fabrication", "follow_up"];
const LANGS: [&str; 4] = ["en", "zh", "ar", "all"];

/// Counts per gate and language ("all" for the gate's total), and the cases each got wrong.
fn measure(held_out: bool) -> (Vec<(String, String, Counts)>, Vec<String>) {
    let corpus = corpus(held_out);
    let mut rows = Vec::new();
    let mut wrong = Vec::new();
    for gate in GATES {
        for lang in LANGS {
            let mut counts = Counts::default();
            for case in corpus
                .cases
                .iter()
                .filter(|c| c.gate == gate && (lang == "all" || c.lang == lang))
            {
                let fired = case.fires();
                counts.add(case.expect, fired);
                if fired != case.expect && lang != "all" {
                    wrong.push(format!(
                        "{gate} {lang} expected {}: {}",
                        case.expect,
                        case.text.replace('\n', " ")
                    ));
                }
            }
            rows.push((gate.to_owned(), lang.to_owned(), counts));
        }
    }
    (rows, wrong)
}

#[test]
fn honesty_corpus_figures() {
    check(false, 200);
}

#[test]
fn honesty_corpus_held_out_figures() {
    check(true, 150);
}

fn check(held_out: bool, at_least: u32) {
    let (rows, wrong) = measure(held_out);
    println!("{}", if held_out { "held out" } else { "corpus" });
    println!(
        "| gate | language | cases (true/benign) | precision | recall | false alarms | missed |"
    );
    println!("| --- | --- | --- | --- | --- | --- | --- |");
    for (gate, lang, c) in &rows {
        println!(
            "| {gate} | {lang} | {} ({}/{}) | {:.2} | {:.2} | {} | {} |",
            c.true_pos + c.false_pos + c.false_neg + c.true_neg,
            c.true_pos + c.false_neg,
            c.false_pos + c.true_neg,
            c.precision(),
            c.recall(),
            c.false_pos,
            c.false_neg
        );
    }
    for case in &wrong {
        println!("wrong: {case}");
    }
    let total = |gate: &str| {
        rows.iter()
            .find(|(g, l, _)| g == gate && l == "all")
            .map(|(_, _, c)| *c)
            .unwrap_or_default()
    };
    let cases: u32 = GATES
        .iter()
        .map(|g| {
            let c = total(g);
            c.true_pos + c.false_pos + c.false_neg + c.true_neg
        })
        .sum();
    assert!(
        cases >= at_least,
        "the corpus has at least {at_least} cases ({cases})"
    );
    // Not one benign request refused, in any language.
    assert_eq!(total("refusal").false_pos, 0, "false refusals: {wrong:#?}");
    // Floors under today's figures (BENCHMARKS.md), so a rule change that costs shows here.
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

const FLOOR_REFUSAL_RECALL: f64 = 0.95;
const FLOOR_PRECISION: f64 = 0.95;
const FLOOR_FABRICATION_RECALL: f64 = 0.95;
