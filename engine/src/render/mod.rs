//! What reaches the screen, decided here and drawn by the views: Markdown to a safe display model
//! ([`markdown`]), reasoning split from `<think>` tags (`think_tags`), the output transforms
//! (`output_transform`) and how often streamed text is published ([`throttle`]).

pub mod markdown;
pub(crate) mod output_transform;
pub(crate) mod think_tags;
pub mod throttle;
