use super::*;
use crate::knowledge::ChunkEmbedding;

/// Indexes `chunks` and ranks them, as one question against an unindexed base.
fn search_chunks(
    chunks: &[KnowledgeChunk],
    model: Option<&EmbeddingModel>,
    query: &str,
    vector: &QueryVector,
    mode: SearchMode,
    cap: usize,
) -> SearchOutcome {
    let index = ChunkIndex::build(chunks, model);
    search_indexed(chunks, &index, query, vector, mode, cap)
}

fn model() -> EmbeddingModel {
    EmbeddingModel {
        model: "embed-small".into(),
        dimension: 3,
    }
}

fn chunk(id: &str, text: &str, vector: Option<(&str, [f32; 3])>) -> KnowledgeChunk {
    KnowledgeChunk {
        id: id.into(),
        knowledge_base_id: "kb".into(),
        document_id: "doc".into(),
        position: 0,
        heading_path: Vec::new(),
        text: text.into(),
        embedding: vector.map(|(model, v)| ChunkEmbedding {
            model: model.into(),
            dimension: 3,
            vector: v.to_vec(),
        }),
    }
}

/// Three chunks: one about ports by its words, one about networking by its vector, and one
/// embedded by another model (never compared by vector).
fn chunks() -> Vec<KnowledgeChunk> {
    vec![
        chunk(
            "words",
            "Skein listens on port 8080 by default.",
            Some(("embed-small", [0.0, 0.0, 1.0])),
        ),
        chunk(
            "topic",
            "Firewalls filter traffic between networks.",
            Some(("embed-small", [1.0, 0.1, 0.0])),
        ),
        chunk(
            "other",
            "Routers forward packets.",
            Some(("embed-large", [1.0, 0.0, 0.0])),
        ),
    ]
}

fn ids(outcome: &SearchOutcome, chunks: &[KnowledgeChunk]) -> Vec<String> {
    outcome
        .hits
        .iter()
        .map(|(i, _)| chunks[*i].id.clone())
        .collect()
}

#[test]
fn vectors_of_another_model_are_never_compared() {
    let chunks = chunks();
    let outcome = search_chunks(
        &chunks,
        Some(&model()),
        "networking",
        &QueryVector::Ready(vec![1.0, 0.0, 0.0]),
        SearchMode::Vector,
        6,
    );
    assert_eq!(outcome.used, SearchMode::Vector);
    assert_eq!(ids(&outcome, &chunks), ["topic", "words"]);
    assert_eq!(outcome.notice, None);
}

#[test]
fn hybrid_finds_by_words_and_by_topic() {
    let chunks = chunks();
    let outcome = search_chunks(
        &chunks,
        Some(&model()),
        "which port",
        &QueryVector::Ready(vec![1.0, 0.0, 0.0]),
        SearchMode::Hybrid,
        6,
    );
    let found = ids(&outcome, &chunks);
    assert_eq!(found[0], "words", "in both rankings");
    assert!(found.contains(&"topic".to_owned()));
}

#[test]
fn failed_embeddings_fall_back_to_words_and_say_so() {
    let chunks = chunks();
    let outcome = search_chunks(
        &chunks,
        Some(&model()),
        "which port",
        &QueryVector::Failed("HTTP 500".into()),
        SearchMode::Hybrid,
        6,
    );
    assert_eq!(outcome.used, SearchMode::Lexical);
    assert_eq!(ids(&outcome, &chunks), ["words"]);
    assert!(outcome
        .notice
        .unwrap()
        .to_string()
        .contains("Embeddings failed (HTTP 500)"));
    // No base model: words, quietly.
    let quiet = search_chunks(
        &chunks,
        None,
        "port",
        &QueryVector::NotConfigured,
        SearchMode::Hybrid,
        6,
    );
    assert_eq!((quiet.used, quiet.notice), (SearchMode::Lexical, None));
    // A query vector of the wrong size is said, not a crash.
    let wrong = search_chunks(
        &chunks,
        Some(&model()),
        "port",
        &QueryVector::Ready(vec![1.0; 5]),
        SearchMode::Vector,
        6,
    );
    assert_eq!(wrong.used, SearchMode::Lexical);
    assert!(wrong.notice.unwrap().to_string().contains("does not fit"));
}

#[test]
fn nothing_embedded_yet_is_said_and_results_are_capped() {
    let plain: Vec<KnowledgeChunk> = (0..10)
        .map(|i| chunk(&format!("c{i}"), &format!("port number {i}"), None))
        .collect();
    let outcome = search_chunks(
        &plain,
        Some(&model()),
        "port",
        &QueryVector::Ready(vec![1.0, 0.0, 0.0]),
        SearchMode::Vector,
        MAX_CHUNKS,
    );
    assert_eq!(outcome.used, SearchMode::Lexical);
    assert!(outcome
        .notice
        .unwrap()
        .to_string()
        .contains("No part of the knowledge is embedded"));
    assert_eq!(outcome.hits.len(), MAX_CHUNKS);
}
