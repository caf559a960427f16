//! The data Skein keeps and reasons about: conversations as trees of messages made of typed
//! parts, attachments, assistants, how a failure is classified, usage records and the user's
//! preferences. Plain values with their own rules (a tree's operations, an assistant's
//! compilation); no I/O.

pub mod assistant;
pub mod attachment;
pub mod base64;
pub mod failure;
pub mod message;
pub mod message_part;
pub mod preferences;
pub mod tree;
pub mod usage;
