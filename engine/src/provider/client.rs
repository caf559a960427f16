//! [`ProviderClient`]: every call Skein makes to a provider, with what the calls share — the
//! transport, the clock, the retry policy ([`super::retry`]), the user's per-minute limits and
//! each provider's circuit breaker ([`super::traffic`]). The chat service and the embedder hold
//! the same client, so there is one of each, whoever calls.
//!
//! - `stream` (crate-internal): one model step, streamed into a `DeltaSink` (the reply being
//!   written), through the provider and then its fallbacks; each provider's attempt is reported
//!   as a `CallReport`, which the chat service stores as usage.
//! - `complete` (crate-internal): one non-streaming answer (summaries, titles).
//! - [`embed`](ProviderClient::embed) and [`list_models`](ProviderClient::list_models): bounded
//!   JSON requests.
//!
//! A request that fails before anything arrived is retried when the failure can pass, after a
//! wait the user is told about; a cancellation ends the wait at once. Bodies are read with size
//! limits, because a provider's response is untrusted.

use super::embeddings::{build_embeddings_request, decode_embeddings, MAX_BATCH};
use super::model_list::{build_models_request, decode_models, ModelInfo};
use super::retry::{self, RetryPolicy};
use super::streaming::StreamTimer;
use super::streaming::{breaks_the_stream, read_body, StreamWatch};
use super::traffic::{ProviderHealth, RateLimiter};
use super::ChatRequest;
use super::{ChatMessage, ProviderError, StreamDecoder, StreamDelta, TokenUsage};
use crate::domain::failure::FailureKind;
use crate::i18n::{phrase, Cause, Explain};
use crate::ports::cancel::CancelToken;
use crate::ports::clock::Clock;
use crate::ports::transport::{ByteStream, HttpRequest, JournalTarget, Transport, TransportError};
use crate::prompt::token_estimate::{estimate_tokens, saturating_sum};
use crate::provider::settings::{ProviderKind, ProviderSettings};
use crate::provider::sse::SseDecoder;
use crate::render::think_tags::{Segment, ThinkTagSplitter};
use futures::future::{select, Either};

/// The most of an error body read to explain a failed request.
const MAX_ERROR_BODY_BYTES: usize = 64 << 10;
/// The largest non-streaming response accepted.
const MAX_COMPLETION_BODY_BYTES: usize = 16 << 20;
/// The largest models list or embeddings response read.
const MAX_JSON_BODY_BYTES: usize = 32 << 20;

/// Where a streamed model call delivers what arrives (the reply being written).
pub(crate) trait DeltaSink {
    /// Takes one delta; `true` when the provider said the answer is done.
    async fn apply(&mut self, delta: StreamDelta) -> bool;
    /// How many deltas with something to show arrived so far.
    fn received(&self) -> usize;
    /// When the current step's first such delta arrived.
    fn first_received_ms(&self) -> Option<f64>;
    /// Whether the provider said it finished (a finish reason or its end event).
    fn provider_finished(&self) -> bool;
    /// The token usage the provider reported for the current step.
    fn step_usage(&self) -> Option<TokenUsage>;
    /// A body chunk was read and its deltas applied: hands on the text it brought (one piece
    /// per kind), so nothing waits for the next chunk.
    fn flush_chunk(&mut self);
    /// Tells the user something that does not stop the answer.
    fn warn(&self, message: Cause);
    /// Tells the user the call waits before trying again, and why (until the answer arrives).
    fn wait_notice(&mut self, message: Cause);
    /// Where the body of a call in `kind`'s protocol is kept as it arrives, made now (before
    /// the call's first byte): `None` keeps nothing.
    fn journal(&self, kind: ProviderKind) -> Option<JournalTarget> {
        let _ = kind;
        None
    }
}

/// How one model call ended.
#[derive(Debug, Clone, PartialEq)]
pub(crate) enum CallEnd {
    /// The provider finished the answer.
    Finished,
    /// The user stopped it.
    Cancelled,
    /// The stream ended without the provider saying it was done.
    Truncated,
    /// The stream broke after text arrived: what arrived is kept, a retry may complete it.
    Broken(Cause, FailureKind),
    /// The request failed before anything arrived.
    Failed(CallFailure),
}

