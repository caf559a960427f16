//! The scanner's fast path (`wire/src/json_scan.rs` and each protocol's `fast_*` reader) against serde:
//! whatever the fast path reads, serde must read to the same deltas. Checked on every event of
//! the response corpus, on the bench's transcripts, and on many generated chunks: well-formed
//! ones with fields in any order, of the wrong type, `null`, repeated or unknown, and the same
//! chunks broken by an edit of a byte or two.

use super::sse::SseDecoder;
use super::{anthropic, gemini, openai, ProviderError, ProviderKind, StreamDelta};

/// One text's deltas through the fast path (`None`: left to serde) and through serde.
pub(super) type Both = (
    Option<Result<Vec<StreamDelta>, ProviderError>>,
    Result<Vec<StreamDelta>, ProviderError>,
);

fn both(kind: ProviderKind, data: &str) -> Both {
    match kind {
        ProviderKind::OpenAi => openai::fast_and_serde(data),
        ProviderKind::Anthropic => anthropic::fast_and_serde(data),
        ProviderKind::Gemini => gemini::fast_and_serde(data),
    }
}

/// Checks one text; true when the fast path read it.
fn agrees(kind: ProviderKind, data: &str) -> bool {
    let (fast, serde) = both(kind, data);
    match fast {
        None => false,
        Some(fast) => {
            assert_eq!(fast, serde, "{kind:?}: {data}");
            true
        }
    }
}

/// A small deterministic generator (xorshift*), so every case is reproducible.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }

    fn pick<'a>(&mut self, items: &[&'a str]) -> &'a str {
        items[self.below(items.len())]
    }
}

/// A JSON string literal: plain text, Unicode, every escape, and some that are not JSON.
fn string(rng: &mut Rng) -> String {
    const PIECES: &[&str] = &[
        "tok",
        " ",
        "é",
        "世界",
        "🎉",
        "\\n",
        "\\\"",
        "\\\\",
        "\\/",
        "\\t",
        "\\u00e9",
        "\\ud83c\\udf89",
        "\\u0000",
        "text_delta",
        "stop",
        "m",
    ];
    const ODD: &[&str] = &["\\ud800", "\\udc00", "\\x", "\u{1}", "\\u12"];
    let mut out = String::from("\"");
    for _ in 0..rng.below(4) {
        out.push_str(if rng.chance(3) {
            rng.pick(ODD)
        } else {
            rng.pick(PIECES)
        });
    }
    out.push('"');
    out
}

fn number(rng: &mut Rng) -> String {
    rng.pick(&[
        "0",
        "1",
        "7",
        "42",
        "-1",
        "1.5",
        "1e3",
        "4294967296",
        "18446744073709551616",
    ])
    .to_owned()
}

/// Any value, nested a little.
fn any(rng: &mut Rng, depth: usize) -> String {
    match rng.below(if depth > 2 { 5 } else { 7 }) {
        0 => string(rng),
        1 => number(rng),
        2 => rng.pick(&["true", "false"]).to_owned(),
        3 | 4 => "null".to_owned(),
        5 => format!("[{}]", list(rng, |rng| any(rng, depth + 1))),
        _ => object(rng, &[], depth + 1),
    }
}

fn list(rng: &mut Rng, item: impl Fn(&mut Rng) -> String) -> String {
    (0..rng.below(3))
        .map(|_| item(rng))
        .collect::<Vec<_>>()
        .join(",")
}

/// A chunk's list of choices or candidates: usually one, sometimes several, none or `null`.
fn one_or_list(rng: &mut Rng, item: impl Fn(&mut Rng) -> String) -> String {
    match rng.below(10) {
        0 => rare(rng),
        1 => format!("[{}]", list(rng, item)),
        _ => format!("[{}]", item(rng)),
    }
}

/// Usually `value`, sometimes `null` or anything.
fn mostly(rng: &mut Rng, value: impl Fn(&mut Rng) -> String) -> String {
    if rng.chance(90) {
        value(rng)
    } else {
        rare(rng)
    }
}

/// Usually one of the `names` a type field holds, sometimes any text.
fn named(rng: &mut Rng, names: &[&str]) -> String {
    if rng.chance(80) {
        format!("\"{}\"", rng.pick(names))
    } else {
        text(rng)
    }
}

/// A field's value: usually of the type it is read as, sometimes `null`, sometimes anything.
type Field<'a> = (&'a str, &'a dyn Fn(&mut Rng) -> String);

fn text(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => "null".to_owned(),
        1 => any(rng, 2),
        _ => string(rng),
    }
}

fn count(rng: &mut Rng) -> String {
    match rng.below(10) {
        0 => "null".to_owned(),
        1 => any(rng, 2),
        _ => number(rng),
    }
}

fn rare(rng: &mut Rng) -> String {
    if rng.chance(70) {
        "null".to_owned()
    } else {
        any(rng, 1)
    }
}

