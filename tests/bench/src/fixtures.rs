//! Deterministic inputs: conversations of mixed Markdown and code, provider stream transcripts,
//! vectors and a text corpus. A small xorshift generator keeps them the same on every machine.

use skein_engine::prompt::rolling_context::RollingContextSummary;
use skein_engine::store::backup::{backup_json, BackupContents};
use skein_engine::{Conversation, MessageNode, ProviderKind, Role};

/// xorshift64*: enough randomness for vectors and word choice, no dependency.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Self(seed.max(1))
    }

    pub fn next_u64(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_f491_4f6c_dd1d)
    }

    /// Uniform in [-1, 1).
    pub fn unit(&mut self) -> f32 {
        (self.next_u64() >> 40) as f32 / (1u64 << 23) as f32 - 1.0
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.next_u64() % n as u64) as usize
    }
}

const WORDS: &[&str] = &[
    "stream",
    "token",
    "render",
    "branch",
    "summary",
    "vector",
    "browser",
    "storage",
    "index",
    "model",
    "prompt",
    "answer",
    "question",
    "memory",
    "chunk",
    "search",
    "cosine",
    "window",
    "request",
    "provider",
    "latency",
    "frame",
    "signal",
    "thread",
    "parser",
    "buffer",
    "cache",
    "history",
    "context",
    "citation",
    "document",
    "heading",
    "paragraph",
    "table",
    "column",
    "garden",
    "river",
    "harbour",
    "lantern",
    "compass",
    "meadow",
    "orchard",
    "glacier",
    "canyon",
];

fn sentence(rng: &mut Rng, words: usize) -> String {
    let mut out = String::new();
    for i in 0..words {
        if i > 0 {
            out.push(' ');
        }
        out.push_str(WORDS[rng.below(WORDS.len())]);
    }
    out.push('.');
    out
}

/// How many kinds of body [`markdown_message`] takes in turn.
pub const MESSAGE_KINDS: usize = 5;

/// A message of the kinds people get from models: prose with emphasis and inline code, then one
/// of fenced code, a list, a table, display and inline math, or a quote, in turn by `i`.
pub fn markdown_message(i: usize) -> String {
    let mut rng = Rng::new(i as u64 + 7);
    let mut text = format!(
        "Here is **point {i}** with `inline_code({i})` and a [link](https://example.org/{i}). {}\n\n",
        sentence(&mut rng, 18)
    );
    match i % MESSAGE_KINDS {
        0 => {
            text.push_str("```rust\n");
            for line in 0..8 {
                text.push_str(&format!(
                    "fn step_{line}(x: u32) -> u32 {{ x.wrapping_mul({}) + {line} }}\n",
                    rng.below(1000)
                ));
            }
            text.push_str("```\n\n");
        }
        1 => {
            for item in 0..5 {
                text.push_str(&format!("- item {item}: {}\n", sentence(&mut rng, 8)));
            }
            text.push('\n');
        }
        2 => {
            text.push_str("| name | value | note |\n|---|---|---|\n");
            for row in 0..4 {
                text.push_str(&format!(
                    "| r{row} | {} | {} |\n",
                    rng.below(100),
                    sentence(&mut rng, 3)
                ));
            }
            text.push('\n');
        }
        3 => {
            text.push_str(&format!(
                "The mean is $\\bar{{x}} = \\frac{{1}}{{n}}\\sum_{{k=1}}^{{n}} x_k$ with $n = {}$.\n\n$$\n\\sigma^2 = \\frac{{1}}{{n}}\\sum_{{k=1}}^{{n}} (x_k - \\bar{{x}})^2 + \\sqrt{{{}}}\n$$\n\n",
                rng.below(100) + 1,
                rng.below(1000)
            ));
        }
        _ => {
            text.push_str(&format!("> {}\n\n", sentence(&mut rng, 20)));
        }
    }
    text.push_str(&sentence(&mut rng, 30));
    text
}

/// A conversation of `count` messages on one branch, user and assistant in turn.
pub fn linear_conversation(
    id: &str,
    count: usize,
    start_ms: f64,
) -> (Conversation, Vec<MessageNode>) {
    let mut messages = Vec::with_capacity(count);
    let mut parent: Option<String> = None;
    for i in 0..count {
        let role = if i % 2 == 0 {
            Role::User
        } else {
            Role::Assistant
        };
        let text = if role == Role::User {
            format!(
                "Question {i}: {}",
                sentence(&mut Rng::new(i as u64 + 1), 12)
            )
        } else {
            // The assistant's turn number, so that consecutive answers take every kind in turn
            // (`i` itself is always odd here).
            markdown_message(i / 2)
        };
        let node = MessageNode::new(&format!("{id}-m{i}"), id, role, start_ms + i as f64)
            .with_text(&text)
            .with_parent(parent.as_deref());
        parent = Some(node.id.clone());
        messages.push(node);
    }
    let mut conversation = Conversation::new(id, &format!("Benchmark {id}"), start_ms);
    conversation.current_leaf_id = parent;
    conversation.updated_at_ms = start_ms + count as f64;
    (conversation, messages)
}