/// Why a model call failed before anything arrived: the message shown, its kind, and what the
/// provider said (status, how long to wait) for callers that pass them on (the embedding API).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CallFailure {
    pub message: Cause,
    pub kind: FailureKind,
    pub status: Option<u16>,
    pub retry_after_ms: Option<f64>,
}

/// One provider's attempt at a model call, for the usage records (seed 002's metrics).
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct CallReport {
    pub at_ms: f64,
    pub provider: ProviderKind,
    pub host: String,
    pub model: String,
    pub outcome: &'static str,
    pub usage: Option<TokenUsage>,
    pub first_token_ms: Option<f64>,
    pub duration_ms: f64,
    pub retries: u32,
}

pub struct ProviderClient<T, C> {
    transport: T,
    clock: C,
    /// The user's per-provider request and token limits.
    limits: RateLimiter,
    /// The circuit breaker of each provider (for fallback chains).
    health: ProviderHealth,
}

impl<T: Transport, C: Clock> ProviderClient<T, C> {
    pub fn new(transport: T, clock: C) -> Self {
        Self {
            transport,
            clock,
            limits: RateLimiter::default(),
            health: ProviderHealth::default(),
        }
    }

    pub fn clock(&self) -> &C {
        &self.clock
    }

    pub fn transport(&self) -> &T {
        &self.transport
    }

    /// The chain of `settings` (the provider, then its fallbacks) with each one's circuit
    /// breaker as it stands now.
    pub fn provider_chain(
        &self,
        settings: &ProviderSettings,
    ) -> Vec<crate::provider::fallback_chain::ChainEntry> {
        let now = self.clock.now_ms();
        crate::provider::fallback_chain::chain(settings, |p| {
            self.health.state(&p.traffic_key(), now)
        })
    }

    /// Runs one model call: the provider, then its fallbacks in order when it fails before
    /// answering (skipping one whose circuit is open, unless it is the last). Each provider's
    /// attempt is appended to `reports`.
    pub(crate) async fn stream(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        sink: &mut impl DeltaSink,
        reports: &mut Vec<CallReport>,
    ) -> CallEnd {
        let chain: Vec<&ProviderSettings> = std::iter::once(settings)
            .chain(settings.fallbacks.iter())
            .collect();
        let mut end = CallEnd::Cancelled;
        for (position, provider) in chain.iter().enumerate() {
            let last = position + 1 == chain.len();
            let key = provider.traffic_key();
            if !last && !self.health.available(&key, self.clock.now_ms()) {
                sink.warn(super::warnings::provider_skipped(
                    &crate::provider::settings::host_of(&provider.base_url),
                ));
                continue;
            }
            let before = sink.received();
            end = self
                .call_provider(provider, request, cancel, sink, reports)
                .await;
            let failed_before_answering =
                matches!(end, CallEnd::Failed(..)) && sink.received() == before;
            if failed_before_answering {
                self.health.record_failure(&key, self.clock.now_ms());
            } else if !matches!(end, CallEnd::Cancelled) {
                self.health.record_success(&key);
            }
            if !failed_before_answering || last {
                return end;
            }
            if let CallEnd::Failed(failure) = &end {
                sink.warn(super::warnings::trying_fallback(
                    &failure.message,
                    &crate::provider::settings::host_of(&chain[position + 1].base_url),
                ));
            }
        }
        end
    }

