//! The "read this URL" tool of the browser extension: fetches a web page (the extension reaches
//! hosts the user granted, CORS or not) and returns its readable text, cited on the answer. The
//! address comes from the model, and fetching it tells that host whatever the address holds, so
//! the call asks the user first by default.

use super::page_text::readable_text;
use super::search_backends::is_web_address;
use super::{
    parse_arguments, ApprovalPolicy, Tool, ToolContext, ToolError, ToolFuture, ToolOutput,
};
use crate::domain::message_part::{Annotation, SourceRef};
use crate::ports::transport::{read_at_most, HttpMethod, HttpRequest, Transport, TransportError};
use crate::provider::ToolDefinition;
use serde::Deserialize;
use serde_json::json;
use std::rc::Rc;

pub const READ_URL_TOOL_NAME: &str = "read_url";
/// The most of a page read, in bytes.
const MAX_PAGE_BYTES: usize = 5 << 20;

pub struct ReadUrl<T> {
    pub transport: Rc<T>,
}

#[derive(Deserialize)]
struct Address {
    url: String,
}

fn failed(url: &str, err: TransportError) -> ToolError {
    match err {
        TransportError::Aborted => ToolError::Cancelled,
        TransportError::Network { detail, .. } => ToolError::Failed(format!(
            "{url} could not be read ({detail}). If the site is up, Skein may not be allowed to \
             reach it: grant its host under Settings → Providers (extension permissions)."
        )),
        TransportError::Interrupted(detail) => {
            ToolError::Failed(format!("Reading {url} broke off ({detail})."))
        }
    }
}

impl<T: Transport> Tool for ReadUrl<T> {
    fn definition(&self) -> ToolDefinition {
        ToolDefinition {
            name: READ_URL_TOOL_NAME.into(),
            description: "Reads a web page and returns its title and readable text (menus, \
                          scripts and footers left out). Only http and https addresses."
                .into(),
            parameters: json!({
                "type": "object",
                "properties": {"url": {"type": "string", "description": "the page's address"}},
                "required": ["url"],
            }),
        }
    }

    fn default_policy(&self) -> ApprovalPolicy {
        ApprovalPolicy::Ask
    }

    fn call<'a>(&'a self, arguments: &'a str, context: &'a ToolContext<'a>) -> ToolFuture<'a> {
        Box::pin(async move {
            let Address { url } = parse_arguments(arguments)?;
            let url = url.trim().to_owned();
            if !is_web_address(&url) || url.len() > 4_000 {
                return Err(ToolError::InvalidArguments(
                    "give an http:// or https:// address".into(),
                ));
            }
            let request = HttpRequest {
                method: HttpMethod::Get,
                url: url.clone(),
                headers: vec![(
                    "Accept".into(),
                    "text/html, text/plain;q=0.9, */*;q=0.1".into(),
                )],
                body: None,
            };
            let response = self
                .transport
                .send(request, context.cancel)
                .await
                .map_err(|err| failed(&url, err))?;
            if !(200..300).contains(&response.status) {
                return Err(ToolError::Failed(format!(
                    "{url} answered HTTP {}.",
                    response.status
                )));
            }
            let kind = response
                .content_type
                .clone()
                .unwrap_or_default()
                .to_ascii_lowercase();
            let html = kind.contains("html") || kind.is_empty();
            if !html && !kind.starts_with("text/") && !kind.contains("json") {
                return Err(ToolError::Failed(format!(
                    "{url} is {kind}, not a page Skein can read as text."
                )));
            }
            let mut body = response.body;
            // A longer page is read as far as the limit.
            let (bytes, _cut) = read_at_most(&mut body, MAX_PAGE_BYTES, context.cancel)
                .await
                .map_err(|err| failed(&url, err))?;
            let raw = String::from_utf8_lossy(&bytes);
            let (title, text) = if html {
                let page = readable_text(&raw);
                (page.title, page.text)
            } else {
                (String::new(), raw.trim().to_owned())
            };
            let title = if title.is_empty() { url.clone() } else { title };
            let snippet: String = text.chars().take(200).collect();
            Ok(ToolOutput {
                content: format!("{title}\n{url}\n\n{text}"),
                citations: vec![Annotation::Source {
                    source: SourceRef::Web { url: url.clone() },
                    title,
                    snippet,
                }],
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
    use futures_executor::block_on;

    fn read(scripts: Vec<Script>, arguments: &str) -> Result<ToolOutput, ToolError> {
        let tool = ReadUrl {
            transport: Rc::new(ScriptedTransport::new(scripts)),
        };
        let scope = RetrievalScope::default();
        let cancel = CancelToken::new();
        let context = crate::test_fixtures::tool_context(&scope, &cancel);
        block_on(tool.call(arguments, &context))
    }

    fn page(content_type: &'static str, body: &str) -> Script {
        Script::Respond {
            status: 200,
            content_type,
            chunks: vec![body.as_bytes().to_vec()],
        }
    }

    #[test]
    fn a_page_is_read_as_its_text_and_cited() {
        let out = read(
            vec![page(
                "text/html; charset=utf-8",
                "<title>Tides</title><nav>Menu</nav><main><p>Spring tides.</p></main>",
            )],
            r#"{"url": "https://tides.example/spring"}"#,
        )
        .unwrap();
        assert_eq!(
            out.content,
            "Tides\nhttps://tides.example/spring\n\nSpring tides."
        );
        assert!(
            matches!(&out.citations[0], Annotation::Source { source: SourceRef::Web { url }, title, .. }
            if url == "https://tides.example/spring" && title == "Tides")
        );
        let text = read(
            vec![page("text/plain", " plain ")],
            r#"{"url": "http://x.example/a.txt"}"#,
        )
        .unwrap();
        assert_eq!(
            text.content,
            "http://x.example/a.txt\nhttp://x.example/a.txt\n\nplain"
        );
    }

    #[test]
    fn bad_addresses_binary_files_and_refusals_are_errors() {
        for url in ["javascript:alert(1)", "file:///etc/passwd", "ftp://x", ""] {
            let arguments = json!({ "url": url }).to_string();
            assert!(matches!(
                read(vec![], &arguments),
                Err(ToolError::InvalidArguments(_))
            ));
        }
        let binary = read(
            vec![page("image/png", "x")],
            r#"{"url": "https://x.example/i.png"}"#,
        );
        assert!(matches!(binary, Err(ToolError::Failed(m)) if m.contains("image/png")));
        let unreachable = read(vec![Script::Unreachable], r#"{"url": "https://x.example"}"#);
        assert!(matches!(unreachable, Err(ToolError::Failed(m)) if m.contains("grant its host")));
        let tool = ReadUrl {
            transport: Rc::new(ScriptedTransport::new(vec![])),
        };
        assert_eq!(tool.default_policy(), ApprovalPolicy::Ask);
    }
}
