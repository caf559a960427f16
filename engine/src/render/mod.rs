//! What reaches the screen, decided here and drawn by the views: Markdown to a safe display model
//! ([`markdown`]), reasoning split from `<think>` tags (`think_tags`), the output transforms
//! (`output_transform`), how often streamed text is published ([`throttle`]), which of a
//! conversation's messages are in the page ([`window`]), how many rows of the conversation list
//! are ([`list_window`]), find in a conversation ([`find`]), what a screen reader hears of a
//! streaming answer ([`announce`]), and which screen the next visit may start with
//! ([`first_screen`]).

pub mod announce;
pub mod find;
pub mod first_screen;
pub mod list_window;
pub mod markdown;
pub(crate) mod output_transform;
pub(crate) mod think_tags;
pub mod throttle;
pub mod window;
