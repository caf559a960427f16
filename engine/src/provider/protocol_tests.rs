//! Anthropic and Gemini: request building and recorded transcripts (written from the
//! providers' documented formats), decoded whole, byte by byte and in random splits.

use super::ChatRequest;
use super::*;
use crate::provider::settings::ProviderSettings;
use crate::provider::sse::SseDecoder;
use crate::Role;
use proptest::prelude::*;
use serde_json::{json, Value};

const ANTHROPIC_TOOLS: &[u8] =
    include_bytes!("../../../tests/fixtures/anthropic/stream_thinking_tools.sse");
const ANTHROPIC_OVERLOADED: &[u8] =
    include_bytes!("../../../tests/fixtures/anthropic/stream_overloaded.sse");
const GEMINI_TOOLS: &[u8] =
    include_bytes!("../../../tests/fixtures/gemini/stream_thinking_tools.sse");
const GEMINI_BLOCKED: &[u8] =
    include_bytes!("../../../tests/fixtures/gemini/stream_safety_block.sse");

/// Feeds `bytes` in pieces of the given sizes (cycled) and decodes every event.
fn decode(
    kind: ProviderKind,
    bytes: &[u8],
    sizes: &[usize],
) -> Result<Vec<StreamDelta>, ProviderError> {
    let mut sse = SseDecoder::default();
    let mut protocol = StreamDecoder::new(kind);
    let mut events = Vec::new();
    let mut out = Vec::new();
    let mut rest = bytes;
    let mut i = 0;
    while !rest.is_empty() {
        let size = sizes[i % sizes.len()].clamp(1, rest.len());
        i += 1;
        let (piece, tail) = rest.split_at(size);
        rest = tail;
        sse.push(piece, &mut events)?;
        for event in events.drain(..) {
            out.extend(protocol.decode(&event)?);
        }
    }
    if let Some(event) = sse.finish()? {
        out.extend(protocol.decode(&event)?);
    }
    Ok(out)
}

fn text_of(deltas: &[StreamDelta]) -> String {
    deltas
        .iter()
        .filter_map(|d| match d {
            StreamDelta::Content(c) => Some(c.as_str()),
            _ => None,
        })
        .collect()
}

fn settings(kind: ProviderKind, key: &str) -> ProviderSettings {
    ProviderSettings {
        kind,
        base_url: kind.default_base_url().into(),
        api_key: key.into(),
        model: "the-model".into(),
        ..ProviderSettings::default()
    }
}

fn body(request: &crate::HttpRequest) -> Value {
    serde_json::from_str(request.body.as_deref().unwrap()).unwrap()
}

