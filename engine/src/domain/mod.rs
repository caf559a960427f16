//! The data Skein keeps and reasons about: conversations as trees of messages made of typed
//! parts, attachments, assistants, how a failure is classified, usage records, the user's
//! preferences, follow-ups on an answer's promises, and when the installed app updates or asks to keep its storage. Plain values
//! with their own rules (a tree's operations, an assistant's compilation); no I/O.

pub mod app_update;
pub mod assistant;
pub mod attachment;
pub(crate) mod base64;
pub mod branch_map;
pub(crate) mod failure;
pub mod follow_up;
pub(crate) mod message;
pub(crate) mod message_part;
pub mod page_question;
pub mod persistence_request;
pub mod preferences;
pub mod tree;
pub mod usage;
