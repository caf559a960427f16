//! From ranked lists to the chunks a request gets: hybrid search fuses the vector and the
//! lexical ranking (reciprocal rank fusion, which needs no common scale between cosine and
//! BM25 scores), then duplicates are dropped and the list is capped.

use std::collections::{HashMap, HashSet};

/// How retrieval ranks chunks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SearchMode {
    /// Cosine similarity of embeddings.
    Vector,
    /// BM25 over the words (no embeddings needed).
    Lexical,
    /// Both, fused.
    Hybrid,
}

/// The usual constant of reciprocal rank fusion: ranks past the first few count less and less.
const RRF_K: f32 = 60.0;

/// Fuses rankings (each best first, of item indexes) into one, best first: each item scores
/// the sum of `1 / (60 + rank)` over the lists it is in.
pub fn fuse(rankings: &[&[(usize, f32)]]) -> Vec<(usize, f32)> {
    let mut scores: HashMap<usize, f32> = HashMap::new();
    for ranking in rankings {
        for (rank, (item, _)) in ranking.iter().enumerate() {
            *scores.entry(*item).or_default() += 1.0 / (RRF_K + rank as f32 + 1.0);
        }
    }
    let mut fused: Vec<(usize, f32)> = scores.into_iter().collect();
    fused.sort_by(|a, b| b.1.total_cmp(&a.1).then(a.0.cmp(&b.0)));
    fused
}

/// Keeps the first of hits whose texts are the same (ignoring case and spacing, as overlapping
/// or re-added documents produce), at most `cap` of them.
pub fn dedup_and_cap<'a>(
    hits: &[(usize, f32)],
    text_of: impl Fn(usize) -> &'a str,
    cap: usize,
) -> Vec<(usize, f32)> {
    let mut seen = HashSet::new();
    hits.iter()
        .filter(|(item, _)| {
            let key: String = text_of(*item)
                .split_whitespace()
                .map(str::to_lowercase)
                .collect::<Vec<_>>()
                .join(" ");
            seen.insert(key)
        })
        .take(cap)
        .copied()
        .collect()
}

#[cfg(test)]
#[path = "ranking_tests.rs"]
mod tests;