/// A conversation with a system prompt, a tool step (signed reasoning, text, two calls and
/// their results) and a follow-up question.
fn tool_history() -> Vec<ChatMessage> {
    let mut step = ChatMessage::text(Role::Assistant, "Checking.");
    step.thinking = vec![SignedReasoning {
        text: "two cities".into(),
        signature: "sig-1".into(),
    }];
    step.tool_calls = vec![
        ToolCallRequest {
            id: "call_a".into(),
            name: "get_weather".into(),
            arguments: r#"{"city":"Oslo"}"#.into(),
        },
        ToolCallRequest {
            id: "call_b".into(),
            name: "get_weather".into(),
            arguments: "not json".into(),
        },
    ];
    vec![
        ChatMessage::text(Role::System, "Be brief."),
        ChatMessage::text(Role::User, "Weather in Oslo and Lima?"),
        step,
        ChatMessage::tool_result("call_a", r#"{"temp":4}"#, false),
        ChatMessage::tool_result("call_b", "city unknown", true),
        ChatMessage::text(Role::User, "Thanks!"),
    ]
}

fn tool_definitions() -> Vec<ToolDefinition> {
    vec![ToolDefinition {
        name: "get_weather".into(),
        description: "Weather for a city".into(),
        parameters: json!({"$schema": "x", "type": "object", "additionalProperties": false,
            "properties": {"city": {"type": "string"}}}),
    }]
}

#[test]
fn anthropic_transcript_decodes_reasoning_signature_text_parallel_tools_and_usage() {
    let deltas = decode(ProviderKind::Anthropic, ANTHROPIC_TOOLS, &[usize::MAX]).unwrap();
    assert!(deltas.contains(&StreamDelta::Model("claude-sonnet-4-5".into())));
    assert_eq!(text_of(&deltas), "Checking Oslo and Lima — one moment. 🌦");
    let reasoning: String = deltas
        .iter()
        .filter_map(|d| match d {
            StreamDelta::Reasoning(r) => Some(r.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(reasoning, "The user wants weather for two cities.");
    assert!(deltas.contains(&StreamDelta::ReasoningSignature(
        "EqQBCgIYAhIM1gbcDa9GJwZA2b3h".into()
    )));
    let calls: Vec<(u32, String)> = deltas
        .iter()
        .filter_map(|d| match d {
            StreamDelta::ToolCall {
                index, arguments, ..
            } => Some((*index, arguments.clone())),
            _ => None,
        })
        .collect();
    let args = |i: u32| -> String {
        calls
            .iter()
            .filter(|(index, _)| *index == i)
            .map(|(_, a)| a.as_str())
            .collect()
    };
    assert_eq!(args(2), r#"{"city": "Oslo"}"#);
    assert_eq!(args(3), r#"{"city": "Lima"}"#);
    assert!(deltas.contains(&StreamDelta::ToolCall {
        index: 3,
        id: Some("toolu_01B".into()),
        name: Some("get_weather".into()),
        arguments: String::new()
    }));
    assert!(deltas.contains(&StreamDelta::Finish("tool_use".into())));
    assert!(deltas.contains(&StreamDelta::Usage(TokenUsage::reported(472, 89))));
    assert_eq!(deltas.last(), Some(&StreamDelta::Done));
}

#[test]
fn cached_and_reasoning_tokens_are_reported_as_parts_of_the_counts() {
    let mut anthropic = anthropic::AnthropicDecoder::default();
    let start = r#"{"type":"message_start","message":{"model":"claude","usage":{"input_tokens":12,
        "cache_read_input_tokens":2000,"cache_creation_input_tokens":300,"output_tokens":1}}}"#;
    let end = r#"{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":80}}"#;
    let event = |data: &str| crate::provider::sse::SseEvent {
        event: "".into(),
        data: data.into(),
        id: None,
    };
    anthropic.decode(&event(start)).unwrap();
    assert!(anthropic
        .decode(&event(end))
        .unwrap()
        .contains(&StreamDelta::Usage(
            TokenUsage::reported(2_312, 80).with_details(2_000, 0)
        )));

    let gemini = r#"{"candidates":[{"content":{"parts":[{"text":"x"}]},"finishReason":"STOP"}],
        "usageMetadata":{"promptTokenCount":900,"candidatesTokenCount":10,"thoughtsTokenCount":50,
        "cachedContentTokenCount":800}}"#;
    assert!(gemini::decode_response(gemini.as_bytes())
        .unwrap()
        .contains(&StreamDelta::Usage(
            TokenUsage::reported(900, 60).with_details(800, 50)
        )));

    // Hostile details never exceed the counts they are part of.
    assert_eq!(
        TokenUsage::reported(10, 5).with_details(u64::MAX, 99),
        TokenUsage::reported(10, 5).with_details(10, 5)
    );
}

#[test]
fn anthropic_error_events_are_errors_after_the_partial_text() {
    let mut sse = SseDecoder::default();
    let mut events = Vec::new();
    sse.push(ANTHROPIC_OVERLOADED, &mut events).unwrap();
    let mut decoder = StreamDecoder::new(ProviderKind::Anthropic);
    let mut text = String::new();
    let mut error = None;
    for event in &events {
        match decoder.decode(event) {
            Ok(deltas) => text.push_str(&text_of(&deltas)),
            Err(err) => error = Some(err),
        }
    }
    assert_eq!(text, "Partial");
    assert_eq!(
        error,
        Some(ProviderError::Stream("overloaded_error: Overloaded".into()))
    );
}

#[test]
fn gemini_transcript_decodes_thoughts_text_function_calls_and_usage() {
    let deltas = decode(ProviderKind::Gemini, GEMINI_TOOLS, &[usize::MAX]).unwrap();
    assert_eq!(text_of(&deltas), "Checking Oslo and Lima — one moment. 🌦");
    assert!(deltas.contains(&StreamDelta::Reasoning("Weighing the two cities".into())));
    assert!(deltas.contains(&StreamDelta::ToolCall {
        index: 1,
        id: None,
        name: Some("get_weather".into()),
        arguments: r#"{"city":"Lima"}"#.into()
    }));
    assert!(deltas.contains(&StreamDelta::Finish("STOP".into())));
    assert!(deltas.contains(&StreamDelta::Usage(
        TokenUsage::reported(31, 64).with_details(0, 40)
    )));
}

#[test]
fn a_gemini_safety_block_is_reported_as_such() {
    let error = decode(ProviderKind::Gemini, GEMINI_BLOCKED, &[usize::MAX]).unwrap_err();
    assert_eq!(error, ProviderError::Blocked("SAFETY".into()));
    assert!(error.to_string().contains("withheld"));
    let prompt_blocked = r#"{"promptFeedback":{"blockReason":"PROHIBITED_CONTENT"}}"#;
    assert_eq!(
        gemini::decode_response(prompt_blocked.as_bytes()),
        Err(ProviderError::Blocked("PROHIBITED_CONTENT".into()))
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn any_chunking_decodes_the_same(sizes in proptest::collection::vec(1usize..40, 1..8)) {
        for (kind, bytes) in [
            (ProviderKind::Anthropic, ANTHROPIC_TOOLS),
            (ProviderKind::Gemini, GEMINI_TOOLS),
        ] {
            let whole = decode(kind, bytes, &[usize::MAX]).unwrap();
            prop_assert_eq!(decode(kind, bytes, &[1]).unwrap(), whole.clone());
            prop_assert_eq!(decode(kind, bytes, &sizes).unwrap(), whole);
        }
    }
}

#[test]
fn anthropic_request_has_system_on_top_alternating_blocks_and_browser_headers() {
    let messages = tool_history();
    let tools = tool_definitions();
    let request = build_chat_request(
        &settings(ProviderKind::Anthropic, "sk-ant-1"),
        &ChatRequest {
            messages: &messages,
            tools: &tools,
            params: GenerationParams {
                temperature: Some(1.7),
                ..GenerationParams::default()
            },
            stream: true,
        },
    )
    .unwrap();
    assert_eq!(request.url, "https://api.anthropic.com/v1/messages");
    assert_eq!(request.header("x-api-key"), Some("sk-ant-1"));
    assert_eq!(request.header("authorization"), None);
    assert_eq!(request.header("anthropic-version"), Some("2023-06-01"));
    assert_eq!(
        request.header("anthropic-dangerous-direct-browser-access"),
        Some("true")
    );
    let body = body(&request);
    assert_eq!(body["system"], "Be brief.");
    assert_eq!(body["max_tokens"], 8192, "required: a default is sent");
    assert_eq!(body["temperature"], 1.0, "capped to Anthropic's range");
    assert_eq!(
        body["tools"][0]["input_schema"]["properties"]["city"]["type"],
        "string"
    );
    let roles: Vec<&str> = body["messages"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["user", "assistant", "user"], "strictly alternating");
    let assistant = &body["messages"][1]["content"];
    assert_eq!(
        assistant[0],
        json!({"type": "thinking", "thinking": "two cities", "signature": "sig-1"})
    );
    assert_eq!(assistant[1], json!({"type": "text", "text": "Checking."}));
    assert_eq!(assistant[2]["input"], json!({"city": "Oslo"}));
    assert_eq!(
        assistant[3]["input"],
        json!({}),
        "unparsable arguments go back as an object"
    );
    let results = &body["messages"][2]["content"];
    assert_eq!(results[0]["type"], "tool_result");
    assert_eq!(results[0]["tool_use_id"], "call_a");
    assert_eq!(results[1]["is_error"], true);
    assert_eq!(results[2], json!({"type": "text", "text": "Thanks!"}));
}

#[test]
fn anthropic_thinking_replaces_sampling_and_max_is_capped_below_max_tokens() {
    let hello = [ChatMessage::text(Role::User, "hi")];
    let request = build_chat_request(
        &settings(ProviderKind::Anthropic, ""),
        &ChatRequest {
            messages: &hello,
            params: GenerationParams {
                temperature: Some(0.3),
                top_p: Some(0.5),
                max_output_tokens: Some(20_000),
                reasoning: ReasoningLevel::Max,
            },
            stream: false,
            ..ChatRequest::default()
        },
    )
    .unwrap();
    let body = body(&request);
    assert_eq!(
        body["thinking"],
        json!({"type": "enabled", "budget_tokens": 18_976})
    );
    assert!(body.get("temperature").is_none() && body.get("top_p").is_none());
    assert_eq!(
        anthropic::thinking_budget(ReasoningLevel::Low, 1_500),
        None,
        "no room"
    );
}

#[test]
fn gemini_request_uses_contents_function_parts_and_a_key_header() {
    let messages = tool_history();
    let tools = tool_definitions();
    let mut gemini = settings(ProviderKind::Gemini, "AIza-1");
    gemini.model = "models/gemini-2.5-flash".into();
    let request = build_chat_request(
        &gemini,
        &ChatRequest {
            messages: &messages,
            tools: &tools,
            params: GenerationParams {
                max_output_tokens: Some(500),
                reasoning: ReasoningLevel::Max,
                ..GenerationParams::default()
            },
            stream: true,
        },
    )
    .unwrap();
    assert_eq!(
        request.url,
        "https://generativelanguage.googleapis.com/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse"
    );
    assert_eq!(request.header("x-goog-api-key"), Some("AIza-1"));
    assert!(
        !request.url.contains("AIza"),
        "the key never goes into the URL"
    );
    let body = body(&request);
    assert_eq!(body["systemInstruction"]["parts"][0]["text"], "Be brief.");
    let roles: Vec<&str> = body["contents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["role"].as_str().unwrap())
        .collect();
    assert_eq!(roles, ["user", "model", "user"]);
    let model_parts = &body["contents"][1]["parts"];
    assert_eq!(
        model_parts[1]["functionCall"],
        json!({"name": "get_weather", "args": {"city": "Oslo"}})
    );
    let answers = &body["contents"][2]["parts"];
    assert_eq!(
        answers[0]["functionResponse"],
        json!({"name": "get_weather", "response": {"temp": 4}})
    );
    assert_eq!(
        answers[1]["functionResponse"]["response"],
        json!({"result": "city unknown"})
    );
    let declared = &body["tools"][0]["functionDeclarations"][0]["parameters"];
    assert!(declared.get("$schema").is_none() && declared.get("additionalProperties").is_none());
    assert_eq!(
        body["generationConfig"],
        json!({"maxOutputTokens": 500, "thinkingConfig": {"thinkingBudget": 24_576, "includeThoughts": true}}),
        "Max is capped for a Flash model"
    );
}

#[test]
fn a_hostile_gemini_model_name_cannot_change_the_path() {
    let mut gemini = settings(ProviderKind::Gemini, "");
    gemini.model = "../../evil?x=1#".into();
    let hello = [ChatMessage::text(Role::User, "hi")];
    let request = build_chat_request(
        &gemini,
        &ChatRequest {
            messages: &hello,
            ..ChatRequest::default()
        },
    )
    .unwrap();
    assert!(
        request
            .url
            .contains("models/..%2F..%2Fevil%3Fx%3D1%23:generateContent"),
        "{}",
        request.url
    );
}

#[test]
fn non_streaming_responses_decode_like_streams() {
    let anthropic = br#"{"id":"msg","type":"message","role":"assistant","model":"claude-x",
        "content":[{"type":"thinking","thinking":"hm","signature":"s"},{"type":"text","text":"Hi."},
        {"type":"tool_use","id":"t1","name":"clock","input":{"tz":"UTC"}}],
        "stop_reason":"tool_use","usage":{"input_tokens":5,"output_tokens":7}}"#;
    let deltas = decode_completion(ProviderKind::Anthropic, anthropic).unwrap();
    assert_eq!(text_of(&deltas), "Hi.");
    assert!(deltas.contains(&StreamDelta::ReasoningSignature("s".into())));
    assert!(deltas.contains(&StreamDelta::ToolCall {
        index: 2,
        id: Some("t1".into()),
        name: Some("clock".into()),
        arguments: r#"{"tz":"UTC"}"#.into()
    }));
    assert_eq!(deltas.last(), Some(&StreamDelta::Done));
    let gemini = br#"{"candidates":[{"content":{"parts":[{"text":"Hello"}],"role":"model"},"finishReason":"STOP"}]}"#;
    let deltas = decode_completion(ProviderKind::Gemini, gemini).unwrap();
    assert_eq!(text_of(&deltas), "Hello");
    assert_eq!(deltas.last(), Some(&StreamDelta::Done));
}

/// A question with a loaded image and one that was never loaded (it must not be sent).
fn question_with_images() -> Vec<ChatMessage> {
    let mut question = ChatMessage::text(Role::User, "What is in the picture?");
    question.images = vec![
        ImageInput {
            blob_id: "b1".into(),
            mime: "image/png".into(),
            data: "iVBORw0K".into(),
        },
        ImageInput {
            blob_id: "b2".into(),
            mime: "image/jpeg".into(),
            data: String::new(),
        },
    ];
    vec![question]
}

fn request_body(kind: ProviderKind, messages: &[ChatMessage]) -> Value {
    let request = build_chat_request(
        &settings(kind, "key"),
        &ChatRequest {
            messages,
            tools: &[],
            params: GenerationParams::default(),
            stream: true,
        },
    )
    .unwrap();
    body(&request)
}

#[test]
fn attached_images_go_in_each_protocols_own_form_and_unloaded_ones_stay_out() {
    let messages = question_with_images();
    let openai = request_body(ProviderKind::OpenAi, &messages);
    assert_eq!(
        openai["messages"][0]["content"],
        json!([
            {"type": "text", "text": "What is in the picture?"},
            {"type": "image_url", "image_url": {"url": "data:image/png;base64,iVBORw0K"}},
        ])
    );
    let anthropic = request_body(ProviderKind::Anthropic, &messages);
    assert_eq!(
        anthropic["messages"][0]["content"],
        json!([
            {"type": "image", "source": {"type": "base64", "media_type": "image/png", "data": "iVBORw0K"}},
            {"type": "text", "text": "What is in the picture?"},
        ])
    );
    let gemini = request_body(ProviderKind::Gemini, &messages);
    assert_eq!(
        gemini["contents"][0]["parts"],
        json!([
            {"text": "What is in the picture?"},
            {"inlineData": {"mimeType": "image/png", "data": "iVBORw0K"}},
        ])
    );
    // Without images a user turn stays a plain string (what text-only servers expect).
    let plain = request_body(
        ProviderKind::OpenAi,
        &[ChatMessage::text(Role::User, "Hello")],
    );
    assert_eq!(plain["messages"][0]["content"], json!("Hello"));
}

#[test]
fn anthropic_events_are_named_by_their_type_and_only_tool_pieces_need_an_index() {
    let event = |name: &str, data: &str| crate::provider::sse::SseEvent {
        event: name.to_owned().into(),
        data: data.into(),
        id: None,
    };
    let mut decoder = anthropic::AnthropicDecoder::default();
    let text =
        r#"{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Hi"}}"#;
    // The SSE event name does not matter when the JSON names its type.
    for name in ["content_block_delta", "message", ""] {
        assert_eq!(
            decoder.decode(&event(name, text)).unwrap(),
            [StreamDelta::Content("Hi".into())]
        );
    }
    // Without a `type`, the event name says what it is.
    let untyped = r#"{"index":0,"delta":{"type":"text_delta","text":"Hi"}}"#;
    assert_eq!(
        decoder
            .decode(&event("content_block_delta", untyped))
            .unwrap(),
        [StreamDelta::Content("Hi".into())]
    );
    // Text needs no index (as in the other protocols); a piece of a tool call does.
    let no_index = r#"{"type":"content_block_delta","delta":{"type":"text_delta","text":"x"}}"#;
    assert_eq!(
        decoder
            .decode(&event("content_block_delta", no_index))
            .unwrap(),
        [StreamDelta::Content("x".into())]
    );
    let tool_no_index =
        r#"{"type":"content_block_delta","delta":{"type":"input_json_delta","partial_json":"{"}}"#;
    assert!(matches!(
        decoder.decode(&event("content_block_delta", tool_no_index)),
        Err(ProviderError::Decode(_))
    ));
    let stop = r#"{"type":"message_stop"}"#;
    assert_eq!(
        decoder.decode(&event("content_block_delta", stop)).unwrap(),
        [StreamDelta::Done]
    );
}

#[test]
fn a_window_that_starts_with_the_models_turn_opens_with_a_user_turn() {
    // After a summary, the sent window can start at an answer (an imported run of them).
    let messages = [
        ChatMessage::text(Role::System, "Summary: they met."),
        ChatMessage::text(Role::Assistant, "And then?"),
        ChatMessage::text(Role::User, "Go on."),
    ];
    let request = ChatRequest {
        messages: &messages,
        ..ChatRequest::default()
    };
    for (kind, turns_field, role) in [
        (ProviderKind::Anthropic, "messages", "assistant"),
        (ProviderKind::Gemini, "contents", "model"),
    ] {
        let sent = body(&build_chat_request(&settings(kind, "k"), &request).unwrap());
        let turns = sent[turns_field].as_array().unwrap();
        assert_eq!(turns[0]["role"], "user", "{kind:?}");
        assert!(turns[0].to_string().contains(CONTINUED_CONVERSATION));
        assert_eq!(turns[1]["role"], role, "{kind:?}");
        assert_eq!(turns.len(), 3, "{kind:?}");
    }
}
