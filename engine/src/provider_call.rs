//! The provider calls a [`ChatService`] makes: a streamed reply fed into a
//! [`ReplyWriter`], and one-shot completions (summaries). Bodies are read with size limits,
//! because a provider's response is untrusted.

use crate::cancel::CancelToken;
use crate::chat_service::ChatService;
use crate::clock::{Clock, IdGenerator};
use crate::generation::{ReplyEnd, ReplyWriter};
use crate::provider::openai::ChatRequest;
use crate::provider::retry::{self, RetryPolicy};
use crate::provider::TimeoutKind;
use crate::provider::{self, ChatMessage, ProviderError, StreamDecoder};
use crate::provider_settings::ProviderSettings;
use crate::sse::SseDecoder;
use crate::store::ChatStore;
use crate::think_tags::{Segment, ThinkTagSplitter};
use crate::token_estimate::{estimate_tokens, saturating_sum};
use crate::transport::{ByteStream, Transport, TransportError};
use crate::usage::UsageEvent;
use std::future::Future;
use std::pin::Pin;
use std::task::Poll;

/// The most of an error body read to explain a failed request.
const MAX_ERROR_BODY_BYTES: usize = 64 << 10;
/// The largest non-streaming response accepted.
const MAX_COMPLETION_BODY_BYTES: usize = 16 << 20;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Runs one model call: the provider, then its fallbacks in order when it fails before
    /// answering (skipping one whose circuit is open, unless it is the last). Each provider's
    /// attempt is recorded as a [`UsageEvent`].
    pub(crate) async fn stream_reply(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        let chain: Vec<&ProviderSettings> = std::iter::once(settings)
            .chain(settings.fallbacks.iter())
            .collect();
        let mut end = ReplyEnd::Cancelled;
        for (position, provider) in chain.iter().enumerate() {
            let last = position + 1 == chain.len();
            let key = provider.traffic_key();
            if !last && !self.health.available(&key, self.clock.now_ms()) {
                writer.warn(format!(
                    "{} has failed repeatedly; using the next provider for now.",
                    crate::usage::host_of(&provider.base_url)
                ));
                continue;
            }
            let before = writer.received();
            end = self.call_provider(provider, request, cancel, writer).await;
            let failed_before_answering =
                matches!(end, ReplyEnd::Failed(..)) && writer.received() == before;
            if failed_before_answering {
                self.health.record_failure(&key, self.clock.now_ms());
            } else if !matches!(end, ReplyEnd::Cancelled) {
                self.health.record_success(&key);
            }
            if !failed_before_answering || last {
                return end;
            }
            if let ReplyEnd::Failed(reason, _) = &end {
                writer.warn(format!(
                    "{reason} Trying the fallback provider {}.",
                    crate::usage::host_of(&chain[position + 1].base_url)
                ));
            }
        }
        end
    }

    /// One provider's attempt at a model call, recorded as a [`UsageEvent`].
    async fn call_provider(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        let started = self.clock.now_ms();
        let (end, retries) = self
            .stream_with_retries(settings, request, cancel, writer)
            .await;
        let ended = self.clock.now_ms();
        let outcome = match &end {
            ReplyEnd::Finished | ReplyEnd::AwaitingApproval | ReplyEnd::StepLimit => "ok",
            ReplyEnd::Cancelled => "cancelled",
            ReplyEnd::Truncated => "truncated",
            ReplyEnd::Broken(..) => "broken",
            ReplyEnd::Failed(..) => "error",
        };
        let usage = writer.step_usage();
        let event = UsageEvent {
            id: self.ids.new_id(),
            at_ms: ended,
            conversation_id: writer.reply().conversation_id.clone(),
            message_id: writer.reply().id.clone(),
            provider: settings.kind,
            host: crate::usage::host_of(&settings.base_url),
            model: settings.model_name().to_owned(),
            outcome: outcome.to_owned(),
            prompt_tokens: usage.map(|u| u.prompt_tokens),
            completion_tokens: usage.map(|u| u.completion_tokens),
            first_token_ms: writer.first_received_ms().map(|at| at - started),
            duration_ms: ended - started,
            retries,
        };
        if let Err(err) = self.store.save_usage(&event).await {
            writer.warn(format!("This call's usage could not be recorded: {err}"));
        }
        end
    }

    /// Waits until the user's per-minute limits for `settings` let a request of `tokens` go,
    /// telling them why; `false` when they stopped meanwhile.
    async fn wait_for_limits(
        &self,
        settings: &ProviderSettings,
        tokens: u64,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
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
            writer.warn(format!(
                "Waiting {:.0} s for the per-minute limit set for this provider.",
                (wait / 1_000.0).ceil()
            ));
            if !self.wait_unless_cancelled(wait, cancel).await {
                return false;
            }
        }
        self.limits.record(&key, tokens, self.clock.now_ms());
        true
    }

    /// Runs the provider request and feeds every delta into `writer`. A request that fails
    /// before anything arrived is retried when the failure can pass (see [`retry`]), after a
    /// wait the user is told about; a cancellation ends the wait at once.
    /// Returns how it ended and how many retries it took.
    async fn stream_with_retries(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> (ReplyEnd, u32) {
        let policy = RetryPolicy::default();
        let tokens = saturating_sum(request.messages.iter().map(|m| estimate_tokens(&m.content)))
            .saturating_add(u64::from(request.params.max_output_tokens.unwrap_or(0)));
        let mut attempt = 1;
        loop {
            if !self.wait_for_limits(settings, tokens, cancel, writer).await {
                return (ReplyEnd::Cancelled, attempt - 1);
            }
            let before = writer.received();
            let err = match self
                .try_stream_reply(settings, request, cancel, writer)
                .await
            {
                Ok(end) => return (end, attempt - 1),
                Err(_) if cancel.is_cancelled() => return (ReplyEnd::Cancelled, attempt - 1),
                Err(ProviderError::Transport(TransportError::Aborted)) => {
                    return (ReplyEnd::Cancelled, attempt - 1)
                }
                Err(err) => err,
            };
            let retry_after = err.retry_after_ms();
            let delay = (writer.received() == before)
                .then(|| self.retry_delay(&policy, &err, attempt))
                .flatten();
            if writer.received() != before && breaks_the_stream(&err) {
                return (
                    ReplyEnd::Broken(err.to_string(), err.failure_kind()),
                    attempt - 1,
                );
            }
            let Some(delay) = delay else {
                let message = match retry_after {
                    Some(ms) if ms > 0.0 => format!(
                        "{err} The provider asks to wait {:.0} s before trying again.",
                        (ms / 1_000.0).ceil()
                    ),
                    _ => err.to_string(),
                };
                return (ReplyEnd::Failed(message, err.failure_kind()), attempt - 1);
            };
            writer.warn(format!(
                "{err} Trying again in {:.1} s (attempt {} of {}).",
                delay / 1_000.0,
                attempt + 1,
                policy.max_attempts
            ));
            if !self.wait_unless_cancelled(delay, cancel).await {
                return (ReplyEnd::Cancelled, attempt - 1);
            }
            attempt += 1;
        }
    }

    /// How long to wait before attempt `attempt + 1` after `err`, or `None` when it is not
    /// retried (it cannot pass, no attempt is left, or this clock cannot wait).
    pub(crate) fn retry_delay(
        &self,
        policy: &RetryPolicy,
        err: &ProviderError,
        attempt: u32,
    ) -> Option<f64> {
        (self.clock.has_timers() && retry::is_retryable(err))
            .then(|| policy.delay_ms(attempt, err.retry_after_ms(), self.clock.random_unit()))
            .flatten()
    }

    /// Waits `ms` on the clock; `false` when the user stopped first (the wait ends at once).
    pub(crate) async fn wait_unless_cancelled(&self, ms: f64, cancel: &CancelToken) -> bool {
        let mut wait = self.clock.sleep(ms);
        let mut stop = std::pin::pin!(cancel.cancelled());
        matches!(race(wait.as_mut(), stop.as_mut()).await, Raced::First(()))
    }

    pub(crate) async fn try_stream_reply(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Result<ReplyEnd, ProviderError> {
        let request = provider::build_chat_request(settings, request)?;
        let mut watch = StreamWatch::new(settings, self.clock.now_ms());
        let mut send = std::pin::pin!(self.transport.send(request, cancel));
        let mut response = loop {
            let wait = watch.deadline_ms() - self.clock.now_ms();
            if wait <= 0.0 {
                return Err(ProviderError::Timeout(watch.kind()));
            }
            let mut timer = self.clock.sleep(wait);
            if let Raced::First(response) = race(send.as_mut(), timer.as_mut()).await {
                break response?;
            }
        };
        // The response head is not the first token: servers send it at once and then, for a
        // reasoning model, nothing for minutes. The first-token wait goes on until body bytes.
        if !(200..300).contains(&response.status) {
            let body = read_body(&mut response.body, MAX_ERROR_BODY_BYTES, cancel).await?;
            return Err(provider::error_from_response(
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
            for delta in provider::decode_completion(settings.kind, &body)? {
                writer.apply(delta).await;
            }
            return Ok(ReplyEnd::Finished);
        }

        let mut protocol = StreamDecoder::new(settings.kind);
        let mut decoder = SseDecoder::default();
        let mut events = Vec::new();
        while let Some(chunk) = self
            .next_chunk(&mut response.body, writer, &mut watch)
            .await
        {
            if cancel.is_cancelled() {
                return Ok(ReplyEnd::Cancelled);
            }
            decoder.push(&chunk?, &mut events)?;
            for event in events.drain(..) {
                for delta in protocol.decode(&event)? {
                    if writer.apply(delta).await {
                        return Ok(ReplyEnd::Finished);
                    }
                }
            }
        }
        if cancel.is_cancelled() {
            return Ok(ReplyEnd::Cancelled);
        }
        if let Some(event) = decoder.finish()? {
            for delta in protocol.decode(&event)? {
                writer.apply(delta).await;
            }
        }
        Ok(if writer.provider_finished() {
            ReplyEnd::Finished
        } else {
            ReplyEnd::Truncated
        })
    }

    /// The next body chunk. Timers race the read (which is never dropped): one hands held
    /// text on when the coalescer says it is due, so it shows even while the stream stalls;
    /// the other ends a stream that sent nothing for too long with a timeout.
    async fn next_chunk<B: ByteStream>(
        &self,
        body: &mut B,
        writer: &mut ReplyWriter<'_, S, C>,
        watch: &mut StreamWatch,
    ) -> Option<Result<Vec<u8>, ProviderError>> {
        let mut read = std::pin::pin!(body.next_chunk());
        loop {
            let now = self.clock.now_ms();
            let until_timeout = watch.deadline_ms() - now;
            if until_timeout <= 0.0 {
                return Some(Err(ProviderError::Timeout(watch.kind())));
            }
            let until_flush = writer.flush_due_in().unwrap_or(f64::INFINITY);
            let mut timer = self.clock.sleep(until_flush.min(until_timeout));
            match race(read.as_mut(), timer.as_mut()).await {
                Raced::First(chunk) => {
                    watch.alive(self.clock.now_ms());
                    return chunk.map(|c| c.map_err(ProviderError::from));
                }
                Raced::Second(()) => {
                    if writer.flush_due_in().is_some_and(|due| due <= 0.0) {
                        writer.flush_events();
                    }
                }
            }
        }
    }

    /// One non-streaming completion, reasoning removed: the answer text only, within
    /// `max_output_tokens` when given.
    pub(crate) async fn complete_once(
        &self,
        settings: &ProviderSettings,
        messages: &[ChatMessage],
        max_output_tokens: Option<u32>,
        cancel: &CancelToken,
    ) -> Result<String, ProviderError> {
        let request = provider::build_chat_request(
            settings,
            &ChatRequest {
                messages,
                params: provider::GenerationParams {
                    max_output_tokens,
                    ..provider::GenerationParams::default()
                },
                ..ChatRequest::default()
            },
        )?;
        let mut response = self.transport.send(request, cancel).await?;
        let body = read_body(&mut response.body, MAX_COMPLETION_BODY_BYTES, cancel).await?;
        if !(200..300).contains(&response.status) {
            return Err(provider::error_from_status(response.status, &body));
        }
        let mut splitter = ThinkTagSplitter::new();
        let mut text = String::new();
        for delta in provider::decode_completion(settings.kind, &body)? {
            if let provider::StreamDelta::Content(content) = delta {
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
}

/// Whether a failure after text arrived means the stream broke (a retry may complete the
/// answer) rather than that the provider refused it.
fn breaks_the_stream(error: &ProviderError) -> bool {
    matches!(
        error,
        ProviderError::Timeout(_)
            | ProviderError::Decode(_)
            | ProviderError::Sse(_)
            | ProviderError::Stream(_)
            | ProviderError::Transport(_)
    )
}

/// The first-token and idle timeouts of one request.
struct StreamWatch {
    last_activity_ms: f64,
    started: bool,
    first_token_ms: f64,
    idle_ms: f64,
}

impl StreamWatch {
    fn new(settings: &ProviderSettings, now_ms: f64) -> Self {
        Self {
            last_activity_ms: now_ms,
            started: false,
            first_token_ms: f64::from(settings.first_token_timeout_s.max(1)) * 1_000.0,
            idle_ms: f64::from(settings.idle_timeout_s.max(1)) * 1_000.0,
        }
    }

    /// Bytes (or the response head) arrived: heartbeats and pings count as life.
    fn alive(&mut self, now_ms: f64) {
        self.last_activity_ms = now_ms;
        self.started = true;
    }

    fn kind(&self) -> TimeoutKind {
        if self.started {
            TimeoutKind::Idle
        } else {
            TimeoutKind::FirstToken
        }
    }

    fn deadline_ms(&self) -> f64 {
        self.last_activity_ms
            + if self.started {
                self.idle_ms
            } else {
                self.first_token_ms
            }
    }
}

/// Which of two futures finished first.
enum Raced<A, B> {
    First(A),
    Second(B),
}

/// Polls `first`, then `second`, until one is ready; the other is left as it is (a pending
/// read can be raced again without losing its data).
async fn race<A: Future + ?Sized, B: Future + ?Sized>(
    mut first: Pin<&mut A>,
    mut second: Pin<&mut B>,
) -> Raced<A::Output, B::Output> {
    std::future::poll_fn(|cx| {
        if let Poll::Ready(out) = first.as_mut().poll(cx) {
            return Poll::Ready(Raced::First(out));
        }
        second.as_mut().poll(cx).map(Raced::Second)
    })
    .await
}

/// Reads a whole (bounded) body; used for error bodies and non-streaming completions.
async fn read_body<B: ByteStream>(
    body: &mut B,
    limit: usize,
    cancel: &CancelToken,
) -> Result<Vec<u8>, ProviderError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next_chunk().await {
        if cancel.is_cancelled() {
            return Err(TransportError::Aborted.into());
        }
        let chunk = chunk?;
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if bytes.len() >= limit {
            break;
        }
    }
    Ok(bytes)
}

#[cfg(test)]
#[path = "provider_call_tests.rs"]
mod tests;
