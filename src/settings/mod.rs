//! The settings screen and what saving it does: the provider and its models, the assistant,
//! tools and MCP servers, web search, and usage.

pub mod actions;
pub mod screen;
pub mod tools;
pub mod usage;
