//! The provider calls a [`ChatService`] makes: a streamed reply fed into a
//! [`ReplyWriter`], and one-shot completions (summaries). Bodies are read with size limits,
//! because a provider's response is untrusted.

use crate::cancel::CancelToken;
use crate::chat_service::ChatService;
use crate::clock::{Clock, IdGenerator};
use crate::generation::{ReplyEnd, ReplyWriter};
use crate::provider::openai::ChatRequest;
use crate::provider::{self, ChatMessage, ProviderError, StreamDecoder};
use crate::provider_settings::ProviderSettings;
use crate::sse::SseDecoder;
use crate::store::ChatStore;
use crate::think_tags::{Segment, ThinkTagSplitter};
use crate::transport::{ByteStream, Transport, TransportError};
use std::future::Future;
use std::task::Poll;

/// The most of an error body read to explain a failed request.
const MAX_ERROR_BODY_BYTES: usize = 64 << 10;
/// The largest non-streaming response accepted.
const MAX_COMPLETION_BODY_BYTES: usize = 16 << 20;

impl<T: Transport, S: ChatStore, C: Clock, I: IdGenerator> ChatService<T, S, C, I> {
    /// Runs the provider request and feeds every delta into `writer`.
    pub(crate) async fn stream_reply(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> ReplyEnd {
        match self
            .try_stream_reply(settings, request, cancel, writer)
            .await
        {
            Ok(end) => end,
            Err(_) if cancel.is_cancelled() => ReplyEnd::Cancelled,
            Err(ProviderError::Transport(TransportError::Aborted)) => ReplyEnd::Cancelled,
            Err(err) => ReplyEnd::Failed(err.to_string()),
        }
    }

    pub(crate) async fn try_stream_reply(
        &self,
        settings: &ProviderSettings,
        request: &ChatRequest<'_>,
        cancel: &CancelToken,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Result<ReplyEnd, ProviderError> {
        let request = provider::build_chat_request(settings, request)?;
        let mut response = self.transport.send(request, cancel).await?;
        if !(200..300).contains(&response.status) {
            let body = read_body(&mut response.body, MAX_ERROR_BODY_BYTES, cancel).await?;
            return Err(provider::error_from_status(response.status, &body));
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
        while let Some(chunk) = self.next_chunk(&mut response.body, writer).await {
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

    /// The next body chunk. While the coalescer holds text, a timer races the read, so held
    /// text is shown on time even when the stream stalls; the read itself is never dropped.
    async fn next_chunk<B: ByteStream>(
        &self,
        body: &mut B,
        writer: &mut ReplyWriter<'_, S, C>,
    ) -> Option<Result<Vec<u8>, TransportError>> {
        let Some(wait_ms) = writer.flush_due_in() else {
            return body.next_chunk().await;
        };
        let mut read = std::pin::pin!(body.next_chunk());
        let mut timer = self.clock.sleep(wait_ms);
        let first = std::future::poll_fn(|cx| {
            if let Poll::Ready(chunk) = read.as_mut().poll(cx) {
                return Poll::Ready(Some(chunk));
            }
            timer.as_mut().poll(cx).map(|()| None)
        })
        .await;
        match first {
            Some(chunk) => chunk,
            None => {
                writer.flush_events();
                read.await
            }
        }
    }

    /// One non-streaming completion, reasoning removed: the answer text only.
    pub(crate) async fn complete_once(
        &self,
        settings: &ProviderSettings,
        messages: &[ChatMessage],
        cancel: &CancelToken,
    ) -> Result<String, ProviderError> {
        let request = provider::build_chat_request(
            settings,
            &ChatRequest {
                messages,
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
