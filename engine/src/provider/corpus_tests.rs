//! The response corpus (`tests/fixtures/responses/`): what OpenAI-compatible servers, Anthropic
//! and Gemini send, as their public documentation shows it (nulls, missing and extra fields,
//! empty choices, usage-only final chunks, comments, errors inside a stream). Each file is
//! decoded and compared with the `.expect` file beside it; `UPDATE_EXPECT=1 cargo test` rewrites
//! those, to be read before they are committed.
//!
//! Every member of every JSON object in the corpus is also set to `null` and, separately,
//! removed: the two must decode alike (the policy in `lenient.rs`).

use super::*;
use crate::provider::sse::{SseDecoder, SseEvent};
use serde_json::Value;
use std::path::{Path, PathBuf};

fn corpus_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../tests/fixtures/responses")
}

/// Every corpus file with the protocol its folder names.
fn corpus() -> Vec<(ProviderKind, PathBuf)> {
    let mut files = Vec::new();
    for (folder, kind) in [
        ("openai", ProviderKind::OpenAi),
        ("anthropic", ProviderKind::Anthropic),
        ("gemini", ProviderKind::Gemini),
    ] {
        let dir = corpus_dir().join(folder);
        for entry in std::fs::read_dir(&dir).unwrap() {
            let path = entry.unwrap().path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("json" | "sse")
            ) {
                files.push((kind, path));
            }
        }
    }
    files.sort_by(|a, b| a.1.cmp(&b.1));
    files
}

fn is_stream(path: &Path) -> bool {
    path.extension().is_some_and(|e| e == "sse")
}

/// Decodes a stream fed in pieces of the given sizes (cycled); the first error ends it, as
/// it ends a real stream.
fn decode_stream(kind: ProviderKind, bytes: &[u8], sizes: &[usize]) -> Vec<String> {
    let mut sse = SseDecoder::default();
    let mut protocol = StreamDecoder::new(kind);
    let mut events = Vec::new();
    let mut lines = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    let mut decode_events = |events: &mut Vec<SseEvent>, lines: &mut Vec<String>| -> bool {
        for event in events.drain(..) {
            match protocol.decode(&event) {
                Ok(deltas) => lines.extend(deltas.iter().map(|d| format!("{d:?}"))),
                Err(err) => {
                    lines.push(format!("error: {err}"));
                    return false;
                }
            }
        }
        true
    };
    while !rest.is_empty() {
        let size = sizes[i % sizes.len()].clamp(1, rest.len());
        i += 1;
        let (piece, tail) = rest.split_at(size);
        rest = tail;
        if let Err(err) = sse.push(piece, &mut events) {
            lines.push(format!("error: {err}"));
            return lines;
        }
        if !decode_events(&mut events, &mut lines) {
            return lines;
        }
    }
    match sse.finish() {
        Ok(last) => {
            events.extend(last);
            decode_events(&mut events, &mut lines);
        }
        Err(err) => lines.push(format!("error: {err}")),
    }
    lines
}

fn decode_file(kind: ProviderKind, path: &Path) -> Vec<String> {
    let bytes = std::fs::read(path).unwrap();
    if is_stream(path) {
        decode_stream(kind, &bytes, &[usize::MAX])
    } else {
        match decode_completion(kind, &bytes) {
            Ok(deltas) => deltas.iter().map(|d| format!("{d:?}")).collect(),
            Err(err) => vec![format!("error: {err}")],
        }
    }
}

