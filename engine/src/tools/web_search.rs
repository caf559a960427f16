//! The web search tool: offered (as a [`ToolSet`] of one) only while the user's settings name
//! a service that can answer; each result comes back as a numbered passage for the model and a
//! web citation on the answer.

use super::catalog::ToolSet;
use super::search_backends::{read_results, search_request, WebSearchSettings};
use super::{parse_arguments, Tool, ToolContext, ToolError, ToolFuture, ToolOutput, ToolSource};
use crate::domain::message_part::{Annotation, SourceRef};
use crate::ports::transport::{read_at_most, Transport, TransportError};
use crate::provider::ToolDefinition;
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const WEB_SEARCH_TOOL_NAME: &str = "web_search";
/// The most of an answer read.
const MAX_ANSWER_BYTES: usize = 2 << 20;

/// Reads the settings at each call (they change while the app runs).
pub type WebSearchSource = Rc<dyn Fn() -> WebSearchSettings>;

/// The web search, as a set: the tool while the settings are usable, nothing otherwise.
pub struct WebSearch<T> {
    pub transport: Rc<T>,
    pub settings: WebSearchSource,
}

impl<T: Transport + 'static> ToolSet for WebSearch<T> {
    fn tools(&self) -> Vec<(ToolSource, Rc<dyn Tool>)> {
        if !(self.settings)().is_set_up() {
            return Vec::new();
        }
        let tool = SearchTool {
            transport: self.transport.clone(),
            settings: self.settings.clone(),
        };
        vec![(ToolSource::WebSearch, Rc::new(tool))]
    }
}

struct SearchTool<T> {
    transport: Rc<T>,
    settings: WebSearchSource,
}

#[derive(Deserialize)]
struct Query {
    query: String,
}

fn failed(err: TransportError) -> ToolError {
    match err {
        TransportError::Aborted => ToolError::Cancelled,
        TransportError::Network { url, detail, .. } => ToolError::Failed(format!(
            "The search service at {url} could not be reached ({detail}). It may be down, or \
             not allow requests from this page (CORS)."
        )),
        TransportError::Interrupted(detail) => {
            ToolError::Failed(format!("The search service's answer broke off ({detail})."))
        }
    }
}

