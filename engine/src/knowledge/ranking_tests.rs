//! Ranking on a small fixture corpus with known answers: lexical, vector and hybrid.

use super::*;
use crate::knowledge::lexical::LexicalIndex;
use crate::knowledge::vectors::VectorIndex;

/// Chunks with hand-made 4-dimensional "embeddings" along the topics
/// [cooking, astronomy, gardening, computing].
const CORPUS: &[(&str, [f32; 4])] = &[
    (
        "Simmer the tomato sauce for twenty minutes and season with basil.",
        [0.9, 0.0, 0.2, 0.0],
    ),
    (
        "Jupiter is the largest planet; its Great Red Spot is a storm.",
        [0.0, 0.95, 0.0, 0.1],
    ),
    (
        "Water tomato plants deeply twice a week in summer.",
        [0.2, 0.0, 0.9, 0.0],
    ),
    (
        "A compiler turns source code into machine code.",
        [0.0, 0.0, 0.0, 1.0],
    ),
    (
        "Saturn's rings are made of ice and rock.",
        [0.0, 0.9, 0.0, 0.0],
    ),
    (
        "Knead the dough for ten minutes until it is smooth.",
        [0.95, 0.0, 0.0, 0.05],
    ),
    (
        "Water tomato plants deeply twice a week in summer.",
        [0.2, 0.0, 0.9, 0.0],
    ),
    (
        "The telescope's mirror gathers faint light from distant galaxies.",
        [0.0, 0.85, 0.0, 0.3],
    ),
];

fn lexical() -> LexicalIndex {
    LexicalIndex::new(CORPUS.iter().map(|(text, _)| *text))
}

fn vectors() -> VectorIndex {
    let mut index = VectorIndex::new(4);
    for (_, vector) in CORPUS {
        index.push(vector).unwrap();
    }
    index
}

fn ids(hits: &[(usize, f32)]) -> Vec<usize> {
    hits.iter().map(|h| h.0).collect()
}

#[test]
fn lexical_search_finds_the_words() {
    assert_eq!(ids(&lexical().search("Great Red Spot", 3)), [1]);
    assert_eq!(ids(&lexical().search("tomato plants", 3))[..2], [2, 6]);
    assert_eq!(
        ids(&lexical().search("tomato", 5)).len(),
        3,
        "the sauce mentions tomato too"
    );
}

#[test]
fn vector_search_finds_the_topic_without_shared_words() {
    // "stars and planets" shares no word with the Saturn chunk, but its topic.
    let query = [0.0, 1.0, 0.0, 0.0];
    let hits = vectors().search(&query, 3).unwrap();
    assert_eq!(ids(&hits), [4, 1, 7]);
}

#[test]
fn hybrid_fuses_both_so_either_kind_of_match_reaches_the_top() {
    // A query about bread (the dough chunk by topic) naming "basil" (the sauce chunk by word).
    let by_words = lexical().search("basil", 5);
    let by_topic = vectors().search(&[1.0, 0.0, 0.0, 0.0], 5).unwrap();
    assert_eq!(ids(&by_words), [0]);
    assert_eq!(ids(&by_topic)[0], 5);
    let fused = fuse(&[&by_topic, &by_words]);
    // The sauce is in both lists, so it leads; the dough, first by topic, follows.
    assert_eq!(ids(&fused)[..2], [0, 5]);
    // Only items of the lists are in the fusion.
    assert!(ids(&fused)
        .iter()
        .all(|i| ids(&by_words).contains(i) || ids(&by_topic).contains(i)));
}

#[test]
fn duplicates_are_dropped_and_the_list_is_capped() {
    let hits = lexical().search("water tomato plants", 10);
    assert_eq!(ids(&hits)[..2], [2, 6], "the same text twice");
    let kept = dedup_and_cap(&hits, |i| CORPUS[i].0, 6);
    assert_eq!(ids(&kept)[0], 2);
    assert!(!ids(&kept).contains(&6));
    let capped = dedup_and_cap(&fuse(&[&hits]), |i| CORPUS[i].0, 1);
    assert_eq!(capped.len(), 1);
}
