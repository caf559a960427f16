//! The gates measured on a corpus of cases (`tests/fixtures/honesty/*.json`): each case is a
//! request or a reply for one gate, in English, Chinese or Arabic, that the gate should or
//! should not fire on. Each gate's detector runs on every case as it is (a character's reply
//! too, although the gates are off for characters by default), so the figures are the rules'
//! own. `corpus_tests.rs` holds the floors; `skein-bench native` reports the figures for
//! `BENCHMARKS.md`.

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
    fn fires(&self) -> Result<bool, String> {
        Ok(match self.gate.as_str() {
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
            other => return Err(format!("unknown gate {other}")),
        })
    }
}

/// One gate's counts on one language's cases (`lang` "all" for every language).
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct GateFigures {
    pub gate: String,
    pub lang: String,
    pub true_pos: u32,
    pub false_pos: u32,
    pub false_neg: u32,
    pub true_neg: u32,
}

impl GateFigures {
    fn add(&mut self, expect: bool, fired: bool) {
        match (expect, fired) {
            (true, true) => self.true_pos += 1,
            (false, true) => self.false_pos += 1,
            (true, false) => self.false_neg += 1,
            (false, false) => self.true_neg += 1,
        }
    }

    pub fn cases(&self) -> u32 {
        self.true_pos + self.false_pos + self.false_neg + self.true_neg
    }

    /// Of the cases it fired on, how many it should have (1 when it fired on none).
    pub fn precision(&self) -> f64 {
        ratio(self.true_pos, self.true_pos + self.false_pos)
    }

    /// Of the cases it should have fired on, how many it did (1 when there were none).
    pub fn recall(&self) -> f64 {
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

const GATES: [&str; 3] = ["refusal", "fabrication", "follow_up"];

/// What a corpus measured: the counts per gate and language, and the cases each gate got
/// wrong (described).
pub struct Measured {
    pub figures: Vec<GateFigures>,
    pub wrong: Vec<String>,
}

/// Runs every gate on the corpus `json`; an unreadable corpus or an unknown gate is an error.
pub fn measure(json: &str) -> Result<Measured, String> {
    let corpus: Corpus = serde_json::from_str(json).map_err(|e| e.to_string())?;
    if let Some(case) = corpus
        .cases
        .iter()
        .find(|c| !GATES.contains(&c.gate.as_str()))
    {
        return Err(format!("unknown gate {}", case.gate));
    }
    let mut figures = Vec::new();
    let mut wrong = Vec::new();
    for gate in GATES {
        for lang in ["en", "zh", "ar", "all"] {
            let mut counts = GateFigures {
                gate: gate.to_owned(),
                lang: lang.to_owned(),
                ..GateFigures::default()
            };
            for case in corpus
                .cases
                .iter()
                .filter(|c| c.gate == gate && (lang == "all" || c.lang == lang))
            {
                let fired = case.fires()?;
                counts.add(case.expect, fired);
                if fired != case.expect && lang != "all" {
                    wrong.push(format!(
                        "{gate} {lang} expected {}: {}",
                        case.expect,
                        case.text.replace('\n', " ")
                    ));
                }
            }
            figures.push(counts);
        }
    }
    Ok(Measured { figures, wrong })
}
