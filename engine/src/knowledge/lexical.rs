//! Lexical search (BM25) over chunk texts: the fallback when embeddings are unavailable or fail,
//! and one half of hybrid search.
//!
//! Terms are lowercased runs of letters and digits; CJK text, which has no spaces, is indexed
//! by character pairs so it is still found. Very common English words are skipped.

use std::collections::HashMap;

/// BM25's usual constants.
const K1: f32 = 1.2;
const B: f32 = 0.75;

const STOP_WORDS: &[&str] = &[
    "a", "an", "and", "are", "as", "at", "be", "by", "for", "from", "how", "i", "in", "is", "it",
    "of", "on", "or", "that", "the", "this", "to", "was", "what", "when", "where", "which", "who",
    "why", "with", "you",
];

/// The terms of `text`, in order (repeats kept).
pub fn terms(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let lower = text.to_lowercase();
    for word in lower.split(|c: char| !c.is_alphanumeric()) {
        if word.is_empty() {
            continue;
        }
        let letters: Vec<char> = word.chars().collect();
        if letters.iter().any(|c| is_cjk(*c)) {
            // No spaces between words: index overlapping pairs (and a lone character as is).
            if letters.len() == 1 {
                out.push(word.to_owned());
            }
            out.extend(
                letters
                    .windows(2)
                    .map(|pair| pair.iter().collect::<String>()),
            );
        } else if !STOP_WORDS.contains(&word) {
            out.push(word.to_owned());
        }
    }
    out
}

fn is_cjk(c: char) -> bool {
    matches!(c as u32,
        0x3040..=0x30FF | 0x3400..=0x4DBF | 0x4E00..=0x9FFF | 0xAC00..=0xD7AF | 0xF900..=0xFAFF)
}

/// An index of documents (chunk texts) by term.
#[derive(Debug, Default)]
pub struct LexicalIndex {
    /// term → (document, count in it)
    postings: HashMap<String, Vec<(u32, u32)>>,
    lengths: Vec<u32>,
    total_length: u64,
}

impl LexicalIndex {
    pub fn new<'a>(texts: impl IntoIterator<Item = &'a str>) -> Self {
        let mut index = Self::default();
        for text in texts {
            index.add(text);
        }
        index
    }

    fn add(&mut self, text: &str) {
        let doc = u32::try_from(self.lengths.len()).unwrap_or(u32::MAX);
        let terms = terms(text);
        let mut counts: HashMap<String, u32> = HashMap::new();
        for term in &terms {
            *counts.entry(term.clone()).or_default() += 1;
        }
        for (term, count) in counts {
            self.postings.entry(term).or_default().push((doc, count));
        }
        let length = u32::try_from(terms.len()).unwrap_or(u32::MAX);
        self.lengths.push(length);
        self.total_length += u64::from(length);
    }

    pub fn len(&self) -> usize {
        self.lengths.len()
    }

    pub fn is_empty(&self) -> bool {
        self.lengths.is_empty()
    }

    /// The `k` best documents for `query`, best first, as (document index, score); documents
    /// sharing no term with the query are not returned.
    pub fn search(&self, query: &str, k: usize) -> Vec<(usize, f32)> {
        if self.is_empty() || k == 0 {
            return Vec::new();
        }
        let n = self.lengths.len() as f32;
        let average = (self.total_length as f32 / n).max(1.0);
        let mut query_terms = terms(query);
        query_terms.sort();
        query_terms.dedup();
        let mut scores: HashMap<u32, f32> = HashMap::new();
        for term in &query_terms {
            let Some(postings) = self.postings.get(term) else {
                continue;
            };
            let df = postings.len() as f32;
            let idf = ((n - df + 0.5) / (df + 0.5) + 1.0).ln();
            for &(doc, count) in postings {
                let tf = count as f32;
                let length = self.lengths[doc as usize] as f32;
                let norm = tf * (K1 + 1.0) / (tf + K1 * (1.0 - B + B * length / average));
                *scores.entry(doc).or_default() += idf * norm;
            }
        }
        let mut ranked: Vec<(usize, f32)> = scores
            .into_iter()
            .map(|(doc, score)| (doc as usize, score))
            .collect();
        ranked.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
        ranked.truncate(k);
        ranked
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn terms_are_lowercased_words_without_stop_words_and_cjk_pairs() {
        assert_eq!(terms("The Quick, brown fox!"), ["quick", "brown", "fox"]);
        assert_eq!(terms("東京タワー"), ["東京", "京タ", "タワ", "ワー"]);
        assert_eq!(terms("版"), ["版"]);
        assert!(terms("  ...  ").is_empty());
    }

    #[test]
    fn rare_terms_and_repeated_matches_rank_first() {
        let texts = [
            "The cat sat on the mat.",
            "Dogs and cats are pets. A cat purrs.",
            "Quantum entanglement links particles.",
            "The weather today is mild.",
        ];
        let index = LexicalIndex::new(texts.iter().copied());
        let hits = index.search("quantum particles", 10);
        assert_eq!(hits.len(), 1);
        assert_eq!(hits[0].0, 2);
        let hits = index.search("cat", 10);
        assert_eq!(hits.iter().map(|h| h.0).collect::<Vec<_>>(), [0, 1]);
        assert!(
            index.search("the", 10).is_empty(),
            "stop words find nothing"
        );
        assert!(index.search("unrelated", 10).is_empty());
        assert_eq!(index.search("cat", 1).len(), 1);
    }
}
