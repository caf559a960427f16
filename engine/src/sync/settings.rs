//! Settings that sync when the user asks ([`SyncScope::settings`](super::ledger::SyncScope)):
//! each area is one document holding the whole area. API keys, custom header values, MCP tokens
//! and the web search key are credentials: they leave this device only when the user asks for
//! them too ([`SyncScope::api_keys`](super::ledger::SyncScope)); otherwise the document carries
//! them empty, and a device writing one keeps its own.
//!
//! The rule for two devices changing one area while apart: the later synced change wins, whole
//! ([`resolve`](super::resolve)). A device that joins takes the account's settings: its own,
//! never exchanged, count as older than anything on the server.

use crate::mcp::{McpAuth, McpServers};
use crate::persona::dictionary_file::Dictionaries;
use crate::persona::user_persona::Personas;
use crate::persona::world_books::WorldBooks;
use crate::provider::settings::ProviderSettings;
use crate::store::{ChatStore, StoreError};
use crate::tools::search_backends::WebSearchSettings;
use crate::workflow::WorkflowTemplates;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// One area of the settings: one document.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// The provider, its model and its fallbacks.
    Providers,
    Personas,
    WorldBooks,
    Dictionaries,
    McpServers,
    WebSearch,
    Workflows,
}

impl Area {
    pub const ALL: [Self; 7] = [
        Self::Providers,
        Self::Personas,
        Self::WorldBooks,
        Self::Dictionaries,
        Self::McpServers,
        Self::WebSearch,
        Self::Workflows,
    ];

    /// The local key its document id is made from (the same on every device).
    pub fn name(self) -> &'static str {
        match self {
            Self::Providers => "providers",
            Self::Personas => "personas",
            Self::WorldBooks => "world_books",
            Self::Dictionaries => "dictionaries",
            Self::McpServers => "mcp_servers",
            Self::WebSearch => "web_search",
            Self::Workflows => "workflows",
        }
    }

    pub fn from_name(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|a| a.name() == name)
    }
}

/// One area as a document holds it. `changed_ms` orders two versions changed while apart; it
/// is not part of the content's fingerprint.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct SettingsRecord {
    pub area: Area,
    pub changed_ms: f64,
    pub value: Value,
}

impl SettingsRecord {
    /// The record as this device reads it: `None` if its value is not what its area stores (a
    /// document from a newer or a broken device is left alone rather than written). Without
    /// `keys`, credentials are emptied, so the record compares equal to what this device would
    /// send and two devices that differ only there do not send it back and forth.
    pub fn read_as(self, keys: bool) -> Option<Self> {
        let value = as_sent(self.area, &self.value, keys)?;
        Some(Self { value, ..self })
    }
}

/// `value` read as `area`'s type and written back, credentials emptied unless `keys`: what
/// this device sends, and how it reads what it receives, so that both compare alike. `None`
/// if `value` is not what the area stores.
fn as_sent(area: Area, value: &Value, keys: bool) -> Option<Value> {
    Some(match area {
        Area::Providers => {
            let settings = decode::<Option<ProviderSettings>>(value)?;
            to_value(&match settings {
                Some(s) if !keys => Some(crate::store::backup::without_secrets(&s)),
                other => other,
            })
        }
        Area::Personas => to_value(&decode::<Personas>(value)?),
        Area::WorldBooks => to_value(&decode::<WorldBooks>(value)?),
        Area::Dictionaries => to_value(&decode::<Dictionaries>(value)?),
        Area::McpServers => {
            let servers = decode::<McpServers>(value)?;
            to_value(&if keys {
                servers
            } else {
                servers.without_secrets()
            })
        }
        Area::WebSearch => {
            let mut search = decode::<WebSearchSettings>(value)?;
            if !keys {
                search.api_key.clear();
            }
            to_value(&search)
        }
        Area::Workflows => to_value(&decode::<WorkflowTemplates>(value)?),
    })
}

/// What is stored here for `area`, as this device would send it (credentials emptied unless
/// `keys`), and whether it was ever set: an area at its default, never exchanged, is not sent.
pub async fn read_area<S: ChatStore + ?Sized>(
    store: &S,
    area: Area,
    keys: bool,
) -> Result<(Value, bool), StoreError> {
    let (stored, default) = match area {
        Area::Providers => (
            to_value(&store.load_provider_settings().await?),
            Value::Null,
        ),
        Area::Personas => with_default(&store.load_personas().await?),
        Area::WorldBooks => with_default(&store.load_world_books().await?),
        Area::Dictionaries => with_default(&store.load_dictionaries().await?),
        Area::McpServers => with_default(&store.load_mcp_servers().await?),
        Area::WebSearch => with_default(&store.load_web_search().await?),
        Area::Workflows => with_default(&store.load_workflow_templates().await?),
    };
    // What the store holds always reads as its own type.
    let value = as_sent(area, &stored, keys).unwrap_or(stored);
    let set = value != default;
    Ok((value, set))
}

