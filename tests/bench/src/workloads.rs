//! The measured work, the same on the host and in wasm: decode a stream, parse Markdown, search
//! vectors and words, assemble a provider request. Each returns a number derived from its
//! result so the work cannot be optimised away and a broken workload shows.

use crate::fixtures;
use skein_engine::domain::assistant::CompiledAssistant;
use skein_engine::domain::tree::ConversationTree;
use skein_engine::knowledge::lexical::LexicalIndex;
use skein_engine::knowledge::store::LibraryStore;
use skein_engine::knowledge::vectors::VectorIndex;
use skein_engine::knowledge::{
    ChunkEmbedding, EmbeddingModel, KnowledgeBase, KnowledgeChunk, KnowledgeDocument,
    KnowledgeRetriever, QueryEmbedder,
};
use skein_engine::prompt::request_builder::{
    build_request, chat_messages, sendable_branch, RequestInputs,
};
use skein_engine::prompt::rolling_context::{valid_summary, RollingContextSummary};
use skein_engine::prompt::time_context::TimeContext;
use skein_engine::prompt::{HookFuture, RetrievalHook, RetrievalScope};
use skein_engine::provider::sse::SseDecoder;
use skein_engine::provider::ChatRequest;
use skein_engine::provider::{build_chat_request, StreamDecoder, StreamDelta};
use skein_engine::render::markdown::{parse, MarkdownStream};
use skein_engine::{Assistant, Conversation, MemoryStore, ProviderKind, ProviderSettings};
use std::future::Future;
use std::pin::pin;
use std::task::{Context, Poll, Waker};

/// Decodes a transcript fed in network-sized pieces; returns the characters of answer text.
pub fn decode_stream(kind: ProviderKind, transcript: &[u8], piece: usize) -> usize {
    let mut sse = SseDecoder::default();
    let mut decoder = StreamDecoder::new(kind);
    let mut events = Vec::new();
    let mut deltas = Vec::new();
    let mut chars = 0;
    // The loop of the app's stream reader (`provider::client`): one list of events and one of
    // deltas for the whole answer, and each event's buffer handed back for the next.
    for bytes in transcript.chunks(piece.max(1)) {
        if sse.push(bytes, &mut events).is_err() {
            return 0;
        }
        for event in events.drain(..) {
            if decoder.decode_into(&event, &mut deltas).is_err() {
                return 0;
            }
            sse.recycle(event);
            for delta in deltas.drain(..) {
                if let StreamDelta::Content(text) = delta {
                    chars += text.len();
                }
            }
        }
    }
    chars
}

/// Parses a finished message; returns its block count.
pub fn parse_markdown(text: &str) -> usize {
    parse(text).len()
}

/// Streams `text` into the Markdown parser `tokens` pieces at a time, as the app does while an
/// answer arrives; returns the blocks finished plus the last tail's.
pub fn stream_markdown(text: &str, tokens: usize) -> usize {
    let mut stream = MarkdownStream::new();
    let step = (text.len() / tokens.max(1)).max(1);
    let mut end = 0;
    let mut tail = 0;
    while end < text.len() {
        end = (end + step).min(text.len());
        while !text.is_char_boundary(end) {
            end += 1;
        }
        tail = stream.update(&text[..end]).tail.len();
    }
    stream.finished_blocks() + tail
}

/// The vector index of `count` stored vectors.
pub fn vector_index(flat: &[f32], dimension: usize) -> VectorIndex {
    let mut index = VectorIndex::new(dimension);
    for vector in flat.chunks_exact(dimension) {
        let _ = index.push(vector);
    }
    index
}

/// Top 10 by cosine; returns the best hit's position.
pub fn top10(index: &VectorIndex, query: &[f32]) -> usize {
    index
        .search(query, 10)
        .ok()
        .and_then(|hits| hits.first().map(|h| h.0))
        .unwrap_or(usize::MAX)
}

pub fn lexical_index(texts: &[String]) -> LexicalIndex {
    LexicalIndex::new(texts.iter().map(String::as_str))
}

pub fn bm25_top10(index: &LexicalIndex, query: &str) -> usize {
    index.search(query, 10).len()
}