    /// One provider's attempt at a model call, reported.
    async fn call_provider(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        sink: &mut impl DeltaSink,
        reports: &mut Vec<CallReport>,
    ) -> CallEnd {
        let started = self.clock.now_ms();
        let (mut end, retries) = self
            .stream_with_retries(settings, request, cancel, sink)
            .await;
        // Which provider failed, in the words the user knows it by (with fallbacks, or a
        // refused key, "The provider" alone does not say which).
        if let CallEnd::Failed(failure) = &mut end {
            let name = super::presets::provider_name(settings.kind, &settings.base_url);
            failure.message = Cause::new(
                format!("{name}: {}", failure.message),
                phrase("error-from-provider")
                    .with("provider", name)
                    .nest("err", crate::i18n::Explain::phrase(&failure.message)),
            );
        }
        let ended = self.clock.now_ms();
        reports.push(CallReport {
            at_ms: ended,
            provider: settings.kind,
            host: crate::provider::settings::host_of(&settings.base_url),
            model: settings.model_name().to_owned(),
            outcome: match &end {
                CallEnd::Finished => "ok",
                CallEnd::Cancelled => "cancelled",
                CallEnd::Truncated => "truncated",
                CallEnd::Broken(..) => "broken",
                CallEnd::Failed(..) => "error",
            },
            usage: sink.step_usage(),
            first_token_ms: sink.first_received_ms().map(|at| at - started),
            duration_ms: ended - started,
            retries,
        });
        end
    }

    /// Waits until the user's per-minute limits for `settings` let a request of `tokens` go,
    /// telling them why; `false` when they stopped meanwhile.
    async fn wait_for_limits(
        &self,
        settings: &ProviderSettings,
        tokens: u64,
        cancel: &CancelToken,
        sink: &mut impl DeltaSink,
    ) -> bool {
        let key = settings.traffic_key();
        let (rpm, tpm) = (settings.requests_per_minute, settings.tokens_per_minute);
        let wait = self
            .limits
            .wait_ms(&key, rpm, tpm, tokens, self.clock.now_ms());
        if wait > 0.0 {
            if !self.clock.has_timers() {
                return true;
            }
            sink.wait_notice(super::warnings::rate_wait((wait / 1_000.0).ceil()));
            if !self.wait(wait, cancel).await {
                return false;
            }
        }
        self.limits.record(&key, tokens, self.clock.now_ms());
        true
    }

    /// Runs the provider request and feeds every delta into `sink`. A request that fails
    /// before anything arrived is retried when the failure can pass (see [`retry`]), after a
    /// wait the user is told about; a cancellation ends the wait at once.
    /// Returns how it ended and how many retries it took.
    async fn stream_with_retries(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        sink: &mut impl DeltaSink,
    ) -> (CallEnd, u32) {
        let policy = RetryPolicy::default();
        let tokens = saturating_sum(request.messages.iter().map(|m| estimate_tokens(&m.content)))
            .saturating_add(u64::from(request.params.max_output_tokens.unwrap_or(0)));
        let mut attempt = 1;
        loop {
            if !self.wait_for_limits(settings, tokens, cancel, sink).await {
                return (CallEnd::Cancelled, attempt - 1);
            }
            let before = sink.received();
            let err = match self.try_stream(settings, request, cancel, sink).await {
                Ok(end) => return (end, attempt - 1),
                Err(_) if cancel.is_cancelled() => return (CallEnd::Cancelled, attempt - 1),
                Err(ProviderError::Transport(TransportError::Aborted)) => {
                    return (CallEnd::Cancelled, attempt - 1)
                }
                Err(err) => err,
            };
            let retry_after = err.retry_after_ms();
            let delay = (sink.received() == before)
                .then(|| self.retry_delay(&policy, &err, attempt))
                .flatten();
            if sink.received() != before && breaks_the_stream(&err) {
                return (
                    CallEnd::Broken(Cause::of(&err), err.failure_kind()),
                    attempt - 1,
                );
            }
            let Some(delay) = delay else {
                let message = match retry_after {
                    Some(ms) if ms > 0.0 => {
                        let seconds = (ms / 1_000.0).ceil();
                        Cause::new(
                            format!(
                                "{err} The provider asks to wait {seconds:.0} s before trying \
                                 again."
                            ),
                            phrase("error-provider-wait")
                                .nest("err", err.phrase())
                                .with("seconds", seconds),
                        )
                    }
                    _ => Cause::of(&err),
                };
                let failure = CallFailure {
                    message,
                    kind: err.failure_kind(),
                    status: err.status(),
                    retry_after_ms: retry_after,
                };
                return (CallEnd::Failed(failure), attempt - 1);
            };
            sink.wait_notice(super::warnings::retrying(
                &err,
                delay / 1_000.0,
                attempt + 1,
                policy.max_attempts,
            ));
            if !self.wait(delay, cancel).await {
                return (CallEnd::Cancelled, attempt - 1);
            }
            attempt += 1;
        }
    }