#[test]
fn every_response_of_the_corpus_decodes_as_expected() {
    let files = corpus();
    assert!(files.len() >= 30, "the corpus is missing: {}", files.len());
    let update = std::env::var_os("UPDATE_EXPECT").is_some();
    let mut failures = Vec::new();
    for (kind, path) in &files {
        let mut got = decode_file(*kind, path).join("\n");
        got.push('\n');
        let expect_path = path.with_extension(format!(
            "{}.expect",
            path.extension().unwrap().to_str().unwrap()
        ));
        if update {
            std::fs::write(&expect_path, &got).unwrap();
            continue;
        }
        let expected = std::fs::read_to_string(&expect_path).unwrap_or_default();
        if got != expected {
            failures.push(format!(
                "{}:\n--- expected\n{expected}--- got\n{got}",
                path.display()
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn streams_of_the_corpus_decode_alike_however_the_bytes_are_split() {
    for (kind, path) in corpus().into_iter().filter(|(_, p)| is_stream(p)) {
        let bytes = std::fs::read(&path).unwrap();
        let whole = decode_stream(kind, &bytes, &[usize::MAX]);
        for sizes in [&[1][..], &[2, 3, 5, 7, 11, 13], &[64, 1, 300]] {
            assert_eq!(
                decode_stream(kind, &bytes, sizes),
                whole,
                "{} in pieces of {sizes:?}",
                path.display()
            );
        }
    }
}

/// Members whose value is the model's own JSON (tool arguments), passed on as written: their
/// inside is data, not protocol.
const OPAQUE_MEMBERS: [&str; 3] = ["arguments", "input", "args"];

/// The paths of every protocol member in `value`, outermost first.
fn member_paths(value: &Value, prefix: &mut Vec<PathStep>, out: &mut Vec<Vec<PathStep>>) {
    match value {
        Value::Object(map) => {
            for (key, child) in map {
                prefix.push(PathStep::Key(key.clone()));
                out.push(prefix.clone());
                if !OPAQUE_MEMBERS.contains(&key.as_str()) {
                    member_paths(child, prefix, out);
                }
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (i, child) in items.iter().enumerate() {
                prefix.push(PathStep::Index(i));
                member_paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

#[derive(Clone, Debug)]
enum PathStep {
    Key(String),
    Index(usize),
}

/// `value` with the member at `path` set to `null` (`remove: false`) or removed.
fn edited(value: &Value, path: &[PathStep], remove: bool) -> Value {
    let mut copy = value.clone();
    let (last, parents) = path.split_last().unwrap();
    let mut at = &mut copy;
    for step in parents {
        at = match step {
            PathStep::Key(key) => &mut at[key.as_str()],
            PathStep::Index(i) => &mut at[*i],
        };
    }
    let (PathStep::Key(key), Some(object)) = (last, at.as_object_mut()) else {
        unreachable!("member paths end at a key of an object");
    };
    if remove {
        object.remove(key);
    } else {
        object.insert(key.clone(), Value::Null);
    }
    copy
}

/// What a decode gave, comparable across the two edits: the deltas, or the kind of error.
fn outcome(result: Result<Vec<StreamDelta>, ProviderError>) -> Result<Vec<StreamDelta>, String> {
    result.map_err(|err| format!("{:?}", err.failure_kind()))
}

#[test]
fn null_and_an_absent_member_read_alike_everywhere_in_the_corpus() {
    let mut checked = 0;
    for (kind, path) in corpus() {
        let text = std::fs::read_to_string(&path).unwrap();
        // (event name, JSON document) pairs: the whole file, or each event of a stream.
        let documents: Vec<(String, Value)> = if is_stream(&path) {
            let mut events = Vec::new();
            let mut sse = SseDecoder::default();
            sse.push(text.as_bytes(), &mut events).unwrap();
            events
                .into_iter()
                .filter_map(|e| Some((e.event.into_owned(), serde_json::from_str(&e.data).ok()?)))
                .collect()
        } else {
            vec![(String::new(), serde_json::from_str(&text).unwrap())]
        };
        for (event, document) in documents {
            let decode = |value: &Value| {
                let data = value.to_string();
                if is_stream(&path) {
                    StreamDecoder::new(kind).decode(&SseEvent {
                        event: event.clone().into(),
                        data,
                        id: None,
                    })
                } else {
                    decode_completion(kind, data.as_bytes())
                }
            };
            let mut paths = Vec::new();
            member_paths(&document, &mut Vec::new(), &mut paths);
            for member in paths {
                let nulled = outcome(decode(&edited(&document, &member, false)));
                let removed = outcome(decode(&edited(&document, &member, true)));
                assert_eq!(
                    nulled,
                    removed,
                    "{} (event {event:?}): {member:?} as null and absent",
                    path.display()
                );
                checked += 1;
            }
        }
    }
    assert!(checked > 500, "{checked} members checked");
}