/// A Skein backup holding `conversations`, as the app's import reads it.
pub fn backup(conversations: Vec<(Conversation, Vec<MessageNode>)>) -> String {
    backup_json(
        &BackupContents {
            conversations,
            ..BackupContents::default()
        },
        false,
        0.0,
    )
}

/// A summary covering all but the last `keep` messages of `messages`.
pub fn summary_for(messages: &[MessageNode], keep: usize) -> RollingContextSummary {
    let covered = messages.len().saturating_sub(keep);
    RollingContextSummary {
        conversation_id: messages
            .first()
            .map(|m| m.conversation_id.clone())
            .unwrap_or_default(),
        text: "The user and the assistant discussed streaming, storage and rendering at length."
            .repeat(20),
        covered_ids: messages[..covered].iter().map(|m| m.id.clone()).collect(),
        created_at_ms: 0.0,
        origin: Default::default(),
    }
}

/// A streamed answer of `tokens` text deltas as the provider of `kind` sends it.
pub fn sse_transcript(kind: ProviderKind, tokens: usize) -> String {
    let mut out = String::new();
    let token = |i: usize| format!("tok{} ", i % 997);
    match kind {
        ProviderKind::OpenAi => {
            for i in 0..tokens {
                out.push_str(&format!(
                    "data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"created\":1,\"model\":\"m\",\"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"{}\"}},\"finish_reason\":null}}]}}\n\n",
                    token(i)
                ));
            }
            out.push_str("data: {\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"choices\":[{\"index\":0,\"delta\":{},\"finish_reason\":\"stop\"}]}\n\ndata: [DONE]\n\n");
        }
        ProviderKind::Anthropic => {
            out.push_str("event: message_start\ndata: {\"type\":\"message_start\",\"message\":{\"id\":\"msg_1\",\"type\":\"message\",\"role\":\"assistant\",\"model\":\"m\",\"content\":[],\"usage\":{\"input_tokens\":10,\"output_tokens\":1}}}\n\n");
            out.push_str("event: content_block_start\ndata: {\"type\":\"content_block_start\",\"index\":0,\"content_block\":{\"type\":\"text\",\"text\":\"\"}}\n\n");
            for i in 0..tokens {
                out.push_str(&format!(
                    "event: content_block_delta\ndata: {{\"type\":\"content_block_delta\",\"index\":0,\"delta\":{{\"type\":\"text_delta\",\"text\":\"{}\"}}}}\n\n",
                    token(i)
                ));
            }
            out.push_str("event: content_block_stop\ndata: {\"type\":\"content_block_stop\",\"index\":0}\n\n");
            out.push_str("event: message_delta\ndata: {\"type\":\"message_delta\",\"delta\":{\"stop_reason\":\"end_turn\"},\"usage\":{\"output_tokens\":4000}}\n\n");
            out.push_str("event: message_stop\ndata: {\"type\":\"message_stop\"}\n\n");
        }
        ProviderKind::Gemini => {
            for i in 0..tokens {
                out.push_str(&format!(
                    "data: {{\"candidates\":[{{\"content\":{{\"parts\":[{{\"text\":\"{}\"}}],\"role\":\"model\"}},\"index\":0}}],\"modelVersion\":\"m\"}}\n\n",
                    token(i)
                ));
            }
            out.push_str("data: {\"candidates\":[{\"content\":{\"parts\":[{\"text\":\"\"}],\"role\":\"model\"},\"finishReason\":\"STOP\",\"index\":0}]}\n\n");
        }
    }
    out
}

/// `count` vectors of `dimension` components, one flat array.
pub fn vectors(count: usize, dimension: usize, seed: u64) -> Vec<f32> {
    let mut rng = Rng::new(seed);
    (0..count * dimension).map(|_| rng.unit()).collect()
}

/// `count` chunk-sized texts (about 120 words each).
pub fn corpus(count: usize) -> Vec<String> {
    let mut rng = Rng::new(99);
    (0..count).map(|_| sentence(&mut rng, 120)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use skein_engine::render::markdown::{parse, Block, Inline};

    #[test]
    fn a_long_thread_holds_code_tables_math_lists_and_quotes() {
        let (_, messages) = linear_conversation("t", 20, 0.0);
        let blocks: Vec<Block> = messages
            .iter()
            .filter(|m| m.role == Role::Assistant)
            .flat_map(|m| parse(&m.text()))
            .collect();
        let count = |wanted: fn(&Block) -> bool| blocks.iter().filter(|b| wanted(b)).count();
        // Ten answers, five kinds in turn: each kind twice.
        assert_eq!(count(|b| matches!(b, Block::Code { .. })), 2);
        assert_eq!(count(|b| matches!(b, Block::Table { .. })), 2);
        // Display math is kept inside its paragraph, as an inline of its own.
        let display_math = |b: &Block| match b {
            Block::Math(_) => true,
            Block::Paragraph(inlines) => inlines
                .iter()
                .any(|i| matches!(i, Inline::Math { display: true, .. })),
            _ => false,
        };
        assert_eq!(count(display_math), 2);
        assert_eq!(count(|b| matches!(b, Block::List { .. })), 2);
        assert_eq!(count(|b| matches!(b, Block::Quote(_))), 2);
    }
}