/// An object of some of `fields` in any order, sometimes one twice, sometimes unknown ones.
fn object(rng: &mut Rng, fields: &[Field], depth: usize) -> String {
    let mut members = Vec::new();
    for (name, value) in fields {
        if rng.chance(75) {
            members.push(format!("\"{name}\":{}", value(rng)));
        }
    }
    if !fields.is_empty() && rng.chance(5) {
        let (name, value) = fields[rng.below(fields.len())];
        members.push(format!("\"{name}\":{}", value(rng)));
    }
    if rng.chance(30) {
        members.push(format!("\"extra\":{}", any(rng, depth + 1)));
    }
    for i in (1..members.len()).rev() {
        members.swap(i, rng.below(i + 1));
    }
    let space = if rng.chance(10) { " " } else { "" };
    format!("{{{space}{}{space}}}", members.join(&format!(",{space}")))
}

fn openai_chunk(rng: &mut Rng) -> String {
    let delta = |rng: &mut Rng| {
        object(
            rng,
            &[
                ("role", &|rng: &mut Rng| string(rng)),
                ("content", &text),
                ("reasoning_content", &text),
                ("reasoning", &text),
                ("tool_calls", &rare),
            ],
            2,
        )
    };
    let choice = |rng: &mut Rng| {
        object(
            rng,
            &[
                ("index", &count),
                ("delta", &|rng: &mut Rng| mostly(rng, delta)),
                ("message", &rare),
                ("finish_reason", &text),
                ("logprobs", &rare),
            ],
            1,
        )
    };
    object(
        rng,
        &[
            ("id", &text),
            ("object", &text),
            ("created", &count),
            ("model", &text),
            ("choices", &|rng: &mut Rng| one_or_list(rng, choice)),
            ("usage", &rare),
            ("x_groq", &rare),
            ("error", &rare),
            ("timings", &rare),
            ("prompt_progress", &rare),
        ],
        0,
    )
}

fn anthropic_event(rng: &mut Rng) -> String {
    let delta = |rng: &mut Rng| {
        object(
            rng,
            &[
                ("type", &|rng: &mut Rng| {
                    named(
                        rng,
                        &[
                            "text_delta",
                            "thinking_delta",
                            "signature_delta",
                            "input_json_delta",
                        ],
                    )
                }),
                ("text", &text),
                ("thinking", &text),
                ("signature", &text),
                ("partial_json", &text),
                ("stop_reason", &text),
            ],
            1,
        )
    };
    object(
        rng,
        &[
            ("type", &|rng: &mut Rng| {
                named(
                    rng,
                    &[
                        "content_block_delta",
                        "message_delta",
                        "content_block_stop",
                        "message_stop",
                        "ping",
                        "error",
                    ],
                )
            }),
            ("index", &count),
            ("delta", &|rng: &mut Rng| mostly(rng, delta)),
            ("message", &rare),
            ("content_block", &rare),
            ("usage", &rare),
            ("error", &rare),
        ],
        0,
    )
}

fn gemini_chunk(rng: &mut Rng) -> String {
    let part = |rng: &mut Rng| {
        object(
            rng,
            &[
                ("text", &text),
                ("thought", &|rng: &mut Rng| {
                    if rng.chance(80) {
                        rng.pick(&["true", "false", "null"]).to_owned()
                    } else {
                        any(rng, 2)
                    }
                }),
                ("functionCall", &rare),
                ("thoughtSignature", &text),
            ],
            3,
        )
    };
    let candidate = |rng: &mut Rng| {
        object(
            rng,
            &[
                ("content", &|rng: &mut Rng| {
                    if rng.chance(10) {
                        return rare(rng);
                    }
                    object(
                        rng,
                        &[
                            ("parts", &|rng: &mut Rng| {
                                if rng.chance(10) {
                                    rare(rng)
                                } else {
                                    format!("[{}]", list(rng, part))
                                }
                            }),
                            ("role", &text),
                        ],
                        2,
                    )
                }),
                ("finishReason", &text),
                ("index", &count),
            ],
            1,
        )
    };
    let usage = |rng: &mut Rng| {
        if rng.chance(20) {
            return rare(rng);
        }
        object(
            rng,
            &[
                ("promptTokenCount", &count),
                ("candidatesTokenCount", &count),
                ("thoughtsTokenCount", &count),
                ("cachedContentTokenCount", &count),
                ("totalTokenCount", &count),
            ],
            1,
        )
    };
    object(
        rng,
        &[
            ("candidates", &|rng: &mut Rng| one_or_list(rng, candidate)),
            ("modelVersion", &text),
            ("usageMetadata", &usage),
            ("error", &rare),
            ("promptFeedback", &rare),
            ("responseId", &text),
        ],
        0,
    )
}

