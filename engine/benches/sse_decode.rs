//! Throughput of the SSE decoder plus OpenAI chunk decoding, on a synthetic 2,000-chunk answer
//! fed in 1 KiB network-sized pieces. Run with `cargo xtask bench`; prints MiB/s and chunks/s.

#![allow(
    clippy::expect_used,
    reason = "the input is synthetic and valid; a failure is a bug the benchmark should report loudly"
)]

use skein_engine::provider::openai::decode_stream_data;
use skein_engine::sse::SseDecoder;
use std::hint::black_box;
use std::time::Instant;

fn synthetic_stream(chunks: usize) -> Vec<u8> {
    let mut body = String::new();
    for i in 0..chunks {
        body.push_str(&format!(
            "data: {{\"id\":\"chatcmpl-1\",\"object\":\"chat.completion.chunk\",\"model\":\"m\",\
             \"choices\":[{{\"index\":0,\"delta\":{{\"content\":\"token{i} \"}},\"finish_reason\":null}}]}}\n\n"
        ));
    }
    body.push_str("data: [DONE]\n\n");
    body.into_bytes()
}

fn main() {
    let chunks = 2_000;
    let input = synthetic_stream(chunks);
    let rounds = 50;
    let start = Instant::now();
    let mut deltas = 0usize;
    for _ in 0..rounds {
        let mut decoder = SseDecoder::default();
        let mut events = Vec::new();
        for piece in input.chunks(1024) {
            decoder
                .push(piece, &mut events)
                .expect("synthetic input is valid");
            for event in events.drain(..) {
                deltas += decode_stream_data(&event.data).expect("valid chunk").len();
            }
        }
        black_box(decoder.finish().expect("valid end"));
    }
    let secs = start.elapsed().as_secs_f64();
    let mib = (input.len() * rounds) as f64 / (1024.0 * 1024.0);
    println!(
        "sse_decode: {:.1} MiB/s, {:.0} chunks/s ({} deltas, {} bytes per round, {} rounds)",
        mib / secs,
        (chunks * rounds) as f64 / secs,
        deltas,
        input.len(),
        rounds
    );
}
