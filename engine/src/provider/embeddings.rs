//! Embeddings, for knowledge retrieval: OpenAI-compatible `POST /embeddings` (OpenAI, Ollama's
//! and llama.cpp's `/v1`, vLLM…) and Gemini's `batchEmbedContents`. Anthropic has no
//! embeddings API.

use super::ProviderError;
use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::settings::{ProviderKind, ProviderSettings, SettingsError};
use serde_json::{json, Value};

/// The most texts sent in one request.
pub const MAX_BATCH: usize = 96;

/// A request embedding `texts` (at most [`MAX_BATCH`]) with `settings.model`.
pub fn build_embeddings_request(
    settings: &ProviderSettings,
    texts: &[String],
) -> Result<HttpRequest, ProviderError> {
    settings.validate()?;
    if texts.is_empty() || texts.len() > MAX_BATCH {
        return Err(ProviderError::Decode(format!(
            "an embeddings request takes 1 to {MAX_BATCH} texts, not {}",
            texts.len()
        )));
    }
    let model = settings.model_name();
    let headers = super::request_headers(settings, true, false);
    let (url, body) = match settings.kind {
        ProviderKind::OpenAi => (
            settings.endpoint("embeddings"),
            json!({ "model": model, "input": texts }),
        ),
        ProviderKind::Gemini => {
            let model = model.strip_prefix("models/").unwrap_or(model);
            let requests: Vec<Value> = texts
                .iter()
                .map(|text| {
                    json!({ "model": format!("models/{model}"), "content": {"parts": [{"text": text}]} })
                })
                .collect();
            (
                settings.endpoint(&format!(
                    "models/{}:batchEmbedContents",
                    super::gemini::model_segment(model)
                )),
                json!({ "requests": requests }),
            )
        }
        ProviderKind::Anthropic => {
            return Err(ProviderError::Settings(SettingsError::NoEmbeddings));
        }
    };
    Ok(HttpRequest {
        method: HttpMethod::Post,
        url,
        headers,
        body: Some(body.to_string()),
    })
}

/// The vectors of an embeddings response, in the order of the texts sent. Every vector must
/// have the same dimension and `expected` of them must come back: a short or ragged answer is
/// an error, never silently misaligned with its texts.
pub fn decode_embeddings(
    kind: ProviderKind,
    body: &[u8],
    expected: usize,
) -> Result<Vec<Vec<f32>>, ProviderError> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| ProviderError::Decode(format!("{e} in the embeddings response")))?;
    let vector = |v: &Value| -> Option<Vec<f32>> {
        v.as_array()?
            .iter()
            .map(|x| x.as_f64().map(|f| f as f32))
            .collect()
    };
    let mut vectors: Vec<(usize, Vec<f32>)> = match kind {
        ProviderKind::OpenAi => value["data"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .map(|(position, item)| {
                let index = item["index"].as_u64().map_or(position, |i| i as usize);
                vector(&item["embedding"]).map(|v| (index, v))
            })
            .collect::<Option<_>>()
            .ok_or_else(|| ProviderError::Decode("an embedding is not a list of numbers".into()))?,
        ProviderKind::Gemini => value["embeddings"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or(&[])
            .iter()
            .enumerate()
            .map(|(index, item)| vector(&item["values"]).map(|v| (index, v)))
            .collect::<Option<_>>()
            .ok_or_else(|| ProviderError::Decode("an embedding is not a list of numbers".into()))?,
        ProviderKind::Anthropic => {
            return Err(ProviderError::Settings(SettingsError::NoEmbeddings))
        }
    };
    vectors.sort_by_key(|(index, _)| *index);
    let dimension = vectors.first().map_or(0, |(_, v)| v.len());
    let aligned = vectors.len() == expected
        && vectors
            .iter()
            .enumerate()
            .all(|(i, (index, v))| *index == i && v.len() == dimension)
        && dimension > 0;
    if !aligned {
        return Err(ProviderError::Decode(format!(
            "expected {expected} embeddings of one dimension, got {} (dimension {dimension})",
            vectors.len()
        )));
    }
    Ok(vectors.into_iter().map(|(_, v)| v).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(kind: ProviderKind, model: &str) -> ProviderSettings {
        ProviderSettings {
            kind,
            base_url: kind.default_base_url().into(),
            api_key: "k".into(),
            model: model.into(),
            ..ProviderSettings::default()
        }
    }

    fn texts(n: usize) -> Vec<String> {
        (0..n).map(|i| format!("text {i}")).collect()
    }

    #[test]
    fn requests_per_protocol() {
        let openai = build_embeddings_request(
            &settings(ProviderKind::OpenAi, "text-embedding-3-small"),
            &texts(2),
        )
        .unwrap();
        assert_eq!(openai.url, "https://api.openai.com/v1/embeddings");
        let body: Value = serde_json::from_str(openai.body.as_deref().unwrap()).unwrap();
        assert_eq!(body["input"], json!(["text 0", "text 1"]));
        let gemini = build_embeddings_request(
            &settings(ProviderKind::Gemini, "text-embedding-004"),
            &texts(1),
        )
        .unwrap();
        assert!(gemini
            .url
            .ends_with("/models/text-embedding-004:batchEmbedContents"));
        let body: Value = serde_json::from_str(gemini.body.as_deref().unwrap()).unwrap();
        assert_eq!(body["requests"][0]["model"], "models/text-embedding-004");
        assert_eq!(
            build_embeddings_request(&settings(ProviderKind::Anthropic, "x"), &texts(1)),
            Err(ProviderError::Settings(SettingsError::NoEmbeddings))
        );
        assert!(build_embeddings_request(&settings(ProviderKind::OpenAi, "m"), &[]).is_err());
        assert!(build_embeddings_request(
            &settings(ProviderKind::OpenAi, "m"),
            &texts(MAX_BATCH + 1)
        )
        .is_err());
    }

    #[test]
    fn responses_decode_in_order_and_misaligned_ones_are_refused() {
        let out_of_order =
            br#"{"data":[{"index":1,"embedding":[0.5,0.25]},{"index":0,"embedding":[1,0]}]}"#;
        assert_eq!(
            decode_embeddings(ProviderKind::OpenAi, out_of_order, 2).unwrap(),
            [vec![1.0, 0.0], vec![0.5, 0.25]]
        );
        let gemini = br#"{"embeddings":[{"values":[0.1,0.2,0.3]}]}"#;
        assert_eq!(
            decode_embeddings(ProviderKind::Gemini, gemini, 1).unwrap()[0].len(),
            3
        );
        for bad in [
            &br#"{"data":[{"index":0,"embedding":[1,0]}]}"#[..],
            br#"{"data":[{"index":0,"embedding":[1,0]},{"index":1,"embedding":[1]}]}"#,
            br#"{"data":[{"index":0,"embedding":["x",0]},{"index":1,"embedding":[1,1]}]}"#,
            br#"{"data":[{"index":0,"embedding":[1,0]},{"index":0,"embedding":[1,1]}]}"#,
        ] {
            assert!(
                decode_embeddings(ProviderKind::OpenAi, bad, 2).is_err(),
                "{}",
                String::from_utf8_lossy(bad)
            );
        }
    }
}