/// Writes a pulled area here. Credentials come from the document only when `keys` and it has
/// them; otherwise this device's own stay (matched by the provider's address, the header's
/// name, the server's id).
pub async fn write_area<S: ChatStore + ?Sized>(
    store: &S,
    record: &SettingsRecord,
    keys: bool,
) -> Result<(), StoreError> {
    let value = &record.value;
    match record.area {
        Area::Providers => {
            let Some(mut incoming) = decode::<Option<ProviderSettings>>(value).flatten() else {
                return Ok(());
            };
            let here = store.load_provider_settings().await?;
            keep_provider_secrets(&mut incoming, here.as_ref(), keys);
            store.save_provider_settings(&incoming).await
        }
        Area::Personas => match decode(value) {
            Some(personas) => store.save_personas(&personas).await,
            None => Ok(()),
        },
        Area::WorldBooks => match decode(value) {
            Some(books) => store.save_world_books(&books).await,
            None => Ok(()),
        },
        Area::Dictionaries => match decode(value) {
            Some(dictionaries) => store.save_dictionaries(&dictionaries).await,
            None => Ok(()),
        },
        Area::McpServers => {
            let Some(mut incoming) = decode::<McpServers>(value) else {
                return Ok(());
            };
            let here = store.load_mcp_servers().await?;
            for server in &mut incoming.servers {
                let own = here.servers.iter().find(|s| s.id == server.id);
                keep_mcp_secret(&mut server.auth, own.map(|s| &s.auth), keys);
            }
            store.save_mcp_servers(&incoming).await
        }
        Area::WebSearch => {
            let Some(mut incoming) = decode::<WebSearchSettings>(value) else {
                return Ok(());
            };
            let here = store.load_web_search().await?;
            let own = (here.backend == incoming.backend).then_some(here.api_key.as_str());
            keep_secret(&mut incoming.api_key, own, keys);
            store.save_web_search(&incoming).await
        }
        Area::Workflows => match decode(value) {
            Some(templates) => store.save_workflow_templates(&templates).await,
            None => Ok(()),
        },
    }
}

fn to_value<T: Serialize>(value: &T) -> Value {
    // Settings are plain data: serialising them cannot fail.
    serde_json::to_value(value).unwrap_or(Value::Null)
}

fn decode<T: DeserializeOwned>(value: &Value) -> Option<T> {
    serde_json::from_value(value.clone()).ok()
}

/// The value and the area's default, as JSON.
fn with_default<T: Serialize + Default>(value: &T) -> (Value, Value) {
    (to_value(value), to_value(&T::default()))
}

/// The credential to keep: the document's when `keys` and it has one, else this device's own.
fn keep_secret(incoming: &mut String, own: Option<&str>, keys: bool) {
    if !keys || incoming.is_empty() {
        *incoming = own.unwrap_or_default().to_owned();
    }
}

fn keep_provider_secrets(
    incoming: &mut ProviderSettings,
    here: Option<&ProviderSettings>,
    keys: bool,
) {
    let mine = here.and_then(|h| {
        std::iter::once(h)
            .chain(&h.fallbacks)
            .find(|p| p.kind == incoming.kind && p.base_url == incoming.base_url)
    });
    keep_secret(
        &mut incoming.api_key,
        mine.map(|p| p.api_key.as_str()),
        keys,
    );
    for (name, value) in &mut incoming.custom_headers {
        let own = mine.and_then(|p| {
            p.custom_headers
                .iter()
                .find(|(n, _)| n.eq_ignore_ascii_case(name))
                .map(|(_, v)| v.as_str())
        });
        keep_secret(value, own, keys);
    }
    for fallback in &mut incoming.fallbacks {
        keep_provider_secrets(fallback, here, keys);
    }
}

fn keep_mcp_secret(incoming: &mut McpAuth, own: Option<&McpAuth>, keys: bool) {
    match (incoming, own) {
        (McpAuth::Bearer { token }, Some(McpAuth::Bearer { token: mine })) => {
            keep_secret(token, Some(mine), keys);
        }
        (
            McpAuth::Header { name, value },
            Some(McpAuth::Header {
                name: n,
                value: mine,
            }),
        ) if n.eq_ignore_ascii_case(name) => {
            keep_secret(value, Some(mine), keys);
        }
        (McpAuth::Bearer { token: secret }, _) | (McpAuth::Header { value: secret, .. }, _) => {
            keep_secret(secret, None, keys);
        }
        (McpAuth::None, _) => {}
    }
}
