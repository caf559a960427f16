//! Provider calls that are not chat: the models list and embeddings. Each is one bounded JSON
//! request, retried like a chat request when the failure can pass.

use crate::cancel::CancelToken;
use crate::chat_service::ChatService;
use crate::clock::{Clock, IdGenerator};
use crate::provider::embeddings::{build_embeddings_request, decode_embeddings, MAX_BATCH};
use crate::provider::model_list::{build_models_request, decode_models, ModelInfo};
use crate::provider::retry::RetryPolicy;
use crate::provider::{self, ProviderError};
use crate::provider_settings::ProviderSettings;
use crate::store::ChatStore;
use crate::transport::{ByteStream, HttpRequest, Transport, TransportError};

/// The largest models list or embeddings response read.
const MAX_BODY_BYTES: usize = 32 << 20;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// The models the provider offers, sorted by ID.
    pub async fn list_models(
        &self,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<Vec<ModelInfo>, ProviderError> {
        let body = self
            .fetch_json(build_models_request(settings)?, cancel)
            .await?;
        decode_models(settings.kind, &body)
    }

    /// One vector per text, in order, with `settings.model` as the embeddings model. Texts are
    /// sent in batches; every batch must come back whole and of one dimension.
    pub async fn embed(
        &self,
        settings: &ProviderSettings,
        texts: &[String],
        cancel: &CancelToken,
    ) -> Result<Vec<Vec<f32>>, ProviderError> {
        let mut vectors: Vec<Vec<f32>> = Vec::with_capacity(texts.len());
        for batch in texts.chunks(MAX_BATCH) {
            let request = build_embeddings_request(settings, batch)?;
            let body = self.fetch_json(request, cancel).await?;
            let batch_vectors = decode_embeddings(settings.kind, &body, batch.len())?;
            if let (Some(first), Some(next)) = (vectors.first(), batch_vectors.first()) {
                if first.len() != next.len() {
                    return Err(ProviderError::Decode(format!(
                        "the embeddings changed dimension between batches ({} then {})",
                        first.len(),
                        next.len()
                    )));
                }
            }
            vectors.extend(batch_vectors);
        }
        Ok(vectors)
    }

    /// Sends `request` and returns its (bounded) body, retrying failures that can pass.
    async fn fetch_json(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<Vec<u8>, ProviderError> {
        let policy = RetryPolicy::default();
        let mut attempt = 1;
        loop {
            let outcome = self.fetch_once(request.clone(), cancel).await;
            let err = match outcome {
                Ok(body) => return Ok(body),
                Err(err) => err,
            };
            let Some(delay) = self.retry_delay(&policy, &err, attempt) else {
                return Err(err);
            };
            if !self.wait_unless_cancelled(delay, cancel).await {
                return Err(TransportError::Aborted.into());
            }
            attempt += 1;
        }
    }

    async fn fetch_once(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<Vec<u8>, ProviderError> {
        let mut response = self.transport.send(request, cancel).await?;
        let mut body = Vec::new();
        while let Some(chunk) = response.body.next_chunk().await {
            if cancel.is_cancelled() {
                return Err(TransportError::Aborted.into());
            }
            body.extend_from_slice(&chunk?);
            if body.len() > MAX_BODY_BYTES {
                return Err(ProviderError::Decode(format!(
                    "the response is larger than {} MiB",
                    MAX_BODY_BYTES >> 20
                )));
            }
        }
        if !(200..300).contains(&response.status) {
            return Err(provider::error_from_response(
                response.status,
                &response.headers,
                &body,
                self.clock.now_ms(),
            ));
        }
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use crate::provider::ProviderError;
    use crate::test_fixtures::*;
    use crate::CancelToken;
    use futures_executor::block_on;

    fn json(status: u16, body: &str) -> Script {
        Script::Respond {
            status,
            content_type: "application/json",
            chunks: vec![body.as_bytes().to_vec()],
        }
    }

    #[test]
    fn models_are_listed_and_a_busy_server_is_retried() {
        let service = service(vec![
            json(503, r#"{"error":{"message":"busy"}}"#),
            json(200, r#"{"data":[{"id":"b"},{"id":"a"}]}"#),
        ]);
        service.clock.timers_fire.set(true);
        let models = block_on(service.list_models(&settings(), &CancelToken::new())).unwrap();
        let ids: Vec<&str> = models.iter().map(|m| m.id.as_str()).collect();
        assert_eq!(ids, ["a", "b"]);
        let request = &service.transport.requests.borrow()[1];
        assert!(request.url.ends_with("/v1/models"));
        assert_eq!(request.header("authorization"), Some("Bearer sk-test"));
    }

    #[test]
    fn embeddings_come_back_in_order_in_batches() {
        let texts: Vec<String> = (0..100).map(|i| format!("chunk {i}")).collect();
        let batch = |n: usize, base: f32| {
            let data: Vec<String> = (0..n)
                .map(|i| format!(r#"{{"index":{i},"embedding":[{},1.0]}}"#, base + i as f32))
                .collect();
            json(200, &format!(r#"{{"data":[{}]}}"#, data.join(",")))
        };
        let service = service(vec![batch(96, 0.0), batch(4, 96.0)]);
        let vectors = block_on(service.embed(&settings(), &texts, &CancelToken::new())).unwrap();
        assert_eq!(vectors.len(), 100);
        assert!(vectors.iter().enumerate().all(|(i, v)| v[0] == i as f32));
        assert_eq!(service.transport.requests.borrow().len(), 2);
    }

    #[test]
    fn a_refused_key_is_an_error_that_says_so() {
        let service = service(vec![json(401, r#"{"error":{"message":"bad key"}}"#)]);
        let err = block_on(service.list_models(&settings(), &CancelToken::new())).unwrap_err();
        assert!(matches!(err, ProviderError::Http { status: 401, .. }));
        assert!(err.to_string().contains("refused the API key"));
    }
}
