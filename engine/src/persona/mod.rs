//! Personas of role-play: character cards as SillyTavern and its peers share them, read and
//! written losslessly (`card`), the PNG text chunks they travel in (`png_text`), and what a
//! card makes of an assistant (`character`: the system prompt, the post-history instructions,
//! `{{char}}`, the embedded book as a lorebook), the user's own personas (`user_persona`:
//! who `{{user}}` is in a chat), and world books: SillyTavern World Info read and written
//! (`world_info`), kept and attached to chats, assistants or every chat (`world_books`).

pub mod card;
pub mod character;
pub mod dictionary_file;
pub mod gallery;
pub mod png_text;
pub mod shelf;
pub mod user_persona;
pub mod world_books;
pub mod world_info;
