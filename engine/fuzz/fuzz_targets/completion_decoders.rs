//! Hostile non-streaming response bodies through every protocol's decoder, the embeddings and
//! the model-list decoders: nothing may panic, and a body with `null` members decodes like
//! the same body without them.
#![no_main]

use libfuzzer_sys::fuzz_target;
use skein_engine::provider::embeddings::decode_embeddings;
use skein_engine::provider::model_list::decode_models;
use skein_engine::provider::{decode_completion, ProviderKind};

fn without_nulls(value: &mut serde_json::Value) {
    match value {
        serde_json::Value::Object(map) => {
            map.retain(|_, v| !v.is_null());
            map.values_mut().for_each(without_nulls);
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(without_nulls),
        _ => {}
    }
}

fuzz_target!(|data: &[u8]| {
    for kind in [
        ProviderKind::OpenAi,
        ProviderKind::Anthropic,
        ProviderKind::Gemini,
    ] {
        let decoded = decode_completion(kind, data);
        let _ = decode_embeddings(kind, data, 2);
        let _ = decode_models(kind, data);
        // Tool arguments are the model's own JSON, passed on as written: only bodies without
        // them are compared.
        let Ok(mut value) = serde_json::from_slice::<serde_json::Value>(data) else {
            continue;
        };
        let text = value.to_string();
        if ["arguments", "input", "args"].iter().any(|k| text.contains(k)) {
            continue;
        }
        without_nulls(&mut value);
        let cleaned = decode_completion(kind, value.to_string().as_bytes());
        assert_eq!(
            decoded.as_ref().ok(),
            cleaned.as_ref().ok(),
            "null members changed the answer"
        );
    }
});
