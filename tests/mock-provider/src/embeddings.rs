//! `POST /v1/embeddings`: deterministic vectors a test can reason about. Each word of three or
//! more letters adds one to a dimension chosen by its hash, so texts sharing words are similar
//! and texts sharing none are not. `POST /admin/embeddings {"fail": true}` makes it answer 500
//! until told otherwise (or reset).

use super::{Mock, MOCK_MODEL};
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::{json, Value};

/// The dimension of the mock's vectors.
pub const DIMENSION: usize = 16;

/// FNV-1a, so vectors are the same on every run and machine.
fn bucket(word: &str) -> usize {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for byte in word.bytes() {
        hash ^= u64::from(byte);
        hash = hash.wrapping_mul(0x0100_0000_01b3);
    }
    (hash % DIMENSION as u64) as usize
}

pub fn vector(text: &str) -> Vec<f32> {
    let mut vector = vec![0.0f32; DIMENSION];
    let lower = text.to_lowercase();
    for word in lower
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| w.chars().count() >= 3)
    {
        vector[bucket(word)] += 1.0;
    }
    vector
}

pub async fn embeddings(State(mock): State<Mock>, Json(request): Json<Value>) -> Response {
    if mock.with(|s| s.embeddings_fail) {
        let body = json!({"error": {"message": "mock embeddings are failing on purpose", "type": "server_error"}});
        return (StatusCode::INTERNAL_SERVER_ERROR, Json(body)).into_response();
    }
    mock.with(|s| s.embedding_requests += 1);
    let texts: Vec<String> = match &request["input"] {
        Value::String(one) => vec![one.clone()],
        Value::Array(many) => many
            .iter()
            .map(|t| t.as_str().unwrap_or_default().to_owned())
            .collect(),
        _ => Vec::new(),
    };
    let data: Vec<Value> = texts
        .iter()
        .enumerate()
        .map(|(index, text)| json!({"object": "embedding", "index": index, "embedding": vector(text)}))
        .collect();
    let model = request["model"].as_str().unwrap_or(MOCK_MODEL).to_owned();
    Json(json!({"object": "list", "data": data, "model": model})).into_response()
}

#[derive(Deserialize)]
pub struct EmbeddingSwitch {
    fail: bool,
}

pub async fn switch(State(mock): State<Mock>, Json(switch): Json<EmbeddingSwitch>) -> StatusCode {
    mock.with(|s| s.embeddings_fail = switch.fail);
    StatusCode::NO_CONTENT
}

/// How many embedding requests were answered since the last reset.
pub async fn count(State(mock): State<Mock>) -> Json<Value> {
    Json(json!({"requests": mock.with(|s| s.embedding_requests)}))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shared_words_make_similar_vectors() {
        let a = vector("Skein listens on port 8080");
        assert_eq!(a, vector("port 8080: Skein listens"));
        assert_eq!(
            a.iter().sum::<f32>(),
            4.0,
            "three-letter words and up: skein listens port 8080"
        );
        assert_eq!(vector("a an to"), vec![0.0; DIMENSION]);
    }
}
