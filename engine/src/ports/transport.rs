//! The engine's view of HTTP: a request it built, and a response whose body arrives as a stream
//! of byte chunks. The platform crate implements [`Transport`] with `fetch`; tests implement it
//! with recorded transcripts.

use crate::ports::cancel::CancelToken;
use thiserror::Error;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HttpMethod {
    Get,
    Post,
}

impl HttpMethod {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Get => "GET",
            Self::Post => "POST",
        }
    }
}

/// Header names whose values are secrets and must never be printed or logged.
const SECRET_HEADERS: [&str; 4] = ["authorization", "x-api-key", "x-goog-api-key", "api-key"];

#[derive(Clone, PartialEq, Eq)]
pub struct HttpRequest {
    pub method: HttpMethod,
    pub url: String,
    pub headers: Vec<(String, String)>,
    pub body: Option<String>,
}

impl HttpRequest {
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n.eq_ignore_ascii_case(name))
            .map(|(_, v)| v.as_str())
    }
}

/// Hand-written so that API keys never reach a log, a panic message or an error report.
impl std::fmt::Debug for HttpRequest {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let headers: Vec<(&str, &str)> = self
            .headers
            .iter()
            .map(|(name, value)| {
                let secret = SECRET_HEADERS.iter().any(|s| name.eq_ignore_ascii_case(s));
                (
                    name.as_str(),
                    if secret { "<redacted>" } else { value.as_str() },
                )
            })
            .collect();
        f.debug_struct("HttpRequest")
            .field("method", &self.method)
            .field("url", &self.url)
            .field("headers", &headers)
            .field("body_bytes", &self.body.as_ref().map_or(0, String::len))
            .finish()
    }
}

/// A response whose head has arrived; the body is still streaming.
#[derive(Debug)]
pub struct HttpResponse<B> {
    pub status: u16,
    pub content_type: Option<String>,
    /// The response headers the engine reads (lower-case names): at least those of
    /// [`RATE_LIMIT_HEADERS`](crate::provider::retry::RATE_LIMIT_HEADERS) that the server
    /// lets the page see.
    pub headers: Vec<(String, String)>,
    pub body: B,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum TransportError {
    /// The request could not be made or the connection broke. Browsers report a CORS refusal the
    /// same way as an unreachable server, so the message names both; in the browser extension
    /// (`in_extension`), where no CORS applies but the site must be permitted, it names that.
    #[error("{}", network_message(url, detail, *in_extension))]
    Network {
        url: String,
        detail: String,
        in_extension: bool,
    },
    /// The connection broke after the response had started.
    #[error("The connection to the provider broke while the answer was streaming: {0}")]
    Interrupted(String),
    /// The request was aborted through its [`CancelToken`].
    #[error("The request was stopped.")]
    Aborted,
}

fn network_message(url: &str, detail: &str, in_extension: bool) -> String {
    if in_extension {
        format!(
            "Could not reach {url}: {detail}. Check that the server is running and the base URL \
             is right, and that Skein may reach this site: saving the provider asks your browser \
             for it, and Settings → Providers lists the sites Skein may reach."
        )
    } else {
        format!(
            "Could not reach {url}: {detail}. Check that the server is running and the base URL \
             is right. If it is, the server may not allow requests from this page (CORS): for \
             Ollama set OLLAMA_ORIGINS, for llama.cpp and other servers enable CORS for this \
             site's origin."
        )
    }
}

impl crate::i18n::Explain for TransportError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::Network {
                url,
                detail,
                in_extension,
            } => phrase(if *in_extension {
                "error-transport-network-extension"
            } else {
                "error-transport-network"
            })
            .with("url", url)
            .with("detail", detail),
            Self::Interrupted(detail) => {
                phrase("error-transport-interrupted").with("detail", detail)
            }
            Self::Aborted => phrase("error-transport-aborted"),
        }
    }
}

/// A response body, read chunk by chunk.
pub trait ByteStream {
    /// The next chunk, `None` at the end of the body.
    async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, TransportError>>;
}

