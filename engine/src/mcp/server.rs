//! An MCP server as the user adds it: a name (which prefixes its tools' names), the endpoint
//! URL, how to authenticate, and whether it is in use. Stored with the settings; the token is a
//! secret like an API key.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How requests to a server authenticate.
#[derive(Clone, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum McpAuth {
    #[default]
    None,
    /// `Authorization: Bearer <token>`.
    Bearer { token: String },
    /// A header of the server's choosing (an API-key header, say).
    Header { name: String, value: String },
}

/// Hand-written so that tokens never reach a log or an error report.
impl std::fmt::Debug for McpAuth {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::None => f.write_str("None"),
            Self::Bearer { .. } => f.write_str("Bearer(<redacted>)"),
            Self::Header { name, .. } => write!(f, "Header({name}: <redacted>)"),
        }
    }
}

impl McpAuth {
    /// The header this adds to each request.
    pub(crate) fn header(&self) -> Option<(String, String)> {
        match self {
            Self::None => None,
            Self::Bearer { token } => Some(("Authorization".into(), format!("Bearer {token}"))),
            Self::Header { name, value } => Some((name.clone(), value.clone())),
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct McpServer {
    pub id: String,
    /// Shown in the settings and in tool names (`mcp__{name}__{tool}`).
    pub name: String,
    /// The Streamable HTTP endpoint (one URL for POST and GET).
    pub url: String,
    #[serde(default)]
    pub auth: McpAuth,
    /// A server that is off is not connected and offers no tools.
    #[serde(default = "on")]
    pub enabled: bool,
}

fn on() -> bool {
    true
}

/// Every server the user added (the stored record).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct McpServers {
    #[serde(default)]
    pub servers: Vec<McpServer>,
}

#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum McpServerError {
    #[error("Give the server a name: it starts the names of its tools.")]
    NoName,
    #[error("“{0}” is already the name of another server; tool names would clash.")]
    NameTaken(String),
    #[error("The address must start with http:// or https://.")]
    BadUrl,
    #[error("“{0}” cannot be used as a header name: use letters, digits and dashes, not a header Skein sets itself.")]
    BadHeader(String),
    #[error("A token or header value cannot contain a line break.")]
    BadSecret,
}

impl crate::i18n::Explain for McpServerError {
    fn phrase(&self) -> crate::i18n::Phrase {
        use crate::i18n::phrase;
        match self {
            Self::NoName => phrase("error-mcp-server-no-name"),
            Self::NameTaken(name) => phrase("error-mcp-server-name-taken").with("name", name),
            Self::BadUrl => phrase("error-mcp-server-bad-url"),
            Self::BadHeader(name) => phrase("error-mcp-server-bad-header").with("name", name),
            Self::BadSecret => phrase("error-mcp-server-bad-secret"),
        }
    }
}

/// Headers the client sets itself; a custom header may not replace them.
const OWN_HEADERS: [&str; 5] = [
    "content-type",
    "accept",
    "mcp-session-id",
    "mcp-protocol-version",
    "last-event-id",
];

/// The name as it appears in tool names: what a provider accepts (letters, digits, `_`, `-`).
pub(crate) fn name_key(name: &str) -> String {
    crate::tools::catalog::tool_name(&crate::tools::ToolSource::Local, name.trim())
        .to_ascii_lowercase()
}

impl McpServer {
    /// Checks `self` against the other servers (`others` may include an older copy of it).
    pub fn check(&self, others: &[McpServer]) -> Result<(), McpServerError> {
        if self.name.trim().is_empty() {
            return Err(McpServerError::NoName);
        }
        let key = name_key(&self.name);
        if others
            .iter()
            .any(|other| other.id != self.id && name_key(&other.name) == key)
        {
            return Err(McpServerError::NameTaken(self.name.trim().to_owned()));
        }
        let url = self.url.trim().to_ascii_lowercase();
        let rest = url
            .strip_prefix("https://")
            .or_else(|| url.strip_prefix("http://"));
        if rest.is_none_or(|host| host.is_empty() || host.starts_with('/')) {
            return Err(McpServerError::BadUrl);
        }
        match &self.auth {
            McpAuth::None => {}
            McpAuth::Bearer { token } if token.contains(['\r', '\n']) => {
                return Err(McpServerError::BadSecret)
            }
            McpAuth::Bearer { .. } => {}
            McpAuth::Header { name, value } => {
                let lower = name.to_ascii_lowercase();
                let valid = !name.is_empty()
                    && name.chars().all(|c| c.is_ascii_alphanumeric() || c == '-')
                    && !OWN_HEADERS.contains(&lower.as_str());
                if !valid {
                    return Err(McpServerError::BadHeader(name.clone()));
                }
                if value.contains(['\r', '\n']) {
                    return Err(McpServerError::BadSecret);
                }
            }
        }
        Ok(())
    }
}

impl McpServers {
    /// The list without tokens or header values, for a backup that leaves secrets out.
    pub fn without_secrets(&self) -> Self {
        let mut clean = self.clone();
        for server in &mut clean.servers {
            match &mut server.auth {
                McpAuth::None => {}
                McpAuth::Bearer { token } => token.clear(),
                McpAuth::Header { value, .. } => value.clear(),
            }
        }
        clean
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn server(id: &str, name: &str, url: &str) -> McpServer {
        McpServer {
            id: id.into(),
            name: name.into(),
            url: url.into(),
            auth: McpAuth::None,
            enabled: true,
        }
    }

    #[test]
    fn names_urls_and_headers_are_checked() {
        let files = server("1", "Files", "http://127.0.0.1:9000/mcp");
        assert_eq!(files.check(std::slice::from_ref(&files)), Ok(()));
        let clash = server("2", "files", "https://x.example/mcp");
        assert_eq!(
            clash.check(std::slice::from_ref(&files)),
            Err(McpServerError::NameTaken("files".into()))
        );
        assert_eq!(
            server("3", " ", "https://x").check(&[]),
            Err(McpServerError::NoName)
        );
        for url in [
            "ftp://x",
            "javascript:alert(1)",
            "https://",
            "http:///path",
            "x",
        ] {
            assert_eq!(
                server("3", "s", url).check(&[]),
                Err(McpServerError::BadUrl),
                "{url}"
            );
        }
        let mut custom = server("4", "k", "https://x.example");
        for bad in ["", "Mcp-Session-Id", "x y", "a:b"] {
            custom.auth = McpAuth::Header {
                name: bad.into(),
                value: "v".into(),
            };
            assert!(matches!(
                custom.check(&[]),
                Err(McpServerError::BadHeader(_))
            ));
        }
        custom.auth = McpAuth::Bearer {
            token: "a\nb".into(),
        };
        assert_eq!(custom.check(&[]), Err(McpServerError::BadSecret));
    }

    #[test]
    fn secrets_stay_out_of_debug_output_and_secret_free_copies() {
        let list = McpServers {
            servers: vec![McpServer {
                auth: McpAuth::Bearer {
                    token: "tok-123".into(),
                },
                ..server("1", "a", "https://x")
            }],
        };
        assert!(!format!("{list:?}").contains("tok-123"));
        assert_eq!(
            list.without_secrets().servers[0].auth,
            McpAuth::Bearer {
                token: String::new()
            }
        );
        let stored: McpServers =
            serde_json::from_str(r#"{"servers":[{"id":"1","name":"a","url":"https://x"}]}"#)
                .unwrap();
        assert!(stored.servers[0].enabled);
        assert_eq!(stored.servers[0].auth, McpAuth::None);
    }
}
