//! Helpers shared by the browser test files: the mock provider (a test fixture started by
//! `cargo xtask test`, its URL passed in `SKEIN_MOCK_URL` at build time) and a service over the
//! real platform adapters.
#![allow(dead_code, reason = "each test file uses a different subset")]

use skein_engine::chat::{EventLog, TurnContext};
use skein_engine::{
    Assistant, ByteStream, CancelToken, ChatService, HttpMethod, HttpRequest, MessageNode,
    ProviderSettings, Transport,
};
use skein_platform::{BrowserClock, FetchTransport, IdbStore, RandomIds};

pub type Service = ChatService<FetchTransport, IdbStore, BrowserClock, RandomIds>;

pub fn mock_url() -> &'static str {
    match option_env!("SKEIN_MOCK_URL") {
        Some(url) => url,
        None => panic!(
            "SKEIN_MOCK_URL must be set at build time; run these tests with `cargo xtask test`"
        ),
    }
}

pub fn unique_name(prefix: &str) -> String {
    use skein_engine::IdGenerator;
    format!("{prefix}-{}", RandomIds.new_id())
}

pub async fn post_json(url: &str, body: &str) -> u16 {
    let request = HttpRequest {
        method: HttpMethod::Post,
        url: url.to_owned(),
        headers: vec![("Content-Type".into(), "application/json".into())],
        body: Some(body.to_owned()),
    };
    let response = FetchTransport
        .send(request, &CancelToken::new())
        .await
        .unwrap();
    response.status
}

pub async fn script_mock(script: &str) {
    let base = mock_url();
    assert_eq!(post_json(&format!("{base}/admin/reset"), "{}").await, 204);
    assert_eq!(
        post_json(&format!("{base}/admin/script"), script).await,
        204
    );
}

pub fn settings() -> ProviderSettings {
    ProviderSettings {
        base_url: format!("{}/v1", mock_url()),
        api_key: "sk-browser-test".into(),
        model: "mock-model".into(),
        ..ProviderSettings::default()
    }
}

pub fn service(store: IdbStore) -> Service {
    ChatService::new(FetchTransport, store, BrowserClock, RandomIds)
}

/// The JSON bodies of the chat requests the mock received, with their arrival times.
pub async fn mock_requests() -> serde_json::Value {
    let response = FetchTransport
        .send(
            HttpRequest {
                method: HttpMethod::Get,
                url: format!("{}/admin/requests", mock_url()),
                headers: vec![],
                body: None,
            },
            &CancelToken::new(),
        )
        .await
        .unwrap();
    let mut body = response.body;
    let mut bytes = Vec::new();
    while let Some(chunk) = body.next_chunk().await {
        bytes.extend(chunk.unwrap());
    }
    serde_json::from_slice(&bytes).unwrap()
}

/// Sends `text` in a new conversation with `assistant`, and returns the answer.
pub async fn send_new(
    service: &Service,
    text: &str,
    settings: &ProviderSettings,
    assistant: &Assistant,
) -> MessageNode {
    service
        .send_message(
            None,
            text,
            &TurnContext::new(
                settings,
                assistant,
                &CancelToken::new(),
                &EventLog::default(),
            ),
        )
        .await
        .unwrap()
}