    /// How long to wait before attempt `attempt + 1` after `err`, or `None` when it is not
    /// retried (it cannot pass, no attempt is left, or this clock cannot wait).
    fn retry_delay(&self, policy: &RetryPolicy, err: &ProviderError, attempt: u32) -> Option<f64> {
        (self.clock.has_timers() && retry::is_retryable(err))
            .then(|| policy.delay_ms(attempt, err.retry_after_ms(), self.clock.random_unit()))
            .flatten()
    }

    /// Waits `ms` on the clock; `false` when the user stopped first (the wait ends at once).
    pub(crate) async fn wait(&self, ms: f64, cancel: &CancelToken) -> bool {
        let mut wait = self.clock.sleep(ms);
        let mut stop = std::pin::pin!(cancel.cancelled());
        matches!(select(wait.as_mut(), stop.as_mut()).await, Either::Left(_))
    }

    async fn try_stream(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        sink: &mut impl DeltaSink,
    ) -> Result<CallEnd, ProviderError> {
        let request = super::build_chat_request(settings, request)?;
        let mut watch = StreamWatch::new(settings, self.clock.now_ms());
        let journal = sink.journal(settings.kind);
        let mut send =
            std::pin::pin!(self
                .transport
                .send_journaled(request, cancel, journal.as_ref()));
        let mut response = loop {
            let wait = watch.deadline_ms() - self.clock.now_ms();
            if wait <= 0.0 {
                return Err(ProviderError::Timeout(watch.kind()));
            }
            let mut timer = self.clock.sleep(wait);
            if let Either::Left((response, _)) = select(send.as_mut(), timer.as_mut()).await {
                break response?;
            }
        };
        // The response head is not the first token: servers send it at once and then, for a
        // reasoning model, nothing for minutes. The first-token wait goes on until body bytes.
        if !(200..300).contains(&response.status) {
            let body = read_body(&mut response.body, MAX_ERROR_BODY_BYTES, cancel).await?;
            return Err(super::error_from_response(
                response.status,
                &response.headers,
                &body,
                self.clock.now_ms(),
            ));
        }
        let is_json = response
            .content_type
            .as_deref()
            .is_some_and(|t| t.contains("application/json"));
        if is_json {
            // The server ignored `stream: true` and answered in one piece.
            let body = read_body(&mut response.body, MAX_COMPLETION_BODY_BYTES, cancel).await?;
            for delta in super::decode_completion(settings.kind, &body)? {
                sink.apply(delta).await;
            }
            return Ok(CallEnd::Finished);
        }

        let mut protocol = StreamDecoder::new(settings.kind);
        let mut decoder = SseDecoder::default();
        let mut events = Vec::new();
        let mut deltas = Vec::new();
        let mut timer = StreamTimer::default();
        while let Some(chunk) = self
            .next_chunk(&mut response.body, &mut watch, &mut timer)
            .await
        {
            if cancel.is_cancelled() {
                return Ok(CallEnd::Cancelled);
            }
            decoder.push(&chunk?, &mut events)?;
            for event in events.drain(..) {
                protocol.decode_into(&event, &mut deltas)?;
                decoder.recycle(event);
                for delta in deltas.drain(..) {
                    if sink.apply(delta).await {
                        return Ok(CallEnd::Finished);
                    }
                }
            }
            sink.flush_chunk();
        }
        if cancel.is_cancelled() {
            return Ok(CallEnd::Cancelled);
        }
        if let Some(event) = decoder.finish()? {
            for delta in protocol.decode(&event)? {
                sink.apply(delta).await;
            }
        }
        Ok(if sink.provider_finished() {
            CallEnd::Finished
        } else {
            CallEnd::Truncated
        })
    }

