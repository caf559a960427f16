//! The chat: the conversation on screen and the list, the turns that write answers and the
//! events that show them, questions waiting for the connection, attachments, temporary chats,
//! and files in and out.

pub mod attach;
pub mod conversation;
pub mod equipment;
pub mod files;
pub mod generation;
pub mod jump;
pub mod list;
pub mod offline;
pub mod remote_images;
pub mod sink;
pub mod temporary;
pub mod turns;
