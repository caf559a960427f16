//! What the settings pages show that is not in the library: the provider and its models, the
//! tools and MCP servers, web search, usage and prices, and sync.

use leptos::prelude::*;
use skein_engine::provider::model_list::ModelInfo;
use skein_engine::ProviderSettings;

use super::library::Feedback;

#[derive(Debug, Clone, Copy)]
pub struct SettingsState {
    /// The provider in use.
    pub provider: RwSignal<ProviderSettings>,
    /// The models the provider listed in the settings, or why it could not.
    pub models: RwSignal<Option<Result<Vec<ModelInfo>, String>>>,
    /// The provider and its fallbacks, with their circuit breakers (read when shown).
    pub chain: RwSignal<Vec<skein_engine::provider::fallback_chain::ChainEntry>>,
    /// Every tool the app has, for the assistant's settings.
    pub tools: RwSignal<Vec<skein_engine::tools::choice::ToolInfo>>,
    /// The MCP servers as stored, as shown (with their clients' state), tools the catalogue
    /// leaves out, and what the last action on them said.
    pub mcp_list: RwSignal<Vec<skein_engine::mcp::McpServer>>,
    pub mcp_servers: RwSignal<Vec<skein_components::McpServerView>>,
    pub tool_refusals: RwSignal<Vec<String>>,
    pub mcp_feedback: Feedback,
    /// The web search settings, and what saving them said.
    pub web_search: RwSignal<skein_engine::tools::search_backends::WebSearchSettings>,
    pub web_search_feedback: Feedback,
    /// The usage page's figures (`None` until loaded), its period in days, the user's prices
    /// and why the last price was refused.
    pub usage: RwSignal<Option<skein_engine::usage::UsageReport>>,
    pub usage_days: RwSignal<u32>,
    pub prices: RwSignal<skein_engine::usage::Prices>,
    pub price_error: RwSignal<Option<String>>,
    /// What the Sync settings show.
    pub sync: RwSignal<skein_components::SyncView>,
}

impl SettingsState {
    /// The settings at start, with this device's saved prices.
    pub fn new(prices: skein_engine::usage::Prices) -> Self {
        Self {
            provider: RwSignal::new(ProviderSettings::default()),
            models: RwSignal::new(None),
            chain: RwSignal::new(Vec::new()),
            tools: RwSignal::new(Vec::new()),
            mcp_list: RwSignal::new(Vec::new()),
            mcp_servers: RwSignal::new(Vec::new()),
            tool_refusals: RwSignal::new(Vec::new()),
            mcp_feedback: RwSignal::new(None),
            web_search: RwSignal::new(Default::default()),
            web_search_feedback: RwSignal::new(None),
            usage: RwSignal::new(None),
            usage_days: RwSignal::new(30),
            prices: RwSignal::new(prices),
            price_error: RwSignal::new(None),
            sync: RwSignal::new(Default::default()),
        }
    }
}
