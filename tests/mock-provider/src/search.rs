//! TEST FIXTURE: a SearXNG-shaped search endpoint (`GET /searxng/search?q=…&format=json`), so
//! the web search tool can be driven end to end. Its three results are made from the query;
//! `safesearch` is echoed in the first result's text so a test can see it was sent. It is not a
//! search engine.

use axum::extract::Query;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Deserialize;
use serde_json::json;

#[derive(Deserialize)]
pub struct Params {
    #[serde(default)]
    q: String,
    #[serde(default)]
    format: String,
    #[serde(default)]
    safesearch: String,
}

pub async fn searxng(Query(params): Query<Params>) -> Response {
    if params.format != "json" {
        return (StatusCode::FORBIDDEN, "only format=json is served").into_response();
    }
    let slug: String = params
        .q
        .to_lowercase()
        .chars()
        .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
        .collect();
    let results: Vec<_> = (1..=3)
        .map(|n| {
            json!({
                "url": format!("https://search.example/{slug}/{n}"),
                "title": format!("Result {n} about {}", params.q),
                "content": format!("Passage {n} on {} (safesearch={}).", params.q, params.safesearch),
                "engine": "fixture",
            })
        })
        .chain([json!({"url": "javascript:alert(1)", "title": "Hostile", "content": "x"})])
        .collect();
    Json(json!({"query": params.q, "number_of_results": results.len(), "results": results}))
        .into_response()
}
