//! The workloads as a wasm module for the bench page (`tests/bench/page`), where each one is
//! timed beside the JavaScript library it is compared with. Inputs are made here and handed to
//! JavaScript, so both sides work on the same bytes.

use crate::{fixtures, workloads};
use skein_engine::ProviderKind;
use wasm_bindgen::prelude::*;

fn kind(name: &str) -> ProviderKind {
    match name {
        "anthropic" => ProviderKind::Anthropic,
        "gemini" => ProviderKind::Gemini,
        _ => ProviderKind::OpenAi,
    }
}

#[wasm_bindgen]
pub fn transcript(protocol: &str, tokens: usize) -> Vec<u8> {
    workloads::transcript(kind(protocol), tokens)
}

#[wasm_bindgen]
pub fn decode_stream(protocol: &str, transcript: &[u8], piece: usize) -> usize {
    workloads::decode_stream(kind(protocol), transcript, piece)
}

/// A finished message of at least `bytes` bytes of mixed Markdown.
#[wasm_bindgen]
pub fn markdown_text(bytes: usize) -> String {
    let mut text = String::new();
    let mut i = 0;
    while text.len() < bytes {
        text.push_str(&fixtures::markdown_message(i));
        text.push_str("\n\n");
        i += 1;
    }
    text
}

#[wasm_bindgen]
pub fn parse_markdown(text: &str) -> usize {
    workloads::parse_markdown(text)
}

#[wasm_bindgen]
pub fn stream_markdown(text: &str, tokens: usize) -> usize {
    workloads::stream_markdown(text, tokens)
}

/// `count` random vectors (a query, for one).
#[wasm_bindgen]
pub fn vectors(count: usize, dimension: usize, seed: u32) -> Vec<f32> {
    fixtures::vectors(count, dimension, u64::from(seed))
}

/// Stored vectors in the engine's index (normalised once, as knowledge search keeps them).
#[wasm_bindgen]
pub struct Vectors(skein_engine::knowledge::vectors::VectorIndex);

#[wasm_bindgen]
impl Vectors {
    /// `count` random vectors made and stored one at a time (100,000 × 1,536 is 600 MB: no
    /// second copy is made here).
    #[wasm_bindgen(constructor)]
    pub fn new(count: usize, dimension: usize, seed: u32) -> Vectors {
        let mut index = skein_engine::knowledge::vectors::VectorIndex::new(dimension);
        let mut rng = fixtures::Rng::new(u64::from(seed));
        let mut vector = vec![0.0; dimension];
        for _ in 0..count {
            vector.iter_mut().for_each(|v| *v = rng.unit());
            let _ = index.push(&vector);
        }
        Vectors(index)
    }

    /// Rows `from..from + count` of the stored (normalised) vectors, for the JavaScript side.
    pub fn rows(&self, from: usize, count: usize) -> Vec<f32> {
        (from..from + count)
            .filter_map(|at| self.0.row(at))
            .flatten()
            .copied()
            .collect()
    }

    pub fn top10(&self, query: &[f32]) -> usize {
        workloads::top10(&self.0, query)
    }
}

#[wasm_bindgen]
pub struct Lexical(skein_engine::knowledge::lexical::LexicalIndex);

#[wasm_bindgen]
impl Lexical {
    /// BM25 over `count` chunk-sized texts.
    #[wasm_bindgen(constructor)]
    pub fn new(count: usize) -> Lexical {
        Lexical(workloads::lexical_index(&fixtures::corpus(count)))
    }

    pub fn top10(&self, query: &str) -> usize {
        workloads::bm25_top10(&self.0, query)
    }
}

/// A question against a knowledge base of chunks with vectors (see
/// [`workloads::KnowledgeQuestion`]): the first is read and indexed, the next ones reuse that.
#[wasm_bindgen]
pub struct Question(workloads::KnowledgeQuestion);

#[wasm_bindgen]
impl Question {
    #[wasm_bindgen(constructor)]
    pub fn new(chunks: usize, dimension: usize) -> Question {
        Question(workloads::KnowledgeQuestion::new(chunks, dimension))
    }

    pub fn ask(&self, query: &str) -> usize {
        self.0.ask(query)
    }
}

#[wasm_bindgen]
pub struct Assembly(workloads::Assembly);

#[wasm_bindgen]
impl Assembly {
    #[wasm_bindgen(constructor)]
    pub fn new(messages: usize) -> Assembly {
        Assembly(workloads::Assembly::new(messages))
    }

    pub fn build(&self) -> usize {
        self.0.build()
    }
}
