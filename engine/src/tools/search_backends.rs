//! The web search services a user can point Skein at, as functions of bytes: the request for a
//! query, and the results read from the answer (untrusted: bounded, cleaned, only `http(s)`
//! addresses kept).
//!
//! - SearXNG's JSON API (`/search?format=json`), self-hosted or a public instance that enables
//!   the JSON format and CORS;
//! - Brave Search API (`X-Subscription-Token`): it sends no CORS headers, so pages cannot call it;
//!   the browser extension can, with the host permission;
//! - Tavily (`POST /search` with a bearer key).

use crate::ports::transport::{HttpMethod, HttpRequest};
use crate::provider::truncate_chars;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SearchBackend {
    #[default]
    Searxng,
    Brave,
    Tavily,
}

impl SearchBackend {
    pub const ALL: [Self; 3] = [Self::Searxng, Self::Brave, Self::Tavily];

    pub fn id(self) -> &'static str {
        match self {
            Self::Searxng => "searxng",
            Self::Brave => "brave",
            Self::Tavily => "tavily",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|b| b.id() == id)
    }

    pub fn label(self) -> &'static str {
        match self {
            Self::Searxng => "SearXNG (its JSON API)",
            Self::Brave => "Brave Search API (browser extension only: no CORS)",
            Self::Tavily => "Tavily",
        }
    }

    /// Whether the service needs an API key (SearXNG needs an address instead).
    pub fn needs_key(self) -> bool {
        !matches!(self, Self::Searxng)
    }
}

#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SafeSearch {
    Off,
    #[default]
    Moderate,
    Strict,
}

impl SafeSearch {
    pub const ALL: [Self; 3] = [Self::Off, Self::Moderate, Self::Strict];

    pub fn id(self) -> &'static str {
        match self {
            Self::Off => "off",
            Self::Moderate => "moderate",
            Self::Strict => "strict",
        }
    }

    pub fn from_id(id: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|s| s.id() == id)
    }
}

/// The user's web search settings.
#[derive(Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct WebSearchSettings {
    #[serde(default)]
    pub backend: SearchBackend,
    /// SearXNG's address (its base URL, without `/search`).
    #[serde(default)]
    pub url: String,
    #[serde(default)]
    pub api_key: String,
    /// Results per search, 1 to 10.
    #[serde(default = "default_count")]
    pub count: u8,
    #[serde(default)]
    pub safe_search: SafeSearch,
}

fn default_count() -> u8 {
    5
}

impl Default for WebSearchSettings {
    fn default() -> Self {
        Self {
            backend: SearchBackend::default(),
            url: String::new(),
            api_key: String::new(),
            count: default_count(),
            safe_search: SafeSearch::default(),
        }
    }
}

/// Hand-written so the key never reaches a log.
impl std::fmt::Debug for WebSearchSettings {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("WebSearchSettings")
            .field("backend", &self.backend)
            .field("url", &self.url)
            .field("has_key", &!self.api_key.is_empty())
            .field("count", &self.count)
            .field("safe_search", &self.safe_search)
            .finish()
    }
}

impl WebSearchSettings {
    /// Whether a search can be made (the address or the key is there).
    pub fn is_set_up(&self) -> bool {
        match self.backend {
            SearchBackend::Searxng => is_web_address(&self.url),
            _ => !self.api_key.trim().is_empty(),
        }
    }

    /// What keeps these settings from working, in words.
    pub fn problem(&self) -> Option<&'static str> {
        match self.backend {
            SearchBackend::Searxng if !is_web_address(&self.url) => {
                Some("Give SearXNG's address, starting with http:// or https://.")
            }
            SearchBackend::Brave | SearchBackend::Tavily if self.api_key.trim().is_empty() => {
                Some("This service needs an API key.")
            }
            _ => None,
        }
    }

    fn count(&self) -> u8 {
        self.count.clamp(1, 10)
    }
}

/// Whether `url` is an `http(s)` address with something after the scheme: the only kind
/// shown as a link or fetched (never `javascript:`, `data:` and the like).
pub fn is_web_address(url: &str) -> bool {
    let lower = url.trim().to_ascii_lowercase();
    ["https://", "http://"].iter().any(|scheme| {
        lower
            .strip_prefix(scheme)
            .is_some_and(|rest| !rest.is_empty())
    })
}

fn encode(text: &str) -> String {
    let mut out = String::new();
    for byte in text.bytes() {
        match byte {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'_' | b'.' | b'~' => {
                out.push(byte as char)
            }
            _ => out.push_str(&format!("%{byte:02X}")),
        }
    }
    out
}

/// The request for `query`.
pub(crate) fn search_request(settings: &WebSearchSettings, query: &str) -> HttpRequest {
    let q = encode(query);
    let count = settings.count();
    match settings.backend {
        SearchBackend::Searxng => {
            let level = match settings.safe_search {
                SafeSearch::Off => 0,
                SafeSearch::Moderate => 1,
                SafeSearch::Strict => 2,
            };
            let base = settings.url.trim().trim_end_matches('/');
            let mut headers = vec![("Accept".into(), "application/json".into())];
            if !settings.api_key.trim().is_empty() {
                headers.push((
                    "Authorization".into(),
                    format!("Bearer {}", settings.api_key.trim()),
                ));
            }
            HttpRequest {
                method: HttpMethod::Get,
                url: format!("{base}/search?q={q}&format=json&safesearch={level}"),
                headers,
                body: None,
            }
        }
        SearchBackend::Brave => HttpRequest {
            method: HttpMethod::Get,
            url: format!(
                "https://api.search.brave.com/res/v1/web/search?q={q}&count={count}&safesearch={}",
                settings.safe_search.id()
            ),
            headers: vec![
                ("Accept".into(), "application/json".into()),
                (
                    "X-Subscription-Token".into(),
                    settings.api_key.trim().to_owned(),
                ),
            ],
            body: None,
        },
        SearchBackend::Tavily => HttpRequest {
            method: HttpMethod::Post,
            url: "https://api.tavily.com/search".into(),
            headers: vec![
                ("Content-Type".into(), "application/json".into()),
                (
                    "Authorization".into(),
                    format!("Bearer {}", settings.api_key.trim()),
                ),
            ],
            body: Some(
                json!({"query": query, "max_results": count,
                    "safe_search": settings.safe_search != SafeSearch::Off})
                .to_string(),
            ),
        },
    }
}