/// Reads a body to its end, or until it holds more than `limit` bytes: the bytes (at most
/// `limit`) and whether the body went on. A cancelled `cancel` stops the read as aborted.
/// Every bounded read of a whole body goes through here; each caller decides what "more"
/// means (cut, or refused).
pub async fn read_at_most<B: ByteStream>(
    body: &mut B,
    limit: usize,
    cancel: &CancelToken,
) -> Result<(Vec<u8>, bool), TransportError> {
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next_chunk().await {
        if cancel.is_cancelled() {
            return Err(TransportError::Aborted);
        }
        let chunk = chunk?;
        let room = limit.saturating_sub(bytes.len());
        bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
        if chunk.len() > room {
            return Ok((bytes, true));
        }
    }
    Ok((bytes, false))
}

/// Where a streamed answer's bytes are also written, as they arrive, so that a killed page
/// loses none of what it received (the chat's stream journal, `chat/stream_journal.rs`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JournalTarget {
    pub conversation_id: String,
    pub message_id: String,
    /// Written first: what the bytes need to be read again (the protocol, the message as it
    /// was before them).
    pub head: Vec<u8>,
}

pub trait Transport {
    type Body: ByteStream;

    /// Sends `request`. Cancelling `cancel` must make a pending `send` or `next_chunk` return
    /// [`TransportError::Aborted`] promptly.
    async fn send(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
    ) -> Result<HttpResponse<Self::Body>, TransportError>;

    /// Sends `request` as [`send`](Self::send) does and, with a `journal`, keeps the body as
    /// it arrives: `journal.head`, then every byte read, under the journal's message (replacing
    /// what was kept there), written before the bytes are handed on. A transport that cannot
    /// keep bytes this way only sends (the default).
    async fn send_journaled(
        &self,
        request: HttpRequest,
        cancel: &CancelToken,
        journal: Option<&JournalTarget>,
    ) -> Result<HttpResponse<Self::Body>, TransportError> {
        let _ = journal;
        self.send(request, cancel).await
    }

    /// What [`send_journaled`](Self::send_journaled) kept for a message, if anything.
    async fn read_journal(&self, conversation_id: &str, message_id: &str) -> Option<Vec<u8>> {
        let _ = (conversation_id, message_id);
        None
    }

    /// Forgets what was kept for a message, or (`message_id` `None`) for every message of the
    /// conversation.
    fn drop_journal(&self, conversation_id: &str, message_id: Option<&str>) {
        let _ = (conversation_id, message_id);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Chunks(Vec<&'static [u8]>);

    impl ByteStream for Chunks {
        async fn next_chunk(&mut self) -> Option<Result<Vec<u8>, TransportError>> {
            (!self.0.is_empty()).then(|| Ok(self.0.remove(0).to_vec()))
        }
    }

    #[test]
    fn a_bounded_read_keeps_at_most_the_limit_and_says_whether_there_was_more() {
        let read = |chunks: Vec<&'static [u8]>, limit| {
            futures_executor::block_on(read_at_most(
                &mut Chunks(chunks),
                limit,
                &CancelToken::new(),
            ))
        };
        assert_eq!(read(vec![b"abc", b"de"], 5), Ok((b"abcde".to_vec(), false)));
        assert_eq!(read(vec![b"abc", b"def"], 5), Ok((b"abcde".to_vec(), true)));
        assert_eq!(read(vec![b"abcde", b"f"], 5), Ok((b"abcde".to_vec(), true)));
        let cancel = CancelToken::new();
        cancel.cancel();
        let stopped = futures_executor::block_on(read_at_most(&mut Chunks(vec![b"a"]), 5, &cancel));
        assert_eq!(stopped, Err(TransportError::Aborted));
    }

    #[test]
    fn debug_output_never_contains_the_api_key() {
        let request = HttpRequest {
            method: HttpMethod::Post,
            url: "https://api.example/v1/chat/completions".into(),
            headers: vec![
                ("Authorization".into(), "Bearer sk-secret-123".into()),
                ("X-Api-Key".into(), "sk-ant-secret".into()),
                ("Content-Type".into(), "application/json".into()),
            ],
            body: Some("{}".into()),
        };
        let printed = format!("{request:?}");
        assert!(!printed.contains("secret"), "{printed}");
        assert!(printed.contains("application/json"));
        assert_eq!(
            request.header("authorization"),
            Some("Bearer sk-secret-123")
        );
    }
}
