use super::*;
use axum::http::Request;
use http_body_util::BodyExt;
use tower::ServiceExt;

async fn call(app: &Router, method: &str, path: &str, body: Value) -> (StatusCode, Response) {
    let request = Request::builder()
        .method(method)
        .header(
            "access-control-request-headers",
            "authorization,content-type",
        )
        .uri(path)
        .header("content-type", "application/json")
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    (response.status(), response)
}

async fn text(response: Response) -> String {
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    String::from_utf8(bytes.to_vec()).unwrap()
}

fn chat(stream: bool, said: &str) -> Value {
    json!({"model": "mock-model", "stream": stream,
           "messages": [{"role": "user", "content": said}]})
}

#[tokio::test]
async fn scripted_chunks_stream_as_openai_sse() {
    let app = router(Mock::default());
    let script = json!({"chunks": ["Hel", "lo"], "delay_ms": 0});
    let (status, _) = call(&app, "POST", "/admin/script", script).await;
    assert_eq!(status, StatusCode::NO_CONTENT);

    let (status, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "hi")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "text/event-stream");
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
    let body = text(response).await;
    let events: Vec<&str> = body.split("\n\n").filter(|e| !e.is_empty()).collect();
    assert_eq!(events.len(), 5, "{body}");
    assert!(events[1].contains(r#""content":"Hel""#));
    assert!(events[2].contains(r#""content":"lo""#));
    assert!(events[3].contains(r#""finish_reason":"stop""#));
    assert_eq!(events[4], "data: [DONE]");
}

#[tokio::test]
async fn scripted_usage_ends_the_stream_in_the_providers_shape() {
    let app = router(Mock::default());
    let usage = json!({"prompt_tokens": 1200, "completion_tokens": 300,
                       "cached_tokens": 1024, "reasoning_tokens": 256});
    call(
        &app,
        "POST",
        "/admin/script",
        json!({"chunks": ["x"], "usage": usage}),
    )
    .await;
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "hi")).await;
    let body = text(response).await;
    let events: Vec<&str> = body.split("\n\n").filter(|e| !e.is_empty()).collect();
    assert!(events[2].contains(r#""finish_reason":"stop""#), "{body}");
    let chunk: Value = serde_json::from_str(events[3].trim_start_matches("data: ")).unwrap();
    assert_eq!(chunk["choices"], json!([]));
    assert_eq!(
        chunk["usage"]["prompt_tokens_details"]["cached_tokens"],
        1024
    );
    assert_eq!(
        chunk["usage"]["completion_tokens_details"]["reasoning_tokens"],
        256
    );
    assert_eq!(events[4], "data: [DONE]");

    call(
        &app,
        "POST",
        "/admin/script",
        json!({"chunks": ["x"], "usage": usage}),
    )
    .await;
    let gemini = json!({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]});
    let path = "/v1beta/models/mock-model:streamGenerateContent?alt=sse";
    let (_, response) = call(&app, "POST", path, gemini).await;
    let body = text(response).await;
    assert!(body.contains(r#""thoughtsTokenCount":256"#), "{body}");
    assert!(body.contains(r#""candidatesTokenCount":44"#), "{body}");
}

#[tokio::test]
async fn scripts_answer_only_requests_of_their_kind() {
    let app = router(Mock::default());
    let scripts = json!([
        {"chunks": ["The answer"]},
        {"chunks": ["A title"], "stream": false},
    ]);
    call(&app, "POST", "/admin/script", scripts).await;
    // A side request (non-streaming) takes the script meant for it, not the answer's.
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(false, "name it")).await;
    let body: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(body["choices"][0]["message"]["content"], "A title");
    // Another one gets the echo: the streaming script is still queued.
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(false, "again")).await;
    assert!(text(response)
        .await
        .contains("(mock provider) You said: again"));
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "hi")).await;
    assert!(text(response).await.contains(r#""content":"The answer""#));
}

#[tokio::test]
async fn without_a_script_it_echoes_and_says_it_is_the_mock() {
    let app = router(Mock::default());
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(false, "ping")).await;
    let body: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(
        body["choices"][0]["message"]["content"],
        "(mock provider) You said: ping"
    );
}

#[tokio::test]
async fn scripted_errors_and_recorded_requests() {
    let app = router(Mock::default());
    let script = json!([{"status": 401, "error_message": "bad key"}]);
    call(&app, "POST", "/admin/script", script).await;
    let (status, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "x")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(text(response).await.contains("bad key"));

    let (_, response) = call(&app, "GET", "/admin/requests", Value::Null).await;
    let recorded: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(recorded[0]["messages"][0]["content"], "x");

    call(&app, "POST", "/admin/reset", Value::Null).await;
    let (_, response) = call(&app, "GET", "/admin/requests", Value::Null).await;
    assert_eq!(text(response).await, "[]");
}

#[tokio::test]
async fn preflight_and_models() {
    let app = router(Mock::default());
    let (status, response) = call(&app, "OPTIONS", "/v1/chat/completions", Value::Null).await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    assert_eq!(
        response.headers()["access-control-allow-headers"],
        "authorization,content-type"
    );
    let (_, response) = call(&app, "GET", "/v1/models", Value::Null).await;
    assert!(text(response).await.contains(MOCK_MODEL));
}

#[tokio::test]
async fn a_bad_script_is_refused() {
    let app = router(Mock::default());
    let (status, _) = call(&app, "POST", "/admin/script", json!({"chunkz": []})).await;
    assert!(status.is_client_error());
}

#[tokio::test]
async fn anthropic_requests_get_named_events_and_anthropic_errors() {
    let app = router(Mock::default());
    call(
        &app,
        "POST",
        "/admin/script",
        json!({"chunks": ["Hi ", "there"]}),
    )
    .await;
    let request = json!({"model": "m", "max_tokens": 10, "stream": true,
        "messages": [{"role": "user", "content": [{"type": "text", "text": "hello"}]}]});
    let (status, response) = call(&app, "POST", "/v1/messages", request).await;
    assert_eq!(status, StatusCode::OK);
    let body = text(response).await;
    assert!(body.starts_with("event: message_start\n"), "{body}");
    assert!(body.contains(r#""text":"Hi ""#) && body.contains("text_delta"));
    assert!(body
        .trim_end()
        .ends_with(r#"data: {"type":"message_stop"}"#));
    // No script: the echo reads Anthropic's content blocks.
    let (_, response) = call(
        &app,
        "POST",
        "/v1/messages",
        json!({"stream": false,
        "messages": [{"role": "user", "content": [{"type": "text", "text": "ping"}]}]}),
    )
    .await;
    let body: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(body["content"][0]["text"], "(mock provider) You said: ping");
    call(
        &app,
        "POST",
        "/admin/script",
        json!({"status": 529, "error_message": "Overloaded"}),
    )
    .await;
    let (status, response) = call(
        &app,
        "POST",
        "/v1/messages",
        json!({"stream": true, "messages": []}),
    )
    .await;
    assert_eq!(status.as_u16(), 529);
    let body: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(body["type"], "error");
    assert_eq!(body["error"]["message"], "Overloaded");
}

#[tokio::test]
async fn gemini_requests_stream_by_path_and_record_it() {
    let app = router(Mock::default());
    call(
        &app,
        "POST",
        "/admin/script",
        json!({"chunks": ["Hel", "lo"]}),
    )
    .await;
    let request = json!({"contents": [{"role": "user", "parts": [{"text": "hi"}]}]});
    let (status, response) = call(
        &app,
        "POST",
        "/v1beta/models/gemini-2.5-flash:streamGenerateContent?alt=sse",
        request.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let body = text(response).await;
    assert!(body.contains(r#""parts":[{"text":"Hel"}]"#), "{body}");
    assert!(body.contains(r#""finishReason":"STOP""#));
    assert!(!body.contains("[DONE]"));
    let (_, response) = call(
        &app,
        "POST",
        "/v1beta/models/gemini-2.5-flash:generateContent",
        request,
    )
    .await;
    let body: Value = serde_json::from_str(&text(response).await).unwrap();
    assert_eq!(
        body["candidates"][0]["content"]["parts"][0]["text"],
        "(mock provider) You said: hi"
    );
    let (_, recorded) = call(&app, "GET", "/admin/requests", json!(null)).await;
    let recorded: Value = serde_json::from_str(&text(recorded).await).unwrap();
    assert_eq!(
        recorded[0]["_path"],
        "gemini-2.5-flash:streamGenerateContent"
    );
}

#[tokio::test]
async fn scripted_faults_shape_the_stream() {
    let app = router(Mock::default());
    let scripts = json!([
        {"chunks": ["a", "b"], "end_early": true},
        {"chunks": ["a", "b"], "malformed_after": 1},
        {"chunks": ["a"], "tool_call": {"name": "no_such_tool", "arguments": "{oops"}},
        {"status": 429, "error_message": "slow down", "retry_after": "3"},
    ]);
    call(&app, "POST", "/admin/script", scripts).await;
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "1")).await;
    let body = text(response).await;
    assert!(
        body.contains(r#""content":"b""#)
            && !body.contains("[DONE]")
            && !body.contains("finish_reason\":\"stop")
    );
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "2")).await;
    let body = text(response).await;
    let malformed = body.find("[not json").unwrap();
    assert!(body.find(r#""content":"a""#).unwrap() < malformed);
    assert!(malformed < body.find(r#""content":"b""#).unwrap());
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "3")).await;
    let body = text(response).await;
    assert!(
        body.contains(r#""name":"no_such_tool""#)
            && body.contains(r#""finish_reason":"tool_calls""#)
    );
    let (status, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "4")).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(response.headers()["retry-after"], "3");
    assert!(response.headers()["access-control-expose-headers"]
        .to_str()
        .unwrap()
        .contains("retry-after"));
    let (_, recorded) = call(&app, "GET", "/admin/requests", json!(null)).await;
    let recorded: Value = serde_json::from_str(&text(recorded).await).unwrap();
    let times: Vec<u64> = recorded
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["_received_ms"].as_u64().unwrap())
        .collect();
    assert_eq!(times.len(), 4);
    assert!(times.windows(2).all(|w| w[0] <= w[1]));
}

#[tokio::test]
async fn a_dropped_connection_is_an_error_in_the_body() {
    let app = router(Mock::default());
    call(
        &app,
        "POST",
        "/admin/script",
        json!({"chunks": ["a", "b"], "drop_after": 1}),
    )
    .await;
    let (_, response) = call(&app, "POST", "/v1/chat/completions", chat(true, "x")).await;
    let collected = response.into_body().collect().await;
    assert!(
        collected.is_err(),
        "the body fails instead of ending cleanly"
    );
}

#[tokio::test]
async fn the_pixel_is_a_png_any_page_may_read() {
    let app = router(Mock::default());
    let (status, response) = call(&app, "GET", "/files/pixel.png", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    assert!(bytes.starts_with(b"\x89PNG\r\n\x1a\n"));
}

#[tokio::test]
async fn under_nocors_the_same_endpoints_send_no_cors_headers() {
    let app = router(Mock::default());
    let (status, response) = call(&app, "GET", "/nocors/v1/models", Value::Null).await;
    assert_eq!(status, StatusCode::OK);
    assert!(response
        .headers()
        .get("access-control-allow-origin")
        .is_none());
    assert!(text(response).await.contains(MOCK_MODEL));
    let (_, response) = call(&app, "GET", "/v1/models", Value::Null).await;
    assert_eq!(response.headers()["access-control-allow-origin"], "*");
}

#[test]
fn the_echo_repeats_the_users_own_words_after_a_clients_context_blocks() {
    let wrapped = "<context>\nThe user's current date and time: now\n</context>\n\n<guidance>\nBe brief.\n</guidance>\n\nping <b>bold</b>";
    assert_eq!(own_words(wrapped), "ping <b>bold</b>");
    assert_eq!(
        own_words("<b>hi</b> there"),
        "<b>hi</b> there",
        "a tag in the words stays"
    );
    assert_eq!(own_words("plain"), "plain");
}
