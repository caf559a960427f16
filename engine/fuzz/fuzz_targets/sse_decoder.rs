//! Hostile provider bytes through the SSE decoder and every protocol decoder: nothing may
//! panic, memory stays bounded by the decoder's limits, and the events do not depend on where
//! the network split the bytes.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skein_engine::provider::{ProviderKind, StreamDecoder};
use skein_engine::provider::sse::{SseDecoder, SseError, SseEvent, SseLimits};

fn events(pieces: &[&[u8]]) -> Result<Vec<SseEvent>, SseError> {
    let mut decoder = SseDecoder::new(SseLimits {
        max_line_bytes: 4096,
        max_event_bytes: 16384,
    });
    let mut out = Vec::new();
    for piece in pieces {
        decoder.push(piece, &mut out)?;
    }
    out.extend(decoder.finish()?);
    Ok(out)
}

fuzz_target!(|data: &[u8]| {
    let Some((&split, rest)) = data.split_first() else {
        return;
    };
    let at = usize::from(split) % (rest.len() + 1);
    let whole = events(&[rest]);
    let split_up = events(&[&rest[..at], &rest[at..]]);
    assert_eq!(whole, split_up, "chunk boundaries changed the events");
    if let Ok(events) = whole {
        for kind in [
            ProviderKind::OpenAi,
            ProviderKind::Anthropic,
            ProviderKind::Gemini,
        ] {
            let mut decoder = StreamDecoder::new(kind);
            for event in &events {
                let _ = decoder.decode(event);
            }
        }
    }
});