    /// The next body chunk. Its text needs no timer: the caller hands on what each chunk
    /// brought as soon as it is read, and the transport's batch window is the one throttle on
    /// how often that happens. The only timer races the read (which is never dropped) for the
    /// stream's timeouts: it wakes when the stream sent nothing for too long. It outlives the
    /// read and is armed again only when the deadline comes earlier than it fires, so a stream
    /// of thousands of chunks makes a few timers, not one per chunk.
    async fn next_chunk<B: ByteStream>(
        &self,
        body: &mut B,
        watch: &mut StreamWatch,
        timer: &mut StreamTimer,
    ) -> Option<Result<Vec<u8>, ProviderError>> {
        let mut read = std::pin::pin!(body.next_chunk());
        loop {
            let now = self.clock.now_ms();
            let until_timeout = watch.deadline_ms() - now;
            if until_timeout <= 0.0 {
                return Some(Err(ProviderError::Timeout(watch.kind())));
            }
            let fires = timer.arm(&self.clock, now, until_timeout);
            match select(read.as_mut(), fires).await {
                Either::Left((chunk, _)) => {
                    watch.alive(self.clock.now_ms());
                    return chunk.map(|c| c.map_err(ProviderError::from));
                }
                Either::Right(((), _)) => timer.fired(),
            }
        }
    }

    /// One non-streaming completion, reasoning removed: the answer text only, within
    /// `max_output_tokens` when given.
    pub(crate) async fn complete(
        &self,
        settings: &ProviderSettings,
        messages: &[ChatMessage],
        max_output_tokens: Option<u32>,
        cancel: &CancelToken,
    ) -> Result<String, ProviderError> {
        let request = super::build_chat_request(
            settings,
            &ChatRequest {
                messages,
                params: super::GenerationParams {
                    max_output_tokens,
                    ..super::GenerationParams::default()
                },
                ..ChatRequest::default()
            },
        )?;
        let mut response = self.transport.send(request, cancel).await?;
        let body = read_body(&mut response.body, MAX_COMPLETION_BODY_BYTES, cancel).await?;
        if !(200..300).contains(&response.status) {
            return Err(super::error_from_status(response.status, &body));
        }
        let mut splitter = ThinkTagSplitter::new();
        let mut text = String::new();
        for delta in super::decode_completion(settings.kind, &body)? {
            if let StreamDelta::Content(content) = delta {
                for segment in splitter.push(&content) {
                    if let Segment::Content(part) = segment {
                        text.push_str(&part);
                    }
                }
            }
        }
        for segment in splitter.finish() {
            if let Segment::Content(part) = segment {
                text.push_str(&part);
            }
        }
        let text = text.trim().to_owned();
        if text.is_empty() {
            return Err(ProviderError::Decode(
                "the provider returned an empty text".into(),
            ));
        }
        Ok(text)
    }

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

    /// The models of a server that may not be there (a local server looked for on the first
    /// run): one attempt, no retry; the caller's `cancel` bounds the wait.
    pub async fn probe_models(
        &self,
        settings: &ProviderSettings,
        cancel: &CancelToken,
    ) -> Result<Vec<ModelInfo>, ProviderError> {
        let body = self
            .fetch_once(build_models_request(settings)?, cancel)
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
            let err = match self.fetch_once(request.clone(), cancel).await {
                Ok(body) => return Ok(body),
                Err(err) => err,
            };
            let Some(delay) = self.retry_delay(&policy, &err, attempt) else {
                return Err(err);
            };
            if !self.wait(delay, cancel).await {
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
            if body.len() > MAX_JSON_BODY_BYTES {
                return Err(ProviderError::Decode(format!(
                    "the response is larger than {} MiB",
                    MAX_JSON_BODY_BYTES >> 20
                )));
            }
        }
        if !(200..300).contains(&response.status) {
            return Err(super::error_from_response(
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
#[path = "client_tests.rs"]
mod tests;