/// A long conversation with a valid rolling summary, ready to build requests from.
pub struct Assembly {
    tree: ConversationTree,
    conversation: Conversation,
    summaries: Vec<RollingContextSummary>,
    assistant: Assistant,
    compiled: CompiledAssistant,
    settings: ProviderSettings,
}

impl Assembly {
    /// `messages` on one branch; the summary covers all but the last 40.
    pub fn new(messages: usize) -> Self {
        let (conversation, nodes) = fixtures::linear_conversation("assembly", messages, 0.0);
        let summaries = vec![fixtures::summary_for(&nodes, 40)];
        let tree = ConversationTree::from_nodes(
            &conversation.id,
            nodes,
            conversation.current_leaf_id.as_deref(),
        )
        .unwrap_or_else(|_| ConversationTree::new("assembly"));
        let assistant = Assistant::default();
        #[allow(clippy::expect_used, reason = "the default assistant compiles")]
        let compiled = assistant.compile().expect("the default assistant compiles");
        let settings = ProviderSettings {
            base_url: "http://127.0.0.1:1/v1".into(),
            model: "bench-model".into(),
            ..ProviderSettings::default()
        };
        Self {
            tree,
            conversation,
            summaries,
            assistant,
            compiled,
            settings,
        }
    }

    /// Builds the provider request for the current branch as a send does (branch, summary,
    /// window, system prompt, input pipeline, protocol body); returns the body's size.
    pub fn build(&self) -> usize {
        let branch = sendable_branch(self.tree.current_branch());
        let summary = valid_summary(&self.summaries, &branch);
        let start = summary.map_or(0, |s| s.covered_ids.len());
        let prepared = finish_now(build_request(RequestInputs {
            window: &branch[start..],
            summary: summary.map(|s| s.text.as_str()),
            conversation: &self.conversation,
            assistant: &self.assistant,
            compiled: &self.compiled,
            model: &self.settings.model,
            time: TimeContext {
                now_ms: 0.0,
                utc_offset_minutes: 0,
                time_zone: "UTC".into(),
            },
            tool_note: "",
            has_tools: false,
            knowledge: None,
            memory: None,
            persona: None,
            world_books: &[],
            dictionaries: &[],
            ocr: None,
            workspace: None,
            channel: skein_engine::prompt::OutputChannel::Markdown,
            provider: "bench",
        }));
        let Some(prepared) = prepared else { return 0 };
        let messages = chat_messages(&prepared);
        let request = ChatRequest {
            messages: &messages,
            tools: &[],
            params: Default::default(),
            stream: true,
        };
        build_chat_request(&self.settings, &request)
            .ok()
            .and_then(|built| built.body.map(|b| b.len()))
            .unwrap_or(0)
    }
}

/// A question against one knowledge base, as retrieval answers it before a request leaves:
/// `chunks` chunk-sized texts, each with a vector of the base's model, in the in-memory store.
/// The embedder answers at once with a fixed vector (the provider's time is not Skein's).
pub struct KnowledgeQuestion {
    retriever: KnowledgeRetriever<MemoryStore, FixedVector>,
    scope: RetrievalScope,
}

/// Test fixture: every query embeds to the same vector.
pub struct FixedVector(Vec<f32>);

impl QueryEmbedder for FixedVector {
    fn embed_query<'a>(&'a self, _model: &'a str, _text: &'a str) -> HookFuture<'a, Vec<f32>> {
        let vector = self.0.clone();
        Box::pin(async move { Ok(vector) })
    }
}