/// One result of a search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchResult {
    pub url: String,
    pub title: String,
    pub snippet: String,
}

fn clean(text: &str, max: usize) -> String {
    let flat: String = text
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let words: Vec<&str> = flat.split_whitespace().collect();
    truncate_chars(&words.join(" "), max)
}

/// The results of an answer, at most `settings.count`; results without an `http(s)` address
/// are dropped.
pub(crate) fn read_results(
    settings: &WebSearchSettings,
    body: &[u8],
) -> Result<Vec<SearchResult>, String> {
    let value: Value = serde_json::from_slice(body).map_err(|err| {
        format!("the search service answered with something other than JSON ({err})")
    })?;
    let list = match settings.backend {
        SearchBackend::Brave => value.pointer("/web/results"),
        SearchBackend::Searxng | SearchBackend::Tavily => value.get("results"),
    };
    let list = match list {
        Some(Value::Array(list)) => list.as_slice(),
        None if settings.backend == SearchBackend::Brave => &[],
        _ => return Err("the search service's answer has no list of results".into()),
    };
    let text = |item: &Value, keys: &[&str]| {
        keys.iter()
            .find_map(|k| item.get(*k).and_then(Value::as_str))
            .unwrap_or("")
            .to_owned()
    };
    Ok(list
        .iter()
        .filter_map(|item| {
            let url = text(item, &["url"]).trim().to_owned();
            (is_web_address(&url) && url.len() <= 2_000).then(|| SearchResult {
                title: clean(&text(item, &["title"]), 200),
                snippet: clean(&text(item, &["content", "description", "snippet"]), 500),
                url,
            })
        })
        .take(usize::from(settings.count()))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(backend: SearchBackend) -> WebSearchSettings {
        WebSearchSettings {
            backend,
            url: "http://127.0.0.1:9/searxng/".into(),
            api_key: "key-1".into(),
            count: 2,
            safe_search: SafeSearch::Strict,
        }
    }

    #[test]
    fn each_service_gets_its_own_request() {
        let searx = search_request(&settings(SearchBackend::Searxng), "rust & wasm?");
        assert_eq!(
            searx.url,
            "http://127.0.0.1:9/searxng/search?q=rust%20%26%20wasm%3F&format=json&safesearch=2"
        );
        assert_eq!(searx.method, HttpMethod::Get);
        let brave = search_request(&settings(SearchBackend::Brave), "x");
        assert!(brave.url.ends_with("q=x&count=2&safesearch=strict"));
        assert_eq!(brave.header("x-subscription-token"), Some("key-1"));
        let tavily = search_request(&settings(SearchBackend::Tavily), "x");
        assert_eq!(tavily.header("authorization"), Some("Bearer key-1"));
        let body: Value = serde_json::from_str(tavily.body.as_deref().unwrap()).unwrap();
        assert_eq!(body["max_results"], 2);
        assert!(!format!("{:?}", settings(SearchBackend::Tavily)).contains("key-1"));
    }

    #[test]
    fn results_are_bounded_cleaned_and_only_web_addresses() {
        let body = br#"{"results": [
            {"url": "javascript:alert(1)", "title": "bad"},
            {"url": "https://a.example/1", "title": "One\nline", "content": "first  result"},
            {"url": "https://b.example/2", "title": "Two", "content": "second"},
            {"url": "https://c.example/3", "title": "Three"}
        ]}"#;
        let results = read_results(&settings(SearchBackend::Searxng), body).unwrap();
        assert_eq!(results.len(), 2);
        assert_eq!(results[0].title, "One line");
        assert_eq!(results[0].snippet, "first result");
        let brave = br#"{"web": {"results": [{"url": "https://x.example", "title": "X", "description": "d"}]}}"#;
        let results = read_results(&settings(SearchBackend::Brave), brave).unwrap();
        assert_eq!(results[0].snippet, "d");
        assert!(read_results(&settings(SearchBackend::Brave), b"{}")
            .unwrap()
            .is_empty());
        assert!(read_results(&settings(SearchBackend::Searxng), b"<html>").is_err());
        assert!(read_results(&settings(SearchBackend::Searxng), b"{}").is_err());
    }

    #[test]
    fn settings_say_what_is_missing() {
        let mut s = WebSearchSettings::default();
        assert!(!s.is_set_up());
        assert!(s.problem().is_some());
        s.url = "https://searx.example".into();
        assert!(s.is_set_up() && s.problem().is_none());
        s.backend = SearchBackend::Tavily;
        assert_eq!(s.problem(), Some("This service needs an API key."));
        let stored: WebSearchSettings = serde_json::from_str("{}").unwrap();
        assert_eq!(stored.count, 5);
    }
}