impl<T: Transport> Tool for SearchTool<T> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: WEB_SEARCH_TOOL_NAME.into(),
            description: "Searches the web. Returns numbered results with their addresses and \
                          a passage of each; cite the ones you use by number."
                .into(),
            parameters: json!({
                "type": "object",
                "properties": {"query": {"type": "string", "description": "what to search for"}},
                "required": ["query"],
            }),
        }
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let Query { query } = parse_arguments(arguments)?;
            if query.trim().is_empty() {
                return Err(ToolError::InvalidArguments("the query is empty".into()));
            }
            let settings = (self.settings)();
            let request = search_request(&settings, query.trim());
            let response = self
                .transport
                .send(request, context.cancel)
                .await
                .map_err(failed)?;
            if !(200..300).contains(&response.status) {
                return Err(ToolError::Failed(format!(
                    "The search service answered HTTP {}{}.",
                    response.status,
                    if matches!(response.status, 401 | 403) {
                        ": check the API key in Settings → Tools"
                    } else {
                        ""
                    }
                )));
            }
            let mut body = response.body;
            let (bytes, more) = read_at_most(&mut body, MAX_ANSWER_BYTES, context.cancel)
                .await
                .map_err(failed)?;
            if more {
                return Err(ToolError::Failed(
                    "The search service's answer is larger than 2 MiB.".into(),
                ));
            }
            let results = read_results(&settings, &bytes).map_err(ToolError::Failed)?;
            if results.is_empty() {
                return Ok(ToolOutput::text(format!(
                    "The web search for “{}” found nothing.",
                    query.trim()
                )));
            }
            let lines: Vec<String> = results
                .iter()
                .enumerate()
                .map(|(at, r)| format!("[{}] {} — {}\n{}", at + 1, r.title, r.url, r.snippet))
                .collect();
            let citations = results
                .into_iter()
                .map(|r| Annotation::Source {
                    source: SourceRef::Web { url: r.url },
                    title: r.title,
                    snippet: r.snippet,
                })
                .collect();
            Ok(ToolOutput {
                content: format!(
                    "Web results for “{}” (cite them by number):\n{}",
                    query.trim(),
                    lines.join("\n\n")
                ),
                citations,
                images: Vec::new(),
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ports::cancel::CancelToken;
    use crate::prompt::hooks::RetrievalScope;
    use crate::test_fixtures::{Script, ScriptedTransport};
    use crate::tools::search_backends::SearchBackend;
    use futures_executor::block_on;
    use std::cell::RefCell;

    fn search(
        settings: WebSearchSettings,
        scripts: Vec<Script>,
    ) -> (WebSearch<ScriptedTransport>, Rc<RefCell<WebSearchSettings>>) {
        let shared = Rc::new(RefCell::new(settings));
        let read = shared.clone();
        let set = WebSearch {
            transport: Rc::new(ScriptedTransport::new(scripts)),
            settings: Rc::new(move || read.borrow().clone()),
        };
        (set, shared)
    }

    fn call(set: &WebSearch<ScriptedTransport>, arguments: &str) -> Result<ToolOutput, ToolError> {
        let tools = set.tools();
        let scope = RetrievalScope::default();
        let cancel = CancelToken::new();
        let context = crate::test_fixtures::tool_context(&scope, &cancel);
        block_on(tools[0].1.call(arguments, &context))
    }

    fn answer(status: u16, body: &str) -> Script {
        Script::Respond {
            status,
            content_type: "application/json",
            chunks: vec![body.as_bytes().to_vec()],
        }
    }

    #[test]
    fn the_tool_is_offered_only_when_set_up_and_cites_each_result() {
        let (set, settings) = search(
            WebSearchSettings::default(),
            vec![answer(
                200,
                r#"{"results": [{"url": "https://rust.example/wasm", "title": "Rust and wasm", "content": "A guide."}]}"#,
            )],
        );
        assert!(set.tools().is_empty());
        settings.borrow_mut().url = "http://127.0.0.1:9/searxng".into();
        let found = call(&set, r#"{"query": "rust wasm"}"#).unwrap();
        assert_eq!(
            found.content,
            "Web results for “rust wasm” (cite them by number):\n[1] Rust and wasm — \
             https://rust.example/wasm\nA guide."
        );
        assert_eq!(
            found.citations,
            [Annotation::Source {
                source: SourceRef::Web {
                    url: "https://rust.example/wasm".into()
                },
                title: "Rust and wasm".into(),
                snippet: "A guide.".into(),
            }]
        );
        let sent = &set.transport.requests.borrow()[0];
        assert!(sent
            .url
            .contains("/searxng/search?q=rust%20wasm&format=json"));
    }

    #[test]
    fn failures_are_explained_to_the_model() {
        let settings = WebSearchSettings {
            backend: SearchBackend::Tavily,
            api_key: "k".into(),
            ..WebSearchSettings::default()
        };
        let (set, _) = search(
            settings,
            vec![answer(401, "no"), Script::Unreachable, answer(200, "[]")],
        );
        let refused = call(&set, r#"{"query": "x"}"#).unwrap_err().to_string();
        assert!(
            refused.contains("HTTP 401") && refused.contains("API key"),
            "{refused}"
        );
        let unreachable = call(&set, r#"{"query": "x"}"#).unwrap_err().to_string();
        assert!(unreachable.contains("CORS"), "{unreachable}");
        let odd = call(&set, r#"{"query": "x"}"#).unwrap_err().to_string();
        assert!(odd.contains("no list of results"), "{odd}");
        assert!(matches!(
            call(&set, r#"{"query": " "}"#),
            Err(ToolError::InvalidArguments(_))
        ));
    }
}