impl KnowledgeQuestion {
    pub fn new(chunks: usize, dimension: usize) -> Self {
        let store = MemoryStore::new();
        let mut base = KnowledgeBase::new("kb", "Bench", 0.0);
        base.embedding_model = Some(EmbeddingModel {
            model: "bench-embed".into(),
            dimension: dimension as u32,
        });
        let document = KnowledgeDocument {
            id: "doc".into(),
            knowledge_base_id: "kb".into(),
            name: "corpus.txt".into(),
            mime: "text/plain".into(),
            text_bytes: 0,
            chunk_count: chunks as u32,
            created_at_ms: 0.0,
        };
        let mut rng = fixtures::Rng::new(5);
        let stored: Vec<KnowledgeChunk> = fixtures::corpus(chunks)
            .into_iter()
            .enumerate()
            .map(|(at, text)| KnowledgeChunk {
                id: format!("c{at}"),
                knowledge_base_id: "kb".into(),
                document_id: "doc".into(),
                position: at as u32,
                heading_path: Vec::new(),
                text,
                embedding: Some(ChunkEmbedding {
                    model: "bench-embed".into(),
                    dimension: dimension as u32,
                    vector: (0..dimension).map(|_| rng.unit()).collect(),
                }),
            })
            .collect();
        let saved = finish_now(async {
            store.save_knowledge_base(&base).await?;
            store.save_document(&document, &stored).await
        });
        debug_assert!(matches!(saved, Some(Ok(()))));
        Self {
            retriever: KnowledgeRetriever {
                store,
                embedder: FixedVector(fixtures::vectors(1, dimension, 4)),
                cache: Default::default(),
            },
            scope: RetrievalScope {
                assistant_id: "a".into(),
                knowledge_base_ids: vec!["kb".into()],
                memory: false,
            },
        }
    }

    /// Retrieves for `query`; returns how many chunks were found (0 on any failure).
    pub fn ask(&self, query: &str) -> usize {
        finish_now(self.retriever.retrieve(query, &self.scope))
            .and_then(Result::ok)
            .map_or(0, |found| found.items.len())
    }
}

/// Runs a future that never waits (no hooks, no I/O) to its end.
fn finish_now<F: Future>(future: F) -> Option<F::Output> {
    let mut future = pin!(future);
    match future
        .as_mut()
        .poll(&mut Context::from_waker(Waker::noop()))
    {
        Poll::Ready(output) => Some(output),
        Poll::Pending => None,
    }
}

/// The transcript of `tokens` deltas in `kind`'s protocol, as bytes.
pub fn transcript(kind: ProviderKind, tokens: usize) -> Vec<u8> {
    fixtures::sse_transcript(kind, tokens).into_bytes()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The workloads do the work they are named for: a benchmark of a broken one would
    /// measure nothing.
    #[test]
    fn every_protocol_decodes_the_whole_answer() {
        let expected: usize = (0..400).map(|i| format!("tok{} ", i % 997).len()).sum();
        for kind in [
            ProviderKind::OpenAi,
            ProviderKind::Anthropic,
            ProviderKind::Gemini,
        ] {
            let transcript = transcript(kind, 400);
            assert_eq!(
                decode_stream(kind, &transcript, 1_024),
                expected,
                "{kind:?}"
            );
            // Piece size does not change the answer.
            assert_eq!(decode_stream(kind, &transcript, 7), expected, "{kind:?}");
        }
    }

    #[test]
    fn streaming_markdown_ends_with_the_blocks_of_the_finished_parse() {
        let text = fixtures::markdown_message(0) + "\n\n" + &fixtures::markdown_message(1);
        assert_eq!(stream_markdown(&text, 200), parse_markdown(&text));
    }

    #[test]
    fn searches_find_the_planted_answer() {
        let dimension = 16;
        let mut flat = fixtures::vectors(500, dimension, 3);
        let query = fixtures::vectors(1, dimension, 4);
        flat[123 * dimension..124 * dimension].copy_from_slice(&query);
        assert_eq!(top10(&vector_index(&flat, dimension), &query), 123);
        let mut texts = fixtures::corpus(200);
        texts[7] = "zebra quagga okapi".into();
        let index = lexical_index(&texts);
        assert_eq!(index.search("okapi", 10)[0].0, 7);
    }

    #[test]
    fn a_knowledge_question_finds_chunks_cold_and_warm() {
        let question = KnowledgeQuestion::new(2_000, 16);
        // The first question reads and indexes the base; the second reuses it.
        assert_eq!(question.ask("storage vector garden"), 6);
        assert_eq!(question.ask("storage vector garden"), 6);
        assert_eq!(question.retriever.cache.len(), 1);
    }

    #[test]
    fn a_request_is_assembled_from_the_window_after_the_summary() {
        let assembly = Assembly::new(1_000);
        let bytes = assembly.build();
        // The summary and the 40 messages after it, not the 1,000.
        let whole: usize = fixtures::linear_conversation("assembly", 1_000, 0.0)
            .1
            .iter()
            .map(|m| m.text().len())
            .sum();
        assert!(bytes > 2_000 && bytes < whole / 5, "{bytes} of {whole}");
    }
}