/// The text with a byte or two deleted, inserted or replaced (at character boundaries).
fn broken(rng: &mut Rng, text: &str) -> String {
    let mut out = text.to_owned();
    for _ in 0..=rng.below(2) {
        let bounds: Vec<usize> = (0..=out.len())
            .filter(|&i| out.is_char_boundary(i))
            .collect();
        let at = bounds[rng.below(bounds.len())];
        let insert = rng.pick(&[
            ",", "]", "}", "[", "{", "\"", "\\", ":", "0", "n", " ", "\u{1}",
        ]);
        match rng.below(3) {
            0 if at < out.len() => {
                let end = bounds
                    .iter()
                    .find(|&&b| b > at)
                    .copied()
                    .unwrap_or(out.len());
                out.replace_range(at..end, "");
            }
            1 if at < out.len() => {
                let end = bounds
                    .iter()
                    .find(|&&b| b > at)
                    .copied()
                    .unwrap_or(out.len());
                out.replace_range(at..end, insert);
            }
            _ => out.insert_str(at, insert),
        }
    }
    out
}

#[test]
fn generated_chunks_read_alike_both_ways() {
    type Generator = fn(&mut Rng) -> String;
    let generators: [(ProviderKind, Generator); 3] = [
        (ProviderKind::OpenAi, openai_chunk),
        (ProviderKind::Anthropic, anthropic_event),
        (ProviderKind::Gemini, gemini_chunk),
    ];
    for (kind, generate) in generators {
        let mut rng = Rng(0x5EED_0000 + kind as u64);
        let (mut read, mut broken_read) = (0, 0);
        let cases = 20_000;
        for _ in 0..cases {
            let chunk = generate(&mut rng);
            read += usize::from(agrees(kind, &chunk));
            let edited = broken(&mut rng, &chunk);
            broken_read += usize::from(agrees(kind, &edited));
        }
        // The fast path must really be taken, or this test would prove nothing.
        assert!(
            read > cases / 10,
            "{kind:?}: the fast path read {read} of {cases}"
        );
        assert!(broken_read > 0, "{kind:?}: no edited chunk was read");
    }
}

#[test]
fn every_corpus_and_bench_event_reads_alike_both_ways() {
    let mut read = 0;
    let mut events = 0;
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/responses");
    for (folder, kind) in [
        ("openai", ProviderKind::OpenAi),
        ("anthropic", ProviderKind::Anthropic),
        ("gemini", ProviderKind::Gemini),
    ] {
        for entry in std::fs::read_dir(dir.join(folder)).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_none_or(|e| e != "sse") {
                continue;
            }
            let mut sse = SseDecoder::default();
            let mut out = Vec::new();
            sse.push(&std::fs::read(&path).unwrap(), &mut out).unwrap();
            out.extend(sse.finish().unwrap());
            for event in out.iter().filter(|e| e.data.trim() != "[DONE]") {
                events += 1;
                read += usize::from(agrees(kind, &event.data));
            }
        }
    }
    // Most events of real streams are the common shape the fast path is for.
    assert!(
        read * 2 > events,
        "the fast path read {read} of {events} corpus events"
    );
}

#[test]
fn the_common_chunk_of_each_protocol_takes_the_fast_path() {
    let common = [
        (
            ProviderKind::OpenAi,
            r#"{"id":"chatcmpl-1","object":"chat.completion.chunk","created":1,"model":"m","choices":[{"index":0,"delta":{"content":"tok "},"logprobs":null,"finish_reason":null}],"usage":null}"#,
        ),
        (
            ProviderKind::OpenAi,
            r#"{"choices":[{"index":0,"delta":{"reasoning_content":"hmm"},"finish_reason":null}]}"#,
        ),
        (
            ProviderKind::OpenAi,
            r#"{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}"#,
        ),
        (
            ProviderKind::Anthropic,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"tok "}}"#,
        ),
        (
            ProviderKind::Anthropic,
            r#"{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"a\":"}}"#,
        ),
        (
            ProviderKind::Anthropic,
            r#"{"type":"content_block_stop","index":0}"#,
        ),
        (
            ProviderKind::Gemini,
            r#"{"candidates":[{"content":{"parts":[{"text":"tok "}],"role":"model"},"index":0}],"usageMetadata":{"promptTokenCount":9,"candidatesTokenCount":1,"totalTokenCount":10,"promptTokensDetails":[{"modality":"TEXT","tokenCount":9}]},"modelVersion":"gemini-2.0-flash","responseId":"x"}"#,
        ),
    ];
    for (kind, data) in common {
        assert!(agrees(kind, data), "{kind:?}: {data}");
    }
}

#[test]
fn a_key_with_an_escape_is_left_to_serde_which_reads_it() {
    let cases = [
        (
            ProviderKind::OpenAi,
            r#"{"choices":[{"index":0,"delta":{"con\u0074ent":"tok "},"finish_reason":null}]}"#,
        ),
        (
            ProviderKind::Anthropic,
            r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","te\u0078t":"tok "}}"#,
        ),
        (
            ProviderKind::Gemini,
            r#"{"candidates":[{"content":{"parts":[{"\u0074ext":"tok "}]}}]}"#,
        ),
    ];
    for (kind, data) in cases {
        let (fast, serde) = both(kind, data);
        assert!(fast.is_none(), "{kind:?}: the scanner read {data}");
        let deltas = serde.unwrap_or_else(|err| panic!("{kind:?}: {err}"));
        assert!(
            deltas.contains(&StreamDelta::Content("tok ".into())),
            "{kind:?}: {deltas:?}"
        );
    }
}
