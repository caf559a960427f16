//! What the user keeps to talk with: assistants and characters, personas, world books,
//! dictionaries, knowledge bases (and their embedding run) and memories; `collection`: what their
//! editors (and the tools' and workflows') do alike: import, change, export.

pub mod assistants;
pub mod characters;
pub mod collection;
pub mod dictionaries;
pub mod embeddings;
pub mod knowledge;
pub mod memories;
pub mod personas;
pub mod world_books;
